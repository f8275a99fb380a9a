// The dataset (design.md §4.1) as JSONL and/or Parquet. Parquet goes out one row
// group at a time so the benchmark workload never holds the whole dataset.
import type { ParquetWriter, SchemaElement } from 'hyparquet-writer';
import { encryptText } from '../shared/crypto';
import { JsonlFile } from './files';
import type { GoldJson } from './types';

export interface DatasetRecord {
  id: string;
  question: string;
  gold: string;
  canary: string;
}

export function encryptTask(id: string, question: string, gold: GoldJson, canary: string): DatasetRecord {
  return { id, question: encryptText(question, canary), gold: encryptText(JSON.stringify(gold), canary), canary };
}

const FIELDS = ['id', 'question', 'gold', 'canary'] as const;
const SCHEMA: SchemaElement[] = [
  { name: 'root', num_children: FIELDS.length },
  ...FIELDS.map((name): SchemaElement => ({
    name,
    type: 'BYTE_ARRAY',
    converted_type: 'UTF8',
    repetition_type: 'REQUIRED',
  })),
];
const ROW_GROUP = 128;

export class DatasetWriter {
  private pending: DatasetRecord[] = [];

  private constructor(
    private readonly jsonl: JsonlFile | null,
    private readonly parquet: ParquetWriter | null,
  ) {}

  static async create(jsonlPath: string | null, parquetPath: string | null): Promise<DatasetWriter> {
    const jsonl = jsonlPath === null ? null : await JsonlFile.create(jsonlPath);
    let parquet: ParquetWriter | null = null;
    if (parquetPath !== null) {
      // Loaded only when asked for: the service loads this module for every command.
      const { ParquetWriter: Writer, fileWriter } = await import('hyparquet-writer');
      parquet = new Writer({
        writer: fileWriter(parquetPath),
        schema: SCHEMA,
        createdBy: 'atlas-adjudicator demo generator',
      });
    }
    return new DatasetWriter(jsonl, parquet);
  }

  async add(record: DatasetRecord): Promise<void> {
    await this.jsonl?.append([record]);
    if (!this.parquet) return;
    this.pending.push(record);
    if (this.pending.length >= ROW_GROUP) await this.flushParquet();
  }

  private async flushParquet(): Promise<void> {
    if (!this.parquet || this.pending.length === 0) return;
    const rows = this.pending;
    this.pending = [];
    const columnData = FIELDS.map((name) => ({
      name,
      data: rows.map((r) => r[name]),
      type: 'STRING' as const,
      nullable: false,
    }));
    await this.parquet.write({ columnData, rowGroupSize: ROW_GROUP });
  }

  async close(): Promise<void> {
    await this.flushParquet();
    await this.parquet?.finish();
    await this.jsonl?.close();
  }
}
