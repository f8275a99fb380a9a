// The fast paths must never accept what zod refuses, and must return exactly
// what zod returns for what they accept.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fastGrade, fastResult } from '../../../db/readers/fast-paths';
import { gradeSchema, resultSchema } from '../../../db/readers/schemas';
import { zeldaGrade, zeldaResult } from './helpers';

const scalar = fc.oneof(
  fc.string({ maxLength: 4 }),
  fc.integer({ min: -2, max: 3 }),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
);
// Mostly well-typed values, sometimes any scalar (undefined drops the key).
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.oneof({ arbitrary: arb, weight: 6 }, { arbitrary: scalar, weight: 1 });

const cell = fc.record({
  column: maybe(fc.constantFrom('A', 'B')),
  gold: scalar,
  response: scalar,
  verdict: maybe(fc.constantFrom('correct', 'incorrect', 'missing', 'blank_ok', 'ungraded', 'nope')),
  method: maybe(fc.constantFrom('deterministic', 'llm_judge', 'human')),
  sources: maybe(
    fc.oneof(fc.array(maybe(fc.constant('https://a')), { maxLength: 3 }), fc.constant([{ url: 'https://b' }])),
  ),
  reasoning: scalar,
});

const row = fc.record({
  gold_row: maybe(fc.nat(5)),
  response_row: maybe(fc.nat(5)),
  response_entity: scalar,
  aligned_by: scalar,
  cells: maybe(fc.array(cell, { maxLength: 3 })),
});

const grade = fc.record({
  task_id: maybe(fc.constantFrom('atlas/1', '')),
  scores: maybe(
    fc.record({
      discovery_f1: maybe(fc.double({ noNaN: true, noDefaultInfinity: true })),
      item_f1: fc.constant(1),
      row_f1: fc.constant(0),
    }),
  ),
  details: maybe(fc.record({ rows: maybe(fc.array(row, { maxLength: 3 })) })),
});

const result = fc.record({
  task_id: maybe(fc.constantFrom('atlas/1', '')),
  citations: fc.oneof(
    fc.array(
      fc.oneof(
        fc.constant('https://s'),
        fc.record({ url: maybe(fc.constant('https://c')), row: maybe(fc.nat(3)), column: scalar }),
      ),
      { maxLength: 3 },
    ),
    scalar,
  ),
});

/** JSON round trip: readers only ever see what JSON.parse produces. */
const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value) ?? 'null');

describe('fast paths agree with the zod schemas', () => {
  it('accept the realistic fixtures', () => {
    expect(fastGrade(zeldaGrade())).not.toBeNull();
    expect(fastResult(zeldaResult())).not.toBeNull();
    expect(fastGrade(zeldaGrade())).toEqual(gradeSchema.parse(zeldaGrade()));
    expect(fastResult(zeldaResult())).toEqual(resultSchema.parse(zeldaResult()));
  });

  it('grade.json', () => {
    let accepted = 0;
    fc.assert(
      fc.property(grade, (value) => {
        const input = asJson(value);
        const fast = fastGrade(input);
        const slow = gradeSchema.safeParse(input);
        if (fast) {
          accepted++;
          expect(slow.success ? slow.data : 'refused').toEqual(fast);
        }
      }),
      { numRuns: 3000 },
    );
    // The generator must reach the accepting branch often enough to mean something.
    expect(accepted).toBeGreaterThan(20);
  });

  it('result.json', () => {
    let accepted = 0;
    fc.assert(
      fc.property(result, (value) => {
        const input = asJson(value);
        const fast = fastResult(input);
        const slow = resultSchema.safeParse(input);
        if (fast) {
          accepted++;
          expect(slow.success ? slow.data : 'refused').toEqual(fast);
        }
      }),
      { numRuns: 3000 },
    );
    // The generator must reach the accepting branch often enough to mean something.
    expect(accepted).toBeGreaterThan(20);
  });
});
