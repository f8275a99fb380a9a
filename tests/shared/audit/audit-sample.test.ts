// The audit's sampler: simple random sampling without replacement, reproducible
// from a seed, and rounds that never draw a cell twice.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drawStratum, drawWithoutReplacement, seededStream } from '../../../shared/audit/index';

describe('seeded stream', () => {
  it('gives the same numbers for the same seed and others for another', () => {
    const a = seededStream('42');
    const b = seededStream('42');
    const c = seededStream('43');
    const take = (s: ReturnType<typeof seededStream>) => Array.from({ length: 20 }, () => s.below(1_000_000));
    const first = take(a);
    expect(take(b)).toEqual(first);
    expect(take(c)).not.toEqual(first);
  });

  it('is uniform enough: each of 10 outcomes near a tenth of 100,000 draws', () => {
    const stream = seededStream('uniform');
    const counts = new Array<number>(10).fill(0);
    for (let i = 0; i < 100_000; i++) counts[stream.below(10)]!++;
    // 10,000 expected each; 5 standard deviations is about ±475.
    for (const count of counts) expect(Math.abs(count - 10_000)).toBeLessThan(500);
  });
});

describe('drawing without replacement', () => {
  it('draws distinct positions within the population, reproducibly', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.string(),
        (population, share, seed) => {
          const size = Math.floor(share * population);
          const drawn = drawWithoutReplacement(population, size, seededStream(seed));
          expect(drawn).toHaveLength(size);
          expect(new Set(drawn).size).toBe(size);
          for (const index of drawn) expect(index >= 0 && index < population).toBe(true);
          expect(drawWithoutReplacement(population, size, seededStream(seed))).toEqual(drawn);
        },
      ),
    );
  });

  it('a whole population drawn is a permutation of it', () => {
    expect([...drawWithoutReplacement(50, 50, seededStream('all'))].sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, i) => i),
    );
  });

  it('refuses more than the population', () => {
    expect(() => drawWithoutReplacement(3, 4, seededStream('x'))).toThrow(/cannot draw 4 of 3/);
  });

  it('gives every cell the same chance: each of 20 cells drawn in about a quarter of 4,000 samples of 5', () => {
    const hits = new Array<number>(20).fill(0);
    for (let s = 0; s < 4000; s++)
      for (const index of drawWithoutReplacement(20, 5, seededStream(`chance ${s}`))) hits[index]!++;
    // 1,000 expected; binomial sd ≈ 27.4, so ±140 is five of them.
    for (const count of hits) expect(Math.abs(count - 1000)).toBeLessThan(140);
  });
});

describe('rounds', () => {
  it('a later round drawn from the cells not drawn before never repeats a cell, and each stratum keeps its own stream', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 300 }),
        fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 1, maxLength: 5 }),
        fc.string(),
        (frameSize, sizes, seed) => {
          const frame = Array.from({ length: frameSize }, (_, i) => `cell-${i}`);
          const drawn = new Set<string>();
          sizes.forEach((asked, round) => {
            const eligible = frame.filter((cell) => !drawn.has(cell));
            const size = Math.min(asked, eligible.length);
            const cells = drawStratum(eligible, size, `${seed}/${round}`, 'undisputed');
            expect(drawStratum(eligible, size, `${seed}/${round}`, 'undisputed')).toEqual(cells);
            for (const cell of cells) {
              expect(drawn.has(cell)).toBe(false);
              drawn.add(cell);
            }
          });
        },
      ),
    );
  });

  it('the size asked of one stratum does not change the other stratum’s cells', () => {
    const frame = Array.from({ length: 100 }, (_, i) => i);
    expect(drawStratum(frame, 10, 's', 'undisputed')).toEqual(drawStratum(frame, 10, 's', 'undisputed'));
    expect(drawStratum(frame, 10, 's', 'undisputed')).not.toEqual(drawStratum(frame, 10, 's', 'disputed'));
    // A larger sample from the same stream starts with the smaller one.
    expect(drawStratum(frame, 20, 's', 'undisputed').slice(0, 10)).toEqual(drawStratum(frame, 10, 's', 'undisputed'));
  });
});
