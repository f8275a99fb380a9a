import { describe, expect, it } from 'vitest';
import { cohensKappa, krippendorffAlphaNominal } from '../../shared/reliability';

const repeat = (pair: readonly [string, string], times: number) => Array.from({ length: times }, () => pair);

describe("Cohen's kappa", () => {
  it('matches the worked example in Wikipedia "Cohen\'s kappa" (50 proposals: 20 yes/yes, 5 yes/no, 10 no/yes, 15 no/no → κ = 0.4)', () => {
    // Source: https://en.wikipedia.org/wiki/Cohen%27s_kappa#Simple_example — p_o = 0.7, p_e = 0.5, κ = 0.4.
    const result = cohensKappa([
      ...repeat(['yes', 'yes'], 20),
      ...repeat(['yes', 'no'], 5),
      ...repeat(['no', 'yes'], 10),
      ...repeat(['no', 'no'], 15),
    ]);
    expect(result.n).toBe(50);
    expect(result.percent).toBeCloseTo(0.7, 12);
    expect(result.kappa).toBeCloseTo(0.4, 12);
  });

  it('matches the second Wikipedia example (45/15/25/15 → κ ≈ 0.1304)', () => {
    // Same article, "Same percentages but different numbers": p_o = 0.60, p_e = 0.54, κ = 0.06/0.46 ≈ 0.1304.
    const result = cohensKappa([
      ...repeat(['yes', 'yes'], 45),
      ...repeat(['yes', 'no'], 15),
      ...repeat(['no', 'yes'], 25),
      ...repeat(['no', 'no'], 15),
    ]);
    expect(result.kappa).toBeCloseTo(0.06 / 0.46, 12);
  });

  it('hand-computed: 4 items, 3 agree, two categories each used twice by A', () => {
    // A: a a b b, B: a a b a → p_o = 3/4; p_e = (2/4)(3/4) + (2/4)(1/4) = 1/2 → κ = (0.75 - 0.5)/0.5 = 0.5
    expect(
      cohensKappa([
        ['a', 'a'],
        ['a', 'a'],
        ['b', 'b'],
        ['b', 'a'],
      ]).kappa,
    ).toBeCloseTo(0.5, 12);
  });

  it('degenerate cases: all agree across categories → 1; one category only → undefined; no overlap → undefined', () => {
    expect(
      cohensKappa([
        ['a', 'a'],
        ['b', 'b'],
      ]).kappa,
    ).toBe(1);
    expect(
      cohensKappa([
        ['a', 'a'],
        ['a', 'a'],
      ]),
    ).toEqual({ n: 2, percent: 1, kappa: null });
    expect(cohensKappa([])).toEqual({ n: 0, percent: null, kappa: null });
  });
});

describe("Krippendorff's alpha (nominal)", () => {
  it('matches Krippendorff (2011) "Computing Krippendorff\'s Alpha-Reliability", §C: 4 observers, 12 units, α_nominal = 0.743', () => {
    // Source: K. Krippendorff, Computing Krippendorff's Alpha-Reliability, Annenberg School for Communication, 2011 (reliability data matrix with missing values).
    const A = ['1', '2', '3', '3', '2', '1', '4', '1', '2', null, null, null];
    const B = ['1', '2', '3', '3', '2', '2', '4', '1', '2', '5', null, '3'];
    const C = [null, '3', '3', '3', '2', '3', '4', '2', '2', '5', '1', null];
    const D = ['1', '2', '3', '3', '2', '4', '4', '1', '2', '5', '1', null];
    const units = A.map((_, u) => [A[u], B[u], C[u], D[u]].filter((value): value is string => value !== null));
    const result = krippendorffAlphaNominal(units);
    expect(result.alpha).toBeCloseTo(0.743, 3);
    expect(result.pairableUnits).toBe(11); // unit 12 has one value
  });

  it('equals 1 - D_o/D_e on a hand-computed two-rater case', () => {
    // Units (a,a), (a,b), (b,b): coincidences o_aa = 2, o_ab = o_ba = 1, o_bb = 2; n = 6, n_a = n_b = 3
    // α = 1 - (n-1)·Σ_{c≠k} o_ck / Σ_{c≠k} n_c n_k = 1 - 5·2 / 18 = 4/9
    expect(
      krippendorffAlphaNominal([
        ['a', 'a'],
        ['a', 'b'],
        ['b', 'b'],
      ]).alpha,
    ).toBeCloseTo(4 / 9, 12);
  });

  it('degenerate cases: perfect agreement → 1; one category only → undefined; no pairable unit → undefined', () => {
    expect(
      krippendorffAlphaNominal([
        ['a', 'a'],
        ['b', 'b', 'b'],
      ]).alpha,
    ).toBe(1);
    expect(
      krippendorffAlphaNominal([
        ['a', 'a'],
        ['a', 'a'],
      ]).alpha,
    ).toBeNull();
    expect(krippendorffAlphaNominal([['a'], []]).alpha).toBeNull();
  });
});
