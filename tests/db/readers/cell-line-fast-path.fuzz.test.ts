// The hand-written check of a flat cells line (db/readers/fast-paths.ts) must
// accept only what cellLineSchema accepts and give exactly its output.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fastCellLine } from '../../../db/readers/fast-paths';
import { cellLineSchema } from '../../../db/readers/schemas';

const anyField = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -3, max: 30 }),
  fc.double(),
  fc.string(),
  fc.constantFrom(
    'correct',
    'incorrect',
    'missing',
    'blank_ok',
    'ungraded',
    'deterministic',
    'llm_judge',
    'atlas/1',
    'sys',
  ),
  fc.array(fc.oneof(fc.string(), fc.record({ url: fc.string() }), fc.integer())),
  fc.array(fc.webUrl()),
);

const line = fc.record(
  {
    task_id: anyField,
    system: anyField,
    gold_row: anyField,
    response_row: anyField,
    entity: anyField,
    response_entity: anyField,
    aligned_by: anyField,
    column: anyField,
    gold: anyField,
    response: anyField,
    verdict: anyField,
    method: anyField,
    sources: anyField,
    reasoning: anyField,
    extra: anyField,
  },
  { requiredKeys: [] },
);

const valid = fc.record({
  task_id: fc.constantFrom('atlas/1', 'atlas-0002'),
  system: fc.constantFrom('heron', 'kite'),
  gold_row: fc.oneof(fc.constant(null), fc.nat(30)),
  column: fc.string(),
  gold: fc.oneof(fc.string(), fc.integer()),
  response: fc.oneof(fc.string(), fc.constant(null)),
  verdict: fc.constantFrom('correct', 'incorrect', 'missing', 'blank_ok', 'ungraded'),
  method: fc.constantFrom('deterministic', 'llm_judge'),
  sources: fc.oneof(fc.array(fc.webUrl()), fc.webUrl(), fc.constant(null)),
});

describe('fast cells line', () => {
  it('agrees with cellLineSchema wherever it answers', () => {
    fc.assert(
      fc.property(fc.oneof(line, valid), (raw) => {
        const fast = fastCellLine(raw);
        if (fast === null) return;
        const zod = cellLineSchema.safeParse(raw);
        expect(zod.success).toBe(true);
        expect(fast).toEqual(zod.data);
      }),
      { numRuns: 5000 },
    );
  });

  it('answers for the usual lines', () => {
    fc.assert(
      fc.property(valid, (raw) => {
        expect(fastCellLine(raw)).not.toBeNull();
      }),
      { numRuns: 200 },
    );
  });
});
