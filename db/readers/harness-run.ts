// One harness run directory (design.md §4.2): config.json, then tasks/<safe id>/
// with result.json + grade.json, or error.json for a failed task. Tasks are
// yielded one at a time so memory stays bounded by the largest task.
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync } from 'node:fs';
import type { Dirent } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { normalizeText } from '../../shared/normalize';
import { attempt, describeZodError, ReaderError } from './errors';
import { directoryInside, readInside } from './contained';
import { fastGrade, fastResult } from './fast-paths';
import { decodeUtf8, maxBytesOf, Pacer, parseJson } from './files';
import { configSchema, errorFileSchema, gradeSchema, resultSchema, uniqueSources } from './schemas';
import type { z } from 'zod';
import type {
  AlignmentRecord,
  KnownRunTask,
  ReaderItem,
  ReaderOptions,
  RunHeader,
  RunTaskRecord,
  SystemCellRecord,
} from './types';

export interface RunSource {
  runs: RunHeader[];
  /** How many task records (or skipped items) `tasks` will yield, for progress. */
  taskCount: number;
  /** Iterate once. */
  tasks: AsyncIterable<ReaderItem<RunTaskRecord>>;
}

/**
 * Opens a run directory: reads config.json (a bad one refuses the run with a
 * ReaderError) and lists tasks/; the tasks themselves are read lazily.
 */
export async function readHarnessRun(dir: string, options: ReaderOptions = {}): Promise<RunSource> {
  options.signal?.throwIfAborted();
  const maxBytes = maxBytesOf(options);
  const shownRoot = resolve(dir);
  let root: string;
  try {
    root = await realpath(shownRoot);
  } catch (error) {
    throw new ReaderError(shownRoot, '', `cannot open the run directory: ${(error as Error).message}`);
  }
  const run = readConfig(root, shownRoot, maxBytes);

  const shownTasks = join(shownRoot, 'tasks');
  let tasksDir = join(root, 'tasks');
  let tasksStat;
  try {
    tasksStat = lstatSync(tasksDir);
  } catch {
    throw new ReaderError(shownTasks, '', 'missing: a run directory holds config.json and tasks/');
  }
  if (tasksStat.isSymbolicLink()) tasksDir = directoryInside(tasksDir, root, shownTasks, 'tasks/');
  else if (!tasksStat.isDirectory()) throw new ReaderError(shownTasks, '', 'not a directory');

  // Sorted so a run always yields its tasks in the same order.
  const entries = readdirSync(tasksDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() || entry.isSymbolicLink())
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

  const context: TaskContext = {
    run,
    root,
    tasksDir,
    shownTasks,
    maxBytes,
    seen: new Map(),
    knownTasks: options.knownTasks,
    known: null,
  };
  return { runs: [run], taskCount: entries.length, tasks: taskRecords(entries, context, options.signal) };
}

function readConfig(root: string, shownRoot: string, maxBytes: number): RunHeader {
  const shown = join(shownRoot, 'config.json');
  const bytes = readInside(join(root, 'config.json'), root, shown, maxBytes);
  if (!bytes) throw new ReaderError(shown, '', 'missing: a run directory holds config.json and tasks/');
  const config = configSchema.safeParse(parseJson(decodeUtf8(bytes, shown), shown), { reportInput: true });
  if (!config.success) {
    const { field, reason } = describeZodError(config.error);
    throw new ReaderError(shown, field, reason);
  }
  const { system, suite_revision, judge_model, created_at } = config.data;
  return {
    run_key: basename(shownRoot),
    system: typeof system === 'string' ? system : system.name,
    suite_revision,
    judge_model,
    created_at,
    source_path: shownRoot,
    format: 'harness',
  };
}

interface TaskContext {
  run: RunHeader;
  root: string;
  tasksDir: string;
  shownTasks: string;
  maxBytes: number;
  /** task_id -> the task directory it was first read from. */
  seen: Map<string, string>;
  knownTasks: ReaderOptions['knownTasks'];
  /** Looked up lazily: the import reads tasks inside its transaction, planning happens before it. */
  known: ReadonlyMap<string, KnownRunTask> | null;
}

async function* taskRecords(
  entries: Dirent[],
  context: TaskContext,
  signal?: AbortSignal,
): AsyncGenerator<ReaderItem<RunTaskRecord>> {
  const pacer = new Pacer(signal);
  for (const entry of entries) {
    if (pacer.due()) await pacer.step();
    const shown = join(context.shownTasks, entry.name);
    yield attempt(shown, () => readTask(entry, shown, context));
  }
}

type Parsed<S extends z.ZodType> = z.output<S>;

function readTask(entry: Dirent, shown: string, context: TaskContext): RunTaskRecord {
  const { root, maxBytes } = context;
  let dir = join(context.tasksDir, entry.name);
  if (entry.isSymbolicLink()) dir = directoryInside(dir, root, shown, 'task directory');

  const files = {
    result: readInside(join(dir, 'result.json'), root, join(shown, 'result.json'), maxBytes),
    grade: readInside(join(dir, 'grade.json'), root, join(shown, 'grade.json'), maxBytes),
    // Usually absent: a non-throwing lstat first spares a failed open (an exception) per task.
    error: lstatSync(join(dir, 'error.json'), { throwIfNoEntry: false })
      ? readInside(join(dir, 'error.json'), root, join(shown, 'error.json'), maxBytes)
      : null,
  };
  const contentSha = hashTaskFiles(files);
  if (context.knownTasks) {
    context.known ??= context.knownTasks(context.run);
    const known = context.known.get(shown);
    if (known?.content_sha === contentSha) {
      claim(known.task_id, shown, shown, context.seen);
      const { task_id, state } = known;
      return {
        run: context.run,
        task_id,
        state,
        content_sha: contentSha,
        path: shown,
        scores: null,
        returned_rows: null,
        rows: [],
        unchanged: true,
      };
    }
  }
  const result = files.result ? validate(resultSchema, files.result, join(shown, 'result.json'), fastResult) : null;

  if (files.grade) {
    const gradePath = join(shown, 'grade.json');
    const grade = validate(gradeSchema, files.grade, gradePath, fastGrade);
    if (result?.task_id !== undefined && result.task_id !== grade.task_id) {
      throw new ReaderError(
        gradePath,
        'task_id',
        `grade.json names task ${JSON.stringify(grade.task_id)} but result.json names ${JSON.stringify(result.task_id)}`,
      );
    }
    claim(grade.task_id, shown, gradePath, context.seen);
    // One citation index per task, built only if some cell needs it.
    const cache = { index: null };
    const rows = grade.details.rows.map((row) => alignment(row, result?.citations ?? [], cache));
    return {
      run: context.run,
      task_id: grade.task_id,
      state: 'graded',
      content_sha: contentSha,
      path: shown,
      scores: grade.scores,
      returned_rows: returnedRows(rows),
      rows,
    };
  }

  if (files.error) {
    const errorPath = join(shown, 'error.json');
    const failure = validate(errorFileSchema, files.error, errorPath);
    const taskId = failure.task_id ?? result?.task_id;
    if (taskId === undefined)
      throw new ReaderError(errorPath, 'task_id', 'a failed task needs its task_id in error.json or result.json');
    claim(taskId, shown, errorPath, context.seen);
    return {
      run: context.run,
      task_id: taskId,
      state: 'failed',
      content_sha: contentSha,
      path: shown,
      scores: null,
      returned_rows: null,
      rows: [],
    };
  }
  throw new ReaderError(shown, '', 'neither grade.json nor error.json: the task was not graded');
}

function validate<S extends z.ZodType>(
  schema: S,
  bytes: Buffer,
  path: string,
  fast?: (raw: unknown) => Parsed<S> | null,
): Parsed<S> {
  const raw = parseJson(decodeUtf8(bytes, path), path);
  const quick = fast?.(raw);
  if (quick) return quick;
  const parsed = schema.safeParse(raw, { reportInput: true });
  if (parsed.success) return parsed.data;
  const { field, reason } = describeZodError(parsed.error);
  throw new ReaderError(path, field, reason);
}

function claim(taskId: string, shown: string, path: string, seen: Map<string, string>): void {
  const first = seen.get(taskId);
  if (first !== undefined)
    throw new ReaderError(path, 'task_id', `task ${JSON.stringify(taskId)} was already read from ${first}`);
  seen.set(taskId, shown);
}

/** sha256 over the task's files, each framed by its name and length so that bytes cannot shift between files. */
function hashTaskFiles(files: Record<string, Buffer | null>): string {
  const hash = createHash('sha256');
  for (const [name, bytes] of Object.entries(files)) {
    if (!bytes) continue;
    hash.update(`${name}\0${bytes.length}\0`);
    hash.update(bytes);
  }
  return hash.digest('hex');
}

type Citation = Parsed<typeof resultSchema>['citations'][number];
type GradeRow = Parsed<typeof gradeSchema>['details']['rows'][number];

/** Citations of one response row: all of them, and by column name (each list de-duplicated once). */
interface RowCitations {
  all: string[];
  byColumn: Map<string, string[]>;
  /** Built on the first lookup that misses byColumn. */
  byNormalized: Map<string, string[]> | null;
}

// Column names repeat across rows, tasks and runs: normalise each once.
const normalizedNames = new Map<string, string>();
function normalizedName(name: string): string {
  let key = normalizedNames.get(name);
  if (key === undefined) {
    if (normalizedNames.size > 50_000) normalizedNames.clear();
    key = normalizeText(name);
    normalizedNames.set(name, key);
  }
  return key;
}

function indexCitations(citations: readonly Citation[]): Map<number, RowCitations> {
  const index = new Map<number, RowCitations>();
  for (const citation of citations) {
    if (citation.row === null) continue;
    let row = index.get(citation.row);
    if (!row) index.set(citation.row, (row = { all: [], byColumn: new Map(), byNormalized: null }));
    row.all.push(citation.url);
    if (citation.column !== null) {
      const list = row.byColumn.get(citation.column);
      if (list) list.push(citation.url);
      else row.byColumn.set(citation.column, [citation.url]);
    }
  }
  for (const row of index.values()) {
    row.all = uniqueSources(row.all);
    for (const [name, urls] of row.byColumn) if (urls.length > 1) row.byColumn.set(name, uniqueSources(urls));
  }
  return index;
}

/** The row's citations for `column`: exact name first, then the name compared after normalisation. */
function columnCitations(row: RowCitations, column: string): string[] | undefined {
  const exact = row.byColumn.get(column);
  if (exact || row.byColumn.size === 0) return exact;
  if (!row.byNormalized) {
    row.byNormalized = new Map();
    for (const [name, urls] of row.byColumn) {
      const key = normalizedName(name);
      const list = row.byNormalized.get(key);
      row.byNormalized.set(key, list ? uniqueSources([...list, ...urls]) : urls);
    }
  }
  return row.byNormalized.get(normalizedName(column));
}

/**
 * design.md §4.2: a cell's sources are its own `sources`, else result.json's
 * citations for its row and column, else that row's citations. Cells that
 * fall back share the row's (read-only) citation arrays.
 */
function alignment(
  row: GradeRow,
  citations: readonly Citation[],
  cache: { index: Map<number, RowCitations> | null },
): AlignmentRecord {
  const cells: SystemCellRecord[] = row.cells.map((cell) => {
    let sources = uniqueSources(cell.sources);
    if (sources.length === 0 && row.response_row !== null && citations.length > 0) {
      cache.index ??= indexCitations(citations);
      const rowCitations = cache.index.get(row.response_row);
      if (rowCitations) sources = columnCitations(rowCitations, cell.column) ?? rowCitations.all;
    }
    return {
      column: cell.column,
      gold: cell.gold,
      response: cell.response,
      verdict: cell.verdict,
      method: cell.method,
      sources,
      reasoning: cell.reasoning,
    };
  });
  return {
    gold_row: row.gold_row,
    gold_entity: null,
    response_row: row.response_row,
    response_entity: row.response_entity,
    aligned_by: row.aligned_by,
    cells,
  };
}

/** Rows the system returned: distinct response rows, plus extras without an index. */
function returnedRows(rows: readonly AlignmentRecord[]): number {
  const seen = new Set<number>();
  let unindexedExtras = 0;
  for (const row of rows) {
    if (row.response_row !== null) seen.add(row.response_row);
    else if (row.gold_row === null) unindexedExtras++;
  }
  return seen.size + unindexedExtras;
}
