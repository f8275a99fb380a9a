// The stratified estimate of the share of gold cells that are incorrect
// (design.md §10): p = Σ W_h p_h, V = Σ W_h² (1 − n_h/N_h) p_h (1 − p_h) / (n_h − 1)
// over strata with n_h ≥ 2 (Cochran 1977, ch. 5, stratified sampling for
// proportions), and Wilson's interval at the effective sample size
// n_eff = p (1 − p) / V (Kish 1965; Korn & Graubard 1998), Σ n_h when V = 0.
import type { Interval } from './wilson';
import { wilsonInterval } from './wilson';
import { Z_95 } from './types';

export interface StratumCounts {
  name: string;
  /** N_h: frame cells in the stratum when the sample was drawn. */
  frame: number;
  /** n_h: settled cells verdicted correct or incorrect. */
  n: number;
  /** x_h: of those, incorrect. */
  incorrect: number;
}

export interface StratumEstimate extends StratumCounts {
  /** W_h = N_h / N over the strata the estimate covers; 0 for a stratum left out (no settled cell). */
  weight: number;
  rate: number | null;
  ci_low: number | null;
  ci_high: number | null;
  /** Fewer than 2 settled cells: no variance term from this stratum. */
  too_few: boolean;
}

export interface StratifiedEstimate {
  rate: number | null;
  ci_low: number | null;
  ci_high: number | null;
  /** Σ n_h. */
  n: number;
  n_eff: number | null;
  variance: number | null;
  strata: StratumEstimate[];
  /** Frame cells the estimate covers (strata with a settled cell) and the whole frame. */
  covered: number;
  frame: number;
  /** What the reader must know: strata with fewer than 2 settled cells, strata left out. */
  notes: string[];
}

function check(stratum: StratumCounts): void {
  const { name, frame, n, incorrect } = stratum;
  const whole = (value: number) => Number.isSafeInteger(value) && value >= 0;
  if (!whole(frame) || !whole(n) || !whole(incorrect))
    throw new RangeError(`stratum ${name}: frame, n and incorrect must be whole numbers ≥ 0`);
  if (incorrect > n) throw new RangeError(`stratum ${name}: ${incorrect} incorrect of ${n} settled cells`);
  if (n > frame) throw new RangeError(`stratum ${name}: ${n} settled cells in a frame of ${frame}`);
}

export function stratifiedEstimate(strata: readonly StratumCounts[], z: number = Z_95): StratifiedEstimate {
  strata.forEach(check);
  const frame = strata.reduce((sum, s) => sum + s.frame, 0);
  // A stratum with no settled cell has no p_h: the estimate covers the others, their weights rescaled, and says so.
  const covered = strata.filter((s) => s.n > 0).reduce((sum, s) => sum + s.frame, 0);
  const notes: string[] = [];
  let rate: number | null = null;
  let variance: number | null = null;
  const out: StratumEstimate[] = strata.map((s) => {
    const weight = s.n > 0 && covered > 0 ? s.frame / covered : 0;
    const p = s.n > 0 ? s.incorrect / s.n : null;
    const interval: Interval | null = p === null ? null : wilsonInterval(p, s.n, z);
    return { ...s, weight, rate: p, ci_low: interval?.low ?? null, ci_high: interval?.high ?? null, too_few: s.n < 2 };
  });
  for (const s of out) {
    if (s.frame === 0) continue;
    if (s.n === 0)
      notes.push(`stratum ${s.name} has no settled cell: the estimate leaves its ${s.frame} frame cells out`);
    else if (s.n === 1)
      notes.push(`stratum ${s.name} has fewer than 2 settled cells (1): it adds nothing to the variance`);
  }
  const n = out.reduce((sum, s) => sum + s.n, 0);
  if (covered > 0) {
    rate = out.reduce((sum, s) => sum + s.weight * (s.rate ?? 0), 0);
    variance = out
      .filter((s) => s.n >= 2)
      .reduce((sum, s) => sum + s.weight * s.weight * (1 - s.n / s.frame) * ((s.rate! * (1 - s.rate!)) / (s.n - 1)), 0);
  }
  const nEff = rate === null || variance === null ? null : variance > 0 ? (rate * (1 - rate)) / variance : n;
  const interval = rate === null || nEff === null ? null : wilsonInterval(Math.min(1, Math.max(0, rate)), nEff, z);
  return {
    rate,
    ci_low: interval?.low ?? null,
    ci_high: interval?.high ?? null,
    n,
    n_eff: nEff,
    variance,
    strata: out,
    covered,
    frame,
    notes,
  };
}
