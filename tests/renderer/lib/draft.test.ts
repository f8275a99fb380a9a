import { describe, expect, it } from 'vitest';
import {
  buildRuleInput,
  chooseDecision,
  emptyDraft,
  keepRowSpellings,
  pickTarget,
  pickTargets,
} from '../../../renderer/src/lib/draft';
import { cellDetail, missingRowDetail } from '../fixtures';

describe('choosing a decision', () => {
  const detail = cellDetail();

  it('accept prefills the largest cluster that disagrees with gold', () => {
    const draft = chooseDecision(emptyDraft('d-1'), detail, 1);
    expect(draft.decision).toBe('accept_system');
    expect(draft.picked).toBe(1);
    expect(draft.value).toBe('93');
  });

  it('keep gold needs no value', () => {
    const draft = chooseDecision(emptyDraft('d-1'), detail, 0);
    expect(buildRuleInput(draft, detail)).toEqual({
      ok: true,
      input: { disputeId: 'd-1', decision: 'keep_gold', rationale: null, evidence: [] },
    });
  });

  it('ignores a key beyond the decisions of this kind', () => {
    const draft = emptyDraft('d-1');
    expect(chooseDecision(draft, detail, 8)).toBe(draft);
  });
});

describe('picking a cluster', () => {
  const detail = cellDetail();

  it('implies accept and prefills the value', () => {
    const draft = pickTarget(emptyDraft('d-1'), detail, 2);
    expect(draft).toMatchObject({ decision: 'accept_system', picked: 2, value: '95' });
  });

  it('keeps accept_both when already chosen', () => {
    const both = chooseDecision(emptyDraft('d-1'), detail, 2);
    expect(pickTarget(both, detail, 2)).toMatchObject({ decision: 'accept_both', value: '95' });
  });

  it('ignores a letter with no cluster', () => {
    const draft = emptyDraft('d-1');
    expect(pickTarget(draft, detail, 7)).toBe(draft);
  });
});

describe('missing rows', () => {
  const detail = missingRowDetail();

  it('letters pick a system and prefill the new row from it', () => {
    expect(pickTargets(detail).map((t) => t.label)).toEqual(['kite', 'orion']);
    const draft = pickTarget(emptyDraft('d-2'), detail, 1);
    expect(draft.decision).toBe('add_row');
    expect(draft.value).toBe('Zelda: Link’s Awakening (2019)');
    // Every non-entity column, prefilled where the system gave a value.
    expect(draft.values).toEqual({ 'Critic Metascore': '87', 'Lead developer headquarters city': '' });
    const built = buildRuleInput(draft, detail);
    expect(built).toEqual({
      ok: true,
      input: {
        disputeId: 'd-2',
        decision: 'add_row',
        value: 'Zelda: Link’s Awakening (2019)',
        values: { 'Critic Metascore': '87' },
        rationale: null,
        evidence: [],
      },
    });
  });

  it('add row writes the systems’ own spellings only when asked, and back to gold’s format when unticked', () => {
    // Gold writes this column with one decimal: the system's "87" is prefilled as "87.0".
    const base = missingRowDetail();
    const detail = {
      ...base,
      columns: base.columns.map((c) => (c.name === 'Critic Metascore' ? { ...c, gold_values: ['94.0', '71.0'] } : c)),
    };
    const prefilled = pickTarget(emptyDraft('d-2'), detail, 0);
    expect(prefilled.values['Critic Metascore']).toBe('87.0');
    expect(buildRuleInput(prefilled, detail)).toMatchObject({
      ok: true,
      input: { values: { 'Critic Metascore': '87', 'Lead developer headquarters city': 'Kyoto' } },
    });
    expect((buildRuleInput(prefilled, detail) as { input: object }).input).not.toHaveProperty('keepSpelling');

    const kept = keepRowSpellings(prefilled, detail, true);
    expect(kept.values['Critic Metascore']).toBe('87');
    expect(buildRuleInput(kept, detail)).toMatchObject({
      ok: true,
      input: { keepSpelling: true, values: { 'Critic Metascore': '87', 'Lead developer headquarters city': 'Kyoto' } },
    });
    // A cell the engineer typed stays as typed either way.
    const typed = keepRowSpellings(
      { ...kept, values: { ...kept.values, 'Lead developer headquarters city': 'Kyōto' } },
      detail,
      false,
    );
    expect(typed.values).toEqual({ 'Critic Metascore': '87.0', 'Lead developer headquarters city': 'Kyōto' });
    expect(typed.keepSpelling).toBe(false);
  });

  it('add_alias needs the gold row', () => {
    const draft = chooseDecision(emptyDraft('d-2'), detail, 2);
    expect(draft.decision).toBe('add_alias');
    expect(buildRuleInput(draft, detail)).toMatchObject({ ok: false });
    const built = buildRuleInput({ ...draft, row: ' 3 ' }, detail);
    // The alias is the dispute's entity: the ruling carries the row only (the service refuses a value).
    expect(built).toEqual({
      ok: true,
      input: { disputeId: 'd-2', decision: 'add_alias', row: 3, rationale: null, evidence: [] },
    });
    const picked = pickTarget({ ...draft, row: '3' }, detail, 1);
    expect(picked.decision).toBe('add_alias');
    expect(buildRuleInput(picked, detail)).toMatchObject({ ok: true, input: { row: 3 } });
    expect(buildRuleInput(picked, detail)).not.toHaveProperty('input.value');
  });
});

describe('buildRuleInput', () => {
  const detail = cellDetail();

  it('asks for a decision first', () => {
    expect(buildRuleInput(emptyDraft('d-1'), detail)).toMatchObject({
      ok: false,
      error: expect.stringContaining('decision') as unknown,
    });
  });

  it('requires a value for new_value', () => {
    const draft = chooseDecision(emptyDraft('d-1'), detail, 3);
    expect(buildRuleInput(draft, detail)).toMatchObject({ ok: false });
    expect(buildRuleInput({ ...draft, value: ' 96 ' }, detail)).toMatchObject({
      ok: true,
      input: { decision: 'new_value', value: '96' },
    });
  });

  it('refuses a decision the kind does not allow', () => {
    expect(buildRuleInput({ ...emptyDraft('d-1'), decision: 'add_row' }, detail)).toMatchObject({ ok: false });
  });

  it('sends only the fields the decision takes, whatever an earlier decision left in the draft', () => {
    const accepted = pickTarget(emptyDraft('d-1'), detail, 1);
    const kept = chooseDecision({ ...accepted, row: '2', values: { City: 'Kyoto' } }, detail, 0);
    expect(kept.value).toBe('93');
    expect(buildRuleInput(kept, detail)).toEqual({
      ok: true,
      input: { disputeId: 'd-1', decision: 'keep_gold', rationale: null, evidence: [] },
    });
    const blank = chooseDecision(kept, detail, 4);
    expect(buildRuleInput(blank, detail)).toEqual({
      ok: true,
      input: { disputeId: 'd-1', decision: 'mark_blank', rationale: null, evidence: [] },
    });
  });

  it('accepts only a value some system gave; another value is a new value', () => {
    const accepted = pickTarget(emptyDraft('d-1'), detail, 1);
    expect(buildRuleInput({ ...accepted, value: ' 93 ' }, detail)).toMatchObject({
      ok: true,
      input: { decision: 'accept_system', value: '93' },
    });
    expect(buildRuleInput({ ...accepted, value: '12345' }, detail)).toMatchObject({
      ok: false,
      error: expect.stringContaining('New value') as unknown,
    });
    const typed = chooseDecision({ ...accepted, value: '12345' }, detail, 3);
    expect(buildRuleInput(typed, detail)).toMatchObject({ ok: true, input: { decision: 'new_value', value: '12345' } });
  });

  it('carries rationale and evidence', () => {
    const draft = {
      ...chooseDecision(emptyDraft('d-1'), detail, 0),
      rationale: '  checked metacritic  ',
      evidence: ['https://example.org/a'],
    };
    expect(buildRuleInput(draft, detail)).toMatchObject({
      ok: true,
      input: { rationale: 'checked metacritic', evidence: ['https://example.org/a'] },
    });
  });
});

describe('a missing row’s proposed entity', () => {
  it('starts on the system that wrote the name as the dispute proposes it, tidied', () => {
    const detail = missingRowDetail();
    detail.dispute = { ...detail.dispute, entity: 'Lanternfield Sound Lines' };
    detail.missing_row_systems = [
      { system: 'egret', entity: 'LANTERNFIELD SOUND LINES', values: [], sources: [] },
      { system: 'kite', entity: '  Lanternfield  Sound  Lines ', values: [], sources: [] },
    ];
    expect(pickTargets(detail).map((target) => target.value)).toEqual([
      'LANTERNFIELD SOUND LINES',
      'Lanternfield Sound Lines',
    ]);
    const addRow = chooseDecision(emptyDraft(detail.dispute.id), detail, 1);
    expect(addRow.decision).toBe('add_row');
    expect(addRow.value).toBe('Lanternfield Sound Lines');
    expect(addRow.picked).toBe(1);
  });
});
