// A patch's content identity is computed by a fast writer
// (db/revisions/content-sha.ts); it must give exactly the canonical writer's
// answer (patch-file.ts, canonicalJson key by key), which defines it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { patchContentSha256 } from '../../../db/revisions/content-sha';
import { canonicalContentSha256 } from '../../../db/revisions/patch-file';
import type { GoldPatch, PatchCellState, PatchOperation, PatchRowState } from '../../../shared/patch';
import { PATCH_FORMAT } from '../../../shared/patch';

const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.constantFrom('', '\uD800', 'a\uDC00b', '12', '0', '__proto__', 'x"y\\z', '東京'),
);
const cell: fc.Arbitrary<PatchCellState> = fc.oneof(
  fc.record({ value: text }),
  fc.record({ value: text, alternatives: fc.array(text, { maxLength: 3 }) }),
  fc.constant({ blank: true as const }),
  fc.constant({ ungraded: true as const }),
);
const row: fc.Arbitrary<PatchRowState> = fc.oneof(
  fc.record({ entity: text, aliases: fc.array(text, { maxLength: 3 }) }),
  fc.record({
    entity: text,
    aliases: fc.array(text, { maxLength: 3 }),
    cells: fc.dictionary(text, cell, { maxKeys: 4 }),
  }),
);
const operation: fc.Arbitrary<PatchOperation> = fc.record({
  op: fc.constantFrom('set_cell', 'add_alternative', 'set_blank', 'set_ungraded', 'add_row', 'remove_row', 'add_alias'),
  task_id: text,
  row: fc.nat(1000),
  entity: text,
  column: fc.option(text),
  from: fc.option(fc.oneof(cell, row)),
  to: fc.option(fc.oneof(cell, row)),
  evidence: fc.array(text, { maxLength: 3 }),
  rulings: fc.array(fc.record({ engineer: text, decision: text, at: text }), { maxLength: 2 }),
  issues: fc.array(fc.nat(), { maxLength: 2 }),
  dispute_id: text,
});
const patch: fc.Arbitrary<GoldPatch> = fc.record({
  format: fc.constant(PATCH_FORMAT),
  dataset: text,
  base_revision: text,
  base_sha256: fc.option(text),
  revision: text,
  created_at: fc.option(text),
  created_by: text,
  encrypted: fc.boolean(),
  operations: fc.constant([]),
});

describe("a patch's content sha", () => {
  it("is the canonical writer's for the same operations", () => {
    fc.assert(
      fc.property(patch, fc.array(operation, { maxLength: 6 }), (head, operations) => {
        expect(patchContentSha256(head, operations)).toBe(canonicalContentSha256(head, operations));
      }),
      { numRuns: 500 },
    );
  });

  it('agrees on an empty patch and on cells keyed like integers', () => {
    const head: GoldPatch = {
      format: PATCH_FORMAT,
      dataset: 'd',
      base_revision: 'v1.0',
      base_sha256: null,
      revision: 'v1.1',
      created_at: null,
      created_by: 'mia',
      encrypted: false,
      operations: [],
    };
    expect(patchContentSha256(head, [])).toBe(canonicalContentSha256(head, []));
    const addRow: PatchOperation = {
      op: 'add_row',
      task_id: 't',
      row: 3,
      entity: 'e',
      column: null,
      from: null,
      to: {
        entity: 'e',
        aliases: [],
        cells: { '9': { value: 'a' }, '10': { blank: true }, b: { value: 'c', alternatives: ['d'] } },
      },
      evidence: [],
      rulings: [],
      issues: [],
      dispute_id: 'd-1',
    };
    expect(patchContentSha256(head, [addRow])).toBe(canonicalContentSha256(head, [addRow]));
  });
});
