// After a revision changes a cell's gold, the runs imported before it still
// carry verdicts given against the old value. Derivation reads them against
// the gold the store holds now: the systems that gave the old value contest
// the new one, those that gave the new value agree with it, and the clusters
// beside the rulings say so. Real stores, the release loop as the app drives it.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { disputeDetailText } from '../../../cli/views/dispute-detail';
import type { GeneratedWorkspace } from '../../../db/demo/generate';
import type { DisputeRecord } from '../../../db/queries/dispute-records';
import type { ServiceHandle } from '../../../db/service';
import { decryptText, encryptText } from '../../../shared/crypto';
import type { RescoreResult } from '../../../shared/revision-types';
import { LATEST_VERSION } from '../../../db/migrations/index';
import { openService } from '../../../db/service';
import { writeGhIssues } from '../reports/store-fixture';
import { storeAtVersion } from '../store-at-version';
import { freshService, smallWorkspace, tempDir, workspacePaths } from '../../support/workspace';

let workspace: GeneratedWorkspace;
beforeAll(async () => {
  workspace = await smallWorkspace();
});

/** Exports v1.1, applies it to the workspace's dataset and imports the revised dataset as the new base. */
async function release(service: ServiceHandle, preview?: (patch: string) => Promise<void>): Promise<void> {
  const dir = tempDir('atlas-regrade-');
  const patch = join(dir, 'v1.1.patch.json');
  await service.exportPatch({ revision: 'v1.1', out: patch });
  await preview?.(patch);
  const out = join(dir, 'atlas-v1.1.jsonl');
  const { jobId } = await service.applyPatch({ dataset: workspace.dataset, patch, out });
  await service.idle();
  expect((await service.getJob({ jobId })).state).toBe('done');
  await service.importPaths([out]);
}

const clusterOf = (record: DisputeRecord, value: string) => record.clusters.find((cluster) => cluster.value === value);
const recordOf = (service: ServiceHandle, id: string): DisputeRecord =>
  [...service.disputeRecords({ kind: 'cell' })].find((record) => record.id === id)!;
/** Cell disputes on a gold value where some systems agree with gold and others contest it. */
const contestedBesideAgreement = (service: ServiceHandle): DisputeRecord[] =>
  [...service.disputeRecords({ kind: 'cell' })].filter(
    (record) =>
      record.gold.state === 'value' &&
      record.clusters.some((c) => c.agrees_with_gold) &&
      record.clusters.some((c) => !c.agrees_with_gold),
  );

/** Runs `body` on a fresh store with the workspace imported, closing it after. */
async function onImportedStore(body: (service: ServiceHandle) => Promise<void>): Promise<void> {
  const service = freshService('mia');
  try {
    await service.importPaths(workspacePaths(workspace));
    await body(service);
  } finally {
    service.close();
  }
}

describe('a cell a revision changed', () => {
  it('shows the old value contesting and the new one agreeing with gold, settled by the revision', () =>
    onImportedStore(async (service) => {
      const before = contestedBesideAgreement(service)[0]!;
      const accepted = before.clusters.find((cluster) => !cluster.agrees_with_gold)!;
      const old = before.clusters.find((cluster) => cluster.agrees_with_gold)!;
      for (const cluster of (await service.getDispute({ id: before.id })).clusters)
        for (const cell of cluster.cells) expect(cell.graded_against).toBeNull();
      expect(old.systems.length).toBeGreaterThan(0);
      await service.rule({ disputeId: before.id, decision: 'accept_system', value: accepted.value });
      await release(service);

      const after = recordOf(service, before.id);
      expect(after.gold.value).toBe(accepted.value);
      expect(clusterOf(after, accepted.value)).toMatchObject({ agrees_with_gold: true, systems: accepted.systems });
      expect(clusterOf(after, old.value)).toMatchObject({ agrees_with_gold: false, systems: old.systems });
      // The systems that gave the old value contest now; those that gave the accepted one do not.
      expect(after.contesting).toBe(
        new Set(after.clusters.filter((c) => !c.agrees_with_gold).flatMap((c) => c.systems)).size,
      );
      expect(after.top_value).toBe(after.clusters[0]!.value);
      expect(after.clusters[0]!.agrees_with_gold).toBe(false);
      const detail = await service.getDispute({ id: before.id });
      expect(detail.settled_by_revision).toBe('v1.1');
      expect(detail.dispute.status).toBe('resolved');
      // Each grader's verdict is kept, and says which gold it was about.
      const cells = detail.clusters.flatMap((cluster) => cluster.cells);
      expect(cells.length).toBeGreaterThan(0);
      for (const cell of cells) expect(cell.graded_against).toBe(before.gold.value);
      expect(disputeDetailText(detail)).toContain(`against older gold "${before.gold.value!}"`);
    }));

  it('keeps a ruled dispute that nobody contests any more, with clusters that agree with its new gold', () =>
    onImportedStore(async (service) => {
      const before = [...service.disputeRecords({ kind: 'cell' })].find(
        (record) => record.gold.state === 'value' && record.clusters.length === 1,
      )!;
      const only = before.clusters[0]!;
      expect(only.agrees_with_gold).toBe(false);
      // Kept as the systems spelled it, so gold becomes exactly the cluster's value (not gold's spelling of it).
      await service.rule({ disputeId: before.id, decision: 'accept_system', value: only.value, keepSpelling: true });
      await release(service);

      const after = recordOf(service, before.id);
      expect(after.gold.value).toBe(only.value);
      expect(after.clusters).toEqual([
        expect.objectContaining({ value: only.value, agrees_with_gold: true, systems: only.systems }),
      ]);
      expect(after.contesting).toBe(0);
      expect(after.top_value).toBeNull();
      const detail = await service.getDispute({ id: before.id });
      expect(detail.settled_by_revision).toBe('v1.1');
      expect(detail.rulings).toHaveLength(1);
    }));

  it('after mark_blank, every system that gave a value contests the blank gold, the old value included', () =>
    onImportedStore(async (service) => {
      const before = contestedBesideAgreement(service)[0]!;
      await service.rule({ disputeId: before.id, decision: 'mark_blank' });
      await release(service);

      const after = recordOf(service, before.id);
      expect(after.gold).toEqual({ state: 'blank', value: null });
      expect(after.clusters.map((c) => c.value).sort()).toEqual(before.clusters.map((c) => c.value).sort());
      expect(after.clusters.every((c) => !c.agrees_with_gold)).toBe(true);
      expect(after.contesting).toBe(new Set(before.clusters.flatMap((c) => c.systems)).size);
      const detail = await service.getDispute({ id: before.id });
      for (const cell of detail.clusters.flatMap((c) => c.cells)) expect(cell.graded_against).toBe(before.gold.value);
    }));

  it('a missing row gold names now: ruled, it agrees with gold and nobody contests it; unruled, it is no dispute', () =>
    onImportedStore(async (service) => {
      const missing = [...service.disputeRecords({ kind: 'missing_row' })];
      expect(missing.length).toBeGreaterThan(1);
      const [added, aliased] = missing;
      await service.rule({ disputeId: added!.id, decision: 'add_row', value: added!.entity, values: {} });
      await release(service);
      const after = [...service.disputeRecords({ kind: 'missing_row' })].find((record) => record.id === added!.id)!;
      expect(after).toMatchObject({
        contesting: 0,
        top_value: null,
        clusters: [{ value: added!.entity, agrees_with_gold: true }],
      });
      expect((await service.getDispute({ id: added!.id })).settled_by_revision).toBe('v1.1');

      // A dataset from elsewhere names another missing entity, as an alias of its task's first row: that one is no dispute now.
      const lines = readFileSync(workspace.dataset, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { id: string; gold: string; canary: string });
      const revised = lines.map((line) => {
        if (line.id !== aliased!.task_id) return line;
        const gold = JSON.parse(decryptText(line.gold, line.canary)) as { rows: { aliases: string[] }[] };
        gold.rows[0]!.aliases.push(aliased!.entity);
        return { ...line, gold: encryptText(JSON.stringify(gold), line.canary) };
      });
      const path = join(tempDir(), 'atlas-aliased.jsonl');
      writeFileSync(path, `${revised.map((line) => JSON.stringify(line)).join('\n')}\n`);
      await service.importPaths([path]);
      expect([...service.disputeRecords({ kind: 'missing_row' })].map((record) => record.id)).not.toContain(
        aliased!.id,
      );
    }));

  it('a report that corrected a cell no system contested: the cell dispute its old value now raises is settled by the same revision', () =>
    onImportedStore(async (service) => {
      // A gold cell that systems answered right and none contests: no cell dispute of its own.
      const {
        task_id: taskId,
        row,
        column,
      } = service.store.db
        .prepare<[], { task_id: string; row: number; column: string }>(
          `SELECT g.task_id, g.row_idx AS row, g.column_name AS column FROM gold_cells g JOIN tasks t ON t.task_id = g.task_id
            WHERE g.state = 'value' AND g.column_name <> t.entity_column
              AND NOT EXISTS (SELECT 1 FROM disputes d WHERE d.task_id = g.task_id AND d.gold_row = g.row_idx AND d.column_name = g.column_name)
              AND EXISTS (SELECT 1 FROM system_cells c WHERE c.task_id = g.task_id AND c.gold_row = g.row_idx AND c.column_name = g.column_name
                            AND c.verdict = 'correct' AND c.response_empty = 0)
            ORDER BY g.task_id, g.row_idx, g.column_name LIMIT 1`,
        )
        .get()!;
      const issues = writeGhIssues([
        {
          number: 412,
          title: 'Wrong value',
          body: `Task: ${taskId}\nRow: ${row + 1}\nColumn: ${column}\nCorrect: Quillfeather Reach`,
        },
      ]);
      await service.importPaths([issues]);
      const report = [...service.disputeRecords({ kind: 'report' })][0]!;
      expect(report).toMatchObject({ task_id: taskId, gold_row: row, column });
      await service.rule({
        disputeId: report.id,
        decision: 'new_value',
        value: 'Quillfeather Reach',
        evidence: ['https://example.org/source'],
      });
      await release(service);

      const raised = [...service.disputeRecords({ kind: 'cell' })].find(
        (record) => record.task_id === taskId && record.gold_row === row && record.column === column,
      );
      expect(raised, 'the systems graded against the old value contest the new one').toBeDefined();
      expect(raised!.gold.value).toBe('Quillfeather Reach');
      expect(raised!.contesting).toBeGreaterThan(0);
      const detail = await service.getDispute({ id: raised!.id });
      expect(detail.settled_by_revision).toBe('v1.1');
      expect(detail.dispute.status).toBe('resolved');
      expect((await service.getDispute({ id: report.id })).settled_by_revision).toBe('v1.1');
      // The report dispute reads the runs against the new gold too: the value they all gave contests it now.
      const reportAfter = [...service.disputeRecords({ kind: 'report' })].find((record) => record.id === report.id)!;
      expect(report.clusters.some((c) => c.agrees_with_gold)).toBe(true);
      expect(reportAfter.clusters.length).toBeGreaterThan(0);
      expect(reportAfter.clusters.every((c) => !c.agrees_with_gold)).toBe(true);
      expect(reportAfter.contesting).toBe(raised!.contesting);
      // Not carried into the next patch: nothing else was ruled.
      await expect(service.exportPatch({ revision: 'v1.2', out: join(tempDir(), 'v1.2.json') })).rejects.toThrow(
        /^nothing to export: /u,
      );
    }));

  it("works on a store made before the cells' index held the recorded gold, once it is opened", async () => {
    const first = freshService('mia');
    const dbPath = first.store.path;
    await first.importPaths(workspacePaths(workspace));
    const before = [...first.disputeRecords({ kind: 'cell' })].find(
      (record) =>
        record.gold.state === 'value' &&
        record.clusters.some((c) => c.agrees_with_gold) &&
        record.clusters.some((c) => !c.agrees_with_gold),
    )!;
    const accepted = before.clusters.find((cluster) => !cluster.agrees_with_gold)!;
    await first.rule({ disputeId: before.id, decision: 'accept_system', value: accepted.value });
    first.close();
    const old = storeAtVersion(9, { rowsOf: dbPath });
    old.db.close();
    const indexSql = (service: ServiceHandle): string =>
      service.store.db
        .prepare<[], string>("SELECT sql FROM sqlite_master WHERE name = 'system_cells_by_gold_cell'")
        .pluck()
        .get()!;
    const service = openService({ dbPath: old.path, settingsPath: join(tempDir(), 'settings.json'), engineer: 'mia' });
    try {
      expect(service.store.db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION);
      expect(indexSql(service)).toMatch(/response_s, gold_s\)$/u);
      expect(service.store.db.pragma('integrity_check', { simple: true })).toBe('ok');
      await release(service);
      const after = recordOf(service, before.id);
      expect(clusterOf(after, accepted.value)).toMatchObject({ agrees_with_gold: true });
      expect(after.clusters[0]!.agrees_with_gold).toBe(false);
    } finally {
      service.close();
    }
  });
});

describe('the score preview after a revision', () => {
  it("scores the runs graded before it against the new gold: the next patch's before is the last patch's after", () =>
    onImportedStore(async (service) => {
      const open = contestedBesideAgreement(service);
      expect(open.length).toBeGreaterThan(4);
      await service.rule({
        disputeId: open[0]!.id,
        decision: 'accept_system',
        value: open[0]!.clusters.find((c) => !c.agrees_with_gold)!.value,
      });
      await service.rule({
        disputeId: open[1]!.id,
        decision: 'new_value',
        value: 'Quillfeather Reach',
        evidence: ['https://example.org/q'],
      });
      await service.rule({ disputeId: open[2]!.id, decision: 'mark_blank' });
      await service.rule({
        disputeId: open[3]!.id,
        decision: 'accept_system',
        value: open[3]!.clusters.find((c) => !c.agrees_with_gold)!.value,
      });
      // Missing rows the systems named: one added as a row, one as another name of gold row 1.
      const missing = [...service.disputeRecords({ kind: 'missing_row' })];
      expect(missing.length).toBeGreaterThan(1);
      await service.rule({ disputeId: missing[0]!.id, decision: 'add_row', value: missing[0]!.entity, values: {} });
      await service.rule({ disputeId: missing[1]!.id, decision: 'add_alias', row: 0 });
      let first: RescoreResult | undefined;
      let firstPatch = '';
      await release(service, async (patch) => {
        first = await service.rescore({ patch });
        firstPatch = patch;
      });
      // Previewing the base's own revision again says why it no longer fits.
      await expect(service.rescore({ patch: firstPatch })).rejects.toThrow(
        /^v1\.1 is this store's base already: its changes are in the gold the preview scores against/u,
      );
      await service.rule({ disputeId: open[4]!.id, decision: 'mark_blank' });
      const next = join(tempDir(), 'v1.2.patch.json');
      await service.exportPatch({ revision: 'v1.2', out: next });
      const second = await service.rescore({ patch: next });

      const afterFirst = new Map(first!.systems.flatMap((s) => s.tasks.map((t) => [`${s.run}|${t.task_id}`, t.after])));
      let compared = 0;
      for (const system of second.systems) {
        for (const task of system.tasks) {
          expect(task.before, `${system.run} ${task.task_id}`).toEqual(afterFirst.get(`${system.run}|${task.task_id}`));
          compared++;
        }
      }
      expect(compared).toBeGreaterThan(10);
      // The llm_judge cells v1.1 left to a judge still wait for one: graded against older gold, v1.2 lists them too.
      const key = (run: string, cell: { task_id: string; row: number; column: string }) =>
        `${run}|${cell.task_id}|${cell.row}|${cell.column}`;
      const waiting = new Set(second.systems.flatMap((s) => s.needs_regrade.map((cell) => key(s.run, cell))));
      const leftByFirst = first!.systems.flatMap((s) => s.needs_regrade.map((cell) => key(s.run, cell)));
      expect(leftByFirst.length).toBeGreaterThan(0);
      for (const cell of leftByFirst) expect(waiting.has(cell), cell).toBe(true);
      // The tasks v1.1 changed now score otherwise than their graders did.
      const changed = new Set([open[0]!, open[1]!, open[2]!, open[3]!].map((d) => d.task_id));
      expect(second.systems.some((s) => s.differing_tasks.some((task) => changed.has(task)))).toBe(true);
    }));
});
