import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedWorkspace } from '../../../demo/generate';
import { exportPatchJob } from '../../../db/export/export-patch';
import type { DisputeRecord } from '../../../db/queries/dispute-records';
import { contentSha256Of } from '../../../db/revisions/index';
import type { ServiceHandle } from '../../../db/service';
import { parseInput } from '../../../shared/api';
import { writeFileSync } from 'node:fs';
import { decryptText, encryptText } from '../../../shared/crypto';
import type { GoldPatch } from '../../../shared/patch';
import { mapOperationText } from '../../../shared/patch';
import { freshService, smallWorkspace, tempDir, workspacePaths } from '../../support/workspace';
import { runJob } from '../../../db/run-job';

let service: ServiceHandle;
let workspace: GeneratedWorkspace;
let out: string;

const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');

function datasetCanaries(path: string): Map<string, string> {
  const canaries = new Map<string, string>();
  for (const line of readFileSync(path, 'utf8').split('\n').filter(Boolean)) {
    const record = JSON.parse(line) as { id: string; canary: string };
    canaries.set(record.id, record.canary);
  }
  return canaries;
}

beforeAll(async () => {
  workspace = await smallWorkspace();
  service = freshService('mia');
  await service.importPaths(workspacePaths(workspace));
  out = tempDir();
  const records = [...service.disputeRecords({})];
  const cells = records.filter((record) => record.kind === 'cell' && record.gold.state === 'value');
  const missing = records.filter((record) => record.kind === 'missing_row');
  const top = (record: DisputeRecord) => record.clusters.find((cluster) => !cluster.agrees_with_gold)!.value;
  await service.rule({
    disputeId: cells[0]!.id,
    decision: 'accept_system',
    value: top(cells[0]!),
    evidence: ['https://source.example/a'],
  });
  await service.rule({ disputeId: cells[1]!.id, decision: 'accept_both', value: top(cells[1]!) });
  await service.rule({ disputeId: cells[2]!.id, decision: 'mark_blank' });
  await service.rule({ disputeId: cells[3]!.id, decision: 'keep_gold' });
  await service.rule({ disputeId: missing[0]!.id, decision: 'add_row', value: missing[0]!.entity, values: {} });
  await service.rule({ disputeId: missing[1]!.id, decision: 'add_alias', row: 0 });
});
afterAll(() => service.close());

describe('gold patch export (design.md §7.1)', () => {
  it('writes one operation per settled change, with from/to, rulings and an opaque dispute id', async () => {
    const result = await runJob(service, 'export', () =>
      service.exportPatch({ revision: 'v1.1', out: join(out, 'plain.json'), plaintext: true }),
    );
    const patch = JSON.parse(readFileSync(result.path, 'utf8')) as GoldPatch;
    expect(patch.format).toBe('atlas-gold-patch/1');
    expect(patch.encrypted).toBe(false);
    expect(patch.base_revision).toBe('v1.0');
    expect(patch.base_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(patch.operations.map((op) => op.op).sort()).toEqual([
      'add_alias',
      'add_alternative',
      'add_row',
      'set_blank',
      'set_cell',
    ]);
    const setCell = patch.operations.find((op) => op.op === 'set_cell')!;
    expect(setCell.evidence).toEqual(['https://source.example/a']);
    expect(setCell.rulings).toEqual([expect.objectContaining({ engineer: 'mia', decision: 'accept_system' })]);
    expect(setCell.dispute_id).toMatch(/^d-[0-9a-f]{20}$/);
    expect(patch.created_at).toBe(
      [...service.store.db.prepare('SELECT created_at FROM rulings').all()]
        .map((row) => (row as { created_at: string }).created_at)
        .sort()
        .at(-1),
    );
  });

  it('encrypts every value, entity, alias and evidence URL with the task canary by default', async () => {
    const plain = JSON.parse(
      readFileSync(
        (
          await runJob(service, 'export', () =>
            service.exportPatch({ revision: 'v1.1', out: join(out, 'p.json'), plaintext: true }),
          )
        ).path,
        'utf8',
      ),
    ) as GoldPatch;
    const result = await runJob(service, 'export', () =>
      service.exportPatch({ revision: 'v1.1', out: join(out, 'enc.json') }),
    );
    const text = readFileSync(result.path, 'utf8');
    const encrypted = JSON.parse(text) as GoldPatch;
    expect(encrypted.encrypted).toBe(true);
    const canaries = datasetCanaries(workspace.dataset);
    const decrypted = encrypted.operations.map((op) =>
      mapOperationText(op, (cipher) => decryptText(cipher, canaries.get(op.task_id)!)),
    );
    expect(decrypted).toEqual(plain.operations);
    const secrets = plain.operations.flatMap((op) => {
      const found: string[] = [];
      mapOperationText(op, (value) => (found.push(value), value));
      return found;
    });
    for (const secret of secrets.filter((value) => value.length >= 4)) expect(text).not.toContain(secret);
  });

  it('records the content identity a reader of the written file computes (by decrypting it)', async () => {
    for (const plaintext of [false, true]) {
      const result = await runJob(service, 'export', () =>
        service.exportPatch({
          revision: 'v1.1',
          out: join(out, `content-${plaintext}.json`),
          plaintext,
        }),
      );
      const patch = JSON.parse(readFileSync(result.path, 'utf8')) as GoldPatch;
      const recorded = service.store.db.prepare("SELECT content_sha256 FROM revisions WHERE tag = 'v1.1'").get() as {
        content_sha256: string;
      };
      expect(recorded.content_sha256).toBe(contentSha256Of(service.store, patch));
    }
  });

  it('is deterministic: the same store gives the same bytes', async () => {
    const a = await runJob(service, 'export', () =>
      service.exportPatch({ revision: 'v1.1', out: join(out, 'a.json') }),
    );
    const b = await runJob(service, 'export', () =>
      service.exportPatch({ revision: 'v1.1', out: join(out, 'b.json') }),
    );
    expect(readFileSync(a.path)).toEqual(readFileSync(b.path));
    expect(a.sha256).toBe(b.sha256);
  });
});

describe('content identity of an encrypted export', () => {
  it('exports as a job with the same bytes, step by step; a cancelled one records and writes nothing', async () => {
    const plain = await runJob(service, 'export', () =>
      service.exportPatch({ revision: 'v-job', out: join(out, 'plain-call.json') }),
    );
    const { jobId } = await service.exportPatch({ revision: 'v-job', out: join(out, 'job.json') });
    const messages = new Set<string>();
    let status = await service.getJob({ jobId });
    while (status.state === 'running') {
      messages.add(status.message);
      await new Promise((resolve) => setTimeout(resolve, 1));
      status = await service.getJob({ jobId });
    }
    expect(status).toMatchObject({ kind: 'export', state: 'done', total: 4 });
    expect(status.export).toEqual({ ...plain, path: join(out, 'job.json') });
    expect(readFileSync(join(out, 'job.json'))).toEqual(readFileSync(join(out, 'plain-call.json')));
    expect(messages.size).toBeGreaterThan(0);

    const cancelled = await service.exportPatch({ revision: 'v-cancelled', out: join(out, 'cancelled.json') });
    await service.cancelJob({ jobId: cancelled.jobId });
    await service.idle();
    expect(await service.getJob({ jobId: cancelled.jobId })).toMatchObject({
      state: 'cancelled',
      error: 'cancelled: no revision was recorded and no file was written',
    });
    expect(() => readFileSync(join(out, 'cancelled.json'))).toThrow();
    expect((await service.listRevisions({})).map((r) => r.tag)).not.toContain('v-cancelled');
  });

  it('is that of the text a reader decrypts, even when a value holds a lone surrogate (encrypted as U+FFFD)', async () => {
    const fresh = freshService('ada');
    try {
      await fresh.importPaths(workspacePaths(workspace));
      const missing = [...fresh.disputeRecords({})].find((record) => record.kind === 'missing_row')!;
      // A column of the task: rule refuses one the task lacks.
      const detail = await fresh.getDispute({ id: missing.id });
      const column = detail.columns.map((c) => c.name).find((name) => name !== detail.entity_column)!;
      await fresh.rule({
        disputeId: missing.id,
        decision: 'add_row',
        value: missing.entity,
        values: { [column]: 'half \uD800 pair' },
        evidence: ['https://x.example/\uDC00'],
      });
      const result = await runJob(fresh, 'export', () =>
        fresh.exportPatch({ revision: 'v2', out: join(tempDir(), 'lone.json') }),
      );
      const patch = JSON.parse(readFileSync(result.path, 'utf8')) as GoldPatch;
      const recorded = fresh.store.db.prepare("SELECT content_sha256 FROM revisions WHERE tag = 'v2'").get() as {
        content_sha256: string;
      };
      expect(recorded.content_sha256).toBe(contentSha256Of(fresh.store, patch));
    } finally {
      fresh.close();
    }
  });
});

describe('refused exports take no tag', () => {
  const recorded = (): string[] =>
    service.store.db.prepare('SELECT tag FROM revisions ORDER BY tag').pluck().all() as string[];

  it('refuses a patch with nothing settled to change, recording nothing', async () => {
    const empty = freshService('mia');
    await empty.importPaths(workspacePaths(workspace));
    await expect(
      runJob(empty, 'export', () => empty.exportPatch({ revision: 'v-empty', out: join(out, 'empty.json') })),
    ).rejects.toThrow(/^nothing to export: no settled ruling changes gold yet/u);
    expect(empty.store.db.prepare('SELECT count(*) FROM revisions').pluck().get()).toBe(0);
    empty.close();
  });

  it('names the missing folder of an output it cannot write, and leaves the tag free for the next try', async () => {
    const before = recorded();
    const missing = join(out, 'no-such-folder', 'patch.json');
    await expect(
      runJob(service, 'export', () => service.exportPatch({ revision: 'v-retry', out: missing })),
    ).rejects.toThrow(`out: no such directory: ${join(out, 'no-such-folder')}`);
    // The folder checked, then gone by the time the file is written.
    await expect(exportPatchJob(service.store, { revision: 'v-retry', out: missing }, 'mia')).rejects.toThrow(
      `${missing}: the folder ${join(out, 'no-such-folder')} does not exist`,
    );
    expect(recorded()).toEqual(before);
    const retried = await runJob(service, 'export', () =>
      service.exportPatch({ revision: 'v-retry', out: join(out, 'retry.json') }),
    );
    expect(retried.operations).toBeGreaterThan(0);
    expect(recorded()).toContain('v-retry');
  });

  it('refuses a row ruling made before the dataset was imported that does not fit its gold, naming it, until it is ruled again', async () => {
    const early = freshService('mia');
    try {
      // Runs first: nobody can check an add_row's columns yet, so the ruling is recorded.
      await early.importPaths([workspace.runsDir]);
      const missing = [...early.disputeRecords({ kind: 'missing_row' })][0]!;
      await early.rule({
        disputeId: missing.id,
        decision: 'add_row',
        value: missing.entity,
        values: { 'Not a column': '12' },
      });
      await early.importPaths([workspace.dataset]);
      await expect(
        runJob(early, 'export', () => early.exportPatch({ revision: 'v-early', out: join(out, 'early.json') })),
      ).rejects.toThrow(
        new RegExp(
          `^1 settled ruling does not fit the task's gold .*rule it again:\\n  ${missing.task_id} · missing row .* \\(dispute ${missing.id}\\), add_row agreed by mia: values: 1 column is not an attribute column of task ${missing.task_id}: "Not a column"`,
          'u',
        ),
      );
      expect(early.store.db.prepare('SELECT count(*) FROM revisions').pluck().get()).toBe(0);

      const detail = await early.getDispute({ id: missing.id });
      const columns = detail.columns.map((column) => column.name).filter((name) => name !== detail.entity_column);
      await early.rule({
        disputeId: missing.id,
        decision: 'add_row',
        value: missing.entity,
        values: { [columns[0]!]: '12' },
      });
      const exported = await runJob(early, 'export', () =>
        early.exportPatch({ revision: 'v-early', out: join(out, 'early.json') }),
      );
      expect(exported.operations).toBe(1);
    } finally {
      early.close();
    }
  });

  it('refuses operations on a task the base dataset import left with older gold (rows removed under graded runs), naming it, its origin and disputes', async () => {
    const local = freshService('mia');
    try {
      await local.importPaths(workspacePaths(workspace));
      const lines = readFileSync(workspace.dataset, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { id: string; gold: string; canary: string });
      const cells = [...local.disputeRecords({ kind: 'cell' })].filter((record) => record.gold.state === 'value');
      const behind = cells[0]!;
      const elsewhere = cells.find((record) => record.task_id !== behind.task_id)!;
      // The revised dataset drops the task's first gold row: every later row's index moves under the graded runs.
      const revised = lines.map((record) => {
        if (record.id !== behind.task_id) return record;
        const gold = JSON.parse(decryptText(record.gold, record.canary)) as { rows: unknown[] };
        gold.rows.shift();
        return { ...record, gold: encryptText(JSON.stringify(gold), record.canary) };
      });
      const revisedPath = join(out, 'atlas-behind.v1.1.jsonl');
      writeFileSync(revisedPath, `${revised.map((record) => JSON.stringify(record)).join('\n')}\n`);
      const report = await local.importPaths([revisedPath]);
      expect(report.skipped.map((item) => [item.field, item.reason.startsWith(`task ${behind.task_id}: `)])).toEqual([
        ['gold.rows', true],
      ]);

      await local.rule({ disputeId: elsewhere.id, decision: 'mark_blank' });
      await local.rule({ disputeId: behind.id, decision: 'mark_blank' });
      const target = join(out, 'behind.json');
      await expect(
        runJob(local, 'export', () => local.exportPatch({ revision: 'v-behind', out: target })),
      ).rejects.toThrow(
        new RegExp(
          `^1 task with settled rulings still has older gold than the base dataset ${escaped(revisedPath)}: .*` +
            `Import the base dataset into a fresh store with runs graded against it\\.\\n  task ${escaped(behind.task_id)}: gold from ${escaped(workspace.dataset)}; dispute ${behind.id}$`,
          'u',
        ),
      );
      expect(local.store.db.prepare('SELECT count(*) FROM revisions').pluck().get()).toBe(0);
      expect(() => readFileSync(target)).toThrow();

      // Ruled back to gold, the task has no operation: the rest exports.
      await local.rule({ disputeId: behind.id, decision: 'keep_gold' });
      expect(
        (await runJob(local, 'export', () => local.exportPatch({ revision: 'v-behind', out: target }))).operations,
      ).toBe(1);
    } finally {
      local.close();
    }
  });

  it('refuses tags and base revisions that are not safe as a file name or git tag', () => {
    for (const revision of ['v 1/2', 'v2 ', '-v2', '../v2', '']) {
      expect(() => parseInput('exportPatch', { revision, out: join(out, 'bad.json') })).toThrow(
        /^exportPatch: revision: expected a tag such as v1\.1/u,
      );
    }
    expect(() =>
      parseInput('exportPatch', { revision: 'v9', baseRevision: 'totally bogus', out: join(out, 'bad.json') }),
    ).toThrow(/^exportPatch: baseRevision: expected a tag such as v1\.1/u);
    expect(parseInput('exportPatch', { revision: 'v2.0-rc1+build_7', out: join(out, 'ok.json') })).toMatchObject({
      revision: 'v2.0-rc1+build_7',
    });
  });
});
