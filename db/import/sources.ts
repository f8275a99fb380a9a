// Adapts each reader to the importer's event stream, and plans the work up
// front so progress has a total (files or tasks done / total).
import { createReadStream } from 'node:fs';
import type { SkippedItem } from '../../shared/api-types';
import {
  ReaderError,
  expandPaths,
  readCellsFile,
  readDataset,
  readHarnessRun,
  readJudgeOpinions,
  maxBytesOf,
} from '../readers';
import type { DetectedSource, ReaderOptions, RunSource } from '../readers';
import type { RunReaderThread } from './thread/run-reader';
import type { ImportEvent } from './events';
import { mergeStreams } from './merge-streams';

export interface PlannedSource {
  source: DetectedSource;
  path: string;
  /** Progress units this source accounts for (tasks for runs and datasets, 1 for other files). */
  units: number;
  run?: RunSource;
}

export interface SourcePlan {
  sources: PlannedSource[];
  /** Ruling logs are merged after the disputes are derived, so their rulings attach at once. */
  rulingLogs: string[];
  /** GitHub issue files, likewise linked to the freshly derived disputes. */
  reportFiles: string[];
  errors: SkippedItem[];
  /** Paths the user gave that cannot be read as inputs: any of them fails the whole import. */
  unreadable: SkippedItem[];
}

const IMPORTABLE = new Set(['dataset', 'run', 'cells', 'judges']);

/** What planning passes to the readers: cancel, the size limit, and the store's tasks per run. */
export type PlanOptions = Pick<ReaderOptions, 'signal' | 'maxFileBytes' | 'knownTasks'>;

export async function planSources(paths: readonly string[], options: PlanOptions = {}): Promise<SourcePlan> {
  const { signal, knownTasks, maxFileBytes } = options;
  const expanded = await expandPaths(paths, { signal, maxFileBytes });
  const errors = [...expanded.errors];
  const unreadable = [...expanded.unreadable];
  const sources: PlannedSource[] = [];
  const rulingLogs: string[] = [];
  const reportFiles: string[] = [];
  for (const source of expanded.sources) {
    signal?.throwIfAborted();
    if (source.kind === 'rulings' || source.kind === 'reports') {
      (source.kind === 'rulings' ? rulingLogs : reportFiles).push(source.path);
      continue;
    }
    if (!IMPORTABLE.has(source.kind)) {
      errors.push({ path: source.path, field: '', reason: `${source.kind} files are not imported here yet` });
      continue;
    }
    if (source.kind === 'run') {
      try {
        const run = await readHarnessRun(source.path, { signal, knownTasks, maxFileBytes });
        sources.push({ source, path: source.path, units: run.taskCount, run });
      } catch (error) {
        if (!(error instanceof ReaderError)) throw error;
        (source.named ? unreadable : errors).push(error.toSkipped());
      }
      continue;
    }
    if (source.kind === 'dataset') {
      // The dataset is the base every export is checked against: two in one import would leave it to chance.
      const base = sources.find((planned) => planned.source.kind === 'dataset');
      if (base) {
        errors.push({
          path: source.path,
          field: '',
          reason: `one dataset per import: ${base.path} is this import's base; import this file on its own to make it the base`,
        });
        continue;
      }
    }
    sources.push({ source, path: source.path, units: source.kind === 'dataset' ? await countLines(source.path) : 1 });
  }
  return { sources, rulingLogs, reportFiles, errors, unreadable };
}

async function countLines(path: string): Promise<number> {
  if (path.toLowerCase().endsWith('.parquet')) return 1;
  let lines = 0;
  for await (const chunk of createReadStream(path)) {
    const bytes = chunk as Buffer;
    for (let i = bytes.indexOf(10); i !== -1; i = bytes.indexOf(10, i + 1)) lines++;
  }
  return Math.max(lines, 1);
}

/** An input that holds nothing is named, so an import of it alone does not fail without a reason. */
const NO_RECORDS = 'the file holds no records (empty, or blank lines only)';

/** `thread`: read run directories on it instead of in this thread (same records, same order). */
export async function* readSource(
  planned: PlannedSource,
  options: ReaderOptions,
  thread?: RunReaderThread | null,
): AsyncGenerator<ImportEvent> {
  try {
    yield* eventsOf(planned, options, thread ?? null);
  } catch (error) {
    // A source found in a folder that cannot be read in full is reported and the rest of the import goes on;
    // one the user named fails the import (its ReaderError goes up).
    if (!(error instanceof ReaderError) || planned.source.named === true) throw error;
    yield { type: 'skipped', item: error.toSkipped() };
  }
}

async function* eventsOf(
  planned: PlannedSource,
  options: ReaderOptions,
  thread: RunReaderThread | null,
): AsyncGenerator<ImportEvent> {
  switch (planned.source.kind) {
    case 'dataset': {
      const dataset = await readDataset(planned.path, options);
      yield { type: 'dataset', sha256: dataset.sha256, path: dataset.path, format: dataset.format };
      for await (const item of dataset.tasks)
        yield 'ok' in item ? { type: 'task', task: item.ok } : { type: 'skipped', item: item.skipped };
      return;
    }
    case 'run':
    case 'cells': {
      const run = planned.run ?? (await readCellsFile(planned.path, options));
      const header = run.runs[0];
      if (thread && planned.source.kind === 'run' && header && run.runs.length === 1) {
        const known = options.knownTasks?.(header) ?? null;
        const prepared = thread.read(planned.path, header, {
          signal: options.signal,
          maxFileBytes: maxBytesOf(options),
          known,
        });
        for await (const item of prepared)
          yield 'ok' in item ? { type: 'preparedRunTask', record: item.ok } : { type: 'skipped', item: item.skipped };
        return;
      }
      let records = 0;
      for await (const item of run.tasks) {
        records++;
        yield 'ok' in item ? { type: 'runTask', record: item.ok } : { type: 'skipped', item: item.skipped };
      }
      if (records === 0) yield { type: 'skipped', item: { path: planned.path, field: '', reason: NO_RECORDS } };
      return;
    }
    case 'judges': {
      let records = 0;
      for await (const item of readJudgeOpinions(planned.path, options)) {
        records++;
        yield 'ok' in item ? { type: 'judge', opinion: item.ok } : { type: 'skipped', item: item.skipped };
      }
      if (records === 0) yield { type: 'skipped', item: { path: planned.path, field: '', reason: NO_RECORDS } };
      return;
    }
    default:
      return;
  }
}

/** An event and the index of the source it came from. */
export interface SourceEvent {
  event: ImportEvent;
  source: number;
}

interface IndexedSource {
  planned: PlannedSource;
  index: number;
}

/** Whether the reader thread reads this source (a run directory with one header). */
function onThread(planned: PlannedSource, thread: RunReaderThread | null): boolean {
  return thread !== null && planned.source.kind === 'run' && planned.run?.runs.length === 1;
}

/** Sources read here alongside the thread's: they register no runs, so the runs' ids do not depend on timing. */
const ALONGSIDE = new Set(['dataset', 'judges']);

/**
 * Every source's events. With a reader thread, two lanes are read at once:
 * the run directories on the thread, and the datasets and judge files here;
 * then the rest (flat cells files), in plan order. Flat cells files wait for
 * the thread to finish: read alongside it, the import's memory peaked over
 * 400 MB at 1,500 tasks. The thread is closed (its heap freed) once its lane
 * is done.
 */
export async function* sourceEvents(
  sources: readonly PlannedSource[],
  options: ReaderOptions,
  thread: RunReaderThread | null,
): AsyncGenerator<SourceEvent> {
  const indexed = sources.map((planned, index) => ({ planned, index }));
  const lane = async function* (
    planned: readonly IndexedSource[],
    laneThread: RunReaderThread | null,
  ): AsyncGenerator<SourceEvent> {
    for (const { planned: source, index } of planned) {
      for await (const event of readSource(source, options, laneThread)) yield { event, source: index };
    }
  };
  if (!thread) {
    yield* lane(indexed, null);
    return;
  }
  const threadLane = async function* (): AsyncGenerator<SourceEvent> {
    yield* lane(
      indexed.filter(({ planned }) => onThread(planned, thread)),
      thread,
    );
    await thread.close();
  };
  const here = indexed.filter(({ planned }) => !onThread(planned, thread));
  const alongside = here.filter(({ planned }) => ALONGSIDE.has(planned.source.kind));
  yield* mergeStreams([threadLane(), lane(alongside, null)]);
  yield* lane(
    here.filter(({ planned }) => !ALONGSIDE.has(planned.source.kind)),
    null,
  );
}
