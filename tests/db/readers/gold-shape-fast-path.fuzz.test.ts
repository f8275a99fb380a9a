// The hand-written checks of a gold table (db/readers/gold-fast.ts) and of a
// gold patch (db/revisions/patch-shape.ts) must accept only what their zod
// schemas accept and give exactly the schemas' output (same keys, same
// order), so the schemas stay the one definition.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fastGoldShape } from '../../../db/readers/gold-fast';
import { goldSchema } from '../../../db/readers/schemas';
import { patchSchema } from '../../../db/revisions/patch-file';
import { fastPatch } from '../../../db/revisions/patch-shape';

const scalar = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.boolean(),
  fc.double(),
  fc.integer({ min: -3, max: 3 }),
  fc.string(),
  fc.constant(''),
);
const field = fc.oneof(
  scalar,
  fc.array(fc.oneof(fc.string(), fc.integer(), fc.constant(null))),
  fc.array(fc.string()),
  fc.dictionary(fc.string(), fc.string()),
);
const maybe = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<unknown> =>
  fc.oneof({ arbitrary: arb, weight: 4 }, { arbitrary: field, weight: 1 });

const rule = fc.record(
  {
    type: maybe(fc.constantFrom('entity', 'text', 'number', 'date', 'llm_judge', 'bogus')),
    tolerance: maybe(fc.double({ min: -1, max: 5, noNaN: true })),
    relative_tolerance: maybe(fc.double({ min: 0, max: 1, noNaN: true })),
    tolerance_days: maybe(fc.integer({ min: -1, max: 5 })),
    options: maybe(fc.array(fc.string())),
    criterion: maybe(fc.string()),
    extra: field,
  },
  { requiredKeys: [] },
);
const column = fc.record({ name: maybe(fc.string()), rule: maybe(rule), extra: field }, { requiredKeys: [] });
const row = fc.record(
  {
    entity: maybe(fc.string()),
    aliases: maybe(fc.array(fc.string())),
    cells: maybe(fc.dictionary(fc.string(), fc.record({ value: fc.string() }))),
    extra: field,
  },
  { requiredKeys: [] },
);
const gold = fc.record(
  {
    entity_column: maybe(fc.string()),
    columns: maybe(fc.array(maybe(column), { maxLength: 3 })),
    rows: maybe(fc.array(maybe(row), { maxLength: 3 })),
    extra: field,
  },
  { requiredKeys: [] },
);

const cellState = fc.oneof(
  fc.record(
    { value: maybe(fc.string()), alternatives: maybe(fc.array(fc.string())), blank: field, extra: field },
    { requiredKeys: [] },
  ),
  fc.record({ blank: maybe(fc.constant(true)), ungraded: field }, { requiredKeys: [] }),
  fc.record({ ungraded: maybe(fc.constant(true)) }, { requiredKeys: [] }),
);
const rowState = fc.record(
  {
    entity: maybe(fc.string()),
    aliases: maybe(fc.array(fc.string())),
    cells: maybe(fc.dictionary(fc.string(), cellState)),
    value: field,
  },
  { requiredKeys: [] },
);
const state = fc.oneof(fc.constant(null), cellState, rowState, field);
const operation = fc.record(
  {
    op: maybe(fc.constantFrom('set_cell', 'add_alternative', 'add_row', 'remove_row', 'bogus')),
    task_id: maybe(fc.string()),
    row: maybe(fc.integer({ min: -2, max: 5 })),
    entity: maybe(fc.string()),
    column: maybe(fc.option(fc.string())),
    from: state,
    to: state,
    evidence: maybe(fc.array(fc.string())),
    rulings: maybe(
      fc.array(
        fc.record(
          { engineer: maybe(fc.string()), decision: maybe(fc.string()), at: maybe(fc.string()) },
          { requiredKeys: [] },
        ),
      ),
    ),
    issues: maybe(fc.array(fc.integer())),
    dispute_id: maybe(fc.string()),
    extra: field,
  },
  { requiredKeys: [] },
);
const patch = fc.record(
  {
    format: maybe(fc.constant('atlas-gold-patch/1')),
    dataset: maybe(fc.string()),
    base_revision: maybe(fc.string()),
    base_sha256: maybe(fc.option(fc.string())),
    revision: maybe(fc.string()),
    created_at: maybe(fc.option(fc.string())),
    created_by: maybe(fc.string()),
    encrypted: maybe(fc.boolean()),
    operations: maybe(fc.array(operation, { maxLength: 3 })),
    extra: field,
  },
  { requiredKeys: [] },
);

/** The fast answer, when there is one, is zod's: success and the same output, key order included. */
function agrees(fast: unknown, zod: { success: boolean; data?: unknown }): void {
  if (fast === null) return;
  expect(zod.success).toBe(true);
  expect(fast).toStrictEqual(zod.data);
  expect(JSON.stringify(fast)).toBe(JSON.stringify(zod.data));
}

describe('fast gold table and patch checks', () => {
  it('agree with goldSchema wherever they answer', () => {
    fc.assert(
      fc.property(gold, (raw) => agrees(fastGoldShape(raw), goldSchema.safeParse(raw))),
      { numRuns: 3000 },
    );
  });

  it('agree with the patch schema wherever they answer', () => {
    fc.assert(
      fc.property(patch, (raw) => agrees(fastPatch(raw), patchSchema.safeParse(raw))),
      { numRuns: 3000 },
    );
  });

  it('answer for the usual shapes', () => {
    const table = {
      entity_column: 'Club',
      columns: [
        { name: 'Club', rule: { type: 'entity' } },
        { name: 'Visitors', rule: { type: 'number', relative_tolerance: 0.02 } },
      ],
      rows: [
        { entity: 'A', aliases: [], cells: { Visitors: { value: '1' } } },
        { entity: 'B', aliases: ['b'] },
      ],
    };
    expect(fastGoldShape(table)).not.toBeNull();
    const op = {
      op: 'set_cell',
      task_id: 't',
      row: 0,
      entity: 'A',
      column: 'Visitors',
      from: { value: '1' },
      to: { value: '2', alternatives: ['3'] },
    };
    const addRow = {
      ...op,
      op: 'add_row',
      row: 2,
      column: null,
      from: null,
      to: { entity: 'C', aliases: [], cells: { Visitors: { blank: true } } },
    };
    const doc = {
      format: 'atlas-gold-patch/1',
      dataset: 'd',
      base_revision: 'v1',
      base_sha256: null,
      revision: 'v2',
      created_at: null,
      created_by: 'x',
      encrypted: false,
      operations: [op, addRow],
    };
    expect(fastPatch(doc)).not.toBeNull();
  });
});
