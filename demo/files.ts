// File output shared by the writers: pretty JSON files and append-only JSONL,
// both written as the generator goes so the workload never sits in memory.
import { open, writeFile } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';

export function prettyJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

export async function writeJson(path: string, value: unknown): Promise<void> {
  await writeFile(path, prettyJson(value), 'utf8');
}

export class JsonlFile {
  private constructor(
    readonly path: string,
    private readonly handle: FileHandle,
  ) {}

  static async create(path: string): Promise<JsonlFile> {
    return new JsonlFile(path, await open(path, 'w'));
  }

  /** One write per batch: a task's lines go out together. */
  async append(records: readonly unknown[]): Promise<void> {
    if (records.length === 0) return;
    await this.handle.write(records.map((r) => `${JSON.stringify(r)}\n`).join(''));
  }

  async close(): Promise<void> {
    await this.handle.close();
  }
}
