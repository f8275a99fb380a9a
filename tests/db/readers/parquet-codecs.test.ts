// Datasets as other tools write them: one Parquet file per codec, written by
// DuckDB and by arrow-rs (tests/fixtures/parquet/README.md), each imported
// through the real import and compared with the JSONL they were made from.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadDatasetFile } from '../../../db/revisions/dataset-file';
import type { ServiceHandle } from '../../../db/service';
import { freshService } from '../../support/workspace';

const FIXTURES = join(import.meta.dirname, '../../fixtures/parquet');
const SOURCE = readFileSync(join(FIXTURES, 'atlas-codecs.jsonl'), 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as { id: string; question: string; gold: string; canary: string });

const opened: ServiceHandle[] = [];
afterEach(() => {
  for (const service of opened.splice(0)) service.close();
});

function storedTasks(service: ServiceHandle): unknown[] {
  return service.store.db
    .prepare('SELECT task_id AS id, question_enc AS question, gold_enc AS gold, canary FROM tasks ORDER BY task_id')
    .all();
}

describe('Parquet datasets in every codec', () => {
  it.each([
    ['ZSTD (DuckDB)', 'atlas-zstd.parquet'],
    ['GZIP (DuckDB)', 'atlas-gzip.parquet'],
    ['BROTLI (DuckDB)', 'atlas-brotli.parquet'],
    ['LZ4_RAW (DuckDB)', 'atlas-lz4-raw.parquet'],
    ['SNAPPY (DuckDB)', 'atlas-snappy.parquet'],
    ['UNCOMPRESSED (DuckDB)', 'atlas-uncompressed.parquet'],
    ['LZ4, dictionary-encoded, one row per row group (arrow-rs)', 'atlas-lz4.parquet'],
  ])('imports %s whole, every task as the JSONL gives it', async (_codec, name) => {
    const service = freshService();
    opened.push(service);
    const report = await service.importPaths([join(FIXTURES, name)]);
    expect(report.skipped).toEqual([]);
    expect(report.tasks).toBe(SOURCE.length);
    expect(storedTasks(service)).toEqual(SOURCE);
    const cells = service.store.db.prepare('SELECT count(*) AS n FROM gold_cells').get() as { n: number };
    expect(cells.n).toBe(SOURCE.length * 2 * 3);
  });
});

describe('apply reads the same files', () => {
  it.each(['atlas-zstd.parquet', 'atlas-brotli.parquet', 'atlas-lz4.parquet'])(
    'loads every record of %s',
    async (name) => {
      const file = await loadDatasetFile(join(FIXTURES, name));
      expect(file.records.map(({ id, gold, canary }) => ({ id, gold, canary }))).toEqual(
        SOURCE.map(({ id, gold, canary }) => ({ id, gold, canary })),
      );
    },
  );
});
