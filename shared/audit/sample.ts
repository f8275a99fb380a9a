// Simple random sampling without replacement (design.md §10): `size` distinct
// positions out of `population`, by a partial Fisher–Yates shuffle over a
// sparse map, so drawing 1,000 of 500,000 costs 1,000 steps. The same seed
// and sizes give the same positions, in the same order.
import type { RandomStream } from './random';
import { seededStream } from './random';

export function drawWithoutReplacement(population: number, size: number, random: RandomStream): number[] {
  if (!Number.isSafeInteger(population) || population < 0)
    throw new RangeError(`population must be a whole number ≥ 0, got ${population}`);
  if (!Number.isSafeInteger(size) || size < 0)
    throw new RangeError(`sample size must be a whole number ≥ 0, got ${size}`);
  if (size > population) throw new RangeError(`cannot draw ${size} of ${population} without replacement`);
  const swapped = new Map<number, number>();
  const at = (i: number): number => swapped.get(i) ?? i;
  const drawn: number[] = [];
  for (let i = 0; i < size; i++) {
    const j = i + random.below(population - i);
    const picked = at(j);
    swapped.set(j, at(i));
    drawn.push(picked);
  }
  return drawn;
}

/**
 * One stratum's draw: its own stream (seed and stratum name), so the size
 * asked of one stratum never changes which cells another gets.
 */
export function drawStratum<T>(eligible: readonly T[], size: number, seed: string, stratum: string): T[] {
  return drawWithoutReplacement(eligible.length, size, seededStream(`${seed}\u0000${stratum}`)).map(
    (index) => eligible[index]!,
  );
}
