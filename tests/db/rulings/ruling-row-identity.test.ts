// A ruling names gold rows by index; a revision that removes a row renumbers
// the rows after it. A ruling log made on the older gold and merged into a
// store holding the newer one must not attach to another entity's row: each
// line keeps its rows' entity keys, and the merge checks them.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedWorkspace } from '../../../db/demo/generate';
import { entityKey } from '../../../db/import/entity-key';
import type { DisputeRecord } from '../../../db/queries/dispute-records';
import { openService } from '../../../db/service';
import { LATEST_VERSION } from '../../../db/migrations/index';
import type { ServiceHandle } from '../../../db/service';
import { decryptText, encryptText } from '../../../shared/crypto';
import { freshService, smallWorkspace, tempDir, workspacePaths } from '../../support/workspace';
import { storeAtVersion } from '../store-at-version';
import { writeGhIssues } from '../reports/store-fixture';

interface DatasetLine {
  id: string;
  gold: string;
  canary: string;
}
interface Gold {
  rows: { entity: string; aliases: string[] }[];
}

let workspace: GeneratedWorkspace;
let lines: DatasetLine[];
const dir = tempDir();
const open: ServiceHandle[] = [];

beforeAll(async () => {
  workspace = await smallWorkspace();
  lines = readFileSync(workspace.dataset, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as DatasetLine);
});
afterAll(() => {
  for (const service of open) if (service.store.db.open) service.close();
});

function track(service: ServiceHandle): ServiceHandle {
  open.push(service);
  return service;
}

const goldOf = (task: string): Gold => {
  const record = lines.find((line) => line.id === task)!;
  return JSON.parse(decryptText(record.gold, record.canary)) as Gold;
};

/** The dataset with some tasks' gold edited, as a new file. */
function revisedDataset(name: string, edits: Record<string, (gold: Gold) => void>): string {
  const revised = lines.map((record) => {
    const edit = edits[record.id];
    if (!edit) return record;
    const gold = JSON.parse(decryptText(record.gold, record.canary)) as Gold;
    edit(gold);
    return { ...record, gold: encryptText(JSON.stringify(gold), record.canary) };
  });
  const path = join(dir, `${name}.jsonl`);
  writeFileSync(path, revised.map((record) => JSON.stringify(record)).join('\n') + '\n');
  return path;
}

let files = 0;
async function exportedLog(service: ServiceHandle, plaintext = true): Promise<string> {
  const out = join(dir, `log-${++files}.rulings.jsonl`);
  await service.exportRulings({ out, plaintext });
  return out;
}

const logLines = (path: string): Record<string, unknown>[] =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** A task with cell disputes on two gold rows, `earlier` < `later`, and a dispute of another task. */
function pickDisputes(service: ServiceHandle): {
  task: string;
  earlier: DisputeRecord;
  later: DisputeRecord;
  elsewhere: DisputeRecord;
} {
  const cells = [...service.disputeRecords({ kind: 'cell' })];
  for (const first of cells) {
    const later = cells.find((other) => other.task_id === first.task_id && other.gold_row! > first.gold_row!);
    const elsewhere = cells.find((other) => other.task_id !== first.task_id);
    if (later && elsewhere) return { task: first.task_id, earlier: first, later, elsewhere };
  }
  throw new Error('the workspace has no task with cell disputes on two rows');
}

describe('ruling logs keep the entity of each gold row they name', () => {
  it("a ruling records its gold row's entity key and the log writes it (format 2); add_alias records its row's", async () => {
    const mia = track(freshService('mia'));
    await mia.importPaths(workspacePaths(workspace));
    const { earlier } = pickDisputes(mia);
    const missing = [...mia.disputeRecords({ kind: 'missing_row' })][0]!;
    await mia.rule({ disputeId: earlier.id, decision: 'keep_gold' });
    await mia.rule({ disputeId: missing.id, decision: 'add_alias', row: 1 });
    await mia.retract({ disputeId: earlier.id });
    const exported = logLines(await exportedLog(mia));
    const cell = exported.find((line) => line.decision === 'keep_gold')!;
    const alias = exported.find((line) => line.decision === 'add_alias')!;
    const retract = exported.find((line) => line.decision === 'retract')!;
    expect(exported.map((line) => line.format)).toEqual(['atlas-rulings/3', 'atlas-rulings/3', 'atlas-rulings/3']);
    expect(cell.gold_row_entity_key).toBe(entityKey(goldOf(earlier.task_id).rows[earlier.gold_row!]!.entity));
    expect(cell.row_entity_key).toBeNull();
    expect(retract.gold_row_entity_key).toBe(cell.gold_row_entity_key);
    expect(alias.gold_row_entity_key).toBeNull();
    expect(alias.row_entity_key).toBe(entityKey(goldOf(missing.task_id).rows[1]!.entity));
  });

  it('a merge into a store whose gold rows moved refuses the rulings on moved or removed rows, naming where the entity is now', async () => {
    const mia = track(freshService('mia'));
    await mia.importPaths(workspacePaths(workspace));
    const { task, earlier, later, elsewhere } = pickDisputes(mia);
    for (const dispute of [earlier, later, elsewhere]) await mia.rule({ disputeId: dispute.id, decision: 'keep_gold' });
    const log = await exportedLog(mia, false);

    // The next revision removed `earlier`'s row: every row after it moved up one.
    const noah = track(freshService('noah'));
    await noah.importPaths([revisedDataset('removed', { [task]: (gold) => gold.rows.splice(earlier.gold_row!, 1) })]);
    const report = await noah.importRulings({ paths: [log] });
    expect(report.added).toBe(1);
    const byLine = new Map(report.refused.map((item) => [Number(item.line.split(':').at(-1)), item.reason]));
    const lineOf = (dispute: DisputeRecord): number =>
      logLines(log).findIndex((line) => line.dispute_id === dispute.id) + 1;
    expect(byLine.get(lineOf(earlier))).toBe(
      `field "dispute.gold_row" (${earlier.gold_row}, counted from 0) of task ${task} ` +
        (earlier.gold_row! < goldOf(task).rows.length - 1
          ? 'is another entity in this store than the one ruled on'
          : `is past the task's ${goldOf(task).rows.length - 1} gold rows in this store`) +
        ": that entity is not in this store's gold (removed, or renamed without keeping its name as an alias). " +
        'The gold rows moved between the stores (a revision removed or moved rows): rule the dispute again here',
    );
    expect(byLine.get(lineOf(later))).toMatch(
      new RegExp(
        `^field "dispute\\.gold_row" \\(${later.gold_row}, counted from 0\\) of task ${task} is (another entity|past the task's).*: that entity is gold row ${later.gold_row} here\\. `,
        'u',
      ),
    );
    expect(byLine.has(lineOf(elsewhere))).toBe(false);
    expect(noah.store.db.prepare('SELECT dispute_id FROM rulings').pluck().all()).toEqual([elsewhere.id]);
  });

  it("add_alias's row is checked the same way", async () => {
    const mia = track(freshService('mia'));
    await mia.importPaths(workspacePaths(workspace));
    const missing = [...mia.disputeRecords({ kind: 'missing_row' })].find(
      (record) => goldOf(record.task_id).rows.length >= 2,
    )!;
    await mia.rule({ disputeId: missing.id, decision: 'add_alias', row: 1 });
    const noah = track(freshService('noah'));
    await noah.importPaths([revisedDataset('first-removed', { [missing.task_id]: (gold) => gold.rows.splice(0, 1) })]);
    const report = await noah.importRulings({ paths: [await exportedLog(mia)] });
    expect(report.added).toBe(0);
    expect(report.refused[0]!.reason).toMatch(
      new RegExp(
        `^field "row" \\(1, counted from 0\\) of task ${missing.task_id} .*: that entity is gold row 1 here\\. `,
        'u',
      ),
    );
  });

  it('an entity renamed in place with its old name kept as an alias is the same row; renamed without it, the ruling is refused', async () => {
    const mia = track(freshService('mia'));
    await mia.importPaths(workspacePaths(workspace));
    const { task, later } = pickDisputes(mia);
    await mia.rule({ disputeId: later.id, decision: 'keep_gold' });
    const log = await exportedLog(mia);
    const rename = (keepAlias: boolean) => (gold: Gold) => {
      const row = gold.rows[later.gold_row!]!;
      if (keepAlias) row.aliases = [...row.aliases, row.entity];
      row.entity = `${row.entity} (renamed)`;
    };
    const kept = track(freshService('noah'));
    await kept.importPaths([revisedDataset('renamed-alias', { [task]: rename(true) })]);
    expect(await kept.importRulings({ paths: [log] })).toEqual({ added: 1, duplicates: 0, refused: [] });
    const lost = track(freshService('noah'));
    await lost.importPaths([revisedDataset('renamed', { [task]: rename(false) })]);
    const report = await lost.importRulings({ paths: [log] });
    expect(report.added).toBe(0);
    expect(report.refused[0]!.reason).toMatch(
      /is another entity in this store than the one ruled on: that entity is not in this store's gold/u,
    );
  });

  it('a store without the task, or a line written before keys were kept (format 1), merges as before', async () => {
    const mia = track(freshService('mia'));
    await mia.importPaths(workspacePaths(workspace));
    const { task, later } = pickDisputes(mia);
    await mia.rule({ disputeId: later.id, decision: 'keep_gold' });
    const log = await exportedLog(mia);
    const empty = track(freshService('noah'));
    expect((await empty.importRulings({ paths: [log] })).added).toBe(1);

    const v1 = join(dir, 'v1.rulings.jsonl');
    writeFileSync(
      v1,
      logLines(log)
        .map(
          ({
            gold_row_entity_key: _gold,
            row_entity_key: _row,
            accepted: _accepted,
            accepted_values: _values,
            ...line
          }) => JSON.stringify({ ...line, format: 'atlas-rulings/1' }),
        )
        .join('\n') + '\n',
    );
    const moved = track(freshService('noah'));
    await moved.importPaths([revisedDataset('v1-removed', { [task]: (gold) => gold.rows.splice(0, 1) })]);
    // Nothing in a format 1 line says which entity it was: it attaches by index, as it always did.
    expect((await moved.importRulings({ paths: [v1] })).added).toBe(1);
    // The same ruling again, now with its key: a duplicate, not a conflict.
    expect(await moved.importRulings({ paths: [log] })).toEqual({ added: 0, duplicates: 1, refused: [] });
  });

  it('a ruling merged before its task had gold is named by the import that brings gold moving its row', async () => {
    const mia = track(freshService('mia'));
    await mia.importPaths(workspacePaths(workspace));
    const { task, earlier, later, elsewhere } = pickDisputes(mia);
    for (const dispute of [later, elsewhere]) await mia.rule({ disputeId: dispute.id, decision: 'keep_gold' });
    const log = await exportedLog(mia);

    // Runs only: the disputes exist, no gold rows to check the merged lines against.
    const noah = track(freshService('noah'));
    await noah.importPaths([workspace.runsDir]);
    expect((await noah.importRulings({ paths: [log] })).added).toBe(2);
    // Gold that moves the rows under the stored runs is refused for that task (gold-alignment.ts): nothing is misplaced.
    const moved = await noah.importPaths([
      revisedDataset('late-gold', { [task]: (gold) => gold.rows.splice(earlier.gold_row!, 1) }),
    ]);
    expect(
      moved.skipped.map((item) => [
        item.field,
        /graded runs? in this store (was|were) graded against another version of its gold/u.test(item.reason) &&
          item.reason.startsWith(`task ${task}: `),
      ]),
    ).toEqual([['gold.rows', true]]);
    expect(moved.misplaced_rulings).toBeUndefined();
    // Gold that names another entity in the ruled row, rows in place (the runs still fit), is taken, and the ruling named.
    const renamed = (gold: { rows: { entity: string }[] }) => {
      gold.rows[later.gold_row!]!.entity = 'Renamed Since The Ruling';
    };
    const report = await noah.importPaths([revisedDataset('late-gold-renamed', { [task]: renamed })]);
    expect(report.skipped).toEqual([]);
    expect(report.misplaced_rulings).toEqual([
      {
        dispute_id: later.id,
        engineer: 'mia',
        reason: `its gold row, row ${later.gold_row! + 1} of task ${task}, holds another entity than the one mia ruled on: that entity is not in the gold now; rule the dispute again`,
      },
    ]);
    // The same gold again names nothing new: only an import that brings gold checks.
    expect(
      (await noah.importPaths([revisedDataset('late-gold-renamed-again', { [task]: renamed })])).misplaced_rulings,
    ).toBeUndefined();
  });

  it('a format 3 line without its keys, or a format 1 line with them, is refused for the fields', async () => {
    const mia = track(freshService('mia'));
    await mia.importPaths(workspacePaths(workspace));
    const { later } = pickDisputes(mia);
    await mia.rule({ disputeId: later.id, decision: 'keep_gold' });
    const [line] = logLines(await exportedLog(mia));
    const path = join(dir, 'mixed.rulings.jsonl');
    const { gold_row_entity_key: _gold, ...withoutGold } = line!;
    writeFileSync(
      path,
      [JSON.stringify(withoutGold), JSON.stringify({ ...line, format: 'atlas-rulings/1' })].join('\n') + '\n',
    );
    const report = await track(freshService('noah')).importRulings({ paths: [path] });
    expect(report.refused.map((item) => item.reason)).toEqual([
      'gold_row_entity_key: expected string, but it is missing',
      'line: fields this format does not have: "gold_row_entity_key", "row_entity_key", "accepted", "accepted_values"',
    ]);
  });

  it('rulings recorded before migration 008 export with null keys and merge back as duplicates', async () => {
    const mia = track(freshService('mia'));
    await mia.importPaths(workspacePaths(workspace));
    const { later } = pickDisputes(mia);
    await mia.rule({ disputeId: later.id, decision: 'keep_gold' });
    const before = logLines(await exportedLog(mia))[0]!;
    const dbPath = mia.store.path;
    mia.close();
    const old = storeAtVersion(7, { rowsOf: dbPath });
    old.db.close();
    const reopened = track(
      openService({ dbPath: old.path, settingsPath: join(tempDir(), 'settings.json'), engineer: 'mia' }),
    );
    const after = logLines(await exportedLog(reopened))[0]!;
    expect(after).toEqual({ ...before, gold_row_entity_key: null });
    const path = join(dir, 'before.rulings.jsonl');
    writeFileSync(path, JSON.stringify(before) + '\n');
    expect(await reopened.importRulings({ paths: [path] })).toEqual({ added: 0, duplicates: 1, refused: [] });
  });
});

/**
 * A store of the dataset alone (no graded runs, so a revised dataset's rows
 * go in; runs would hold them in place) where mia ruled remove_row on a
 * report against gold row 3 of a task.
 */
async function rowRemovalRuled(): Promise<{ mia: ServiceHandle; task: string; report: DisputeRecord }> {
  const mia = track(freshService('mia'));
  await mia.importPaths([workspace.dataset]);
  const task = lines.map((line) => line.id).find((id) => goldOf(id).rows.length >= 3)!;
  await mia.importPaths([
    writeGhIssues([
      {
        number: 7,
        title: 'Not an entity',
        body: `Task: ${task}\nRow: 3\n\nThis row does not meet the conditions; it should be removed.`,
      },
    ]),
  ]);
  const report = [...mia.disputeRecords({ kind: 'report' })][0]!;
  expect(report).toMatchObject({ task_id: task, gold_row: 2, column: null });
  await mia.rule({ disputeId: report.id, decision: 'remove_row' });
  return { mia, task, report };
}

describe('export checks the entity of each gold row a settled ruling names', () => {
  it('refuses a ruling whose gold row became another entity in this store (a revised dataset moved the rows), instead of removing that entity', async () => {
    const { mia, task, report } = await rowRemovalRuled();
    const out = join(dir, 'moved.patch.json');

    // Another revision removed the first row: row 3 is now what was row 4.
    await mia.importPaths([revisedDataset('moved-under-ruling', { [task]: (gold) => gold.rows.splice(0, 1) })]);
    expect([...mia.disputeRecords({ kind: 'report' })][0]).toMatchObject({
      id: report.id,
      status: 'resolved',
      entity: goldOf(task).rows[3]!.entity,
    });
    await expect(mia.exportPatch({ revision: 'v1.1', out })).rejects.toThrow(
      `1 settled ruling does not fit the task's gold as the store holds it now (made before the dataset was imported, under an older version, or before its gold rows moved); rule it again:\n  ${task} · row 3 “${goldOf(task).rows[3]!.entity}” (dispute ${report.id}), remove_row agreed by mia: gold row 3 is another entity than the one mia ruled on (the task's gold rows moved since)`,
    );
  });

  it('a store migrated to 008 before 009 gains the sealed entity column; its rulings are still checked, by key', async () => {
    const { mia, task } = await rowRemovalRuled();
    const dbPath = mia.store.path;
    mia.close();
    const old = storeAtVersion(8, { rowsOf: dbPath });
    old.db.close();
    const reopened = track(
      openService({ dbPath: old.path, settingsPath: join(tempDir(), 'settings.json'), engineer: 'mia' }),
    );
    expect(reopened.store.db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION);
    expect(
      reopened.store.db
        .prepare('SELECT gold_row_entity_key IS NOT NULL AS keyed, gold_row_entity_s FROM rulings')
        .get(),
    ).toEqual({ keyed: 1, gold_row_entity_s: null });
    await reopened.importPaths([revisedDataset('moved-at-008', { [task]: (gold) => gold.rows.splice(0, 1) })]);
    await expect(reopened.exportPatch({ revision: 'v1.1', out: join(dir, 'at-008.patch.json') })).rejects.toThrow(
      /gold row 3 is another entity than the one mia ruled on/u,
    );
  });
});
