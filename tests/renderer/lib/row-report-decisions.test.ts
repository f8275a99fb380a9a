// A report about a whole gold row (no column) offers only the row's decisions,
// each on the key it has in every kind of dispute: 1 keep gold, 7 remove row.
import { describe, expect, it } from 'vitest';
import { chooseDecision, decisionsFor, emptyDraft } from '../../../renderer/src/lib/draft';
import { cellDetail, row } from '../fixtures';

describe('decisions of a report dispute', () => {
  const rowReport = cellDetail({ dispute: row({ kind: 'report', column: null }) });
  const cellReport = cellDetail({ dispute: row({ kind: 'report', column: 'Critic Metascore' }) });

  it('about a whole row: keep gold (1) or remove the row (7), nothing that needs a cell', () => {
    expect(decisionsFor(rowReport)).toEqual(['keep_gold', 'remove_row']);
    expect(chooseDecision(emptyDraft('d-1'), rowReport, 0).decision).toBe('keep_gold');
    expect(chooseDecision(emptyDraft('d-1'), rowReport, 6).decision).toBe('remove_row');
    const draft = emptyDraft('d-1');
    for (const index of [1, 2, 3, 4, 5]) expect(chooseDecision(draft, rowReport, index)).toBe(draft);
  });

  it('about a cell: every cell decision, then remove row', () => {
    expect(decisionsFor(cellReport)).toEqual([
      'keep_gold',
      'accept_system',
      'accept_both',
      'new_value',
      'mark_blank',
      'mark_ungraded',
      'remove_row',
    ]);
  });
});
