// The release loop through the service, as the app and CLI drive it:
// rule → export → apply (job) → import the revised dataset as the new base
// → the settled disputes show as resolved by that revision.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disputeDetailText } from '../../../cli/views/dispute-detail';
import type { GeneratedWorkspace } from '../../../db/demo/generate';
import type { ServiceHandle } from '../../../db/service';
import { missingRowInGold } from '../../../shared/gold-row-named';
import { writeGhIssues } from '../reports/store-fixture';
import { MIGRATIONS } from '../../../db/migrations/index';
import { openService } from '../../../db/service';
import { freshService, smallWorkspace, tempDir, workspacePaths } from '../../support/workspace';
import { storeAtVersion } from '../store-at-version';

const freshServiceAt = (dbPath: string): ServiceHandle =>
  openService({ dbPath, settingsPath: join(tempDir(), 'settings.json'), engineer: 'mia' });

/** Applies `patch` to the workspace's dataset as the app does (a job), and checks the job finished. */
async function applied(target: ServiceHandle, patch: string, out: string): Promise<void> {
  const { jobId } = await target.applyPatch({ dataset: workspace.dataset, patch, out });
  await target.idle();
  expect((await target.getJob({ jobId })).state).toBe('done');
}

let service: ServiceHandle;
let workspace: GeneratedWorkspace;
const dir = tempDir();
let ruled: string[] = [];

beforeAll(async () => {
  workspace = await smallWorkspace();
  service = freshService('mia');
  await service.importPaths(workspacePaths(workspace));
  const cells = [...service.disputeRecords({ kind: 'cell' })]
    .filter((record) => record.gold.state === 'value')
    .slice(0, 3);
  for (const dispute of cells) {
    await service.rule({
      disputeId: dispute.id,
      decision: 'accept_system',
      value: dispute.clusters.find((c) => !c.agrees_with_gold)!.value,
    });
  }
  ruled = cells.map((dispute) => dispute.id);
});
afterAll(() => service.close());

describe('tagged revision loop', () => {
  it('applies an exported patch as a job, records the revision, and settles its disputes when the revised dataset is imported', async () => {
    const patchPath = join(dir, 'v1.1.patch.json');
    await service.exportPatch({ revision: 'v1.1', out: patchPath });
    const out = join(dir, 'atlas-v1.1.jsonl');
    const { jobId } = await service.applyPatch({
      dataset: workspace.dataset,
      patch: patchPath,
      out,
      changelog: join(dir, 'CHANGELOG.md'),
    });
    await service.idle();
    const job = await service.getJob({ jobId });
    expect(job.state, job.error).toBe('done');
    expect(job.apply!.operations.total).toBe(3);
    expect(readFileSync(join(dir, 'CHANGELOG.md'), 'utf8')).toContain('v1.1');

    const preview = await service.rescore({ patch: patchPath });
    expect(preview.operations).toBe(3);
    expect(preview.systems.length).toBeGreaterThan(0);

    const [revision] = await service.listRevisions({});
    // Where the patch is: the release desk reopens on it.
    expect(revision).toMatchObject({ tag: 'v1.1', operations: 3, imported_at: null, patch_path: patchPath });

    await service.importPaths([out]);
    for (const id of ruled) {
      const detail = await service.getDispute({ id });
      expect(detail.settled_by_revision).toBe('v1.1');
      expect(detail.dispute.status).toBe('resolved');
    }
    expect((await service.getInfo({})).revision).toBe('v1.1');
    expect((await service.listRevisions({}))[0]!.imported_at).not.toBeNull();
  });

  it('a run graded against the new gold that contests a settled cell reopens it; the rulings v1.1 carried out no longer count', async () => {
    const settled = await service.getDispute({ id: ruled[0]! });
    const { task_id, gold_row, column } = settled.dispute;
    const line = {
      task_id,
      system: 'fresh-system',
      gold_row,
      entity: settled.dispute.entity,
      response_entity: settled.dispute.entity,
      column,
      gold: 'x',
      response: 'a brand new answer',
      verdict: 'incorrect',
      method: 'deterministic',
      sources: [],
      reasoning: null,
    };
    writeFileSync(join(dir, 'fresh.cells.jsonl'), `${JSON.stringify(line)}\n`);
    await service.importPaths([join(dir, 'fresh.cells.jsonl')]);
    const reopened = await service.getDispute({ id: ruled[0]! });
    expect(reopened.settled_by_revision).toBeNull();
    expect(reopened.dispute.status).toBe('open');
    expect(reopened.rulings.length).toBeGreaterThan(0);
    expect(reopened.rulings.every((ruling) => !ruling.counted)).toBe(true);
    // The other settled disputes stay settled.
    expect((await service.getDispute({ id: ruled[1]! })).settled_by_revision).toBe('v1.1');
  });

  it('refuses exporting the same tag again with different changes, writing nothing', async () => {
    const extra = [...service.disputeRecords({ kind: 'cell', status: 'open' })][0]!;
    await service.rule({ disputeId: extra.id, decision: 'mark_blank' });
    await expect(service.exportPatch({ revision: 'v1.1', out: join(dir, 'again.json') })).rejects.toThrow(
      /already exported with different changes/,
    );
    expect(() => readFileSync(join(dir, 'again.json'))).toThrow();
  });

  it('the next revision builds on the new base; applying it to the old base is refused and writes nothing', async () => {
    const patchPath = join(dir, 'v1.2.patch.json');
    const exported = await service.exportPatch({ revision: 'v1.2', out: patchPath });
    expect(exported.operations).toBe(1); // the disputes v1.1 settled are not exported again
    const patch = JSON.parse(readFileSync(patchPath, 'utf8')) as { base_revision: string };
    expect(patch.base_revision).toBe('v1.1');
    const { jobId } = await service.applyPatch({
      dataset: workspace.dataset,
      patch: patchPath,
      out: join(dir, 'wrong.jsonl'),
    });
    await service.idle();
    const job = await service.getJob({ jobId });
    expect(job.state).toBe('failed');
    expect(job.error).toMatch(/base/);
    // The refusal also travels as data, for the table the app shows.
    expect(job.refusal?.base).toEqual({
      expected: expect.stringMatching(/^[0-9a-f]{64}$/) as unknown,
      found: expect.stringMatching(/^[0-9a-f]{64}$/) as unknown,
      byGold: true,
    });
    expect(job.refusal?.base?.expected).not.toBe(job.refusal?.base?.found);
    for (const m of job.refusal!.mismatches)
      expect(job.error).toContain(`#${m.index + 1} ${m.op} task ${JSON.stringify(m.task_id)}`);
    expect(() => readFileSync(join(dir, 'wrong.jsonl'))).toThrow();
  });
});

describe('a ruled dispute the revised gold no longer gives', () => {
  it('stays, settled by the revision, with its rulings and in the counts', async () => {
    const local = freshService('mia');
    const localDir = tempDir();
    try {
      await local.importPaths(workspacePaths(workspace));
      const cells = [...local.disputeRecords({ kind: 'cell' })].filter((record) => record.gold.state === 'value');
      const ungraded = cells[0]!;
      // mark_ungraded: under the revised gold the cell is not graded, so no dispute is derived there any more.
      await local.rule({ disputeId: ungraded.id, decision: 'mark_ungraded', rationale: 'not checkable' });
      const patch = join(localDir, 'v1.1.patch.json');
      await local.exportPatch({ revision: 'v1.1', out: patch });
      const out = join(localDir, 'atlas-v1.1.jsonl');
      await applied(local, patch, out);
      const before = (await local.listDisputes({ filter: {}, offset: 0, limit: 1 })).total;

      await local.importPaths([out]);
      const detail = await local.getDispute({ id: ungraded.id });
      expect(detail.settled_by_revision).toBe('v1.1');
      expect(detail.dispute.status).toBe('resolved');
      expect(detail.rulings.map((ruling) => [ruling.engineer, ruling.decision])).toEqual([['mia', 'mark_ungraded']]);
      // It shows the gold as the store holds it now: what the ruling changed.
      expect(ungraded.gold.state).toBe('value');
      expect(detail.gold.state).toBe('ungraded');
      expect(detail.gold.value).toBeNull();
      expect(
        [...local.disputeRecords({ task: ungraded.task_id })].find((record) => record.id === ungraded.id)!.gold.state,
      ).toBe('ungraded');
      expect(
        (await local.listDisputes({ filter: { status: 'resolved' }, offset: 0, limit: 100 })).rows.map((row) => row.id),
      ).toContain(ungraded.id);
      expect((await local.getStats({})).engineers).toEqual(['mia']);
      expect(
        local.store.db
          .prepare(
            'SELECT count(*) FROM rulings r WHERE NOT EXISTS (SELECT 1 FROM disputes d WHERE d.id = r.dispute_id)',
          )
          .pluck()
          .get(),
      ).toBe(0);
      expect((await local.listDisputes({ filter: {}, offset: 0, limit: 1 })).total).toBe(before);
    } finally {
      local.close();
    }
  });
});

describe('a missing row a revision added', () => {
  it('is shown where gold has it now (the row and the revision), in the service detail and in `show`, not as "not in gold"', async () => {
    const local = freshService('mia');
    const localDir = tempDir();
    try {
      await local.importPaths(workspacePaths(workspace));
      const [added, aliased, untouched] = [...local.disputeRecords({ kind: 'missing_row' })];
      // add_row under a spelling no system used; add_alias onto the task's first gold row.
      await local.rule({ disputeId: added!.id, decision: 'add_row', value: `${added!.entity} (added)` });
      await local.rule({ disputeId: aliased!.id, decision: 'add_alias', row: 0 });
      const before = await local.getDispute({ id: untouched!.id });
      expect(missingRowInGold(before)).toBeNull();
      expect(disputeDetailText(before)).toContain('not in gold (missing row)');

      const patch = join(localDir, 'v1.1.patch.json');
      await local.exportPatch({ revision: 'v1.1', out: patch });
      const out = join(localDir, 'atlas-v1.1.jsonl');
      await applied(local, patch, out);
      await local.importPaths([out]);

      const addedNow = await local.getDispute({ id: added!.id });
      expect(addedNow.settled_by_revision).toBe('v1.1');
      const addedRow = missingRowInGold(addedNow)!;
      expect(addedRow.entity).toBe(`${added!.entity} (added)`);
      expect(addedRow.row).toBe(addedNow.task_rows.length - 1);
      expect(disputeDetailText(addedNow)).toContain(
        `in gold now: row ${addedRow.row + 1} · ${added!.entity} (added) (added by revision v1.1; the runs were graded before it)`,
      );

      const aliasedNow = await local.getDispute({ id: aliased!.id });
      const aliasRow = missingRowInGold(aliasedNow)!;
      expect(aliasRow.row).toBe(0);
      expect(aliasRow.aliases).toContain(aliased!.entity);
      expect(disputeDetailText(aliasedNow)).toContain('in gold now: row 1 · ');

      expect(disputeDetailText(await local.getDispute({ id: untouched!.id }))).toContain('not in gold (missing row)');
    } finally {
      local.close();
    }
  });
});

describe('a revision that removes a gold row under graded runs', () => {
  it('settles every dispute it carried, names the task left with its older gold, and the next release goes out; new rulings on that task are refused', async () => {
    const local = freshService('mia');
    const localDir = tempDir();
    try {
      await local.importPaths(workspacePaths(workspace));
      const cells = [...local.disputeRecords({ kind: 'cell' })].filter(
        (record) => record.gold.state === 'value' && record.gold_row! >= 1,
      );
      const [kept, elsewhere] = [cells[0]!, cells.find((record) => record.task_id !== cells[0]!.task_id)!];
      const issues = writeGhIssues([
        {
          number: 301,
          title: 'Not an entity',
          body: `Task: ${kept.task_id}\nRow: 1\n\nThis row does not meet the conditions; it should be removed.`,
        },
      ]);
      await local.importPaths([issues]);
      const report = [...local.disputeRecords({ kind: 'report' })][0]!;
      expect(report).toMatchObject({ task_id: kept.task_id, gold_row: 0, column: null });
      await local.rule({ disputeId: report.id, decision: 'remove_row' });
      await local.rule({ disputeId: kept.id, decision: 'mark_blank' });
      await local.rule({ disputeId: elsewhere.id, decision: 'mark_blank' });
      const patch = join(localDir, 'v1.1.patch.json');
      const exported = await local.exportPatch({ revision: 'v1.1', out: patch });
      expect(exported.operations).toBe(3);
      // Said at export, before anyone applies it.
      expect(exported.warnings).toEqual([
        expect.stringMatching(
          new RegExp(
            `^v1\\.1 removes gold rows of task ${kept.task_id.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')} under runs graded against the old rows: importing the revised dataset into this store will leave that task with its older gold`,
            'u',
          ),
        ),
      ]);
      const out = join(localDir, 'atlas-v1.1.jsonl');
      await applied(local, patch, out);

      const imported = await local.importPaths([out]);
      expect(imported.skipped.map((item) => item.field)).toEqual(['gold.rows']);
      // The released dataset carries all three changes: all three disputes are settled, the task is named as left with its older gold.
      expect(imported.revision).toEqual({
        tag: 'v1.1',
        settled: 3,
        tasks_left: [kept.task_id],
        recognised_by_gold: false,
      });
      for (const id of [elsewhere.id, report.id, kept.id])
        expect((await local.getDispute({ id })).settled_by_revision).toBe('v1.1');
      expect((await local.listRevisions({}))[0]).toMatchObject({ tag: 'v1.1', settled: 3 });

      // The next release goes out: what v1.1 shipped is not exported again, so the task left behind blocks nothing.
      const next = [...local.disputeRecords({ kind: 'cell', status: 'open' })].find(
        (record) => record.task_id !== kept.task_id && record.gold.state === 'value',
      )!;
      await local.rule({ disputeId: next.id, decision: 'mark_blank' });
      const v12 = await local.exportPatch({
        revision: 'v1.2',
        out: join(localDir, 'v1.2.patch.json'),
        plaintext: true,
      });
      expect(v12.operations).toBe(1);
      const ops = JSON.parse(readFileSync(v12.path, 'utf8')) as {
        base_revision: string;
        operations: { dispute_id: string }[];
      };
      expect(ops.base_revision).toBe('v1.1');
      expect(ops.operations.map((op) => op.dispute_id)).toEqual([next.id]);
      // A new ruling on the task left behind is still refused: its operation would be against the older rows.
      const onLeft = [...local.disputeRecords({ kind: 'cell', task: kept.task_id, status: 'open' })].find(
        (record) => record.gold.state === 'value',
      )!;
      await local.rule({ disputeId: onLeft.id, decision: 'mark_blank' });
      await expect(local.exportPatch({ revision: 'v1.3', out: join(localDir, 'v1.3.patch.json') })).rejects.toThrow(
        new RegExp(`task ${kept.task_id.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')}: gold from `, 'u'),
      );
    } finally {
      local.close();
    }
  });
});

describe("where a revision's patch is", () => {
  it('is the path it was written to, then the path it was last applied from; a store from before migration 007 gains the column empty', async () => {
    const local = freshService('mia');
    const localDir = tempDir();
    try {
      await local.importPaths(workspacePaths(workspace));
      const cell = [...local.disputeRecords({ kind: 'cell' })].find((record) => record.gold.state === 'value')!;
      await local.rule({ disputeId: cell.id, decision: 'mark_blank' });
      const written = join(localDir, 'v1.1.patch.json');
      await local.exportPatch({ revision: 'v1.1', out: written });
      expect((await local.listRevisions({}))[0]!.patch_path).toBe(written);
      const copy = join(localDir, 'copied.patch.json');
      writeFileSync(copy, readFileSync(written));
      await applied(local, copy, join(localDir, 'v1.1.jsonl'));
      expect((await local.listRevisions({}))[0]!.patch_path).toBe(copy);

      const dbPath = local.store.path;
      local.close();
      const old = storeAtVersion(6, { rowsOf: dbPath });
      old.db.close();
      const reopened = freshServiceAt(old.path);
      try {
        expect(reopened.store.db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
        expect((await reopened.listRevisions({}))[0]).toMatchObject({ tag: 'v1.1', patch_path: null });
      } finally {
        reopened.close();
      }
    } finally {
      if (local.store.db.open) local.close();
    }
  });
});

describe('an export before the previous revision is imported', () => {
  it('says which operations the earlier tag already carries, until that revision is imported as the base', async () => {
    const local = freshService('mia');
    const localDir = tempDir();
    try {
      await local.importPaths(workspacePaths(workspace));
      const cells = [...local.disputeRecords({ kind: 'cell' })].filter((record) => record.gold.state === 'value');
      for (const cell of cells.slice(0, 2)) await local.rule({ disputeId: cell.id, decision: 'mark_blank' });
      const first = await local.exportPatch({ revision: 'v1.1', out: join(localDir, 'v1.1.json') });
      expect(first.warnings).toBeUndefined();
      await local.rule({ disputeId: cells[2]!.id, decision: 'mark_blank' });
      const second = await local.exportPatch({ revision: 'v1.2', out: join(localDir, 'v1.2.json') });
      expect(second.operations).toBe(3);
      expect(second.warnings).toEqual([
        "2 operations of v1.2 are also in v1.1, which is not imported as the base yet: apply one of them, or import v1.1's revised dataset first so its changes settle and leave later exports.",
      ]);

      const out = join(localDir, 'atlas-v1.1.jsonl');
      await applied(local, join(localDir, 'v1.1.json'), out);
      await local.importPaths([out]);
      await local.rule({ disputeId: cells[3]!.id, decision: 'mark_blank' });
      const third = await local.exportPatch({ revision: 'v1.3', out: join(localDir, 'v1.3.json') });
      // v1.1 is the base now and its disputes settled; v1.2 was never imported and shares cells[2] with v1.3.
      expect(third.warnings).toEqual([
        "1 operation of v1.3 is also in v1.2, which is not imported as the base yet: apply one of them, or import v1.2's revised dataset first so its changes settle and leave later exports.",
      ]);
    } finally {
      local.close();
    }
  });
});
