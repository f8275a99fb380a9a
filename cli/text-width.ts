// How many terminal columns text takes: East Asian wide and fullwidth
// characters (CJK, Hangul, fullwidth forms, most emoji) take two, combining
// marks and zero-width characters none, the rest one. Tables align by this,
// not by code points, so a row naming 月見 Brauhaus lines up with the others.

/** Code point ranges two columns wide (Unicode East Asian Width W and F, and emoji presentation). */
const WIDE: readonly (readonly [number, number])[] = [
  [0x1100, 0x115f],
  [0x231a, 0x231b],
  [0x2329, 0x232a],
  [0x23e9, 0x23ec],
  [0x2e80, 0x303e],
  [0x3041, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa000, 0xa4cf],
  [0xa960, 0xa97f],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe10, 0xfe19],
  [0xfe30, 0xfe6f],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
  [0x1f300, 0x1f64f],
  [0x1f900, 0x1f9ff],
  [0x20000, 0x3fffd],
];

const ZERO_WIDTH = /[\p{Mn}\p{Me}\u200b-\u200f\u2060-\u2064\ufeff]/u;

function isWide(codePoint: number): boolean {
  for (const [low, high] of WIDE) {
    if (codePoint < low) return false;
    if (codePoint <= high) return true;
  }
  return false;
}

/** Columns one character (a code point) takes. */
export function charWidth(char: string): number {
  if (ZERO_WIDTH.test(char)) return 0;
  return isWide(char.codePointAt(0)!) ? 2 : 1;
}

/** Columns `text` takes in a terminal. */
export function textWidth(text: string): number {
  let width = 0;
  for (const char of text) width += charWidth(char);
  return width;
}

/** `text` cut to at most `max` columns, an ellipsis marking the cut. */
export function truncateToWidth(text: string, max: number): string {
  if (textWidth(text) <= max) return text;
  let out = '';
  let width = 0;
  for (const char of text) {
    const next = charWidth(char);
    if (width + next > max - 1) break;
    out += char;
    width += next;
  }
  return `${out}…`;
}
