// The pure rules behind the ruling form's keys (lib/draft.ts): where a
// decision key puts the cursor, what New value starts from, and the evidence
// still typed in the box when saving.
import { describe, expect, it } from 'vitest';
import {
  buildRuleInput,
  chooseDecision,
  emptyDraft,
  focusAfterChoosing,
  pickTarget,
} from '../../../renderer/src/lib/draft';
import { cellDetail, missingRowDetail } from '../fixtures';

describe('where a decision key puts the cursor', () => {
  it('Add row keeps it on the page (its entity is prefilled, letters still pick a system); the key again edits the entity', () => {
    expect(focusAfterChoosing(null, 'add_row')).toBeNull();
    expect(focusAfterChoosing('add_alias', 'add_row')).toBeNull();
    expect(focusAfterChoosing('add_row', 'add_row')).toBe('value');
  });

  it('New value and Add as alias take it at once: there is typing to do', () => {
    expect(focusAfterChoosing(null, 'new_value')).toBe('value');
    expect(focusAfterChoosing('accept_system', 'new_value')).toBe('value');
    expect(focusAfterChoosing('new_value', 'new_value')).toBe('value');
    expect(focusAfterChoosing(null, 'add_alias')).toBe('row');
  });

  it('other decisions leave it where it is', () => {
    for (const decision of [
      'keep_gold',
      'accept_system',
      'accept_both',
      'mark_blank',
      'mark_ungraded',
      'reject_row',
      'remove_row',
    ] as const) {
      expect(focusAfterChoosing(null, decision)).toBeNull();
      expect(focusAfterChoosing(decision, decision)).toBeNull();
    }
  });
});

describe('New value', () => {
  const detail = cellDetail();

  it('starts empty after an accept, not from the picked cluster', () => {
    const accepted = chooseDecision(emptyDraft('d-1'), detail, 1);
    expect(accepted.value).toBe('93');
    expect(chooseDecision(accepted, detail, 3)).toMatchObject({ decision: 'new_value', value: '', picked: null });
  });

  it('keeps what the engineer typed, and its own value when chosen again', () => {
    const accepted = chooseDecision(emptyDraft('d-1'), detail, 1);
    expect(chooseDecision({ ...accepted, value: '92.5' }, detail, 3)).toMatchObject({
      decision: 'new_value',
      value: '92.5',
    });
    // A cluster picked with New value chosen is a starting point to edit: the key again keeps it.
    const started = pickTarget(chooseDecision(emptyDraft('d-1'), detail, 3), detail, 2);
    expect(started).toMatchObject({ decision: 'new_value', value: '95' });
    expect(chooseDecision(started, detail, 3)).toMatchObject({ decision: 'new_value', value: '95' });
  });
});

describe('Add row', () => {
  it('a letter after the decision picks a system: the entity is the system’s, never the letter', () => {
    const detail = missingRowDetail();
    const chosen = chooseDecision(emptyDraft('d-2'), detail, 1);
    expect(chosen).toMatchObject({ decision: 'add_row', value: 'Link’s Awakening', picked: 0 });
    const picked = pickTarget(chosen, detail, 1);
    expect(picked).toMatchObject({ decision: 'add_row', value: 'Zelda: Link’s Awakening (2019)', picked: 1 });
    // The key again changes nothing in the draft: it only edits.
    expect(chooseDecision(picked, detail, 1)).toEqual(picked);
  });
});

describe('evidence still typed in the box when saving', () => {
  const detail = cellDetail();
  const keep = chooseDecision(emptyDraft('d-1'), detail, 0);

  it('is part of the draft, empty at first', () => {
    expect(emptyDraft('d-1').evidenceText).toBe('');
  });

  it('is added when it is an http(s) link, after the links added, once', () => {
    const draft = { ...keep, evidence: ['https://example.org/a'], evidenceText: '  https://example.org/b  ' };
    expect(buildRuleInput(draft, detail)).toMatchObject({
      ok: true,
      input: { evidence: ['https://example.org/a', 'https://example.org/b'] },
    });
    expect(buildRuleInput({ ...draft, evidenceText: 'https://example.org/a' }, detail)).toMatchObject({
      ok: true,
      input: { evidence: ['https://example.org/a'] },
    });
  });

  it('stops the save, saying why, when it is no http(s) link', () => {
    for (const text of ['see the wiki', 'javascript:alert(1)', 'ftp://example.org/x']) {
      const built = buildRuleInput({ ...keep, evidenceText: text }, detail);
      expect(built.ok).toBe(false);
      expect(!built.ok && built.error).toMatch(
        /^Evidence box: .* is not added \(.+\)\. Use an http\(s\) link, or clear the box\.$/,
      );
    }
  });

  it('spaces only are nothing', () => {
    expect(buildRuleInput({ ...keep, evidenceText: '   ' }, detail)).toMatchObject({
      ok: true,
      input: { evidence: [] },
    });
  });
});
