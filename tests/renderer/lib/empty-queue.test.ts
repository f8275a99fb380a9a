// What an empty queue says: when the filter bar hides every dispute the view
// would list (the Conflicts view keeps the Queue's Kind filter), it says so,
// with the count and the filters, and offers to clear them.
import { describe, expect, it } from 'vitest';
import { describeFilter, emptyQueueText } from '../../../renderer/src/lib/empty-queue';

describe('the empty queue', () => {
  it('says the filters hide every conflict, names them, and clears them in one click', () => {
    const text = emptyQueueText({ kind: 'missing_row' }, true, 4);
    expect(text.headline).toBe('The filters hide all 4 conflicts.');
    expect(text.filters).toBe('Kind: missing row');
    expect(text.action).toEqual({ kind: 'clear', label: 'Clear filters: show all 4 conflicts' });
    expect(text.headline).not.toMatch(/no conflicts/i);
  });

  it('counts one, and thousands, in words a person reads', () => {
    expect(emptyQueueText({ kind: 'cell' }, true, 1).headline).toBe('The filters hide the conflict.');
    expect(emptyQueueText({ task: 'atlas-0003', search: 'x' }, false, 1451).headline).toBe(
      'The filters hide all 1,451 disputes.',
    );
  });

  it('says there are none when there are none, filters or not', () => {
    expect(emptyQueueText({}, true, 0)).toEqual({
      headline: 'No conflicts: no engineers disagree on any dispute.',
      filters: null,
      action: null,
    });
    expect(emptyQueueText({ kind: 'missing_row' }, true, 0).action).toBeNull();
    expect(emptyQueueText({}, false, 0).headline).toBe('No disputes.');
  });

  it('offers "needs my ruling" off on its own', () => {
    const text = emptyQueueText({ needs: 'mia' }, true, 3);
    expect(text.headline).toBe('Nothing here needs your ruling: you have ruled on every conflict.');
    expect(text.action).toEqual({ kind: 'needs', label: 'Show all 3 conflicts' });
  });

  it('still offers to clear when the count is not known yet', () => {
    expect(emptyQueueText({ kind: 'report' }, true, null)).toEqual({
      headline: 'No conflicts match the filters.',
      filters: 'Kind: report',
      action: { kind: 'clear', label: 'Clear filters' },
    });
  });

  it('names every filter, data shown marked', () => {
    expect(
      describeFilter({
        search: 'a\u202Eb',
        needs: 'mia',
        hasReport: true,
        status: 'open',
        kind: 'cell',
        task: 't',
        column: 'c',
        system: 's',
      }),
    ).toEqual([
      'Search: “a⟨U+202E⟩b”',
      'Needs my ruling',
      'Has report',
      'Status: open',
      'Kind: cell',
      'Task: t',
      'Column: c',
      'System: s',
    ]);
  });
});
