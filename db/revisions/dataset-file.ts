// The dataset file as apply sees it (design.md §4.1): its records in file order
// with their encrypted gold, and a way to write it back with some tasks' gold
// replaced. JSONL keeps every untouched line byte for byte; Parquet keeps the
// schema, row groups and key/value metadata, with every column rewritten.
import { createHash } from 'node:crypto';
import { extname } from 'node:path';
import type { FileMetaData } from 'hyparquet';
import type { ColumnSource, SchemaElement } from 'hyparquet-writer';
import { readInputFile } from '../read-input';
import { loadParquetCompressors } from '../readers';
import type { InputReadOptions } from '../read-input';
import { DatasetFormatError } from './errors';
import { swapGoldBytes } from './jsonl-gold';

export interface DatasetRecord {
  /** Position in the file (line index for JSONL, row for Parquet). */
  position: number;
  id: string;
  canary: string;
  /** The `gold` field exactly as stored (base64 ciphertext). */
  gold: string;
}

export interface DatasetFile {
  format: 'jsonl' | 'parquet';
  sha256: string;
  records: DatasetRecord[];
  /** The file with the gold of some records replaced (position -> new ciphertext), as chunks to write in order. */
  render(replacements: ReadonlyMap<number, string>): Uint8Array[];
}

/** `label`: the field or flag that named the file, for a refusal (not a regular file, too large). */
export async function loadDatasetFile(
  path: string,
  label = 'dataset',
  options: InputReadOptions = {},
): Promise<DatasetFile> {
  const bytes = await readInputFile(path, { label, expected: 'a dataset file (.jsonl or .parquet)' }, options);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return extname(path).toLowerCase() === '.parquet' ? parquetFile(path, bytes, sha256) : jsonlFile(bytes, sha256);
}

/** The fields apply needs from one record, or null when the record lacks them (it is then kept as it is). */
function recordOf(raw: unknown, position: number): DatasetRecord | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const fields = raw as Record<string, unknown>;
  const id =
    text(fields.id) ?? (typeof fields.id === 'number' || typeof fields.id === 'bigint' ? String(fields.id) : null);
  const canary = text(fields.canary);
  const gold = text(fields.gold);
  if (id === null || canary === null || gold === null) return null;
  return { position, id, canary, gold };
}

/** A string field; Parquet BYTE_ARRAY columns without a UTF8 annotation arrive as bytes. */
function text(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (value instanceof Uint8Array)
    return Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('utf8');
  return null;
}

// ---- JSONL ----

interface Line {
  /** The line without its terminator. */
  body: Buffer;
  /** `\n`, `\r\n` or nothing (last line). */
  end: Buffer;
}

function splitLines(bytes: Buffer): Line[] {
  const lines: Line[] = [];
  let start = 0;
  while (start < bytes.length) {
    const newline = bytes.indexOf(0x0a, start);
    const stop = newline < 0 ? bytes.length : newline;
    const bodyEnd = stop > start && bytes[stop - 1] === 0x0d ? stop - 1 : stop;
    lines.push({ body: bytes.subarray(start, bodyEnd), end: bytes.subarray(bodyEnd, newline < 0 ? stop : stop + 1) });
    start = newline < 0 ? bytes.length : newline + 1;
  }
  return lines;
}

/** Groups output into writes of about this size (progress and the kill test see several). */
const CHUNK_BYTES = 64 * 1024;

function jsonlFile(bytes: Buffer, sha256: string): DatasetFile {
  const lines = splitLines(bytes);
  const records: DatasetRecord[] = [];
  lines.forEach((line, position) => {
    // A BOM may open the file; it stays in the output because the line is copied, not re-encoded.
    const text = line.body.toString('utf8').replace(/^\uFEFF/u, '');
    if (text.trim() === '') return;
    try {
      const record = recordOf(JSON.parse(text), position);
      if (record) records.push(record);
    } catch {
      // Not JSON: not a record apply can change; copied through unchanged.
    }
  });
  return {
    format: 'jsonl',
    sha256,
    records,
    render(replacements) {
      const chunks: Uint8Array[] = [];
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      const push = (part: Buffer): void => {
        pending.push(part);
        pendingBytes += part.length;
        if (pendingBytes >= CHUNK_BYTES) {
          chunks.push(Buffer.concat(pending));
          pending = [];
          pendingBytes = 0;
        }
      };
      lines.forEach((line, position) => {
        const gold = replacements.get(position);
        if (gold === undefined) push(line.body);
        else
          for (const part of swapGoldBytes(line.body, gold) ?? [
            Buffer.from(replaceGold(line.body.toString('utf8'), gold), 'utf8'),
          ])
            push(part);
        push(line.end);
      });
      if (pending.length > 0) chunks.push(Buffer.concat(pending));
      return chunks;
    },
  };
}

/**
 * The line with its `gold` string replaced. The old ciphertext is swapped in
 * place when it occurs exactly once (every other byte of the line stays);
 * otherwise the line is serialised again with its keys in their order.
 */
export function replaceGold(line: string, gold: string): string {
  const bom = line.startsWith('\uFEFF') ? '\uFEFF' : '';
  const text = line.slice(bom.length);
  const record = JSON.parse(text) as Record<string, unknown>;
  const token = JSON.stringify(record.gold);
  const first = text.indexOf(token);
  if (first >= 0 && text.indexOf(token, first + 1) < 0) {
    const swapped = text.slice(0, first) + JSON.stringify(gold) + text.slice(first + token.length);
    const check = JSON.parse(swapped) as Record<string, unknown>;
    if (
      check.gold === gold &&
      check.id === record.id &&
      check.canary === record.canary &&
      check.question === record.question
    )
      return bom + swapped;
  }
  record.gold = gold;
  return bom + JSON.stringify(record);
}

// ---- Parquet ----

function toArrayBuffer(bytes: Buffer): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

async function parquetFile(path: string, bytes: Buffer, sha256: string): Promise<DatasetFile> {
  // Loaded here, not with the module: the service loads this module for every command, few touch Parquet.
  const [{ parquetMetadata, parquetReadObjects }, { parquetWriteBuffer }, parquetCompressors] = await Promise.all([
    import('hyparquet'),
    import('hyparquet-writer'),
    loadParquetCompressors(),
  ]);
  const file = toArrayBuffer(bytes);
  let metadata: FileMetaData;
  try {
    metadata = parquetMetadata(file);
  } catch (error) {
    throw new DatasetFormatError(`${path}: not a readable Parquet file (${(error as Error).message})`);
  }
  const [root, ...fields] = metadata.schema;
  // Apply rewrites every column from the values it read; nested columns would need their structure rebuilt.
  if (!root || fields.some((field) => (field.num_children ?? 0) > 0) || fields.length !== (root.num_children ?? 0)) {
    throw new DatasetFormatError(
      `${path}: nested Parquet columns are not supported; export the dataset with flat columns`,
    );
  }
  const names = fields.map((field) => field.name);
  for (const required of ['id', 'gold', 'canary']) {
    if (!names.includes(required))
      throw new DatasetFormatError(`${path}: the Parquet file has no "${required}" column`);
  }
  let rows: Record<string, unknown>[];
  try {
    rows = await parquetReadObjects({ file, metadata, columns: names, compressors: parquetCompressors });
  } catch (error) {
    throw new DatasetFormatError(`${path}: cannot read the Parquet rows (${(error as Error).message})`);
  }
  const records = rows.flatMap((row, position) => recordOf(row, position) ?? []);
  return {
    format: 'parquet',
    sha256,
    records,
    render(replacements) {
      const columnData: ColumnSource[] = names.map((name) => ({
        name,
        data: rows.map((row, position) => {
          const gold = name === 'gold' ? replacements.get(position) : undefined;
          if (gold === undefined) return row[name];
          // Keep the column's physical form: text stays text, bytes stay bytes.
          return row[name] instanceof Uint8Array ? new Uint8Array(Buffer.from(gold, 'utf8')) : gold;
        }),
      }));
      const buffer = parquetWriteBuffer({
        columnData,
        // hyparquet-writer bundles its own hyparquet: the same metadata shapes under other type names.
        schema: metadata.schema as unknown as SchemaElement[],
        rowGroupSize: metadata.row_groups.map((group) => Number(group.num_rows)),
        kvMetadata: metadata.key_value_metadata,
        createdBy: metadata.created_by ?? 'atlas-adjudicator',
        codec: codecOf(metadata),
      });
      const out = new Uint8Array(buffer);
      const chunks: Uint8Array[] = [];
      for (let start = 0; start < out.length; start += CHUNK_BYTES)
        chunks.push(out.subarray(start, start + CHUNK_BYTES));
      return chunks;
    },
  };
}

/** The input's compression when the writer has it built in; else Snappy (which every reader has). */
function codecOf(metadata: FileMetaData): 'SNAPPY' | 'UNCOMPRESSED' {
  const codec = metadata.row_groups[0]?.columns[0]?.meta_data?.codec;
  return codec === 'UNCOMPRESSED' ? 'UNCOMPRESSED' : 'SNAPPY';
}
