import { describe, expect, it } from 'vitest';
import { describeGoldOperation, goldOperationFor } from '../../shared/gold-operation';

const cell = { row: 7, column: 'Opening date', entity: 'Greywick Beacon', gold: { value: '2005-06-24' } };

describe('the gold operation a ruling writes, in one text', () => {
  it('sets a cell, rows counted from 1', () => {
    const op = goldOperationFor({ decision: 'accept_system', ...cell, value: '2005-11-09' });
    expect(op).toEqual({
      op: 'set_cell',
      row: 7,
      column: 'Opening date',
      from: { value: '2005-06-24' },
      to: '2005-11-09',
    });
    expect(describeGoldOperation(op)).toBe('set_cell row 8 "Opening date": "2005-06-24" → "2005-11-09"');
  });

  it('adds an alternative, marks blank or ungraded, naming what the cell held', () => {
    expect(describeGoldOperation(goldOperationFor({ decision: 'accept_both', ...cell, value: '2005-11-09' }))).toBe(
      'add_alternative row 8 "Opening date": "2005-06-24" + alternative "2005-11-09"',
    );
    expect(
      describeGoldOperation(
        goldOperationFor({ decision: 'mark_blank', ...cell, gold: { value: 'x', alternatives: ['y'] } }),
      ),
    ).toBe('set_blank row 8 "Opening date": "x" (alternatives "y") → (blank)');
    expect(describeGoldOperation(goldOperationFor({ decision: 'mark_ungraded', ...cell, gold: { blank: true } }))).toBe(
      'set_ungraded row 8 "Opening date": (blank) → (ungraded)',
    );
  });

  it('lists every cell an added row writes, blank ones and the system each came from', () => {
    const op = goldOperationFor({
      decision: 'add_row',
      row: null,
      column: null,
      entity: 'Greywick Beacon',
      gold: null,
      values: { 'Opening date': '2005-11-09', Founded: '1997', Keeper: ' ' },
      systems: { Founded: 'exa-research' },
    });
    expect(describeGoldOperation(op)).toBe(
      [
        'add_row "Greywick Beacon"',
        '  "Founded": "1997" (from exa-research)',
        '  "Keeper": (blank)',
        '  "Opening date": "2005-11-09"',
      ].join('\n'),
    );
    expect(
      describeGoldOperation(
        goldOperationFor({ decision: 'add_row', row: null, column: null, entity: 'X', gold: null, value: 'X Ltd' }),
      ),
    ).toBe('add_row "X Ltd" (no cells: every column blank)');
  });

  it('adds an alias to the row chosen and removes a row by its name', () => {
    const target = { row: 0, entity: '星川 Line', aliases: [] };
    expect(
      describeGoldOperation(
        goldOperationFor({
          decision: 'add_alias',
          row: null,
          column: null,
          entity: 'Lanternfield',
          gold: null,
          target,
        }),
      ),
    ).toBe('add_alias row 1 "星川 Line" + alias "Lanternfield"');
    expect(
      describeGoldOperation(
        goldOperationFor({ decision: 'remove_row', row: 3, column: null, entity: 'Old Pier', gold: null }),
      ),
    ).toBe('remove_row row 4 "Old Pier"');
  });

  it('says when a ruling writes nothing, and why', () => {
    expect(describeGoldOperation(goldOperationFor({ decision: 'keep_gold', ...cell }))).toBe(
      'no change to gold (keep_gold): gold stays as it is',
    );
    expect(goldOperationFor({ decision: 'accept_system', ...cell, value: '2005-06-24' })).toMatchObject({
      op: 'none',
      reason: 'gold already holds "2005-06-24"',
    });
    expect(
      goldOperationFor({ decision: 'accept_both', ...cell, gold: { value: 'a', alternatives: ['b'] }, value: 'b' }),
    ).toMatchObject({ op: 'none' });
    expect(
      goldOperationFor({
        decision: 'add_alias',
        row: null,
        column: null,
        entity: 'A',
        gold: null,
        target: { row: 2, entity: 'B', aliases: ['A'] },
      }),
    ).toMatchObject({ op: 'none' });
    expect(
      goldOperationFor({ decision: 'add_alias', row: null, column: null, entity: 'A', gold: null, target: null }),
    ).toMatchObject({ op: 'none', reason: 'no gold row chosen' });
  });

  it('quotes values so a quote or a line break in them cannot be misread', () => {
    expect(describeGoldOperation(goldOperationFor({ decision: 'new_value', ...cell, value: 'say "hi"\nthere' }))).toBe(
      'set_cell row 8 "Opening date": "2005-06-24" → "say \\"hi\\"\\nthere"',
    );
  });
});
