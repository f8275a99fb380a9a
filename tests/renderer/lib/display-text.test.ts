// The two display helpers every imported text goes through (lib/format.ts):
// oneLine for one-line places, shownText for multi-line ones. Both show bidi
// and zero-width characters as ⟨U+XXXX⟩ marks; only shownText keeps line
// breaks. Plus the small labels built on them (status bar total, import time).
import { describe, expect, it } from 'vitest';
import { clockTime, oneLine, shownText, totalText } from '../../../renderer/src/lib/format';

const INVISIBLE = /[\p{Bidi_Control}\u00ad\u180e\u200b-\u200d\u2060-\u2064\u3164\ufeff]/u;

describe('shownText', () => {
  it('marks bidi and zero-width controls and keeps the line breaks', () => {
    const shown = shownText('seen on \u202eevil.exe\u202c\nTok\u200byo');
    expect(shown).toBe('seen on ⟨U+202E⟩evil.exe⟨U+202C⟩\nTok⟨U+200B⟩yo');
    expect(shown).not.toMatch(INVISIBLE);
  });

  it('turns CR LF, CR and U+2028/U+2029 into plain line breaks rather than marks', () => {
    expect(shownText('a\r\nb\rc\u2028d\u2029e')).toBe('a\nb\nc\nd\ne');
  });

  it('marks other control characters (escape sequences) but keeps tabs', () => {
    expect(shownText('\u001b[31mred\tcell')).toBe('⟨U+001B⟩[31mred\tcell');
  });

  it('is idempotent, so text the service already marked is shown as it is', () => {
    const once = shownText('\u2066x\u2069');
    expect(shownText(once)).toBe(once);
    expect(oneLine(once)).toBe(once);
  });

  it('differs from oneLine only in the line breaks', () => {
    expect(oneLine('why\n\u200fthis')).toBe('why ⏎ ⟨U+200F⟩this');
    expect(shownText('why\n\u200fthis')).toBe('why\n⟨U+200F⟩this');
  });
});

describe('totalText', () => {
  it('says how many the filtered queue shows of the store total', () => {
    expect(totalText(1451, null)).toBe('1,451 total');
    expect(totalText(1451, 20)).toBe('20 shown of 1,451');
    expect(totalText(1451, 0)).toBe('0 shown of 1,451');
  });
});

describe('clockTime', () => {
  it('gives hours and minutes in local time', () => {
    const at = new Date(2026, 10, 30, 9, 5);
    expect(clockTime(at.toISOString())).toBe('09:05');
    expect(clockTime('not a time')).toBe('not a time');
  });
});
