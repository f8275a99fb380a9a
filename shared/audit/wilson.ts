// Wilson's score interval for a proportion (Wilson 1927; method 3 of Newcombe
// 1998, without continuity correction). n need not be a whole number: the
// stratified estimate passes its effective sample size.
import { Z_95 } from './types';

export interface Interval {
  low: number;
  high: number;
}

/** The interval around `rate` from `n` observations, or null when there are none. */
export function wilsonInterval(rate: number, n: number, z: number = Z_95): Interval | null {
  if (!(n > 0) || !Number.isFinite(n)) return null;
  if (!(rate >= 0 && rate <= 1)) throw new RangeError(`wilsonInterval: rate must be within 0 and 1, got ${rate}`);
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const centre = (rate + z2 / (2 * n)) / denominator;
  const half = (z / denominator) * Math.sqrt((rate * (1 - rate)) / n + z2 / (4 * n * n));
  // Mathematically low ≤ rate ≤ high with 0 and 1 exact at the ends; rounding must not say otherwise.
  const low = rate === 0 ? 0 : Math.min(rate, Math.max(0, centre - half));
  const high = rate === 1 ? 1 : Math.max(rate, Math.min(1, centre + half));
  return { low, high };
}
