// What a draft writes, before it is saved: the gold operation the form shows
// and the notice after saving says again (shared/gold-operation.ts), and
// Add row's cells, each with the system its value came from.
import { describe, expect, it } from 'vitest';
import { newRowCells } from '../../../renderer/src/lib/add-row';
import { buildRuleInput, chooseDecision, emptyDraft, pickTarget, savedNotice } from '../../../renderer/src/lib/draft';
import { draftOperation } from '../../../renderer/src/lib/gold-preview';
import { operationOneLine } from '../../../renderer/src/lib/operation-text';
import type { RulingDraft } from '../../../renderer/src/lib/draft';
import type { DisputeDetail } from '../../../shared/api-types';
import { cellDetail, cluster, missingRowDetail, row } from '../fixtures';

function written(draft: RulingDraft, detail: DisputeDetail): string {
  const built = buildRuleInput(draft, detail);
  if (!built.ok) throw new Error(built.error);
  return operationOneLine(draftOperation(detail, built.input, draft));
}

describe('the gold operation of a draft', () => {
  const detail = cellDetail({ dispute: row({ gold_row: 7, column: 'Critic Metascore' }) });

  it('names the cell, gold’s value and the value written', () => {
    const accept = chooseDecision(emptyDraft('d-1'), detail, 1);
    expect(written(accept, detail)).toBe('set_cell row 8 "Critic Metascore": "94" → "93"');
    expect(written(chooseDecision(emptyDraft('d-1'), detail, 2), detail)).toBe(
      'add_alternative row 8 "Critic Metascore": "94" + alternative "93"',
    );
    expect(written(chooseDecision(emptyDraft('d-1'), detail, 4), detail)).toBe(
      'set_blank row 8 "Critic Metascore": "94" → (blank)',
    );
  });

  it('says when nothing changes in gold', () => {
    expect(written(chooseDecision(emptyDraft('d-1'), detail, 0), detail)).toBe(
      'no change to gold (keep_gold): gold stays as it is',
    );
    expect(written(chooseDecision(emptyDraft('d-2'), missingRowDetail(), 0), missingRowDetail())).toBe(
      'no change to gold (reject_row): the row is not added',
    );
  });

  it('lists every cell an added row writes with its system; a cleared or typed one says so', () => {
    const missing = missingRowDetail();
    const addRow = chooseDecision(emptyDraft('d-2'), missing, 1);
    expect(newRowCells(addRow, missing)).toEqual([
      { column: 'Critic Metascore', value: '87', system: 'kite', given: '87' },
      { column: 'Lead developer headquarters city', value: 'Kyoto', system: 'kite', given: 'Kyoto' },
    ]);
    expect(written(addRow, missing)).toBe(
      'add_row "Link’s Awakening": "Critic Metascore": "87" (from kite); "Lead developer headquarters city": "Kyoto" (from kite)',
    );
    const edited = { ...addRow, values: { 'Critic Metascore': '88', 'Lead developer headquarters city': '' } };
    expect(newRowCells(edited, missing).map((cell) => cell.system)).toEqual([null, null]);
    // Cleared: not written at all, so the operation leaves it out.
    expect(written(edited, missing)).toBe('add_row "Link’s Awakening": "Critic Metascore": "88"');
    // Another system's letter: its values, and its name beside them.
    const orion = pickTarget(addRow, missing, 1);
    expect(newRowCells(orion, missing)[0]).toEqual({
      column: 'Critic Metascore',
      value: '87',
      system: 'orion',
      given: '87',
    });
    expect(newRowCells(orion, missing)[1]).toEqual({
      column: 'Lead developer headquarters city',
      value: '',
      system: null,
      given: '',
    });
  });

  it('is said again by the notice after saving, the service’s own when it gives one', () => {
    const accept = chooseDecision(emptyDraft('d-1'), detail, 1);
    const built = buildRuleInput(accept, detail);
    if (!built.ok) throw new Error(built.error);
    const operation = draftOperation(detail, built.input, accept);
    const context = { detail, engineer: 'mia', required: 1, operation };
    expect(savedNotice(built.input, { status: 'resolved' }, context).text).toContain(
      ': set_cell row 8 "Critic Metascore": "94" → "93" — now resolved.',
    );
    const service = { op: 'set_cell' as const, row: 7, column: 'Critic Metascore', from: { value: '94' }, to: '93.0' };
    expect(savedNotice(built.input, { status: 'resolved', operation: service }, context).text).toContain('→ "93.0"');
  });
});

describe('the gold operation of a value taken from a system', () => {
  const iso = cellDetail({
    dispute: row({ column: 'Opening date', gold_row: 2 }),
    column_rule: { type: 'date', tolerance_days: 3 },
    gold: { state: 'value', value: '2005-06-24', alternatives: [], sources: [] },
    entity_column: 'Venue',
    columns: [
      { name: 'Venue', rule: { type: 'entity' }, gold_values: ['Greywick Beacon'] },
      { name: 'Opening date', rule: { type: 'date', tolerance_days: 3 }, gold_values: ['2005-06-24', '1998-01-02'] },
    ],
    clusters: [{ ...cluster('November 9, 2005', ['a', 'b']), key: '2005-11-09' }],
  });

  it('says the value in gold’s format, as the service writes it, unless the system’s spelling is kept', () => {
    const accept = chooseDecision(emptyDraft('d-1'), iso, 1);
    expect(written(accept, iso)).toBe('set_cell row 3 "Opening date": "2005-06-24" → "2005-11-09"');
    expect(written({ ...accept, value: 'November 9, 2005', keepSpelling: true }, iso)).toBe(
      'set_cell row 3 "Opening date": "2005-06-24" → "November 9, 2005"',
    );
  });

  it('writes an added row’s cells in gold’s format, each still from its system', () => {
    const missing: DisputeDetail = {
      ...missingRowDetail(),
      entity_column: 'Venue',
      columns: iso.columns,
      missing_row_systems: [
        {
          system: 'kite',
          entity: 'Link’s Awakening',
          values: [{ column: 'Opening date', value: 'November 9, 2005', sources: [] }],
          sources: [],
        },
      ],
    };
    const addRow = chooseDecision(emptyDraft('d-2'), missing, 1);
    expect(newRowCells(addRow, missing)).toEqual([
      { column: 'Opening date', value: '2005-11-09', system: 'kite', given: 'November 9, 2005' },
    ]);
    expect(written(addRow, missing)).toBe('add_row "Link’s Awakening": "Opening date": "2005-11-09" (from kite)');
  });
});
