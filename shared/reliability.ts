// Inter-rater agreement coefficients, pure so they can be tested against
// published worked examples. Categories are opaque strings.

export interface PairAgreement {
  /** Items both raters coded. */
  n: number;
  /** Fraction of those items on which they agree (null when n is 0). */
  percent: number | null;
  /** Cohen's kappa (null when undefined: no overlap, or chance agreement is 1). */
  kappa: number | null;
}

/** Cohen's kappa for two raters over the same items: (p_o - p_e) / (1 - p_e). */
export function cohensKappa(pairs: readonly (readonly [string, string])[]): PairAgreement {
  const n = pairs.length;
  if (n === 0) return { n: 0, percent: null, kappa: null };
  let agree = 0;
  const first = new Map<string, number>();
  const second = new Map<string, number>();
  for (const [a, b] of pairs) {
    if (a === b) agree++;
    first.set(a, (first.get(a) ?? 0) + 1);
    second.set(b, (second.get(b) ?? 0) + 1);
  }
  const observed = agree / n;
  let expected = 0;
  for (const [category, count] of first) expected += (count / n) * ((second.get(category) ?? 0) / n);
  // Both raters used one and the same category throughout: kappa is 0/0.
  if (expected === 1) return { n, percent: observed, kappa: null };
  return { n, percent: observed, kappa: (observed - expected) / (1 - expected) };
}

/**
 * Krippendorff's alpha for nominal data, any number of raters, missing values
 * allowed. `units` holds each unit's values (one per rater who coded it);
 * units with fewer than two values are not pairable and are ignored.
 */
export function krippendorffAlphaNominal(units: readonly (readonly string[])[]): {
  alpha: number | null;
  pairableUnits: number;
  values: number;
} {
  const coincidence = new Map<string, Map<string, number>>();
  let pairableUnits = 0;
  for (const values of units) {
    const m = values.length;
    if (m < 2) continue;
    pairableUnits++;
    for (let i = 0; i < m; i++) {
      for (let j = 0; j < m; j++) {
        if (i === j) continue;
        const row = coincidence.get(values[i]!) ?? new Map<string, number>();
        row.set(values[j]!, (row.get(values[j]!) ?? 0) + 1 / (m - 1));
        coincidence.set(values[i]!, row);
      }
    }
  }
  const marginals = new Map<string, number>();
  let n = 0;
  for (const [category, row] of coincidence) {
    let total = 0;
    for (const count of row.values()) total += count;
    marginals.set(category, total);
    n += total;
  }
  if (n <= 1) return { alpha: null, pairableUnits, values: Math.round(n) };
  let disagreementObserved = 0;
  for (const [c, row] of coincidence) for (const [k, count] of row) if (c !== k) disagreementObserved += count;
  let disagreementExpected = 0;
  for (const [c, nc] of marginals) for (const [k, nk] of marginals) if (c !== k) disagreementExpected += nc * nk;
  // One category only: no variation, alpha is undefined.
  if (disagreementExpected === 0) return { alpha: null, pairableUnits, values: Math.round(n) };
  return { alpha: 1 - ((n - 1) * disagreementObserved) / disagreementExpected, pairableUnits, values: Math.round(n) };
}
