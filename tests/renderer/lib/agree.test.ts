// Which rulings "Agree" is offered for, and what Shift+<letter> picks.
import { describe, expect, it } from 'vitest';
import type { RulingView } from '../../../shared/api-types';
import { agreeChoice, agreeOptions } from '../../../renderer/src/lib/agree';
import { cellDetail, rulingView } from '../fixtures';

let seq = 0;
function ruling(over: Partial<RulingView>): RulingView {
  seq += 1;
  return rulingView({ id: `r${seq}`, created_at: `2026-01-01T00:00:0${seq % 10}Z`, ...over });
}

const noah = ruling({ engineer: 'noah', decision: 'keep_gold', created_at: '2026-01-01T09:00:00Z' });
const bob = ruling({ engineer: 'bob', decision: 'mark_blank', created_at: '2026-01-01T10:00:00Z' });
const ava = ruling({ engineer: 'ava', decision: 'mark_blank', created_at: '2026-01-01T11:00:00Z' });
const mia = ruling({ engineer: 'mia', decision: 'mark_ungraded', created_at: '2026-01-01T12:00:00Z' });

describe('agreeOptions', () => {
  it('offers every ruling outside my position in a disagreement', () => {
    const detail = cellDetail({ rulings: [noah, bob, ava, mia] });
    expect(agreeOptions(detail, 'mia').map((p) => p.ruling.engineer)).toEqual(['noah', 'bob', 'ava']);
    expect(agreeOptions(detail, 'bob').map((p) => p.ruling.engineer)).toEqual(['noah', 'mia']);
  });

  it('offers nothing when the rulings agree, when there is one, or when they are hidden', () => {
    expect(agreeOptions(cellDetail({ rulings: [bob, ava] }), 'mia')).toEqual([]);
    expect(agreeOptions(cellDetail({ rulings: [noah] }), 'mia')).toEqual([]);
    expect(agreeOptions(cellDetail({ rulings: [], rulings_hidden: true }), 'mia')).toEqual([]);
  });
});

describe('agreeChoice', () => {
  const detail = cellDetail({ rulings: [noah, bob, ava, mia] });

  it('picks the first ruling of the position with that letter', () => {
    expect(agreeChoice(detail, 'mia', 0)).toMatchObject({ ok: true, position: { ruling: { engineer: 'noah' } } });
    expect(agreeChoice(detail, 'mia', 1)).toMatchObject({ ok: true, position: { ruling: { engineer: 'bob' } } });
  });

  it('says why nothing is picked: my own position, no such position, nothing to settle', () => {
    expect(agreeChoice(detail, 'mia', 2)).toEqual({ ok: false, reason: 'mine' });
    expect(agreeChoice(detail, 'mia', 5)).toEqual({ ok: false, reason: 'none' });
    expect(agreeChoice(cellDetail({ rulings: [bob, ava] }), 'mia', 0)).toEqual({ ok: false, reason: 'nothing' });
  });
});
