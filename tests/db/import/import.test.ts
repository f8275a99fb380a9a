import { createHash } from 'node:crypto';
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedWorkspace } from '../../../db/demo/generate';
import type { ServiceHandle } from '../../../db/service';
import { openService } from '../../../db/service';
import { decryptText, encryptText } from '../../../shared/crypto';
import { expectedDisputes } from './expected-disputes';
import { freshService, SMALL, smallWorkspace, tempDir, workspacePaths } from '../../support/workspace';

let workspace: GeneratedWorkspace;
let service: ServiceHandle;

function tableDigest(service: ServiceHandle): string {
  const hash = createHash('sha256');
  for (const table of [
    'tasks',
    'gold_cells',
    'runs',
    'run_tasks',
    'system_cells',
    'judge_opinions',
    'disputes',
    'dispute_clusters',
  ]) {
    for (const row of service.store.db.prepare(`SELECT * FROM ${table} ORDER BY 1, 2, 3`).all())
      hash.update(JSON.stringify(row));
  }
  return hash.digest('hex');
}

beforeAll(async () => {
  workspace = await smallWorkspace();
  service = freshService();
});
afterAll(() => service.close());

describe('importing a generated workspace', () => {
  it('derives exactly the disputes design.md §5 defines, computed independently from the files', async () => {
    const report = await service.importPaths(workspacePaths(workspace));
    const expected = expectedDisputes(workspace.dataset, workspace.runDirs, workspace.cells);
    const records = [...service.disputeRecords({})];
    const cells = records.filter((record) => record.kind === 'cell');
    const missing = records.filter((record) => record.kind === 'missing_row');

    expect(cells.length).toBe(expected.cell.size);
    expect(missing.length).toBe(expected.missingRow.size);
    expect(report.disputes).toBe(expected.cell.size + expected.missingRow.size);
    for (const record of cells) {
      const systems = expected.cell.get(`${record.task_id}|${record.gold_row}|${record.column}`);
      expect(systems, `${record.task_id} row ${record.gold_row} ${record.column}`).toBeDefined();
      expect(record.contesting).toBe(systems!.size);
    }
    expect(report.tasks).toBe(workspace.taskIds.length);
    expect(report.systems).toBe(workspace.systems.length + (workspace.cells ? 1 : 0));
    expect(report.failed.length).toBe(expected.failedTasks);
    expect(report.failed.length).toBeGreaterThan(0);
    expect(report.skipped).toEqual([]);
  });

  it('orders disputes by priority: largest disagreeing cluster, then contesting, then task id', () => {
    const records = [...service.disputeRecords({})];
    for (let i = 1; i < records.length; i++) {
      const a = records[i - 1]!,
        b = records[i]!;
      const key = (r: typeof a) => [-r.top_count, -r.contesting, r.task_id] as const;
      const [a1, a2, a3] = key(a),
        [b1, b2, b3] = key(b);
      expect(a1 < b1 || (a1 === b1 && (a2 < b2 || (a2 === b2 && a3 <= b3)))).toBe(true);
      expect(b.priority).toBe(a.priority + 1);
    }
  });

  it('changes nothing when the same sources are imported again', async () => {
    const before = tableDigest(service);
    const report = await service.importPaths(workspacePaths(workspace));
    expect({
      tasks: report.tasks,
      systems: report.systems,
      cells: report.cells,
      disputes: report.disputes,
      judges: report.judges,
    }).toEqual({
      tasks: 0,
      systems: 0,
      cells: 0,
      disputes: 0,
      judges: 0,
    });
    expect(tableDigest(service)).toBe(before);
  });

  it('re-reads only the task whose files changed, and imports its change', async () => {
    const runDir = workspace.runDirs[0]!;
    const folder = readdirSync(join(runDir, 'tasks')).sort()[0]!;
    const gradePath = join(runDir, 'tasks', folder, 'grade.json');
    const original = readFileSync(gradePath, 'utf8');
    const grade = JSON.parse(original) as { task_id: string; scores: { row_f1: number } };
    grade.scores.row_f1 = 0.123;
    writeFileSync(gradePath, JSON.stringify(grade));
    try {
      const report = await service.importPaths(workspacePaths(workspace));
      expect(report.tasks).toBe(1);
      const stored = service.store.db
        .prepare(
          'SELECT rt.row_f1 FROM run_tasks rt JOIN runs r ON r.id = rt.run_id WHERE r.source_path = ? AND rt.task_id = ?',
        )
        .get(runDir, grade.task_id);
      expect(stored).toEqual({ row_f1: 0.123 });
    } finally {
      writeFileSync(gradePath, original);
      await service.importPaths(workspacePaths(workspace));
    }
  });

  it('takes task ids from the JSON, not from folder names', () => {
    const weird = workspace.taskIds.find((id) => /[^A-Za-z0-9._-]/.test(id));
    expect(weird).toBeDefined();
    const stored = service.store.db.prepare('SELECT count(*) AS n FROM run_tasks WHERE task_id = ?').get(weird) as {
      n: number;
    };
    expect(stored.n).toBeGreaterThan(0);
  });

  it('refuses updates and deletes of rulings (append-only)', async () => {
    const first = [...service.disputeRecords({ kind: 'cell' })][0]!;
    await service.rule({ disputeId: first.id, decision: 'keep_gold' });
    expect(() => service.store.db.prepare("UPDATE rulings SET engineer = 'x'").run()).toThrow(/append-only/);
    expect(() => service.store.db.prepare('DELETE FROM rulings').run()).toThrow(/append-only/);
  });
});

describe('invalid and failed inputs', () => {
  it('skips a task whose grade.json is truncated, naming the file, and imports the rest', async () => {
    const copy = join(tempDir(), 'run');
    cpSync(workspace.runDirs[0]!, copy, { recursive: true });
    const taskFolder = readdirSync(join(copy, 'tasks')).find((folder) =>
      readdirSync(join(copy, 'tasks', folder)).includes('grade.json'),
    )!;
    const gradePath = join(copy, 'tasks', taskFolder, 'grade.json');
    const text = readFileSync(gradePath, 'utf8');
    writeFileSync(gradePath, text.slice(0, Math.floor(text.length / 2)));
    // A different run directory name so the copy is a new run of a new system.
    const config = JSON.parse(readFileSync(join(copy, 'config.json'), 'utf8')) as { system: { name: string } };
    config.system.name = 'copied-system';
    writeFileSync(join(copy, 'config.json'), JSON.stringify(config));

    const store = freshService();
    const report = await store.importPaths([workspace.dataset, copy]);
    expect(report.skipped).toHaveLength(1);
    expect(report.skipped[0]!.path).toContain(join('run', 'tasks', taskFolder, 'grade.json'));
    expect(report.skipped[0]!.reason.length).toBeGreaterThan(0);
    const imported = store.store.db.prepare('SELECT count(*) AS n FROM run_tasks').get() as { n: number };
    expect(imported.n).toBe(readdirSync(join(copy, 'tasks')).length - 1);
    store.close();
  });

  it('takes one dataset per import as the base, naming the others', async () => {
    const both = await smallWorkspace({ ...SMALL, datasetFormat: 'both' });
    const store = freshService();
    const report = await store.importPaths([dirname(both.dataset)]);
    expect(report.skipped).toEqual([
      {
        path: both.datasetParquet,
        field: '',
        reason: `one dataset per import: ${both.dataset} is this import's base; import this file on its own to make it the base`,
      },
    ]);
    const sha = createHash('sha256').update(readFileSync(both.dataset)).digest('hex');
    expect(store.store.db.prepare("SELECT value FROM meta WHERE key = 'dataset_sha256'").get()).toEqual({ value: sha });
    store.close();
  });

  it('takes one run per system: a second run of a system is named once and not merged', async () => {
    const store = freshService();
    await store.importPaths(workspacePaths(workspace));
    const count = (sql: string): number => store.store.db.prepare(sql).pluck().get() as number;
    const cells = count('SELECT count(*) FROM system_cells');
    const copy = join(tempDir(), 'same-system-again');
    cpSync(workspace.runDirs[0]!, copy, { recursive: true });
    await expect(store.importPaths([copy])).rejects.toThrow(/^nothing could be imported: .*one run per system/u);
    const report = await store.importPaths([workspace.dataset, copy]);
    const system = (JSON.parse(readFileSync(join(copy, 'config.json'), 'utf8')) as { system: { name: string } }).system
      .name;
    expect(report.skipped).toEqual([
      {
        path: copy,
        field: 'system',
        reason: `system ${JSON.stringify(system)} is already graded by ${workspace.runDirs[0]} in this store; one run per system, so this run was not imported (to re-grade the system, import it with "replace runs": --replace-runs, or the Import dialog's box)`,
      },
    ]);
    expect(report.cells).toBe(0);
    expect(count('SELECT count(*) FROM system_cells')).toBe(cells);
    expect(count("SELECT count(*) FROM runs WHERE format = 'harness'")).toBe(workspace.runDirs.length);
    store.close();
  });

  it('replaces the store’s run of a system with a re-grade when asked, deriving its tasks again', async () => {
    const store = freshService();
    await store.importPaths(workspacePaths(workspace));
    const count = (sql: string, ...params: unknown[]): number =>
      store.store.db
        .prepare(sql)
        .pluck()
        .get(...params) as number;
    const cells = count('SELECT count(*) FROM system_cells');
    const copy = join(tempDir(), 'regraded');
    cpSync(workspace.runDirs[0]!, copy, { recursive: true });
    const system = (JSON.parse(readFileSync(join(copy, 'config.json'), 'utf8')) as { system: { name: string } }).system
      .name;
    // The re-grade answers one cell differently.
    const taskFolder = readdirSync(join(copy, 'tasks')).find((folder) =>
      readdirSync(join(copy, 'tasks', folder)).includes('grade.json'),
    )!;
    const gradePath = join(copy, 'tasks', taskFolder, 'grade.json');
    const grade = JSON.parse(readFileSync(gradePath, 'utf8')) as {
      details: { rows: { cells?: { response: unknown }[] }[] };
    };
    const cell = grade.details.rows.flatMap((row) => row.cells ?? []).find((c) => typeof c.response === 'string')!;
    cell.response = 'Re-graded answer';
    writeFileSync(gradePath, JSON.stringify(grade));

    const report = await store.importPaths([copy], { replaceRuns: true });
    expect(report.skipped).toEqual([]);
    expect(report.replaced_runs).toEqual([{ system, path: workspace.runDirs[0], by: copy }]);
    expect(count('SELECT count(*) FROM system_cells')).toBe(cells);
    expect(
      store.store.db
        .prepare('SELECT r.source_path FROM runs r JOIN systems s ON s.id = r.system_id WHERE s.name = ?')
        .pluck()
        .all(system),
    ).toEqual([copy]);
    expect(count("SELECT count(*) FROM system_cells WHERE unseal(response_s) = 'Re-graded answer'")).toBe(1);
    // Every dispute names the system once, from the new run.
    expect(
      count(
        'SELECT count(*) FROM dispute_clusters c JOIN disputes d ON d.id = c.dispute_id WHERE instr(d.systems, ?) > 0',
        JSON.stringify(system),
      ),
    ).toBeGreaterThan(0);
    store.close();
  });

  it('leaves a task as it was when another dataset would change its columns under graded runs', async () => {
    const store = freshService();
    await store.importPaths(workspacePaths(workspace));
    const other = await smallWorkspace({ ...SMALL, seed: 8 });
    const columns = (db: ServiceHandle) =>
      db.store.db
        .prepare('SELECT task_id, group_concat(name, 0x1f) FROM task_columns GROUP BY task_id ORDER BY task_id')
        .raw()
        .all();
    const before = columns(store);
    const report = await store.importPaths([other.dataset]);
    expect(report.skipped.length).toBeGreaterThan(0);
    for (const item of report.skipped) {
      expect([item.path, item.field]).toEqual([other.dataset, 'gold.columns']);
      expect(item.reason).toMatch(
        /^task \S+: its columns would change from .* graded runs? of the old columns are in this store, so the task was left as it was/u,
      );
    }
    const known = new Set(before.map((row) => (row as unknown[])[0]));
    expect(columns(store).filter((row) => known.has((row as unknown[])[0]))).toEqual(before);
    store.close();
  });

  it('leaves a task as it was when a revised dataset removes or moves gold rows under graded runs; a row added at the end goes in', async () => {
    const store = freshService();
    await store.importPaths(workspacePaths(workspace));
    const lines = readFileSync(workspace.dataset, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { id: string; gold: string; canary: string });
    const editGold = (record: (typeof lines)[number], edit: (gold: { rows: unknown[] }) => void) => {
      const gold = JSON.parse(decryptText(record.gold, record.canary)) as { rows: unknown[] };
      edit(gold);
      return { ...record, gold: encryptText(JSON.stringify(gold), record.canary) };
    };
    const [removed, moved, grown] = lines.filter(
      (record) => (JSON.parse(decryptText(record.gold, record.canary)) as { rows: unknown[] }).rows.length >= 3,
    );
    const revised = lines.map((record) => {
      if (record.id === removed!.id) return editGold(record, (gold) => gold.rows.splice(1, 1));
      if (record.id === moved!.id) return editGold(record, (gold) => gold.rows.reverse());
      if (record.id === grown!.id)
        return editGold(record, (gold) =>
          gold.rows.push({ ...(gold.rows[0] as object), entity: 'A brand new entity', aliases: [] }),
        );
      return record;
    });
    const path = join(tempDir(), 'atlas-test.v1.1.jsonl');
    writeFileSync(path, revised.map((record) => JSON.stringify(record)).join('\n') + '\n');
    const rows = (task: string) =>
      store.store.db.prepare('SELECT count(*) FROM gold_rows WHERE task_id = ?').pluck().get(task);
    const before = { removed: rows(removed!.id), moved: rows(moved!.id), grown: rows(grown!.id) };

    const report = await store.importPaths([path]);
    const refusals = report.skipped.filter((item) => item.field === 'gold.rows');
    expect(refusals.map((item) => item.reason.split(':')[0])).toEqual([`task ${removed!.id}`, `task ${moved!.id}`]);
    expect(refusals[0]!.reason).toMatch(
      /its gold would go from \d+ gold rows to \d+ while \d+ graded runs? aligned to the old rows (is|are) in this store, so the task was left as it was/u,
    );
    expect(refusals[1]!.reason).toMatch(/its gold would move gold row 1 to row \d+ while/u);
    expect([rows(removed!.id), rows(moved!.id), rows(grown!.id)]).toEqual([
      before.removed,
      before.moved,
      Number(before.grown) + 1,
    ]);
    store.close();
  });

  it('rejects an import where nothing could be read, leaving the store unchanged', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'notes.txt'), 'hello');
    const store = freshService();
    await expect(store.importPaths([join(dir, 'notes.txt')])).rejects.toThrow(/notes\.txt/);
    expect((store.store.db.prepare('SELECT count(*) AS n FROM tasks').get() as { n: number }).n).toBe(0);
    store.close();
  });

  it('names every input it could not take when nothing could be imported, empty files included', async () => {
    const dir = tempDir();
    const inputs = ['a.cells.jsonl', 'b.judges.jsonl', 'c.cells.jsonl'].map((name) => join(dir, name));
    writeFileSync(inputs[0]!, '');
    writeFileSync(inputs[1]!, '\n\n');
    writeFileSync(inputs[2]!, '{"task_id": "t1", "system": "exa", "column": \n');
    const store = freshService();
    const failure = await store.importPaths(inputs).catch((error: unknown) => error as Error);
    expect(failure).toBeInstanceOf(Error);
    for (const path of inputs) expect((failure as Error).message).toContain(path);
    expect((failure as Error).message).toContain(
      `${inputs[0]}: the file holds no records (empty, or blank lines only)`,
    );
    store.close();
  });

  it('fails the whole import when a file it was given cannot be read, naming each such file', async () => {
    const workspace = await smallWorkspace();
    const dir = tempDir();
    const notes = join(dir, 'notes.txt');
    writeFileSync(notes, 'hello');
    const missing = join(dir, 'missing.jsonl');
    const store = freshService();
    const failure = (await store
      .importPaths([...workspacePaths(workspace), notes, missing])
      .catch((error: unknown) => error)) as Error;
    expect(failure).toBeInstanceOf(Error);
    expect(failure.message).toContain(`${notes}: unrecognised file type`);
    expect(failure.message).toContain(`${missing}: no such file or directory`);
    expect(failure.message).toContain('nothing was imported');
    expect((store.store.db.prepare('SELECT count(*) AS n FROM tasks').get() as { n: number }).n).toBe(0);
    store.close();
  });

  it('cancelling an import rolls everything back', async () => {
    const store = freshService();
    const controller = new AbortController();
    let seen = 0;
    const running = store.importPaths(workspacePaths(workspace), {
      signal: controller.signal,
      onProgress: () => {
        if (++seen === 5) controller.abort(new Error('cancelled'));
      },
    });
    await expect(running).rejects.toThrow();
    for (const table of ['tasks', 'run_tasks', 'system_cells', 'disputes']) {
      expect((store.store.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n).toBe(0);
    }
    store.close();
  });

  it('refuses a store written by a newer version', () => {
    const path = join(tempDir(), 'future.sqlite');
    const db = new Database(path);
    db.pragma('user_version = 999');
    db.close();
    expect(() => freshServiceAt(path)).toThrow(/newer/);
  });
});

function freshServiceAt(path: string): ServiceHandle {
  return openService({ dbPath: path, engineer: 'x' });
}
