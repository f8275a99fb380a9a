// What the app says after a save: a warning the service gave with the ruling
// (text ruled into a number column) is shown with it, not dropped.
import { describe, expect, it } from 'vitest';
import { savedNotice } from '../../renderer/src/lib/draft';

describe('the notice after a save', () => {
  it('is a plain success without warnings', () => {
    expect(savedNotice('new_value', { status: 'resolved' })).toEqual({ text: 'Saved: New value — now resolved.', tone: 'success' });
  });

  it('carries every warning, and is informative rather than a success', () => {
    const warning = 'column "Critic Metascore" is graded as a number (rule number), but the value "abc" holds none: it is kept as text, and only the same text will match it';
    const notice = savedNotice('new_value', { status: 'open', warnings: [warning] });
    expect(notice.tone).toBe('info');
    expect(notice.text).toBe(`Saved: New value — now open. Note: ${warning}.`);
  });
});
