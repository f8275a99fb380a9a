// The flat cells reader keeps memory bounded by the largest task, not the
// file: past a budget it keeps line offsets and reads lines again when their
// task is yielded. Whatever the budget, it yields the same records, and a
// line that changed between the two reads refuses its task.
import { readFileSync, writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedWorkspace } from '../../../db/demo/generate';
import { readCellsFile } from '../../../db/readers/cells-jsonl';
import type { ReaderItem, RunTaskRecord } from '../../../db/readers/types';
import { smallWorkspace } from '../../support/workspace';

let workspace: GeneratedWorkspace;
beforeAll(async () => {
  workspace = await smallWorkspace();
});

async function all(path: string, heldLineBytes?: number): Promise<ReaderItem<RunTaskRecord>[]> {
  const source = await readCellsFile(path, heldLineBytes === undefined ? {} : { heldLineBytes });
  const items: ReaderItem<RunTaskRecord>[] = [];
  for await (const item of source.tasks) items.push(item);
  return items;
}

describe('cells file memory budget', () => {
  it('yields the same records held in memory, spilled in part, or spilled whole', async () => {
    const path = workspace.cells!;
    const held = await all(path);
    expect(held.length).toBeGreaterThan(3);
    expect(held.every((item) => 'ok' in item)).toBe(true);
    const size = readFileSync(path).length;
    expect(await all(path, Math.floor(size / 3))).toEqual(held);
    expect(await all(path, 0)).toEqual(held);
  });

  it('refuses a task whose lines changed between the two reads', async () => {
    const path = `${workspace.cells!}.copy.cells.jsonl`;
    const text = readFileSync(workspace.cells!, 'utf8');
    writeFileSync(path, text);
    const source = await readCellsFile(path, { heldLineBytes: 0 });
    // Same length, different bytes: offsets still line up, the content does not.
    writeFileSync(
      path,
      text.replace(/"verdict":"(correct|incorrect)"/u, (match) =>
        match.includes('incorrect') ? match.replace('incorrect', 'INCORRECT') : match.replace('correct', 'CORRECT'),
      ),
    );
    const items: ReaderItem<RunTaskRecord>[] = [];
    for await (const item of source.tasks) items.push(item);
    const skipped = items.filter((item) => 'skipped' in item);
    expect(skipped).toHaveLength(1);
    expect('skipped' in skipped[0]! && skipped[0].skipped.reason).toMatch(/changed while it was read/);
  });
});
