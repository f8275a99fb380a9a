import { describe, expect, it } from 'vitest';
import { buildRuleInput, adoptRuling, chooseDecision, emptyDraft } from '../../../renderer/src/lib/draft';
import { filterRows, pickedByQuery, rowLabel, similarRows, type TaskRow } from '../../../renderer/src/lib/row-picker';
import type { RulingView } from '../../../shared/api-types';
import { cellDetail, missingRowDetail } from '../fixtures';

const rows: TaskRow[] = [
  { row: 0, entity: 'The Legend of Zelda: Ocarina of Time 3D', aliases: ['Ocarina of Time 3D'] },
  { row: 1, entity: 'Majora’s Mask 3D', aliases: [] },
  { row: 2, entity: 'Link’s Awakening', aliases: ['Yume o Miru Shima'] },
  { row: 11, entity: 'Meißenfeld Beacon', aliases: [] },
];

describe('gold row picker', () => {
  it('numbers rows from 1 on screen', () => {
    expect(rowLabel(0)).toBe('#1');
    expect(rowLabel(11)).toBe('#12');
  });

  it('finds a row by its number first, then by entity or alias', () => {
    expect(filterRows(rows, '2').map((r) => r.row)).toEqual([1]);
    expect(filterRows(rows, '#1').map((r) => r.row)).toEqual([0, 11]);
    expect(filterRows(rows, 'yume').map((r) => r.row)).toEqual([2]);
    expect(filterRows(rows, 'MEISSENFELD').map((r) => r.row)).toEqual([11]);
    expect(filterRows(rows, '').map((r) => r.row)).toEqual([0, 1, 2, 11]);
    expect(filterRows(rows, 'nothing like it')).toEqual([]);
  });

  it('suggests rows with the same name, not rows sharing one generic word', () => {
    expect([...similarRows(rows, 'Ocarina of Time 3D')]).toEqual([0]);
    expect([...similarRows(rows, 'ocarina time')]).toEqual([0]);
    expect([...similarRows(rows, 'Greywick Beacon')]).toEqual([]);
  });
});

describe('drafts', () => {
  it('asks for a picked gold row for add_alias', () => {
    const detail = missingRowDetail();
    const draft = chooseDecision(emptyDraft('d-2'), detail, 2);
    expect(draft.decision).toBe('add_alias');
    expect(buildRuleInput(draft, detail)).toEqual({
      ok: false,
      error: 'Pick the gold row this entity is an alias of (type its number, entity or alias; ↑↓ choose).',
    });
  });

  it('adopts another engineer’s ruling: decision, value and its cluster; keeps my rationale', () => {
    const detail = cellDetail();
    const theirs: RulingView = {
      id: 'r',
      engineer: 'noah',
      decision: 'accept_system',
      value: '93',
      values: null,
      row: null,
      rationale: 'their reason',
      evidence: [],
      revision: null,
      created_at: '2026-01-01T00:00:00Z',
      retracts: null,
      counted: true,
    };
    const draft = adoptRuling({ ...emptyDraft('d-1'), rationale: 'mine' }, detail, theirs);
    expect(draft).toMatchObject({ decision: 'accept_system', value: '93', picked: 1, rationale: 'mine' });
    expect(buildRuleInput(draft, detail)).toMatchObject({
      ok: true,
      input: { decision: 'accept_system', value: '93', rationale: 'mine' },
    });
  });

  it('adopts an add_alias ruling with its row', () => {
    const detail = missingRowDetail();
    const theirs = {
      id: 'r',
      engineer: 'noah',
      decision: 'add_alias',
      value: null,
      values: null,
      row: 0,
      rationale: null,
      evidence: [],
      revision: null,
      created_at: '',
      retracts: null,
      counted: true,
    } satisfies RulingView;
    const draft = adoptRuling(emptyDraft('d-2'), detail, theirs);
    expect(draft).toMatchObject({ decision: 'add_alias', row: '0' });
    // The alias is the dispute's own entity, shown on the form: the call carries the row only.
    expect(buildRuleInput(draft, detail)).toEqual({
      ok: true,
      input: { disputeId: 'd-2', decision: 'add_alias', row: 0, rationale: null, evidence: [] },
    });
  });

  it('ignores a retraction or a decision that does not fit the dispute', () => {
    const detail = cellDetail();
    const base = emptyDraft('d-1');
    const retraction = {
      id: 'r',
      engineer: 'noah',
      decision: 'retract',
      value: null,
      values: null,
      row: null,
      rationale: null,
      evidence: [],
      revision: null,
      created_at: '',
      retracts: 'x',
      counted: false,
    } satisfies RulingView;
    expect(adoptRuling(base, detail, retraction)).toBe(base);
    expect(adoptRuling(base, detail, { ...retraction, decision: 'add_row' })).toBe(base);
  });
});

describe('a gold-row search never keeps a stale choice', () => {
  const detail = cellDetail({
    task_rows: [
      { row: 0, entity: '星川 Line', aliases: [] },
      { row: 1, entity: 'Harbour Ferries', aliases: ['Harbour Line'] },
    ],
  });

  it('chooses the first match, and none when nothing is typed or nothing matches', () => {
    expect(pickedByQuery(detail.task_rows, 'harbour')).toBe('1');
    expect(pickedByQuery(detail.task_rows, '1')).toBe('0');
    expect(pickedByQuery(detail.task_rows, 'Lanternfield')).toBe('');
    expect(pickedByQuery(detail.task_rows, '  ')).toBe('');
  });

  it('refuses to save with a search that matches no row, naming it', () => {
    const draft = { ...chooseDecision(emptyDraft('d-2'), missingRowDetail(), 2), rowQuery: 'Lanternfield', row: '' };
    const built = buildRuleInput(draft, { ...missingRowDetail(), task_rows: detail.task_rows });
    expect(built.ok).toBe(false);
    expect(!built.ok && built.error).toMatch(
      /^No gold row matches “Lanternfield”, so no row is chosen and nothing is saved\./,
    );
  });

  it('refuses a row the search no longer lists, rather than save it', () => {
    const missing = { ...missingRowDetail(), task_rows: detail.task_rows };
    const draft = { ...chooseDecision(emptyDraft('d-2'), missing, 2), rowQuery: 'harbour', row: '0' };
    const stale = buildRuleInput(draft, missing);
    expect(!stale.ok && stale.error).toContain('Row #1 does not match “harbour”');
    expect(buildRuleInput({ ...draft, row: '1' }, missing)).toMatchObject({
      ok: true,
      input: { decision: 'add_alias', row: 1 },
    });
  });
});
