// What the app says after a save: the decision, the dispute it was made on
// (the panel has moved on by the time it is read), the status under the
// policy — with how many agree and that it waits for another engineer when
// the policy wants more than one — and any warning the service gave (text
// ruled into a number column), shown with it, not dropped.
import { describe, expect, it } from 'vitest';
import type { RuleInput } from '../../../shared/api';
import { disputeName, savedNotice, type SavedContext } from '../../../renderer/src/lib/draft';
import { cellDetail, missingRowDetail, row, rulingView } from '../fixtures';

const input: RuleInput = { disputeId: 'd-1', decision: 'new_value', value: '96', rationale: null, evidence: [] };
const alone: SavedContext = { detail: cellDetail(), engineer: 'mia', required: 1 };
const NAME = 'The Legend of Zelda: Ocarina of Time 3D · Critic Metascore';

describe('the notice after a save', () => {
  it('is a plain success naming the dispute, without warnings', () => {
    expect(savedNotice(input, { status: 'resolved' }, alone)).toEqual({
      text: `Saved: New value on “${NAME}” — now resolved.`,
      tone: 'success',
    });
  });

  it('carries every warning, and is informative rather than a success', () => {
    const warning =
      'column "Critic Metascore" is graded as a number (rule number), but the value "abc" holds none: it is kept as text, and only the same text will match it';
    const notice = savedNotice(input, { status: 'resolved', warnings: [warning] }, alone);
    expect(notice.tone).toBe('info');
    expect(notice.text).toBe(`Saved: New value on “${NAME}” — now resolved. Note: ${warning}.`);
  });

  it('under a policy of two, says it is 1 of 2 agreeing and waits for another engineer', () => {
    const notice = savedNotice(input, { status: 'open' }, { ...alone, required: 2 });
    expect(notice).toEqual({
      text: `Saved: New value on “${NAME}” — now open, 1 of 2 agreeing: it waits for another engineer to agree.`,
      tone: 'success',
    });
  });

  it('says so under blind review too, where the other rulings are hidden', () => {
    const detail = cellDetail({ rulings: [], rulings_hidden: true, hidden_engineers: 1 });
    expect(savedNotice(input, { status: 'open' }, { detail, engineer: 'mia', required: 2 }).text).toContain(
      '1 of 2 agreeing',
    );
  });

  it('under a policy of three, counts those who agree from the rulings shown', () => {
    const noah = rulingView({ id: 'n', engineer: 'noah', decision: 'new_value', value: '96' });
    const detail = cellDetail({ rulings: [noah] });
    expect(savedNotice(input, { status: 'open' }, { detail, engineer: 'mia', required: 3 }).text).toContain(
      'now open, 2 of 3 agreeing: it waits for another engineer to agree.',
    );
    expect(
      savedNotice(input, { status: 'open' }, { detail: cellDetail(), engineer: 'mia', required: 3 }).text,
    ).toContain('1 of 3 agreeing: it waits for 2 more engineers to agree.');
    // Hidden rulings: the count is not told, the wait is.
    const hidden = cellDetail({ rulings: [], rulings_hidden: true, hidden_engineers: 1 });
    expect(savedNotice(input, { status: 'open' }, { detail: hidden, engineer: 'mia', required: 3 }).text).toContain(
      'now open: it waits for more engineers to agree (3 must).',
    );
  });

  it('says a conflict as one', () => {
    expect(savedNotice(input, { status: 'conflict' }, { ...alone, required: 2 }).text).toBe(
      `Saved: New value on “${NAME}” — now in conflict: another engineer ruled otherwise.`,
    );
  });
});

describe('the dispute in a notice', () => {
  it('is entity · column, a missing row, or the gold row a row report is on', () => {
    expect(disputeName(cellDetail())).toBe(NAME);
    expect(disputeName(missingRowDetail())).toBe('Link’s Awakening (missing row)');
    expect(
      disputeName(
        cellDetail({ dispute: row({ kind: 'report', column: null, gold_row: 15, entity: 'Halden Dynamics' }) }),
      ),
    ).toBe('Halden Dynamics · row #16');
  });

  it('is one line, and long names are cut', () => {
    const detail = cellDetail({ dispute: row({ entity: `A\nB${'x'.repeat(100)}` }) });
    const name = disputeName(detail);
    expect(name).not.toContain('\n');
    expect(name.length).toBeLessThan(120);
    expect(name).toContain('…');
  });
});
