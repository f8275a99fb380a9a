// The ATLAS dataset (design.md §4.1) as JSONL or Parquet: one DatasetTask per
// line/row, decrypted and validated; a bad line is skipped, the rest imports.
import { isUtf8 } from 'node:buffer';
import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import { extname, resolve } from 'node:path';
import type { AsyncBuffer, FileMetaData } from 'hyparquet';
import { decryptText } from '../../shared/crypto';
import { attempt, describeZodError, ReaderError } from './errors';
import { decodeUtf8, hashFile, isBlankLine, maxBytesOf, Pacer, parseJson, readLines } from './files';
import { parseGold } from './gold';
import { datasetLineSchema } from './schemas';
import type { DatasetTask, ReaderItem, ReaderOptions } from './types';

export interface DatasetSource {
  format: 'jsonl' | 'parquet';
  path: string;
  /** SHA-256 of the whole file's bytes (a patch's base_sha256). */
  sha256: string;
  /** Number of rows when the format says so up front (Parquet), else null. */
  rowCount: number | null;
  /**
   * Tasks one at a time. Skipped paths are `<file>:<line>` (JSONL, 1-based) or
   * `<file>:row <n>` (Parquet, 0-based). Iterate once.
   */
  tasks: AsyncIterable<ReaderItem<DatasetTask>>;
}

const COLUMNS = ['id', 'question', 'gold', 'canary'] as const;

/** Opens a dataset file: hashes it first (so `sha256` is known before any task), then streams its tasks. */
export async function readDataset(file: string, options: ReaderOptions = {}): Promise<DatasetSource> {
  const path = resolve(file);
  const maxBytes = maxBytesOf(options);
  const sha256 = await hashFile(path, maxBytes);
  options.signal?.throwIfAborted();
  if (extname(path).toLowerCase() === '.parquet') {
    const parquet = await openParquet(path);
    return {
      format: 'parquet',
      path,
      sha256,
      rowCount: Number(parquet.metadata.num_rows),
      tasks: parquetTasks(path, parquet, options.signal),
    };
  }
  await refuseCutOffEnd(path);
  return { format: 'jsonl', path, sha256, rowCount: null, tasks: jsonlTasks(path, maxBytes, sha256, options.signal) };
}

const TAIL_CHUNK = 64 * 1024;

/**
 * A dataset whose last line stops in the middle of a record is a cut-off
 * copy (an interrupted download): refused whole, before any task, rather than
 * imported as the first tasks of the benchmark with a skipped last line and
 * made the store's base. A last line without its newline that is whole JSON
 * is fine.
 */
async function refuseCutOffEnd(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    if (size === 0) return;
    const last = Buffer.alloc(1);
    await handle.read(last, 0, 1, size - 1);
    if (last[0] === 0x0a) return;
    // The last line: read backwards in chunks to the newline before it.
    const chunks: Buffer[] = [];
    let end = size;
    while (end > 0) {
      const start = Math.max(0, end - TAIL_CHUNK);
      const chunk = Buffer.alloc(end - start);
      await handle.read(chunk, 0, chunk.length, start);
      const newline = chunk.lastIndexOf(0x0a);
      chunks.unshift(newline >= 0 ? chunk.subarray(newline + 1) : chunk);
      if (newline >= 0) break;
      end = start;
    }
    const text = Buffer.concat(chunks).toString('utf8').trim();
    if (text === '') return;
    try {
      JSON.parse(text);
    } catch {
      throw new ReaderError(
        path,
        '',
        'the file ends in the middle of a record (its last line is cut off, as by an interrupted download); nothing of it was imported: fetch the whole file',
      );
    }
  } finally {
    await handle.close();
  }
}

/** One dataset record (already a plain object) to a DatasetTask; throws ReaderError naming the field. */
function toDatasetTask(raw: unknown, where: string, seen: Map<string, string>): DatasetTask {
  const line = datasetLineSchema.safeParse(raw, { reportInput: true });
  if (!line.success) {
    const { field, reason } = describeZodError(line.error);
    throw new ReaderError(where, field, reason);
  }
  const { id, question: questionEnc, gold: goldEnc, canary } = line.data;
  const first = seen.get(id);
  if (first !== undefined)
    throw new ReaderError(where, 'id', `duplicate task id ${JSON.stringify(id)} (first at ${first})`);
  const question = decrypt(questionEnc, canary, where, 'question');
  const goldText = decrypt(goldEnc, canary, where, 'gold');
  const gold = parseGold(parseJson(goldText, where, 'gold'));
  if ('field' in gold) throw new ReaderError(where, gold.field, `${gold.reason} (task ${JSON.stringify(id)})`);
  seen.set(id, where);
  return { task_id: id, canary, question_enc: questionEnc, gold_enc: goldEnc, question, gold: gold.ok };
}

function decrypt(cipher: string, canary: string, where: string, field: string): string {
  try {
    return decryptText(cipher, canary);
  } catch (error) {
    throw new ReaderError(where, field, `cannot decrypt with the task's canary: ${(error as Error).message}`);
  }
}

async function* jsonlTasks(
  path: string,
  maxBytes: number,
  sha256: string,
  signal?: AbortSignal,
): AsyncGenerator<ReaderItem<DatasetTask>> {
  const hash = createHash('sha256');
  const seen = new Map<string, string>();
  const pacer = new Pacer(signal);
  for await (const line of readLines(path, maxBytes, hash)) {
    if (pacer.due()) await pacer.step();
    if (isBlankLine(line.bytes)) continue;
    const where = `${path}:${line.number}`;
    yield attempt(where, () => toDatasetTask(parseJson(decodeUtf8(line.bytes, where), where), where, seen));
  }
  // The hash was taken before streaming: a file rewritten meanwhile would pair
  // tasks with the wrong base_sha256.
  if (hash.digest('hex') !== sha256)
    throw new ReaderError(path, '', 'the file changed while it was being read; import it again');
}

// ---- Parquet ----

/** Marks a byte-array value that is not valid UTF-8 (hyparquet would otherwise substitute U+FFFD). */
class InvalidUtf8 {}

function fileBuffer(handle: Awaited<ReturnType<typeof open>>, byteLength: number): AsyncBuffer {
  return {
    byteLength,
    async slice(start: number, end = byteLength): Promise<ArrayBuffer> {
      const bytes = new Uint8Array(Math.max(0, end - start));
      let done = 0;
      while (done < bytes.length) {
        const { bytesRead } = await handle.read(bytes, done, bytes.length - done, start + done);
        if (bytesRead === 0) break;
        done += bytesRead;
      }
      return bytes.buffer;
    },
  };
}

interface OpenParquet {
  file: AsyncBuffer;
  metadata: FileMetaData;
  close: () => Promise<void>;
}

async function openParquet(path: string): Promise<OpenParquet> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const file = fileBuffer(handle, size);
    // Loaded here, not with the module: every command loads the readers, few read Parquet.
    const { parquetMetadataAsync } = await import('hyparquet');
    const metadata = await parquetMetadataAsync(file).catch((error: Error) => {
      throw new ReaderError(path, '', `not a readable Parquet file: ${error.message}`);
    });
    const names = new Set(metadata.schema.slice(1).map((element) => element.name));
    for (const column of COLUMNS) {
      if (!names.has(column)) {
        throw new ReaderError(
          path,
          column,
          `the Parquet file has no "${column}" column (it has: ${[...names].slice(0, 20).join(', ')})`,
        );
      }
    }
    return { file, metadata, close: () => handle.close() };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

async function* parquetTasks(
  path: string,
  parquet: OpenParquet,
  signal?: AbortSignal,
): AsyncGenerator<ReaderItem<DatasetTask>> {
  const seen = new Map<string, string>();
  const pacer = new Pacer(signal);
  const [{ parquetReadObjects }, { parquetCompressors }] = await Promise.all([
    import('hyparquet'),
    import('./parquet-codecs'),
  ]);
  const parsers = {
    stringFromBytes: (bytes: Uint8Array | undefined): unknown => {
      if (!bytes) return bytes;
      return isUtf8(bytes)
        ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8')
        : new InvalidUtf8();
    },
  };
  try {
    let rowStart = 0;
    // One row group at a time keeps memory bounded by the largest group.
    for (const group of parquet.metadata.row_groups) {
      const rowEnd = rowStart + Number(group.num_rows);
      const rows = await parquetReadObjects({
        file: parquet.file,
        metadata: parquet.metadata,
        columns: [...COLUMNS],
        rowStart,
        rowEnd,
        parsers,
        compressors: parquetCompressors,
      }).catch((error: Error) => {
        throw new ReaderError(path, '', `cannot read Parquet rows ${rowStart}–${rowEnd - 1}: ${error.message}`);
      });
      for (const [offset, row] of rows.entries()) {
        if (pacer.due()) await pacer.step();
        const where = `${path}:row ${rowStart + offset}`;
        yield attempt(where, () => toDatasetTask(plainRow(row, where), where, seen));
      }
      rowStart = rowEnd;
    }
  } finally {
    await parquet.close();
  }
}

/** A Parquet row as JSON-like values: bigint ids as text, invalid UTF-8 refused by field. */
function plainRow(row: Record<string, unknown>, where: string): Record<string, unknown> {
  const out = Object.create(null) as Record<string, unknown>;
  for (const column of COLUMNS) {
    const value = row[column];
    if (value instanceof InvalidUtf8) throw new ReaderError(where, column, 'not valid UTF-8');
    out[column] =
      typeof value === 'bigint'
        ? value.toString()
        : value instanceof Uint8Array
          ? decodeUtf8(value, where, column)
          : value;
  }
  return out;
}
