// The audit's estimator against published worked examples and hand-computed
// cases, then its properties over arbitrary counts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  datasetCardSentence,
  proposeSampleSizes,
  stratifiedEstimate,
  wilsonInterval,
  Z_95,
} from '../../../shared/audit/index';

describe("Wilson's interval", () => {
  // Newcombe RG (1998). Two-sided confidence intervals for the single proportion: comparison of seven
  // methods. Statistics in Medicine 17:857–872: its worked examples by method 3 (the score interval without
  // continuity correction, Wilson 1927), printed to four decimals.
  it.each([
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
  ])("Newcombe 1998's example %i/%i → %f–%f", (x, n, low, high) => {
    const interval = wilsonInterval(x / n, n)!;
    expect(interval.low).toBeCloseTo(low, 4);
    expect(interval.high).toBeCloseTo(high, 4);
  });

  it('uses z = 1.959963984540054 and has no interval without observations', () => {
    expect(Z_95).toBe(1.959963984540054);
    expect(wilsonInterval(0, 0)).toBeNull();
  });
});

describe('stratified estimate', () => {
  it('a two-stratum example by the textbook formula (Cochran 1977, Sampling Techniques, ch. 5: stratified sampling for proportions)', () => {
    // Hand-computed: W = 0.1, 0.9; p_h = 10/100, 4/200 → p = 0.1·0.1 + 0.9·0.02 = 0.028.
    // V = 0.1²·(1 − 100/1000)·0.1·0.9/99 + 0.9²·(1 − 200/9000)·0.02·0.98/199 = 8.1818e-6 + 7.80060e-5 = 8.618785e-5.
    // n_eff = 0.028·0.972/V = 315.7754; Wilson at n_eff: 0.014718–0.052628.
    const estimate = stratifiedEstimate([
      { name: 'disputed', frame: 1000, n: 100, incorrect: 10 },
      { name: 'undisputed', frame: 9000, n: 200, incorrect: 4 },
    ]);
    expect(estimate.rate).toBeCloseTo(0.028, 12);
    expect(estimate.variance).toBeCloseTo(8.618784833e-5, 12);
    expect(estimate.n_eff).toBeCloseTo(315.7754, 3);
    expect(estimate.ci_low).toBeCloseTo(0.014718, 6);
    expect(estimate.ci_high).toBeCloseTo(0.052628, 6);
    expect(estimate.n).toBe(300);
    // Each stratum its own Wilson interval with n_h: 10/100 → 0.0552–0.1744 (as Newcombe's method 3 gives it).
    expect(estimate.strata[0]!.ci_low).toBeCloseTo(0.0552, 4);
    expect(estimate.strata[0]!.ci_high).toBeCloseTo(0.1744, 4);
    expect(estimate.notes).toEqual([]);
  });

  it('no errors found: rate 0, V = 0, so n_eff = Σ n_h and the interval is Wilson at the whole sample', () => {
    const estimate = stratifiedEstimate([
      { name: 'disputed', frame: 50, n: 10, incorrect: 0 },
      { name: 'undisputed', frame: 950, n: 10, incorrect: 0 },
    ]);
    expect(estimate.rate).toBe(0);
    expect(estimate.variance).toBe(0);
    expect(estimate.n_eff).toBe(20);
    // 0/20 as in Newcombe's example: 0–0.1611.
    expect(estimate.ci_low).toBe(0);
    expect(estimate.ci_high).toBeCloseTo(0.1611, 4);
  });

  it('all incorrect: rate 1, the interval reaches 1', () => {
    const estimate = stratifiedEstimate([{ name: 'undisputed', frame: 100, n: 10, incorrect: 10 }]);
    expect(estimate.rate).toBe(1);
    expect(estimate.n_eff).toBe(10);
    expect(estimate.ci_high).toBe(1);
    // 10/10: 1 − 0.2775 (the mirror of 0/10).
    expect(estimate.ci_low).toBeCloseTo(0.7225, 4);
  });

  it('a stratum with one settled cell counts in the rate, adds nothing to the variance, and is named', () => {
    // W = 0.5, 0.5; p = 0.5·1 + 0.5·(1/4) = 0.625; V from the second stratum only: 0.25·(1 − 4/100)·0.25·0.75/3 = 0.015.
    const estimate = stratifiedEstimate([
      { name: 'disputed', frame: 100, n: 1, incorrect: 1 },
      { name: 'undisputed', frame: 100, n: 4, incorrect: 1 },
    ]);
    expect(estimate.rate).toBeCloseTo(0.625, 12);
    expect(estimate.variance).toBeCloseTo(0.015, 12);
    expect(estimate.n_eff).toBeCloseTo((0.625 * 0.375) / 0.015, 9);
    expect(estimate.strata[0]!.too_few).toBe(true);
    expect(estimate.notes).toEqual([
      'stratum disputed has fewer than 2 settled cells (1): it adds nothing to the variance',
    ]);
  });

  it('a stratum with no settled cell is left out, the others reweighted, and said', () => {
    const estimate = stratifiedEstimate([
      { name: 'disputed', frame: 100, n: 0, incorrect: 0 },
      { name: 'undisputed', frame: 900, n: 30, incorrect: 3 },
    ]);
    expect(estimate.rate).toBeCloseTo(0.1, 12);
    expect(estimate.covered).toBe(900);
    expect(estimate.strata[0]!.rate).toBeNull();
    expect(estimate.notes[0]).toContain('stratum disputed has no settled cell');
    expect(stratifiedEstimate([{ name: 'undisputed', frame: 900, n: 0, incorrect: 0 }]).rate).toBeNull();
  });

  it('refuses counts that cannot be', () => {
    expect(() => stratifiedEstimate([{ name: 'x', frame: 10, n: 2, incorrect: 3 }])).toThrow(/3 incorrect of 2/);
    expect(() => stratifiedEstimate([{ name: 'x', frame: 1, n: 2, incorrect: 0 }])).toThrow(/frame of 1/);
  });
});

const stratumArb = fc
  .record({
    frame: fc.integer({ min: 1, max: 100_000 }),
    n: fc.integer({ min: 0, max: 400 }),
    share: fc.double({ min: 0, max: 1, noNaN: true }),
  })
  .map(({ frame, n, share }) => {
    const settled = Math.min(n, frame);
    return { frame, n: settled, incorrect: Math.round(share * settled) };
  });

describe('estimate properties', () => {
  it('the interval contains the estimate', () => {
    fc.assert(
      fc.property(fc.array(stratumArb, { minLength: 1, maxLength: 4 }), (counts) => {
        const estimate = stratifiedEstimate(counts.map((c, i) => ({ name: `s${i}`, ...c })));
        if (estimate.rate === null) return;
        expect(estimate.ci_low!).toBeLessThanOrEqual(estimate.rate);
        expect(estimate.ci_high!).toBeGreaterThanOrEqual(estimate.rate);
        for (const s of estimate.strata)
          if (s.rate !== null) expect(s.ci_low! <= s.rate && s.rate <= s.ci_high!).toBe(true);
      }),
    );
  });

  it('more settled cells at the same rates never widen the interval', () => {
    fc.assert(
      fc.property(fc.array(stratumArb, { minLength: 1, maxLength: 3 }), fc.integer({ min: 2, max: 5 }), (counts, k) => {
        // Frames large enough for k times the sample; the same x_h/n_h in every stratum.
        const before = counts.map((c, i) => ({
          name: `s${i}`,
          frame: c.frame * k + c.n * k,
          n: c.n,
          incorrect: c.incorrect,
        }));
        const after = before.map((s) => ({ ...s, n: s.n * k, incorrect: s.incorrect * k }));
        const a = stratifiedEstimate(before);
        const b = stratifiedEstimate(after);
        if (a.rate === null) return;
        expect(b.rate).toBeCloseTo(a.rate, 12);
        expect(b.ci_high! - b.ci_low!).toBeLessThanOrEqual(a.ci_high! - a.ci_low! + 1e-12);
      }),
    );
  });

  it("Wilson's interval narrows as n grows at a fixed rate", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 1, max: 100 }),
        (n, xRaw, extra) => {
          const x = xRaw % (n + 1);
          const narrow = wilsonInterval(x / n, n + extra)!;
          const wide = wilsonInterval(x / n, n)!;
          expect(narrow.high - narrow.low).toBeLessThanOrEqual(wide.high - wide.low + 1e-12);
        },
      ),
    );
  });
});

describe('sample sizes', () => {
  it("Cochran's n₀ = z²pq/d² with the finite-frame correction, allocated in proportion to the frames", () => {
    // p = 1%, d = 0.4 points: n₀ = 3.841459·0.0099/0.000016 = 2376.90; N = 200,000: n = 2376.90/(1 + 2375.90/200000) = 2349.00.
    const proposal = proposeSampleSizes({
      halfWidth: 0.004,
      priorRate: 0.01,
      frames: [
        { name: 'disputed', frame: 20_000 },
        { name: 'undisputed', frame: 180_000 },
      ],
    });
    expect(proposal.n0).toBeCloseTo(2376.9026, 3);
    expect(proposal.n).toBeCloseTo(2348.9977, 3);
    expect(proposal.sizes).toEqual([
      { name: 'disputed', size: 235 },
      { name: 'undisputed', size: 2115 },
    ]);
    expect(proposal.formula).toContain('n₀ = z² p (1 − p) / d²');
  });

  it('gives a small stratum at least 2 cells and never more than its frame', () => {
    const proposal = proposeSampleSizes({
      halfWidth: 0.05,
      priorRate: 0.1,
      frames: [
        { name: 'disputed', frame: 1 },
        { name: 'undisputed', frame: 100_000 },
        { name: 'x', frame: 0 },
      ],
    });
    expect(proposal.sizes.map((s) => s.size)).toEqual([1, 139, 0]);
    expect(() => proposeSampleSizes({ halfWidth: 0, priorRate: 0.1, frames: [] })).toThrow(/half-width/);
  });
});

describe('dataset card sentence', () => {
  it('states the estimate, its interval and what was audited', () => {
    const estimate = stratifiedEstimate([
      { name: 'disputed', frame: 1000, n: 100, incorrect: 10 },
      { name: 'undisputed', frame: 9000, n: 200, incorrect: 4 },
    ]);
    expect(datasetCardSentence(estimate, { unsure: 2, pending: 0, unblinded: 0 })).toBe(
      "We estimate that 2.8% of gold values are incorrect (95% CI 1.5–5.3%), from 300 audited cells drawn at random from 10,000 gold cells in 2 strata (disputed and undisputed cells) and reviewed blind to the systems' answers; 2 marked unsure left out.",
    );
    expect(
      datasetCardSentence(stratifiedEstimate([{ name: 'undisputed', frame: 9, n: 0, incorrect: 0 }]), {
        unsure: 0,
        pending: 1,
        unblinded: 0,
      }),
    ).toBeNull();
  });
});
