// How a patch's operations are checked and combined (db/revisions/plan.ts),
// and how the edits land in the dataset's raw gold JSON (gold-edit.ts).
import { describe, expect, it } from 'vitest';
import { PatchMismatchError } from '../../../db/revisions/errors';
import { applyToRawGold, patchedRows } from '../../../db/revisions/gold-edit';
import type { IndexedOperation } from '../../../db/revisions/plan';
import { planTask } from '../../../db/revisions/plan';
import { parseGold } from '../../../db/readers/gold';
import type { ParsedGold } from '../../../db/readers/types';
import type { PatchOperation } from '../../../shared/patch';

// Parsed from text: in an object literal `__proto__` would set the prototype instead of naming a column.
const RAW = JSON.parse(`{
  "entity_column": "Name",
  "columns": [
    {"name": "Name", "rule": {"type": "entity"}},
    {"name": "City", "rule": {"type": "text"}},
    {"name": "__proto__", "rule": {"type": "text"}}
  ],
  "rows": [
    {"entity": "Alpha", "aliases": ["A"], "note": "kept",
     "cells": {"City": {"value": "Paris", "sources": ["https://s.example/paris"], "extra": 1}, "__proto__": {"value": "p"}}},
    {"entity": "Beta", "aliases": [], "cells": {"City": {"blank": true}}},
    {"entity": "Gamma", "aliases": [], "cells": {}}
  ]
}`) as { columns: unknown[] };

function gold(): ParsedGold {
  const parsed = parseGold(JSON.parse(JSON.stringify(RAW)));
  if ('field' in parsed) throw new Error(parsed.reason);
  return parsed.ok;
}

const op = (o: Partial<PatchOperation> & Pick<PatchOperation, 'op' | 'row' | 'from' | 'to'>): PatchOperation => ({
  task_id: 't',
  entity: '',
  column: null,
  evidence: [],
  rulings: [],
  issues: [],
  dispute_id: '',
  ...o,
});
const indexed = (...ops: PatchOperation[]): IndexedOperation[] => ops.map((o, index) => ({ index, op: o }));

describe('planTask', () => {
  it('merges additive operations: two aliases on a row, two alternatives on a cell', () => {
    const plan = planTask(
      't',
      gold(),
      indexed(
        op({
          op: 'add_alias',
          row: 0,
          from: { entity: 'Alpha', aliases: ['A'] },
          to: { entity: 'Alpha', aliases: ['A', 'Alf'] },
        }),
        op({
          op: 'add_alias',
          row: 0,
          from: { entity: 'Alpha', aliases: ['A'] },
          to: { entity: 'Alpha', aliases: ['A', 'Al'] },
        }),
        op({
          op: 'add_alternative',
          row: 0,
          column: 'City',
          from: { value: 'Paris' },
          to: { value: 'Paris', alternatives: ['Paname'] },
        }),
        op({
          op: 'add_alternative',
          row: 0,
          column: 'City',
          from: { value: 'Paris' },
          to: { value: 'Paris', alternatives: ['Lutetia'] },
          evidence: ['https://e.example/1'],
        }),
      ),
      true,
    );
    expect(plan.mismatches).toEqual([]);
    expect(plan.edits.aliases.get(0)).toEqual(['Alf', 'Al']);
    expect(plan.edits.cells.get(0)!.get('City')).toEqual({
      replace: null,
      addAlternatives: ['Paname', 'Lutetia'],
      evidence: ['https://e.example/1'],
    });
  });

  it('refuses a row for an entity the table has already, by name or alias, in the base or added earlier in the patch', () => {
    const plan = planTask(
      't',
      gold(),
      indexed(
        op({ op: 'add_row', row: 3, from: null, to: { entity: ' alpha ', aliases: [] } }),
        op({ op: 'add_row', row: 3, from: null, to: { entity: 'Delta', aliases: ['A'] } }),
        op({ op: 'add_row', row: 3, from: null, to: { entity: 'Delta', aliases: [] } }),
        op({ op: 'add_row', row: 4, from: null, to: { entity: 'Epsilon', aliases: ['DELTA'] } }),
      ),
      true,
    );
    expect(plan.mismatches.map((m) => [m.index, m.reason, m.found])).toEqual([
      [0, 'the table already has a row of that name (row 1)', 'entity "Alpha" aliases ["A"]'],
      [1, 'the table already has a row of that name (row 1)', 'entity "Alpha" aliases ["A"]'],
      [3, 'the table already has a row of that name (row 4)', 'entity "Delta" aliases []'],
    ]);
    expect(plan.edits.added.map((row) => row.entity)).toEqual(['Delta']);
  });

  it('names every operation of a conflicting pair on one cell', () => {
    const plan = planTask(
      't',
      gold(),
      indexed(
        op({ op: 'set_cell', row: 0, column: 'City', from: { value: 'Paris' }, to: { value: 'Lyon' } }),
        op({
          op: 'add_alternative',
          row: 0,
          column: 'City',
          from: { value: 'Paris' },
          to: { value: 'Paris', alternatives: ['X'] },
        }),
      ),
      false,
    );
    expect(plan.mismatches.map((m) => [m.index, m.reason])).toEqual([
      [0, 'conflicts with operation #2 on the same cell'],
      [1, 'conflicts with operation #1 on the same cell'],
    ]);
  });

  it('checks `from` against the base: an absent cell is blank, values are shown only when asked', () => {
    const ops = indexed(
      op({ op: 'set_cell', row: 2, column: 'City', from: { blank: true }, to: { value: 'Oslo' } }),
      op({ op: 'set_blank', row: 1, column: 'City', from: { value: 'Rome' }, to: { blank: true } }),
    );
    const quiet = planTask('t', gold(), ops, false);
    expect(quiet.mismatches).toEqual([
      { index: 1, op: 'set_blank', task_id: 't', row: 1, column: 'City', reason: '`from` differs from the dataset' },
    ]);
    const loud = planTask('t', gold(), ops, true);
    expect(loud.mismatches[0]).toMatchObject({ expected: '"Rome"', found: 'blank' });
  });

  it('names the entity of a mismatching operation where values may be shown, and in the refusal', () => {
    const ops = indexed(
      op({ op: 'set_blank', row: 1, entity: 'Beta', column: 'City', from: { value: 'Rome' }, to: { blank: true } }),
    );
    expect(planTask('t', gold(), ops, false).mismatches[0]!.entity).toBeUndefined();
    const loud = planTask('t', gold(), ops, true).mismatches;
    expect(loud[0]).toMatchObject({ entity: 'Beta' });
    expect(new PatchMismatchError(null, loud).message).toContain('#1 set_blank task "t" row 2 “Beta” column "City":');
  });

  it('refuses a cell operation about another entity than the row holds, even when `from` matches (rows moved since the patch)', () => {
    // Gamma (row 3) has no City cell: blank, as Beta's; a patch made before a row was removed would target it by index.
    const ops = indexed(
      op({ op: 'set_cell', row: 2, entity: 'Beta', column: 'City', from: { blank: true }, to: { value: 'Oslo' } }),
      op({ op: 'set_cell', row: 0, entity: ' a ', column: 'City', from: { value: 'Paris' }, to: { value: 'Lyon' } }),
      op({ op: 'set_cell', row: 1, entity: 'row 2', column: 'City', from: { blank: true }, to: { value: 'Rome' } }),
    );
    const quiet = planTask('t', gold(), ops, false);
    expect(quiet.mismatches).toEqual([
      {
        index: 0,
        op: 'set_cell',
        task_id: 't',
        row: 2,
        column: 'City',
        reason:
          'row 3 is another entity in the dataset than the one the operation is about (were gold rows removed or reordered since the patch was made?)',
      },
    ]);
    expect(planTask('t', gold(), ops, true).mismatches[0]).toMatchObject({ expected: '"Beta"', found: '"Gamma"' });
  });

  it('lets a removed row supersede other operations on it', () => {
    const plan = planTask(
      't',
      gold(),
      indexed(
        op({ op: 'set_cell', row: 0, column: 'City', from: { value: 'Paris' }, to: { value: 'Lyon' } }),
        op({ op: 'remove_row', row: 0, from: { entity: 'Alpha', aliases: ['A'] }, to: null }),
      ),
      false,
    );
    expect(plan.mismatches).toEqual([]);
    expect(plan.superseded).toEqual([0]);
    expect(plan.edits.removed).toEqual(new Set([0]));
    expect(plan.edits.cells.size).toBe(0);
  });

  it('numbers added rows after the base rows, in patch order', () => {
    const add = (row: number, entity: string) =>
      op({ op: 'add_row', row, from: null, to: { entity, aliases: [], cells: { City: { value: 'Nara' } } } });
    const ok = planTask('t', gold(), indexed(add(3, 'Delta'), add(4, 'Epsilon')), false);
    expect(ok.mismatches).toEqual([]);
    expect(ok.edits.added.map((r) => [r.row, r.entity])).toEqual([
      [3, 'Delta'],
      [4, 'Epsilon'],
    ]);
    // Columns the operation does not give are ungraded.
    expect(ok.edits.added[0]!.cells).toEqual([
      ['City', { value: 'Nara' }],
      ['__proto__', { ungraded: true }],
    ]);
    const bad = planTask('t', gold(), indexed(add(3, 'Delta'), add(3, 'Epsilon')), false);
    // Index 3 is taken by Delta: the second add_row belongs at index 4. Reasons count rows from 1, as people read them.
    expect(bad.mismatches.map((m) => [m.row, m.reason])).toEqual([[3, 'the new row would be row 5, not row 4']]);
  });

  it('refuses operations whose `to` does not fit their kind', () => {
    const plan = planTask(
      't',
      gold(),
      indexed(
        op({
          op: 'add_alternative',
          row: 0,
          column: 'City',
          from: { value: 'Paris' },
          to: { value: 'Lyon', alternatives: ['Paris'] },
        }),
        op({ op: 'set_blank', row: 0, column: '__proto__', from: { value: 'p' }, to: { value: 'q' } }),
        op({ op: 'set_cell', row: 0, column: 'Name', from: { value: 'Alpha' }, to: { value: 'B' } }),
      ),
      false,
    );
    expect(plan.mismatches.map((m) => m.reason)).toEqual([
      'add_alternative keeps the value and only adds alternatives',
      'set_blank needs `to`: {blank: true}',
      'column is not an attribute column of the task',
    ]);
  });
});

describe('applying edits to the raw gold JSON', () => {
  it('keeps unknown fields and key order, merges sources, and treats `__proto__` as a column', () => {
    const plan = planTask(
      't',
      gold(),
      indexed(
        op({
          op: 'add_alternative',
          row: 0,
          column: 'City',
          from: { value: 'Paris' },
          to: { value: 'Paris', alternatives: ['Paname'] },
          evidence: ['https://e.example/a'],
        }),
        op({ op: 'set_cell', row: 0, column: '__proto__', from: { value: 'p' }, to: { value: 'q' } }),
        op({
          op: 'set_cell',
          row: 1,
          column: 'City',
          from: { blank: true },
          to: { value: 'Rome' },
          evidence: ['https://e.example/b'],
        }),
        op({
          op: 'add_row',
          row: 3,
          from: null,
          to: { entity: 'Delta', aliases: ['D'], cells: { City: { value: 'Nara' } } },
          evidence: ['https://e.example/c'],
        }),
        op({ op: 'remove_row', row: 2, from: { entity: 'Gamma', aliases: [] }, to: null }),
      ),
      false,
    );
    expect(plan.mismatches).toEqual([]);
    const raw = JSON.parse(JSON.stringify(RAW)) as Record<string, unknown>;
    const text = JSON.stringify(applyToRawGold(raw, plan.edits));
    expect(Object.getPrototypeOf(raw)).toBe(Object.prototype);
    expect(text).toBe(
      JSON.stringify({
        entity_column: 'Name',
        columns: RAW.columns,
        rows: [
          {
            entity: 'Alpha',
            aliases: ['A'],
            note: 'kept',
            cells: JSON.parse(
              '{"City":{"value":"Paris","sources":["https://s.example/paris","https://e.example/a"],"extra":1,"alternatives":["Paname"]},"__proto__":{"value":"q"}}',
            ) as unknown,
          },
          { entity: 'Beta', aliases: [], cells: { City: { value: 'Rome', sources: ['https://e.example/b'] } } },
          {
            entity: 'Delta',
            aliases: ['D'],
            cells: JSON.parse(
              '{"City":{"value":"Nara","sources":["https://e.example/c"]},"__proto__":{"ungraded":true}}',
            ) as unknown,
          },
        ],
      }),
    );
    // The same edits seen by the score preview.
    const rows = patchedRows(gold(), plan.edits);
    expect(rows.map((r) => [r.row, r.entity, r.added])).toEqual([
      [0, 'Alpha', false],
      [1, 'Beta', false],
      [3, 'Delta', true],
    ]);
    expect(rows[0]!.cells.get('City')).toMatchObject({ state: 'value', value: 'Paris', alternatives: ['Paname'] });
    expect(rows[0]!.cells.get('__proto__')).toMatchObject({ value: 'q' });
    expect([...rows[0]!.touched].sort()).toEqual(['City', '__proto__']);
  });
});
