// One import = one transaction (design.md §2): sources are read one task at a
// time and written as they come; on any fatal error or cancel, ROLLBACK leaves
// the store as it was. Tasks that fail validation are skipped whole and named.
import type { ImportReport, RulingLogImport, SkippedItem } from '../../shared/api-types';
import { DEFAULT_BASE_REVISION } from '../../shared/patch';
import type { ReportImportResult } from '../../shared/report-types';
import { importReportFiles } from '../reports';
import { mergeRulingLogs, misplacedRulings } from '../rulings';
import { isBaseAlready, settleByRevision, recogniseRevisionOutput, recordStoreGoldContent } from '../revisions';
import type { ImportedDataset } from '../revisions';
import { misalignedRunTasks } from './gold-alignment';
import { incompleteRuns, type IncompleteRun } from './incomplete-runs';
import type { Store } from '../store';
import { getMeta, setMeta } from '../store';
import { letIoThrough } from '../let-io-through';
import { maxBytesOf, ReaderError } from '../readers';
import { beginWrite } from '../write-lock';
import type { WriteLock, WriteLockOptions } from '../write-lock';
import { deferCellIndex } from './deferred-index';
import type { DeferMode } from './deferred-index';
import { deriveTouchedTasks } from './derive-touched';
import { knownTasksOf, runTasksToParse } from './known-tasks';
import { runReaderFor } from './thread/policy';
import type { ThreadMode } from './thread/policy';
import { RunTaskPreparer } from './prepared-run-task';
import { OneRunPerSystem } from './one-run-per-system';
import { planSources, sourceEvents } from './sources';
import { ImportWriter } from './writer';
import type { MisplacedRuling } from '../rulings';

/** How an import runs: progress, cancelling, limits, and what it may replace. */
export interface ImportOptions {
  onProgress?: (done: number, total: number, message: string) => void;
  signal?: AbortSignal;
  /** Files above this are refused with a message (default: ATLAS_ADJUDICATOR_MAX_FILE_SIZE, else 64 MiB). */
  maxFileBytes?: number;
  /**
   * Read run directories and derive disputes on a worker thread: `auto` (the
   * default) does for imports large enough to repay starting it.
   */
  threads?: ThreadMode;
  /** Build the graded cells' index, and the queue's, after writing them (deferred-index.ts): `auto` (the default) decides by size. */
  deferIndex?: DeferMode;
  /** A run of a system the store already has replaces that run (a re-grade) instead of being refused. */
  replaceRuns?: boolean;
  /** How to wait for the store while another process writes to it (write-lock.ts). */
  busy?: WriteLockOptions;
}

export class ImportError extends Error {
  override name = 'ImportError';
  constructor(
    message: string,
    readonly report?: ImportReport,
  ) {
    super(message);
  }
}

/** Reasons a failed import names in its message; the report holds them all. */
const REASONS_SHOWN = 10;

export async function importPaths(
  store: Store,
  paths: readonly string[],
  options: ImportOptions = {},
): Promise<ImportReport> {
  const { signal, onProgress } = options;
  const maxFileBytes = maxBytesOf(options);
  const knownTasks = knownTasksOf(store);
  const plan = await planSources(paths, { signal, maxFileBytes, knownTasks });
  if (plan.unreadable.length > 0) throw unreadableInput(plan.unreadable);
  // Per source, reported in plan order whatever order the lanes were read in (sources.ts).
  const skippedBySource = plan.sources.map((): SkippedItem[] => []);
  const failedBySource = plan.sources.map((): ImportReport['failed'] => []);
  /** Which source each run came from, so a run task taken back is reported with it. */
  const sourceOfRun = new Map<number, number>();
  let done = 0;
  const total = plan.sources.reduce((sum, source) => sum + source.units, 0);
  onProgress?.(0, total, 'reading');

  const { db } = store;
  const writer = new ImportWriter(store);
  const preparer = new RunTaskPreparer(store.sealer);
  const oneRunPerSystem = new OneRunPerSystem(store, options.replaceRuns === true);
  const replacedRuns: NonNullable<ImportReport['replaced_runs']> = [];
  let recordsRead = 0;
  let newDisputes = 0;
  let rulings: RulingLogImport | undefined;
  let reports: ReportImportResult | undefined;
  let revision: ImportReport['revision'];
  let misplaced: MisplacedRuling[] = [];
  let incomplete: IncompleteRun[] = [];
  const toParse = runTasksToParse(store, plan.sources);
  const thread = runReaderFor(options.threads, toParse, store.sealer.secret);
  // Waits, without blocking this thread, while another process writes to the store.
  let lock: WriteLock;
  try {
    lock = await beginWrite(db, store.path, { purpose: 'import', ...options.busy, ...(signal ? { signal } : {}) });
  } catch (error) {
    await thread?.close();
    throw error;
  }
  try {
    const buildCellIndex = deferCellIndex(db, toParse, options.deferIndex);
    const now = new Date().toISOString();
    let datasetId: number | null = null;
    const datasets: ImportedDataset[] = [];
    for await (const { event, source } of sourceEvents(plan.sources, { signal, maxFileBytes, knownTasks }, thread)) {
      signal?.throwIfAborted();
      switch (event.type) {
        case 'dataset': {
          const registered = writer.dataset(
            event.sha256,
            event.path,
            event.format,
            getMeta(db, 'base_revision') ?? DEFAULT_BASE_REVISION,
            now,
          );
          datasetId = registered.id;
          datasets.push({ sha256: event.sha256, format: event.format });
          if (getMeta(db, 'base_revision') === null) setMeta(db, 'base_revision', DEFAULT_BASE_REVISION);
          setMeta(db, 'dataset_sha256', event.sha256);
          setMeta(db, 'dataset_path', event.path);
          break;
        }
        case 'task': {
          const refusal = writer.task(event.task, datasetId!);
          if (refusal !== null) {
            skippedBySource[source]!.push({ path: plan.sources[source]!.path, ...refusal });
            done++;
            break;
          }
          recordsRead++;
          done++;
          break;
        }
        case 'runTask':
        case 'preparedRunTask': {
          const admitted = oneRunPerSystem.admit(event.record.run);
          if (!admitted.ok) {
            if (admitted.report) skippedBySource[source]!.push(admitted.report);
            done++;
            break;
          }
          if (admitted.replaces) {
            writer.removeRun(admitted.replaces.runKey);
            replacedRuns.push({
              system: admitted.replaces.system,
              path: admitted.replaces.path,
              by: admitted.replaces.by,
            });
          }
          const record =
            event.type === 'runTask' ? preparer.prepare(event.record) : preparer.sealCellTexts(event.record);
          sourceOfRun.set(writer.runIdFor(record.run), source);
          if (record.state === 'failed')
            failedBySource[source]!.push({ path: record.path, task_id: record.task_id, system: record.run.system });
          const refused = writer.runTask(record);
          if (refused !== null) skippedBySource[source]!.push({ path: record.path, ...refused });
          recordsRead++;
          done++;
          break;
        }
        case 'judge':
          writer.judge(event.opinion);
          recordsRead++;
          break;
        case 'skipped':
          skippedBySource[source]!.push(event.item);
          done++;
          break;
      }
      if (event.type !== 'judge' && event.type !== 'dataset')
        onProgress?.(Math.min(done, total), total, plan.sources[source]!.path);
    }
    if (recordsRead === 0 && plan.rulingLogs.length === 0 && plan.reportFiles.length === 0) {
      const skipped = skippedItems();
      const reasons = skipped
        .slice(0, REASONS_SHOWN)
        .map((item) => `${item.path}${item.field ? ` (${item.field})` : ''}: ${item.reason}`);
      const more = skipped.length > REASONS_SHOWN ? `; and ${skipped.length - REASONS_SHOWN} more in the report` : '';
      throw new ImportError(
        `nothing could be imported${reasons.length ? `: ${reasons.join('; ')}${more}` : ''}`,
        report(),
      );
    }
    if (buildCellIndex) {
      onProgress?.(total, total, 'indexing cells');
      buildCellIndex();
      // Polls that came while the index was built see this step, and a cancel pressed then lands here.
      await letIoThrough();
      signal?.throwIfAborted();
    }
    // Runs graded against another version of a task's gold than the store now holds are taken back, named (gold-alignment.ts).
    for (const { tail, reason } of misalignedRunTasks(writer.alignment, writer.deferredTails)) {
      writer.dropRunTask(tail.runId, tail.taskId);
      skippedBySource[sourceOfRun.get(tail.runId) ?? 0]!.push({ path: tail.path, field: 'details.rows', reason });
    }
    onProgress?.(total, total, 'deriving disputes');
    newDisputes = await deriveTouchedTasks(store, writer.touchedTasks, {
      signal,
      threads: options.threads,
      deferIndex: options.deferIndex,
      onProgress: (derived, tasks) => onProgress?.(total, total, `deriving disputes: ${derived} of ${tasks} tasks`),
    });
    // What the store's gold is as shipped, for the patches it exports (base_gold_sha256): one read of the tasks per dataset import.
    if (datasets.length > 0) recordStoreGoldContent(store);
    // A revised dataset this store exported marks the disputes its patch settled (design.md §6): one this
    // store applied is known by its hash, one applied elsewhere by what its gold shows (recognise.ts).
    for (const dataset of datasets) {
      // The same revised dataset again: settled again (derivation rebuilt the rows), reported once, when it became the base.
      const again = isBaseAlready(store, dataset.sha256);
      const recognised = await recogniseRevisionOutput(store, dataset);
      const settled = settleByRevision(store, dataset.sha256);
      if (settled && !again)
        revision = {
          tag: settled.revision,
          settled: settled.settled,
          tasks_left: settled.tasks_left,
          recognised_by_gold: recognised !== null,
        };
    }
    if (plan.rulingLogs.length > 0) rulings = mergeRulingLogs(store, plan.rulingLogs, { maxFileBytes });
    if (plan.reportFiles.length > 0) {
      // Reports about a gold row or a cell without one make disputes of their own: counted with the rest.
      const before = disputeCount(store);
      reports = importReportFiles(store, plan.reportFiles, { maxFileBytes });
      newDisputes += Math.max(0, disputeCount(store) - before);
    }
    misplaced = misplacedRulings(store, writer.touchedTasks);
    if (sourceOfRun.size > 0) incomplete = incompleteRuns(store);
    db.exec('COMMIT');
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK');
    // A file the user named that could not be read in full (readSource lets its error through).
    if (error instanceof ReaderError) throw unreadableInput([error.toSkipped()]);
    throw error;
  } finally {
    lock.release();
    await thread?.close();
  }
  return report();

  function skippedItems(): SkippedItem[] {
    return [...plan.errors, ...skippedBySource.flat()];
  }

  function report(): ImportReport {
    return {
      tasks: writer.counts.tasks.size,
      systems: writer.counts.systems,
      cells: writer.counts.cells,
      disputes: newDisputes,
      judges: writer.counts.judges,
      skipped: skippedItems(),
      failed: failedBySource.flat(),
      // Inputs read: each dataset, cells, judges, ruling and issue file, and each run directory, once.
      files: plan.sources.length + plan.rulingLogs.length + plan.reportFiles.length,
      ...(rulings ? { rulings } : {}),
      ...(reports ? { reports } : {}),
      ...(replacedRuns.length > 0 ? { replaced_runs: replacedRuns } : {}),
      ...(revision ? { revision } : {}),
      ...(misplaced.length > 0 ? { misplaced_rulings: misplaced } : {}),
      ...(incomplete.length > 0 ? { incomplete_runs: incomplete } : {}),
    };
  }
}

/**
 * A file the user named and the import could not read in full fails it whole:
 * importing the rest would, for a dataset, take gold from the runs' recorded
 * values instead.
 */
function unreadableInput(items: readonly SkippedItem[]): ImportError {
  const named = items.map((item) => `${item.path}${item.field ? ` (${item.field})` : ''}: ${item.reason}`);
  return new ImportError(`cannot read ${named.join('; ')}; nothing was imported`);
}

function disputeCount(store: Store): number {
  return store.db.prepare<[], number>('SELECT count(*) FROM disputes').pluck().get() ?? 0;
}
