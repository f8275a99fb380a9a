// How reports read on screen: row numbers, confidence, control characters as
// visible markers, search and the unlinked filter, list moves.
import { describe, expect, it } from 'vitest';
import type { ReportListItem } from '../../../shared/report-parse/views';
import { topValueText } from '../../../renderer/src/lib/format';
import {
  confidenceText,
  confidenceTone,
  countUnlinked,
  displayParts,
  filterReports,
  hasControls,
  overridden,
  reportKey,
  rowText,
  scoreText,
  stepSelection,
} from '../../../renderer/src/lib/reports';

function item(over: Partial<ReportListItem> = {}): ReportListItem {
  return {
    number: 101,
    repo: 'exa-ai/ATLAS',
    title: 'Ocarina of Time 3D metascore is wrong',
    url: 'https://github.com/exa-ai/ATLAS/issues/101',
    state: 'open',
    author: 'kenji',
    created_at: '2026-11-01T10:00:00Z',
    task_id: 'atlas/0006:zelda remakes',
    row: 0,
    column: 'Critic Metascore',
    column_score: 1,
    dispute_id: 'd-1',
    confidence: 1,
    manual_link: false,
    overridden: false,
    parsed_task_id: 'atlas/0006:zelda remakes',
    parsed_row: 0,
    parsed_column: 'Critic Metascore',
    fixed_in: null,
    column_unresolved: null,
    ...over,
  };
}

describe('report display', () => {
  it('numbers rows from 1 and says when none was found', () => {
    expect(rowText(0)).toBe('#1');
    expect(rowText(3)).toBe('#4');
    expect(rowText(null)).toBe('—');
  });

  it('shows confidence as a percentage with a tone', () => {
    expect(confidenceText(0.95)).toBe('95%');
    expect(confidenceText(null)).toBe('—');
    expect(confidenceTone(0.95)).toBe('high');
    expect(confidenceTone(0.7)).toBe('medium');
    expect(confidenceTone(0.3)).toBe('low');
    expect(confidenceTone(0)).toBe('none');
    expect(confidenceTone(null)).toBe('none');
  });

  it('calls an exact column match exact and a guess by its score', () => {
    expect(scoreText(1)).toBe('exact');
    expect(scoreText(0.82)).toBe('≈ 82%');
    expect(scoreText(null)).toBe('');
  });

  it('turns bidirectional and invisible controls into visible markers, text stays text', () => {
    const parts = displayParts('See https://example.org/\u202Egnp.exe <img src=x onerror=alert(1)>\u200B!');
    expect(parts).toEqual([
      { text: 'See https://example.org/', control: false },
      { text: '⟨U+202E⟩', control: true },
      { text: 'gnp.exe <img src=x onerror=alert(1)>', control: false },
      { text: '⟨U+200B⟩', control: true },
      { text: '!', control: false },
    ]);
    // Already-marked text (the service's body_text) is not marked twice.
    expect(displayParts('a⟨U+202E⟩b').map((p) => p.control)).toEqual([false, true, false]);
    expect(displayParts('')).toEqual([{ text: '', control: false }]);
    expect(hasControls('plain\nlines\ttabs')).toBe(false);
    expect(hasControls('x\u2066y')).toBe(true);
  });

  it('shows a report dispute no system contests with the reported value', () => {
    expect(topValueText({ top_value: 'E10+', top_count: 0, kind: 'report' })).toBe('E10+ (reported)');
    expect(topValueText({ top_value: '93', top_count: 2, kind: 'report' })).toBe('93 (2)');
  });

  it('keys reports by repository and number', () => {
    expect(reportKey(item())).toBe('exa-ai/ATLAS#101');
  });

  it('knows which fields were fixed by hand', () => {
    expect(overridden({ override: { row: 2 } }, 'row')).toBe(true);
    expect(overridden({ override: { row: 2 } }, 'column')).toBe(false);
    expect(overridden({ override: null }, 'row')).toBe(false);
    expect(overridden(null, 'row')).toBe(false);
  });
});

describe('report list', () => {
  const items = [
    item(),
    item({
      number: 102,
      title: 'Skyward Sword HD founding year',
      author: 'alice',
      column: 'Lead developer founding year',
    }),
    item({
      number: 103,
      title: 'Something is off',
      author: 'bob',
      task_id: null,
      row: null,
      column: null,
      dispute_id: null,
      confidence: 0,
    }),
  ];

  it('filters to unlinked reports and searches number, title, author, task and column', () => {
    expect(filterReports(items, { unlinkedOnly: true, query: '' }).map((r) => r.number)).toEqual([103]);
    expect(filterReports(items, { unlinkedOnly: false, query: '#102' }).map((r) => r.number)).toEqual([102]);
    expect(filterReports(items, { unlinkedOnly: false, query: 'ALICE' }).map((r) => r.number)).toEqual([102]);
    expect(filterReports(items, { unlinkedOnly: false, query: 'zelda' }).map((r) => r.number)).toEqual([101, 102]);
    expect(filterReports(items, { unlinkedOnly: false, query: 'founding' }).map((r) => r.number)).toEqual([102]);
    expect(filterReports(items, { unlinkedOnly: true, query: 'zelda' })).toEqual([]);
    expect(countUnlinked(items)).toBe(1);
  });

  it('moves the selection within the list, clamped at both ends', () => {
    const keys = ['a', 'b', 'c'];
    expect(stepSelection(keys, null, 1)).toBe('a');
    expect(stepSelection(keys, null, -1)).toBe('c');
    expect(stepSelection(keys, 'a', 1)).toBe('b');
    expect(stepSelection(keys, 'c', 1)).toBe('c');
    expect(stepSelection(keys, 'a', -1)).toBe('a');
    expect(stepSelection(keys, 'gone', 1)).toBe('a');
    expect(stepSelection([], 'a', 1)).toBeNull();
  });
});
