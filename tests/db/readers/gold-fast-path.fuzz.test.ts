// The hand-written gold cell check (db/readers/gold.ts) must accept only what
// zod accepts and give exactly zod's output, so zod stays the one definition.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fastGoldCell } from '../../../db/readers/gold';
import { goldCellSchema } from '../../../db/readers/schemas';

const field = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.boolean(),
  fc.double(),
  fc.string(),
  fc.array(fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.record({ url: fc.string() }), fc.constant(null))),
  fc.array(fc.string()),
  fc.dictionary(fc.string(), fc.string()),
);

describe('fast gold cell', () => {
  it('agrees with goldCellSchema wherever it answers', () => {
    fc.assert(
      fc.property(
        fc.record(
          { value: field, blank: field, ungraded: field, sources: field, alternatives: field, extra: field },
          { requiredKeys: [] },
        ),
        (raw) => {
          const fast = fastGoldCell(raw);
          if (fast === null) return;
          const zod = goldCellSchema.safeParse(raw);
          expect(zod.success).toBe(true);
          expect(fast).toEqual(zod.data);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('leaves non-finite numbers to zod, which refuses them (found by the property above)', () => {
    for (const value of [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NaN]) {
      expect(fastGoldCell({ value })).toBeNull();
      expect(goldCellSchema.safeParse({ value }).success).toBe(false);
    }
  });

  it('answers for the usual shapes', () => {
    for (const raw of [
      { value: '94', sources: ['https://a'] },
      { blank: true },
      { ungraded: true },
      { value: 90, alternatives: ['Everyone'] },
    ]) {
      expect(fastGoldCell(raw)).not.toBeNull();
    }
  });
});
