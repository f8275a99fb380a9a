// Human-readable output. Values come from imported files and may hold anything,
// including terminal escape sequences, so every value is made inert before it
// reaches a terminal.

import { textWidth, truncateToWidth } from './text-width';

// C0 and C1 controls, DEL, and bidi overrides that could disguise text.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** One-line, terminal-safe text: newlines and tabs become visible, controls become `\uXXXX`. */
export function inline(value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  return value
    .replace(/\r\n|\r|\n/g, ' ⏎ ')
    .replace(/\t/g, ' ')
    .replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Multi-line, terminal-safe text, each line indented. */
export function block(value: string, indent: string): string {
  return value
    .split(/\r\n|\r|\n/)
    .map((line) => indent + inline(line))
    .join('\n');
}

/** `value` cut to `max` terminal columns (wide characters count two), an ellipsis marking the cut. */
export function truncate(value: string, max: number): string {
  return truncateToWidth(value, max);
}

function width(value: string): number {
  return textWidth(value);
}

/** An aligned table; the last column is not padded (no trailing spaces). */
export function table(headers: string[], rows: string[][], maxWidth = 40): string {
  const cells = [headers, ...rows].map((row) => row.map((c) => truncate(inline(c), maxWidth)));
  const widths = headers.map((_, i) => Math.max(...cells.map((row) => width(row[i] ?? ''))));
  return cells
    .map((row) =>
      row
        .map((c, i) => (i === row.length - 1 ? c : c + ' '.repeat((widths[i] ?? 0) - width(c))))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/**
 * A signed change: "+0.037", "-0.013", and "0.000" when it rounds to nothing
 * (never "-0.000" or "+0.000": a tiny float difference is no move), as the
 * app's score preview shows it. ASCII minus, so the text greps and pastes.
 */
export function signedDelta(change: number, digits = 3): string {
  if (!Number.isFinite(change)) return '—';
  const size = Math.abs(change).toFixed(digits);
  if (Number(size) === 0) return (0).toFixed(digits);
  return `${change > 0 ? '+' : '-'}${size}`;
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

/** The verb that agrees with a count: `verb(1, 'settles', 'settle')`. */
export function verb(n: number, one: string, many: string): string {
  return n === 1 ? one : many;
}

/** Word-wraps each paragraph to `width` columns (long words are left whole). */
export function wrap(text: string, width: number): string {
  return text
    .split(/\r\n|\r|\n/)
    .map((paragraph) => {
      const lines: string[] = [];
      let line = '';
      for (const word of paragraph.split(/ +/)) {
        if (line !== '' && [...line].length + 1 + [...word].length > width) {
          lines.push(line);
          line = word;
        } else {
          line = line === '' ? word : `${line} ${word}`;
        }
      }
      lines.push(line);
      return lines.join('\n');
    })
    .join('\n');
}
