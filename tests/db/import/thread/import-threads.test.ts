// The import's worker thread (db/import/thread): run directories read and
// prepared there, and disputes derived there, must give the store exactly
// what the importer's own thread gives; reading stays a bounded number of
// records ahead; cancel and failures leave the store unchanged.
import { cpSync, mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedWorkspace } from '../../../../db/demo/generate';
import type { ImportOptions } from '../../../../db/import/import-paths';
import { importPaths } from '../../../../db/import/import-paths';
import { computeTaskDisputes } from '../../../../db/disputes/derive-compute';
import { readTaskInput } from '../../../../db/disputes/derive-input';
import { CELL_WIDTH, RunTaskPreparer } from '../../../../db/import/prepared-run-task';
import type { PreparedRunTask } from '../../../../db/import/prepared-run-task';
import type { ReaderItem } from '../../../../db/readers/types';
import { ImportWriter } from '../../../../db/import/writer';
import { DerivationThread } from '../../../../db/import/thread/deriver';
import { BATCH, HANDOFF_LAG, WINDOW } from '../../../../db/import/thread/protocol';
import { RunReaderThread } from '../../../../db/import/thread/run-reader';
import { bundledScript, threadScript } from '../../../../db/import/thread/script';
import type { ThreadScript } from '../../../../db/import/thread/script';
import { ReaderError, readHarnessRun } from '../../../../db/readers/index';
import { Sealer } from '../../../../db/seal';
import { collect, writeRun, zeldaGrade } from '../../readers/helpers';
import { contentDigest, tempStores } from '../../../support/store-digest';
import { smallWorkspace, tempDir, workspacePaths } from '../../../support/workspace';

let workspace: GeneratedWorkspace;
let brokenTask: string;
let script: ThreadScript;
const stores = tempStores('atlas-thread-');
const newStore = stores.open;

beforeAll(async () => {
  workspace = await smallWorkspace({
    seed: 11,
    tasks: 40,
    systems: 4,
    maxRows: 8,
    maxColumns: 5,
    includeZelda: true,
    cellsFile: true,
    judges: true,
  });
  // One task the readers refuse: the import skips it by name, on either thread.
  const runDir = workspace.runDirs[0]!;
  brokenTask = join(runDir, 'tasks', readdirSync(join(runDir, 'tasks')).sort()[3]!);
  writeFileSync(join(brokenTask, 'grade.json'), '{"task_id": 7, "details": ');
  const found = threadScript();
  if (!found) throw new Error('the reader thread script cannot be found from source');
  script = found;
});
afterAll(stores.closeAll);

async function importWith(threads: ImportOptions['threads'], paths = workspacePaths(workspace)) {
  const store = newStore();
  const report = await importPaths(store, paths, { threads });
  return { store, report };
}

describe('the reader thread', () => {
  it('gives the store exactly what reading in the importer thread gives, skipped task included', async () => {
    const inThread = await importWith('never');
    const onThread = await importWith('always');
    expect(onThread.report).toEqual(inThread.report);
    expect(onThread.report.skipped.map((item) => item.path)).toEqual([join(brokenTask, 'grade.json')]);
    expect(onThread.report.failed.length).toBeGreaterThan(0);
    expect(onThread.report.cells).toBeGreaterThan(1000);
    expect(contentDigest(onThread.store)).toEqual(contentDigest(inThread.store));
  });

  it('derives the same disputes on the thread without a dataset (gold as graded beside each cell)', async () => {
    const withoutDataset = workspacePaths(workspace).filter((path) => path !== workspace.dataset);
    const inThread = await importWith('never', withoutDataset);
    const onThread = await importWith('always', withoutDataset);
    expect(onThread.report.disputes).toBeGreaterThan(0);
    expect(onThread.report).toEqual(inThread.report);
    expect(contentDigest(onThread.store)).toEqual(contentDigest(inThread.store));
  });

  it('reads the dataset alongside the thread, reporting what each source skipped in plan order', async () => {
    // A dataset with a broken line, a run with a broken task: both lanes skip something.
    const dataset = join(tempDir('atlas-thread-dataset-'), 'atlas-test.jsonl');
    const lines = readFileSync(workspace.dataset, 'utf8').trimEnd().split('\n');
    lines[5] = lines[5]!.slice(0, 40);
    writeFileSync(dataset, `${lines.join('\n')}\n`);
    const paths = workspacePaths(workspace).map((path) => (path === workspace.dataset ? dataset : path));
    const inThread = await importWith('never', paths);
    const onThread = await importWith('always', paths);
    expect(onThread.report.skipped.map((item) => item.path)).toEqual([`${dataset}:6`, join(brokenTask, 'grade.json')]);
    expect(onThread.report).toEqual(inThread.report);
    expect(contentDigest(onThread.store)).toEqual(contentDigest(inThread.store));
  });

  it('re-imports unchanged tasks without parsing them, changing nothing', async () => {
    const { store } = await importWith('always');
    const before = contentDigest(store);
    const again = await importPaths(store, workspacePaths(workspace), { threads: 'always' });
    expect({ tasks: again.tasks, cells: again.cells, disputes: again.disputes }).toEqual({
      tasks: 0,
      cells: 0,
      disputes: 0,
    });
    expect(contentDigest(store)).toEqual(before);
  });

  it('stops on cancel with the store unchanged', async () => {
    const store = newStore();
    const controller = new AbortController();
    let progress = 0;
    const onProgress = (): void => {
      // Well into the import: the dataset and the first run directory are being read at once.
      if (++progress === workspace.taskIds.length + 10) controller.abort();
    };
    await expect(
      importPaths(store, workspacePaths(workspace), { threads: 'always', signal: controller.signal, onProgress }),
    ).rejects.toThrow(/abort/i);
    expect(store.db.prepare('SELECT COUNT(*) AS n FROM run_tasks').get()).toEqual({ n: 0 });
    expect(store.db.prepare('SELECT COUNT(*) AS n FROM tasks').get()).toEqual({ n: 0 });
    expect(store.db.inTransaction).toBe(false);
  });

  it('reports derivation progress by task, on the thread or not', async () => {
    for (const threads of ['never', 'always'] as const) {
      const messages: string[] = [];
      await importPaths(newStore(), workspacePaths(workspace), {
        threads,
        onProgress: (_done, _total, message) => messages.push(message),
      });
      const deriving = messages.filter((message) => message.startsWith('deriving disputes:'));
      const tasks = workspace.taskIds.length;
      expect(deriving.length, threads).toBeGreaterThan(10);
      expect(deriving.at(-1), threads).toBe(`deriving disputes: ${tasks} of ${tasks} tasks`);
    }
  });

  it('stops on cancel during derivation with the store unchanged', async () => {
    const store = newStore();
    const controller = new AbortController();
    const onProgress = (_done: number, _total: number, message: string): void => {
      // The first task's disputes are written; the next task finds the import cancelled.
      if (message.startsWith('deriving disputes:')) controller.abort();
    };
    await expect(
      importPaths(store, workspacePaths(workspace), { threads: 'always', signal: controller.signal, onProgress }),
    ).rejects.toThrow(/abort/i);
    expect(store.db.prepare('SELECT COUNT(*) AS n FROM disputes').get()).toEqual({ n: 0 });
    expect(store.db.prepare('SELECT COUNT(*) AS n FROM system_cells').get()).toEqual({ n: 0 });
  });

  it('rejects a derivation it cannot do (texts sealed with another key), naming why', async () => {
    const { store } = await importWith('never');
    const taskId = workspace.taskIds[0]!;
    // Opened with the wrong key, a text is not UTF-8, or (by chance, when short) not the JSON it was: either way, the same error as here.
    const input = readTaskInput(store, taskId, 2);
    let expected = '';
    try {
      computeTaskDisputes(input, new Sealer('not-the-store-key'));
    } catch (error) {
      expected = (error as Error).message;
    }
    expect(expected).not.toBe('');
    const thread = new DerivationThread(script, 'not-the-store-key');
    try {
      await expect(thread.derive(input)).rejects.toThrow(expected);
    } finally {
      await thread.close();
    }
    const right = new DerivationThread(script, store.sealer.secret);
    try {
      const derived = await right.derive(readTaskInput(store, taskId, 2));
      const stored = store.db
        .prepare<[string], { id: string }>(
          "SELECT id FROM disputes WHERE task_id = ? AND kind IN ('cell', 'missing_row') ORDER BY rowid",
        )
        .all(taskId);
      expect(derived.ids).toEqual(stored.map((row) => row.id));
    } finally {
      await right.close();
    }
  });

  it('is never more than WINDOW records ahead of the importer', async () => {
    const runDir = workspace.runDirs[1]!;
    const run = await readHarnessRun(runDir);
    expect(run.taskCount).toBeGreaterThan(WINDOW);
    const thread = new RunReaderThread(script, 'test-secret');
    try {
      const records = thread.read(runDir, run.runs[0]!, { maxFileBytes: 64 << 20, known: null });
      const first = await records.next();
      // Time for the thread to read everything if nothing held it back.
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(thread.readAhead()).toBeGreaterThan(0);
      expect(thread.readAhead()).toBeLessThanOrEqual(WINDOW);
      // Per record with cells (a failed task has none to seal): were its texts left for the importer?
      const open: boolean[] = [];
      const note = (item: ReaderItem<PreparedRunTask>): void => {
        if ('ok' in item && item.ok.cells.length > 0) open.push(item.ok.openTexts === true);
      };
      if (!first.done) note(first.value);
      let rest = 0;
      for await (const item of records) {
        expect(thread.readAhead()).toBeLessThanOrEqual(WINDOW);
        note(item);
        rest++;
      }
      expect(rest).toBe(run.taskCount - 1);
      // While the importer waited, the thread left it the sealing; once it fell behind, the thread sealed.
      expect(open.slice(0, HANDOFF_LAG)).toEqual(Array<boolean>(HANDOFF_LAG).fill(true));
      expect(open.slice(HANDOFF_LAG + BATCH).some((isOpen) => !isOpen)).toBe(true);
    } finally {
      await thread.close();
    }
  });

  it('seals what it leaves open to the same values as the reader thread, and the writer refuses open texts', async () => {
    const run = await readHarnessRun(workspace.runDirs[2]!);
    const { ok } = await collect(run.tasks);
    const sealer = new Sealer('handoff-secret');
    const store = newStore();
    const writer = new ImportWriter(store);
    let plainGold = 0;
    for (const record of ok) {
      const sealed = new RunTaskPreparer(sealer).prepare(record);
      const open = new RunTaskPreparer(sealer).prepare(record, false);
      if (record.rows.some((row) => row.cells.length > 0)) {
        expect(open.openTexts).toBe(true);
        expect(() => writer.runTask(open)).toThrow(/the cells' texts were not sealed before writing/u);
      }
      plainGold += open.cells.filter(
        (value, i) =>
          i % CELL_WIDTH === 3 &&
          record.rows.some((row) => row.cells.some((cell) => cell.gold === value && value !== '')),
      ).length;
      expect(new RunTaskPreparer(sealer).sealCellTexts(open)).toEqual(sealed);
    }
    expect(plainGold).toBeGreaterThan(0);
  });

  it('refuses a run whose config changed after the import was planned', async () => {
    const copy = join(tempDir('atlas-run-'), 'run-copy');
    cpSync(workspace.runDirs[2]!, copy, { recursive: true });
    const planned = (await readHarnessRun(copy)).runs[0]!;
    const thread = new RunReaderThread(script, 'test-secret');
    try {
      const read = async (): Promise<void> => {
        for await (const item of thread.read(
          copy,
          { ...planned, system: 'renamed-since' },
          { maxFileBytes: 64 << 20, known: null },
        ))
          void item;
      };
      await expect(read()).rejects.toThrow(/config\.json.*changed while it was being imported/);
      // The thread that was cut short is gone; the next read starts a fresh one.
      let count = 0;
      for await (const item of thread.read(copy, planned, { maxFileBytes: 64 << 20, known: null }))
        if ('ok' in item) count++;
      expect(count).toBe(workspace.taskIds.length);
    } finally {
      await thread.close();
    }
  });

  it('refuses task directories linked to / or out of the run, as the importer thread does', async () => {
    const parent = tempDir('atlas-links-');
    const runDir = writeRun(parent, 'run', [{ folder: 'real', grade: zeldaGrade('atlas/1') }]);
    const outside = writeRun(parent, 'other', [{ folder: 'x', grade: zeldaGrade('atlas/2') }]);
    symlinkSync('/', join(runDir, 'tasks', 'root'));
    symlinkSync(join(outside, 'tasks', 'x'), join(runDir, 'tasks', 'escape'));
    const run = await readHarnessRun(runDir);
    const inThread = await collect(run.tasks);
    const thread = new RunReaderThread(script, 'test-secret');
    try {
      const onThread = await collect(thread.read(runDir, run.runs[0]!, { maxFileBytes: 64 << 20, known: null }));
      expect(onThread.ok.map((task) => task.task_id)).toEqual(['atlas/1']);
      expect(onThread.ok.map((task) => task.task_id)).toEqual(inThread.ok.map((task) => task.task_id));
      expect(onThread.skipped).toEqual(inThread.skipped);
      expect(onThread.skipped.map((item) => item.path).sort()).toEqual([
        join(runDir, 'tasks', 'escape'),
        join(runDir, 'tasks', 'root'),
      ]);
    } finally {
      await thread.close();
    }
  });

  it('reports a run directory that cannot be opened as skipped, as the importer thread does', async () => {
    const thread = new RunReaderThread(script, 'test-secret');
    const planned = (await readHarnessRun(workspace.runDirs[0]!)).runs[0]!;
    try {
      const read = async (): Promise<void> => {
        for await (const item of thread.read(join(tempDir('atlas-none-'), 'gone'), planned, {
          maxFileBytes: 64 << 20,
          known: null,
        }))
          void item;
      };
      const error = await read().then(
        () => null,
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(ReaderError);
      expect((error as ReaderError).reason).toMatch(/cannot open the run directory/);
    } finally {
      await thread.close();
    }
  });

  it("starts a packaged app's worker from app.asar.unpacked when it is there", () => {
    const resources = tempDir('atlas-resources-');
    const packed = join(resources, 'app.asar', 'dist-electron', 'import-thread-worker.cjs');
    const unpacked = join(resources, 'app.asar.unpacked', 'dist-electron', 'import-thread-worker.cjs');
    expect(bundledScript(packed)).toBeNull();
    mkdirSync(dirname(unpacked), { recursive: true });
    writeFileSync(unpacked, '');
    expect(bundledScript(packed)).toEqual({ file: pathToFileURL(unpacked) });
  });

  it('is found beside a bundle only when the bundle ships it', () => {
    const bundleDir = tempDir('atlas-bundle-');
    expect(threadScript(`file://${bundleDir}/main.js`)).toBeNull();
    writeFileSync(join(bundleDir, 'import-thread-worker.cjs'), '');
    expect(threadScript(`file://${bundleDir}/main.js`)).toEqual({
      file: new URL(`file://${bundleDir}/import-thread-worker.cjs`),
    });
  });
});
