import { describe, expect, it } from 'vitest';
import type { RulingView } from '../../../shared/api-types';
import { countedPositions, groupLabel, predictOutcome } from '../../../renderer/src/lib/comparison';
import { findNextOpen, inConflict } from '../../../renderer/src/lib/next-open';
import { cellDetail, missingRowDetail, row, rulingView } from '../fixtures';

let seq = 0;
function ruling(over: Partial<RulingView>): RulingView {
  seq += 1;
  return rulingView({ id: `r${seq}`, created_at: `2026-01-01T00:00:0${seq % 10}Z`, ...over });
}

describe('countedPositions', () => {
  it('keeps counted rulings only, oldest first, grouped by agreement (normalised value)', () => {
    const rulings = [
      ruling({ engineer: 'noah', decision: 'accept_system', value: '93', created_at: '2026-01-01T10:00:00Z' }),
      ruling({ engineer: 'mia', decision: 'keep_gold', created_at: '2026-01-01T09:00:00Z', counted: false }),
      ruling({ engineer: 'mia', decision: 'accept_system', value: ' 93 ', created_at: '2026-01-01T11:00:00Z' }),
      ruling({ engineer: 'ava', decision: 'keep_gold', created_at: '2026-01-01T12:00:00Z' }),
      ruling({ engineer: 'liam', decision: 'retract', retracts: 'x', created_at: '2026-01-01T13:00:00Z' }),
    ];
    const positions = countedPositions(cellDetail({ rulings, column_rule: { type: 'number', tolerance: 0 } }));
    expect(positions.map((p) => [p.ruling.engineer, groupLabel(p.group)])).toEqual([
      ['noah', 'A'],
      ['mia', 'A'],
      ['ava', 'B'],
    ]);
  });
});

describe('predictOutcome', () => {
  const noahKeeps = ruling({ engineer: 'noah', decision: 'keep_gold' });

  it('resolves when I agree with the other engineer under a policy of two', () => {
    const detail = cellDetail({ rulings: [noahKeeps] });
    expect(predictOutcome(detail, { disputeId: 'd-1', decision: 'keep_gold' }, 'mia', 2)).toEqual({
      status: 'resolved',
      agreeing: 2,
      disagreeing: 0,
      required: 2,
    });
  });

  it('is a conflict when I disagree, and open when I am alone under a policy of two', () => {
    const detail = cellDetail({ rulings: [noahKeeps] });
    expect(predictOutcome(detail, { disputeId: 'd-1', decision: 'mark_blank' }, 'mia', 2)?.status).toBe('conflict');
    expect(predictOutcome(cellDetail(), { disputeId: 'd-1', decision: 'mark_blank' }, 'mia', 2)).toMatchObject({
      status: 'open',
      agreeing: 1,
    });
  });

  it('replaces my own counted ruling rather than adding to it', () => {
    const mine = ruling({ engineer: 'mia', decision: 'mark_blank' });
    const detail = cellDetail({ rulings: [noahKeeps, mine] });
    expect(predictOutcome(detail, { disputeId: 'd-1', decision: 'keep_gold' }, 'mia', 2)?.status).toBe('resolved');
  });

  it('cannot foresee anything while others’ rulings are hidden', () => {
    const detail = cellDetail({ rulings: [], rulings_hidden: true });
    expect(predictOutcome(detail, { disputeId: 'd-1', decision: 'keep_gold' }, 'mia', 2)).toBeNull();
  });
});

describe('next in the Conflicts view', () => {
  it('is the next dispute still in conflict, wherever I have ruled', async () => {
    const rows = [
      row({ id: 'a', status: 'resolved' }),
      row({ id: 'b', status: 'conflict', my_decision: 'keep_gold' }),
      row({ id: 'c', status: 'conflict' }),
    ];
    const list = () => Promise.resolve({ rows, total: rows.length });
    expect(
      await findNextOpen(list, { filter: { status: 'conflict' }, from: 0, currentId: 'a', wanted: inConflict }),
    ).toEqual({ id: 'b', index: 1 });
    expect(await findNextOpen(list, { filter: {}, from: 0, currentId: 'a' })).toBeNull();
  });
});

describe('add_row agreement', () => {
  it('compares each column under its rule and takes a missing entity as the dispute’s', () => {
    const detail = missingRowDetail();
    const rulings = [
      ruling({
        engineer: 'mia',
        decision: 'add_row',
        value: null,
        values: { 'Critic Metascore': '87', 'Lead developer headquarters city': '' },
        created_at: '2026-02-01T10:00:00Z',
      }),
      ruling({
        engineer: 'noah',
        decision: 'add_row',
        value: detail.dispute.entity,
        values: { 'Critic Metascore': '87.0' },
        created_at: '2026-02-01T11:00:00Z',
      }),
      ruling({
        engineer: 'ava',
        decision: 'add_row',
        value: detail.dispute.entity,
        values: { 'Critic Metascore': '88' },
        created_at: '2026-02-01T12:00:00Z',
      }),
    ];
    const positions = countedPositions({ ...detail, rulings });
    expect(positions.map((p) => [p.ruling.engineer, groupLabel(p.group)])).toEqual([
      ['mia', 'A'],
      ['noah', 'A'],
      ['ava', 'B'],
    ]);
  });
});
