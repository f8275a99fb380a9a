// Whether a file is a ruling log at all, told from its first line: a judges
// file or a dataset given to `rulings import` (or the app's merge) is refused
// in one line naming it, rather than one "format: …" refusal per line, and an
// export writes over an earlier log without asking but over nothing else.
import { readSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { readOpened } from '../read-opened';
import { RULING_LOG_FORMAT } from './log-format';

const RULING_LOG_PREFIX = 'atlas-rulings/';
const LOG_LINE_START = /^\s*\{\s*"format"\s*:\s*"([^"]*)"/u;
/** A first line this long is no ruling: enough is read to tell. */
const MAX_FIRST_LINE = 16 * 1024 * 1024;

/** Whether a log's first line names a ruling-log format (a damaged line that still opens as one counts: the merge refuses it by file:line). */
export function opensRulingLog(firstLine: string): boolean {
  const text = firstLine.replace(/^\uFEFF/u, '');
  let format: unknown;
  try {
    const parsed: unknown = JSON.parse(text);
    format =
      parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
        ? (parsed as Record<string, unknown>).format
        : undefined;
  } catch {
    format = LOG_LINE_START.exec(text)?.[1];
  }
  return typeof format === 'string' && format.startsWith(RULING_LOG_PREFIX);
}

/** Why the file is no ruling log, naming it, or null (an empty file, or one whose first line is a log line). */
export function notARulingLog(path: string): string | null {
  const first = firstNonBlankLine(path);
  if (first === null || opensRulingLog(first.text)) return null;
  return `${path}: not a ruling log (line ${first.line} has no "format": "${RULING_LOG_FORMAT}"); expected a *.rulings.jsonl file written by \`rulings export\``;
}

/** The first line with text and its number (from 1), read a block at a time: a log may be large. Null for an empty file or a folder. */
export function firstNonBlankLine(path: string): { line: number; text: string } | null {
  // A folder or an unreadable file reads as null: the import names it.
  return readOpened(path, (fd) => {
    const block = Buffer.alloc(64 * 1024);
    let pending = '';
    let line = 1;
    const decoder = new StringDecoder('utf8');
    for (;;) {
      const read = readSync(fd, block, 0, block.length, null);
      pending += read > 0 ? decoder.write(block.subarray(0, read)) : decoder.end();
      let end: number;
      while ((end = pending.indexOf('\n')) !== -1) {
        const text = pending.slice(0, end);
        if (text.trim() !== '') return { line, text };
        pending = pending.slice(end + 1);
        line += 1;
      }
      if (read === 0) return pending.trim() === '' ? null : { line, text: pending };
      if (pending.trim() !== '' && pending.length > MAX_FIRST_LINE) return { line, text: pending };
    }
  });
}
