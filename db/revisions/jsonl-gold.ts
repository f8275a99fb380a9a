// Swapping a JSONL dataset line's `gold` ciphertext on its bytes. replaceGold
// (dataset-file.ts) does it on decoded text, parsing the line twice to be
// sure the swap hit the `gold` member; for a large patch that touches nearly
// every line that was a large share of applying. Here a small scan of the
// line's top-level members finds the `gold` value's bytes instead. It answers
// only when the result is certain to be replaceGold's (the line is valid
// UTF-8 and was parsed when loaded, its one `gold` member is a string written
// without escapes, so exactly as JSON.stringify writes it, and that text
// occurs nowhere else in the line, which is when replaceGold swaps in place);
// otherwise null, and the caller uses replaceGold.
import { isUtf8 } from 'node:buffer';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const BOM = [0xef, 0xbb, 0xbf];
const GOLD_KEY = Buffer.from('gold', 'latin1');

function isSpace(byte: number | undefined): boolean {
  return byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;
}

function skipSpace(bytes: Buffer, at: number): number {
  while (isSpace(bytes[at])) at++;
  return at;
}

/** The index just past the string literal opening at `at`, or -1. */
function stringEnd(bytes: Buffer, at: number): number {
  let close = bytes.indexOf(QUOTE, at + 1);
  while (close >= 0) {
    let backslashes = 0;
    while (bytes[close - 1 - backslashes] === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return close + 1;
    close = bytes.indexOf(QUOTE, close + 1);
  }
  return -1;
}

/**
 * Byte range of the top-level `gold` value of a line already known to be a
 * JSON object, or null when it is not a plain string member found exactly
 * once (nested values, escaped keys and duplicates are left to the caller).
 */
function goldValueRange(bytes: Buffer): [number, number] | null {
  let at = BOM.every((byte, i) => bytes[i] === byte) ? BOM.length : 0;
  at = skipSpace(bytes, at);
  if (bytes[at] !== 0x7b) return null;
  at = skipSpace(bytes, at + 1);
  if (bytes[at] === 0x7d) return null;
  let range: [number, number] | null = null;
  for (;;) {
    if (bytes[at] !== QUOTE) return null;
    const keyEnd = stringEnd(bytes, at);
    if (keyEnd < 0) return null;
    const key = bytes.subarray(at + 1, keyEnd - 1);
    if (key.includes(BACKSLASH)) return null;
    at = skipSpace(bytes, keyEnd);
    if (bytes[at] !== 0x3a) return null;
    at = skipSpace(bytes, at + 1);
    const valueStart = at;
    if (bytes[at] === QUOTE) {
      at = stringEnd(bytes, at);
      if (at < 0) return null;
    } else {
      // Numbers, true, false, null; objects and arrays are left to the caller.
      while (at < bytes.length && bytes[at] !== 0x2c && bytes[at] !== 0x7d && !isSpace(bytes[at])) {
        if (bytes[at] === 0x7b || bytes[at] === 0x5b) return null;
        at++;
      }
    }
    if (key.equals(GOLD_KEY)) {
      if (range) return null;
      range = [valueStart, at];
    }
    at = skipSpace(bytes, at);
    if (bytes[at] === 0x2c) {
      at = skipSpace(bytes, at + 1);
      continue;
    }
    if (bytes[at] !== 0x7d) return null;
    return skipSpace(bytes, at + 1) === bytes.length ? range : null;
  }
}

/** `"text"` as JSON bytes; base64 (what apply writes) needs no escapes, which saves a scan. */
function quoted(text: string): Buffer {
  if (Buffer.from(text, 'base64').toString('base64') === text) {
    const bytes = Buffer.allocUnsafe(text.length + 2);
    bytes[0] = QUOTE;
    bytes.write(text, 1, 'latin1');
    bytes[bytes.length - 1] = QUOTE;
    return bytes;
  }
  return Buffer.from(JSON.stringify(text), 'utf8');
}

/**
 * The line (without terminator) with its gold replaced by `newGold`, as parts
 * to write in order, exactly as replaceGold would give it; null when unsure.
 */
export function swapGoldBytes(line: Buffer, newGold: string): Buffer[] | null {
  if (!isUtf8(line)) return null;
  const range = goldValueRange(line);
  if (!range) return null;
  const [start, end] = range;
  // A literal without escapes in valid JSON (the line was parsed when loaded) is exactly JSON.stringify of its
  // text, so these bytes are the token replaceGold looks for.
  if (line[start] !== QUOTE || line.subarray(start + 1, end - 1).includes(BACKSLASH)) return null;
  const token = line.subarray(start, end);
  // replaceGold swaps the first occurrence, and only when there is one.
  if (line.indexOf(token) !== start || line.indexOf(token, start + 1) >= 0) return null;
  return [line.subarray(0, start), quoted(newGold), line.subarray(end)];
}
