// Proposed sample sizes for a target half-width of the 95% interval
// (design.md §10): Cochran's (1977, §4.4) n₀ = z² p (1 − p) / d² for a prior
// rate p and half-width d, corrected for the finite frame as
// n = n₀ / (1 + (n₀ − 1) / N), then allocated to strata in proportion to
// their frames, n_h = ⌈n N_h / N⌉ (at least 2 where the frame allows, so
// every stratum has a variance term; at most N_h).
import { Z_95 } from './types';

export interface SampleSizeInput {
  /** d, as a fraction (0.004 for ±0.4 percentage points). */
  halfWidth: number;
  /** p, as a fraction (0.01 for 1%). */
  priorRate: number;
  frames: readonly { name: string; frame: number }[];
}

export interface SampleSizeProposal {
  n0: number;
  n: number;
  sizes: { name: string; size: number }[];
  total: number;
  formula: string;
}

export const SAMPLE_SIZE_FORMULA =
  'n₀ = z² p (1 − p) / d², n = n₀ / (1 + (n₀ − 1) / N), n_h = ⌈n N_h / N⌉ (at least 2, at most N_h)';

export function proposeSampleSizes(input: SampleSizeInput, z: number = Z_95): SampleSizeProposal {
  const { halfWidth: d, priorRate: p } = input;
  if (!(d > 0 && d < 0.5)) throw new RangeError(`half-width must be above 0 and below 0.5 (a fraction), got ${d}`);
  if (!(p > 0 && p < 1)) throw new RangeError(`prior rate must be above 0 and below 1 (a fraction), got ${p}`);
  const N = input.frames.reduce((sum, f) => sum + f.frame, 0);
  const n0 = (z * z * p * (1 - p)) / (d * d);
  const n = N > 0 ? n0 / (1 + (n0 - 1) / N) : 0;
  const sizes = input.frames.map((f) => ({
    name: f.name,
    size: f.frame === 0 ? 0 : Math.min(f.frame, Math.max(2, Math.ceil((n * f.frame) / N))),
  }));
  return { n0, n, sizes, total: sizes.reduce((sum, s) => sum + s.size, 0), formula: SAMPLE_SIZE_FORMULA };
}
