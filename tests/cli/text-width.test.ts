// Terminal columns: tables line up when names hold wide (CJK, Hangul,
// fullwidth) or zero-width characters.
import { describe, expect, it } from 'vitest';
import { table } from '../../cli/format';
import { textWidth, truncateToWidth } from '../../cli/text-width';

describe('terminal text width', () => {
  it('counts wide characters as two columns and combining or zero-width ones as none', () => {
    expect(textWidth('Brauhaus')).toBe(8);
    expect(textWidth('月見 Brauhaus')).toBe(13);
    expect(textWidth('한국')).toBe(4);
    expect(textWidth('ＡＢ')).toBe(4);
    expect(textWidth('e\u0301')).toBe(1);
    expect(textWidth('a\u200bb')).toBe(2);
    expect(textWidth('😀')).toBe(2);
  });

  it('cuts by columns, never in the middle of a wide character', () => {
    expect(truncateToWidth('月見月見月見', 6)).toBe('月見…');
    expect(textWidth(truncateToWidth('月見月見月見', 6))).toBeLessThanOrEqual(6);
    expect(truncateToWidth('short', 6)).toBe('short');
  });

  it('aligns table columns by display width', () => {
    const lines = table(
      ['ENTITY', 'SYS'],
      [
        ['月見 Brauhaus', '2'],
        ['Tidewell Brauhaus', '4'],
      ],
    ).split('\n');
    const column = (line: string): number => textWidth(line.slice(0, line.lastIndexOf(' ') + 1));
    expect(new Set(lines.map(column)).size).toBe(1);
  });
});
