// Careful file access shared by every reader: one open + fstat + read per file,
// a size limit checked before reading, strict UTF-8, BOM tolerated, symlinks
// refused where the caller asks (O_NOFOLLOW), JSON errors caught and named.
import { isUtf8 } from 'node:buffer';
import { createHash } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { open } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { ReaderError } from './errors';

export { DEFAULT_MAX_FILE_BYTES, maxBytesOf } from './file-size';

// O_NOFOLLOW does not exist on Windows; there callers fall back to lstat checks.
export const O_NOFOLLOW: number | undefined = (constants as { O_NOFOLLOW?: number }).O_NOFOLLOW;
// A FIFO planted as grade.json would block a plain open() forever; with
// O_NONBLOCK it opens at once and fstat refuses it as not a regular file.
const OPEN_FLAGS = constants.O_RDONLY | ((constants as { O_NONBLOCK?: number }).O_NONBLOCK ?? 0);

export function humanSize(bytes: number): string {
  const units = ['KiB', 'MiB', 'GiB'];
  let value = bytes;
  let unit = 'bytes';
  for (const next of units) {
    if (value < 1024) break;
    value /= 1024;
    unit = next;
  }
  if (unit === 'bytes') return `${bytes} bytes`;
  return `${value >= 10 ? Math.round(value) : value.toFixed(1)} ${unit}`;
}

export function tooLarge(path: string, size: number, max: number): ReaderError {
  return new ReaderError(
    path,
    '',
    `file is ${humanSize(size)} (${size} bytes), above the size limit of ${humanSize(max)} (${max} bytes)`,
  );
}

export type ReadOutcome = { bytes: Buffer } | { absent: true } | { symlink: true };

/**
 * Reads a whole file synchronously: small JSON files are read faster this way
 * than through the thread pool, and the caller yields between tasks. With
 * `noFollow`, a symlink is reported instead of followed (the caller decides
 * whether its target is allowed).
 */
export function readFileLimited(path: string, maxBytes: number, noFollow = false): ReadOutcome {
  let fd: number;
  try {
    fd = openSync(path, OPEN_FLAGS | (noFollow && O_NOFOLLOW !== undefined ? O_NOFOLLOW : 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { absent: true };
    // Linux and macOS answer ELOOP when O_NOFOLLOW meets a symlink (some BSDs EMLINK).
    if (noFollow && (code === 'ELOOP' || code === 'EMLINK')) return { symlink: true };
    throw new ReaderError(path, '', `cannot open: ${(error as Error).message}`);
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new ReaderError(path, '', 'not a regular file');
    if (stat.size > maxBytes) throw tooLarge(path, stat.size, maxBytes);
    // Read up to one byte past the limit so a file growing under us is still caught.
    const bytes = Buffer.allocUnsafe(Math.min(stat.size + 1, maxBytes + 1));
    let length = 0;
    while (length < bytes.length) {
      const read = readSync(fd, bytes, length, bytes.length - length, null);
      if (read === 0) break;
      length += read;
    }
    if (length > maxBytes) throw tooLarge(path, length, maxBytes);
    return { bytes: bytes.subarray(0, length) };
  } catch (error) {
    if (error instanceof ReaderError) throw error;
    throw new ReaderError(path, '', `cannot read: ${(error as Error).message}`);
  } finally {
    closeSync(fd);
  }
}

/**
 * Strict UTF-8 text of `bytes`, without a leading BOM; throws a ReaderError
 * naming `path` otherwise. isUtf8 + toString (both SIMD in Node) are several
 * times faster than a fatal TextDecoder on non-ASCII text.
 */
export function decodeUtf8(bytes: Uint8Array, path: string, field = ''): string {
  if (!isUtf8(bytes))
    throw new ReaderError(path, field, `not valid UTF-8 (at or after byte ${firstInvalidUtf8(bytes)})`);
  const buffer = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const start = buffer.length >= 3 && buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf ? 3 : 0;
  return buffer.toString('utf8', start);
}

/** Byte offset of the first invalid UTF-8 sequence, for the error message. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    const need =
      b < 0x80 ? 0 : b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : -1;
    if (need < 0) return i;
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return i;
    }
    i += need + 1;
  }
  return i;
}

/**
 * JSON.parse that names its failure. V8 parses deep nesting iteratively, but a
 * RangeError (out of memory for a huge value) is still caught and reported.
 */
export function parseJson(text: string, path: string, field = ''): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    if (error instanceof SyntaxError) {
      // V8 names some truncations only by position ("Expected ',' or '}' … at position N"): at the end is truncated.
      const position = /at position (\d+)/u.exec(error.message);
      const atEnd = position !== null && Number(position[1]) >= text.trimEnd().length;
      const truncated = atEnd || /end of (JSON )?input|Unterminated/iu.test(error.message);
      throw new ReaderError(path, field, `${truncated ? 'truncated JSON' : 'invalid JSON'}: ${error.message}`);
    }
    if (error instanceof RangeError)
      throw new ReaderError(path, field, `JSON too large or too deeply nested: ${error.message}`);
    throw error;
  }
}

/** One line of a JSONL file: its 1-based number and bytes without the line break. */
export interface RawLine {
  number: number;
  bytes: Buffer;
  /** Where the line starts in the file and how many bytes it has before its LF, so it can be read again. */
  offset: number;
  rawLength: number;
}

const CHUNK_BYTES = 1024 * 1024;

/**
 * Streams a file's lines as bytes (decoding is per line, so one invalid line
 * does not refuse the file). Hashes every byte read into `hash` when given.
 * Refuses the file up front when it exceeds `maxBytes`.
 */
export async function* readLines(
  path: string,
  maxBytes: number,
  hash?: ReturnType<typeof createHash>,
): AsyncGenerator<RawLine> {
  const handle = await openLimited(path, maxBytes);
  try {
    // Pieces of a line that spans chunks, joined once at its end (a long line
    // must not be re-copied for every chunk).
    let carry: Buffer[] = [];
    let number = 0;
    let total = 0;
    // File offset of the first byte of the line being assembled.
    let lineStart = 0;
    const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    for (;;) {
      const chunkStart = total;
      const { bytesRead } = await handle.read(buffer, 0, CHUNK_BYTES, null);
      if (bytesRead === 0) break;
      total += bytesRead;
      if (total > maxBytes) throw tooLarge(path, total, maxBytes);
      const chunk = buffer.subarray(0, bytesRead);
      hash?.update(chunk);
      let start = 0;
      for (let nl = chunk.indexOf(10, start); nl >= 0; nl = chunk.indexOf(10, start)) {
        const piece = chunk.subarray(start, nl);
        // Copy: `buffer` is reused for the next chunk while consumers may keep lines.
        const line = carry.length > 0 ? Buffer.concat([...carry, piece]) : Buffer.from(piece);
        carry = [];
        start = nl + 1;
        const offset = lineStart;
        lineStart = chunkStart + start;
        yield { number: ++number, bytes: trimLine(line, number), offset, rawLength: line.length };
      }
      if (start < chunk.length) carry.push(Buffer.from(chunk.subarray(start)));
    }
    if (carry.length > 0) {
      const line = Buffer.concat(carry);
      yield { number: ++number, bytes: trimLine(line, number), offset: lineStart, rawLength: line.length };
    }
  } finally {
    await handle.close();
  }
}

/** The bytes of a line read again from its offset, trimmed as readLines trims them. */
export function lineBytes(raw: Buffer, number: number): Buffer {
  return trimLine(raw, number);
}

function trimLine(line: Buffer, number: number): Buffer {
  let start = 0;
  let end = line.length;
  // A BOM may open the file (editors on Windows write one).
  if (number === 1 && line[0] === 0xef && line[1] === 0xbb && line[2] === 0xbf) start = 3;
  if (end > start && line[end - 1] === 13) end--;
  return line.subarray(start, end);
}

/** True when a line holds nothing but ASCII whitespace. */
export function isBlankLine(bytes: Uint8Array): boolean {
  for (const b of bytes) if (b !== 32 && b !== 9 && b !== 13 && b !== 10) return false;
  return true;
}

/** Opens a regular file for streaming, refusing it up front when it exceeds `maxBytes`. */
async function openLimited(path: string, maxBytes: number): Promise<FileHandle> {
  const handle = await open(path, OPEN_FLAGS).catch((error: Error) => {
    throw new ReaderError(path, '', `cannot open: ${error.message}`);
  });
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw new ReaderError(path, '', 'not a regular file');
    if (stat.size > maxBytes) throw tooLarge(path, stat.size, maxBytes);
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** SHA-256 of a whole file, streamed (a dataset's base_sha256), refusing files above `maxBytes`. */
export async function hashFile(path: string, maxBytes: number): Promise<string> {
  const hash = createHash('sha256');
  const handle = await openLimited(path, maxBytes);
  try {
    const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    let total = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, CHUNK_BYTES, null);
      if (bytesRead === 0) break;
      total += bytesRead;
      if (total > maxBytes) throw tooLarge(path, total, maxBytes);
      hash.update(buffer.subarray(0, bytesRead));
    }
  } finally {
    await handle.close();
  }
  return hash.digest('hex');
}

/**
 * Gives the event loop a turn now and then (progress, cancel clicks, IPC) without
 * paying a macrotask per file: readers do synchronous file work between yields.
 */
export class Pacer {
  private last = performance.now();
  constructor(
    private readonly signal: AbortSignal | undefined,
    private readonly sliceMs = 15,
  ) {}

  /**
   * True when the slice is used up (then `await step()`); throws when aborted.
   * Checked synchronously so that the common case costs no promise per line.
   */
  due(): boolean {
    this.signal?.throwIfAborted();
    return performance.now() - this.last >= this.sliceMs;
  }

  async step(): Promise<void> {
    this.signal?.throwIfAborted();
    if (performance.now() - this.last >= this.sliceMs) {
      await nextTurn();
      this.last = performance.now();
      this.signal?.throwIfAborted();
    }
  }
}
