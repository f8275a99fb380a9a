// What an export may write over and what it writes: the store, a dataset or a
// foreign file is never replaced by a patch or a ruling log without the
// engineer's say; a tag never names the base or an imported dataset; a
// `--dataset` must be one the store imported; rulings that leave gold as it
// is add no operation; engineers agreeing in different spellings are told.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { GeneratedWorkspace } from '../../../db/demo/generate';
import type { ServiceHandle } from '../../../db/service';
import type { DisputeRecord } from '../../../db/queries/dispute-records';
import { freshService, SMALL, smallWorkspace, tempDir, workspacePaths } from '../../support/workspace';

let ws: GeneratedWorkspace;
let service: ServiceHandle;
let dir: string;

async function importedStore(): Promise<void> {
  ws ??= await smallWorkspace({ ...SMALL, datasetFormat: 'both' });
  service = freshService('mia');
  await service.importPaths(workspacePaths(ws));
  dir = tempDir('atlas-export-guards-');
}

function valueCells(): DisputeRecord[] {
  return [...service.disputeRecords({ kind: 'cell' })].filter(
    (record) => record.gold.state === 'value' && record.gold.value !== null,
  );
}

async function settleOneChange(): Promise<void> {
  await service.rule({ disputeId: valueCells()[0]!.id, decision: 'new_value', value: 'Zanzibar Quarterly Review' });
}

const revisionTags = (): string[] => service.store.db.prepare<[], string>('SELECT tag FROM revisions').pluck().all();

beforeEach(importedStore);

describe('an export never lands on what it is made from', () => {
  it('refuses the store and the imported dataset as --out, even with overwrite', async () => {
    await settleOneChange();
    const storeBytes = readFileSync(service.dbPath);
    await expect(service.exportPatch({ revision: 'v1.1', out: service.dbPath, overwrite: true })).rejects.toThrow(
      `out is the store (${service.dbPath}): write the export to a new file`,
    );
    await expect(service.exportPatch({ revision: 'v1.1', out: ws.dataset, overwrite: true })).rejects.toThrow(
      `out is an imported dataset (${ws.dataset})`,
    );
    await expect(
      Promise.resolve().then(() => service.exportRulings({ out: service.dbPath, overwrite: true })),
    ).rejects.toThrow(`out is the store (${service.dbPath})`);
    expect(readFileSync(service.dbPath).subarray(0, 16).toString()).toBe(storeBytes.subarray(0, 16).toString());
    expect(revisionTags()).toEqual([]);
  });

  it('refuses an existing file of another kind unless told to overwrite it', async () => {
    await settleOneChange();
    const notes = join(dir, 'notes.json');
    writeFileSync(notes, '{"mine": true}\n');
    await expect(service.exportPatch({ revision: 'v1.1', out: notes })).rejects.toThrow(
      `out: ${notes} already exists and is not a patch for v1.1 (overwrite replaces it)`,
    );
    expect(readFileSync(notes, 'utf8')).toBe('{"mine": true}\n');
    expect(revisionTags()).toEqual([]);
    await service.exportPatch({ revision: 'v1.1', out: notes, overwrite: true });
    expect(JSON.parse(readFileSync(notes, 'utf8'))).toMatchObject({ format: 'atlas-gold-patch/1', revision: 'v1.1' });
  });

  it("replaces its own earlier export of the same revision, not another revision's patch", async () => {
    await settleOneChange();
    const out = join(dir, 'patch.json');
    await service.exportPatch({ revision: 'v1.1', out });
    await service.exportPatch({ revision: 'v1.1', out });
    await expect(service.exportPatch({ revision: 'v1.2', out })).rejects.toThrow(
      `out: ${out} already exists and is not a patch for v1.2`,
    );
    expect(JSON.parse(readFileSync(out, 'utf8'))).toMatchObject({ revision: 'v1.1' });
  });

  it('lets a ruling log be written again over itself, not over another file', async () => {
    await settleOneChange();
    const log = join(dir, 'mia.rulings.jsonl');
    expect((await service.exportRulings({ out: log })).rulings).toBe(1);
    expect((await service.exportRulings({ out: log })).rulings).toBe(1);
    const other = join(dir, 'todo.txt');
    writeFileSync(other, 'buy milk\n');
    await expect(Promise.resolve().then(() => service.exportRulings({ out: other }))).rejects.toThrow(
      `out: ${other} already exists and is not a ruling log (overwrite replaces it)`,
    );
    expect(readFileSync(other, 'utf8')).toBe('buy milk\n');
  });
});

describe('the revision and base an export names', () => {
  it('refuses a tag equal to the base revision, taking no tag', async () => {
    await settleOneChange();
    const base =
      service.store.db.prepare<[], string>("SELECT value FROM meta WHERE key = 'base_revision'").pluck().get() ??
      'v1.0';
    await expect(service.exportPatch({ revision: base, out: join(dir, 'same.json') })).rejects.toThrow(
      `revision ${base} is the base revision itself`,
    );
    expect(revisionTags()).toEqual([]);
  });

  it('refuses a --dataset without the gold the rulings were made on, taking no tag', async () => {
    await settleOneChange();
    const partial = join(dir, 'partial.jsonl');
    const lines = readFileSync(ws.dataset, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '');
    writeFileSync(partial, `${lines[0]}\n`);
    await expect(service.exportPatch({ revision: 'v1.1', out: join(dir, 'p.json'), dataset: partial })).rejects.toThrow(
      `dataset ${partial} does not hold the gold this store's rulings were made on: ${lines.length - 1} of ${lines.length} tasks differ: `,
    );
    expect(existsSync(join(dir, 'p.json'))).toBe(false);
    expect(revisionTags()).toEqual([]);
  });

  it('takes the imported dataset, or another form of it (its Parquet twin)', async () => {
    await settleOneChange();
    expect(
      (await service.exportPatch({ revision: 'v1.1', out: join(dir, 'p.json'), dataset: ws.dataset })).operations,
    ).toBe(1);
    expect(ws.datasetParquet).toBeTruthy();
    expect(
      (await service.exportPatch({ revision: 'v1.2', out: join(dir, 'q.json'), dataset: ws.datasetParquet! }))
        .operations,
    ).toBe(1);
  });
});

describe('rulings that leave gold as it is', () => {
  it('are said at rule time and add no operation, so an export of only those takes no tag', async () => {
    const cell = valueCells()[0]!;
    const result = await service.rule({ disputeId: cell.id, decision: 'new_value', value: cell.gold.value! });
    // Named as people name it, then what is wrong.
    expect(result.warnings).toEqual([
      `${cell.task_id} · “${cell.entity}” › ${cell.column} (dispute ${cell.id}): gold already holds exactly this: the ruling settles the dispute but changes nothing, and export writes no operation for it (keep_gold says so plainly)`,
    ]);
    expect(result.status).toBe('resolved');
    await expect(service.exportPatch({ revision: 'v1.1', out: join(dir, 'none.json') })).rejects.toThrow(
      /^nothing to export/u,
    );
    expect(revisionTags()).toEqual([]);

    const other = valueCells()[1]!;
    await service.rule({ disputeId: other.id, decision: 'accept_both', value: other.gold.value! });
    await service.rule({ disputeId: valueCells()[2]!.id, decision: 'new_value', value: 'Zanzibar Quarterly Review' });
    const exported = await service.exportPatch({ revision: 'v1.1', out: join(dir, 'one.json'), plaintext: true });
    expect(exported.operations).toBe(1);
    const patch = JSON.parse(readFileSync(exported.path, 'utf8')) as {
      operations: { op: string; to: { value: string } }[];
    };
    expect(patch.operations.map((op) => [op.op, op.to.value])).toEqual([['set_cell', 'Zanzibar Quarterly Review']]);
  });

  it('a ruling that changes gold gets no such warning', async () => {
    const result = await service.rule({
      disputeId: valueCells()[0]!.id,
      decision: 'new_value',
      value: 'Zanzibar Quarterly Review',
    });
    expect(result.warnings ?? []).toEqual([]);
  });
});

describe('engineers who agree in different spellings', () => {
  it('are told which spelling the patch writes', async () => {
    await service.setPolicy({ required: 2 });
    const cell = valueCells().find(
      (record) => record.column !== null && !/year|date|count|number|population/iu.test(record.column),
    )!;
    await service.rule({ disputeId: cell.id, decision: 'new_value', value: 'Zanzibar Quarterly Review' });
    await service.rule({
      disputeId: cell.id,
      decision: 'new_value',
      value: 'zanzibar quarterly review',
      engineer: 'bob',
    });
    const exported = await service.exportPatch({ revision: 'v1.1', out: join(dir, 'agreed.json'), plaintext: true });
    expect(exported.operations).toBe(1);
    expect(exported.warnings).toContain(
      `${cell.task_id} · “${cell.entity}” › ${cell.column} (dispute ${cell.id}): mia, bob agreed on a value spelled 2 ways; the patch writes bob's, the latest ruling (rule it again in the spelling gold should have)`,
    );
    const same = freshService('mia');
    await same.importPaths(workspacePaths(ws));
    await same.setPolicy({ required: 2 });
    await same.rule({ disputeId: cell.id, decision: 'new_value', value: 'Zanzibar Quarterly Review' });
    await same.rule({ disputeId: cell.id, decision: 'new_value', value: 'Zanzibar Quarterly Review', engineer: 'bob' });
    const plain = await same.exportPatch({ revision: 'v1.1', out: join(dir, 'same.json') });
    expect(plain.warnings ?? []).not.toContainEqual(expect.stringContaining('spelled'));
  });
});
