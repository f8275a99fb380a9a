// What kind of input a path is (design.md §4), and which sources a list of paths
// expands to: a folder of run directories (results/runs/) or a folder mixing
// datasets, runs and JSONL files becomes one source per input.
import type { Dirent } from 'node:fs';
import { open, readdir, realpath, stat } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import type { SkippedItem } from '../../shared/api-types';
import { isAbort, ReaderError } from './errors';
import { decodeUtf8, isBlankLine, maxBytesOf, parseJson, readFileLimited, readLines } from './files';
import { isPlainObject } from './schemas';
import type { ReaderOptions, SourceKind } from './types';

export interface DetectedSource {
  kind: SourceKind;
  /** Absolute path of the file or run directory. */
  path: string;
  /** Given by the user as it is (not found in a folder): it must be read in full, or the import fails. */
  named?: boolean;
}

/** Sources in this order: the dataset before the runs that refer to its tasks, reports and rulings last. */
const KIND_ORDER: Record<SourceKind, number> = { dataset: 0, run: 1, cells: 2, judges: 3, reports: 4, rulings: 5 };

const EXPECTED =
  'expected a dataset (.jsonl with canary/gold fields, or .parquet), a harness run directory (config.json + tasks/), ' +
  'a folder of run directories, *.cells.jsonl, *.judges.jsonl, *.rulings.jsonl, or GitHub issues JSON';

/** Folders never worth descending into when expanding a directory. */
const IGNORED_DIRS = new Set(['node_modules', '__pycache__']);
const MAX_DEPTH = 6;

/** Classifies one path; a directory must itself be a run directory (use expandPaths for folders of runs). */
export async function detectSource(
  path: string,
  options: ReaderOptions = {},
): Promise<DetectedSource | { error: string }> {
  const absolute = resolve(path);
  const detected = await detect(absolute, maxBytesOf(options));
  return 'reason' in detected ? { error: `${absolute}: ${detected.reason}` } : { kind: detected.kind, path: absolute };
}

async function detect(absolute: string, maxBytes: number): Promise<{ kind: SourceKind } | { reason: string }> {
  try {
    const info = await stat(absolute);
    if (info.isDirectory()) {
      const entries = await readdir(absolute, { withFileTypes: true });
      if (await isRunDir(absolute, entries)) return { kind: 'run' };
      return { reason: `not a run directory (${runDirHint(entries)}); ${EXPECTED}` };
    }
    if (!info.isFile()) return { reason: `not a regular file or directory; ${EXPECTED}` };
    const kind = await classifyFile(absolute, maxBytes);
    return typeof kind === 'string' ? { kind } : { reason: kind.error };
  } catch (error) {
    if (isAbort(error)) throw error;
    return { reason: describeFsError(error) };
  }
}

/**
 * Expands paths into sources, deduplicated (by real path) and ordered by kind
 * then path. A directory that is not a run directory is searched (hidden
 * folders skipped, depth limited) for run directories, never looking inside a
 * run directory, and for recognised files; unrecognised files found this way
 * are ignored. A path that yields nothing is reported in `errors`; a file
 * given as it is that cannot be read as an input, in `unreadable`.
 */
export async function expandPaths(
  paths: readonly string[],
  options: ReaderOptions = {},
): Promise<{ sources: DetectedSource[]; errors: SkippedItem[]; unreadable: SkippedItem[] }> {
  const maxBytes = maxBytesOf(options);
  const found = new Map<string, DetectedSource>();
  const errors: SkippedItem[] = [];
  const unreadable: SkippedItem[] = [];
  const add = async (kind: SourceKind, path: string, named = false): Promise<void> => {
    const real = await realpath(path).catch(() => path);
    const known = found.get(real);
    if (!known) found.set(real, named ? { kind, path, named } : { kind, path });
    else if (named) known.named = true;
  };

  for (const path of paths) {
    options.signal?.throwIfAborted();
    const absolute = resolve(path);
    let isDirectory: boolean;
    try {
      isDirectory = (await stat(absolute)).isDirectory();
    } catch (error) {
      unreadable.push({ path: absolute, field: '', reason: describeFsError(error) });
      continue;
    }
    if (!isDirectory) {
      const detected = await detect(absolute, maxBytes);
      if ('reason' in detected) unreadable.push({ path: absolute, field: '', reason: detected.reason });
      else await add(detected.kind, absolute, true);
      continue;
    }
    const before = found.size;
    const entries = await readdir(absolute, { withFileTypes: true }).catch(() => null);
    if (!entries) {
      errors.push({ path: absolute, field: '', reason: 'cannot read the directory' });
      continue;
    }
    const folderErrors: SkippedItem[] = [];
    if (await isRunDir(absolute, entries)) await add('run', absolute, true);
    else
      await walk(
        absolute,
        entries,
        1,
        new Set([await realpath(absolute)]),
        { add, refuse: (item) => folderErrors.push(item) },
        maxBytes,
        options.signal,
      );
    errors.push(...folderErrors);
    if (found.size === before && folderErrors.length === 0) {
      errors.push({
        path: absolute,
        field: '',
        reason: `no input found in this directory (${runDirHint(entries)}); ${EXPECTED}`,
      });
    }
  }
  const sources = [...found.values()].sort(
    (a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0),
  );
  return { sources, errors, unreadable };
}

interface WalkSink {
  add: (kind: SourceKind, path: string) => Promise<void>;
  /** A file found in a folder that looks like an input but cannot be one. */
  refuse: (item: SkippedItem) => void;
}

async function walk(
  dir: string,
  entries: Dirent[],
  depth: number,
  visited: Set<string>,
  sink: WalkSink,
  maxBytes: number,
  signal?: AbortSignal,
): Promise<void> {
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    signal?.throwIfAborted();
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    let isDir = entry.isDirectory();
    let isFile = entry.isFile();
    if (entry.isSymbolicLink()) {
      const info = await stat(path).catch(() => null);
      isDir = info?.isDirectory() ?? false;
      isFile = info?.isFile() ?? false;
    }
    if (isFile) {
      if (!/\.(jsonl|ndjson|parquet|json)$/iu.test(entry.name)) continue;
      const kind = await classifyFile(path, maxBytes).catch((error: unknown) => {
        if (error instanceof ReaderError) return { error: error.reason, unreadable: true };
        throw error;
      });
      if (typeof kind === 'string') await sink.add(kind, path);
      // Data files (JSONL, Parquet) and files too large or unreadable to tell are named; other JSON
      // that is not ours (package.json, notes…) is simply not an input.
      else if ('unreadable' in kind || !/\.json$/iu.test(entry.name))
        sink.refuse({ path, field: '', reason: kind.error });
      continue;
    }
    if (!isDir || IGNORED_DIRS.has(entry.name)) continue;
    const real = await realpath(path).catch(() => null);
    if (!real || visited.has(real)) continue;
    visited.add(real);
    const children = await readdir(path, { withFileTypes: true }).catch(() => null);
    if (!children) continue;
    if (await isRunDir(path, children)) await sink.add('run', path);
    else if (depth < MAX_DEPTH) await walk(path, children, depth + 1, visited, sink, maxBytes, signal);
  }
}

/** A run directory holds config.json and tasks/ (design.md §4.2). */
async function isRunDir(dir: string, entries: Dirent[]): Promise<boolean> {
  const config = entries.find((entry) => entry.name === 'config.json');
  const tasks = entries.find((entry) => entry.name === 'tasks');
  if (!config || !tasks) return false;
  if (tasks.isDirectory()) return true;
  // A symlinked tasks/ is accepted here; the run reader checks that it stays inside the run.
  return tasks.isSymbolicLink() && (await stat(join(dir, 'tasks')).catch(() => null))?.isDirectory() === true;
}

function runDirHint(entries: Dirent[]): string {
  const hasConfig = entries.some((entry) => entry.name === 'config.json');
  const hasTasks = entries.some((entry) => entry.name === 'tasks');
  if (hasConfig && !hasTasks) return 'it has config.json but no tasks/ folder';
  if (hasTasks && !hasConfig) return 'it has tasks/ but no config.json';
  return 'no config.json and tasks/';
}

/** The kind of a file, from its name and, where the name is not enough, its first record. */
async function classifyFile(path: string, maxBytes: number): Promise<SourceKind | { error: string }> {
  const name = basename(path).toLowerCase();
  if (name.endsWith('.cells.jsonl')) return 'cells';
  if (name.endsWith('.judges.jsonl')) return 'judges';
  if (name.endsWith('.rulings.jsonl')) return 'rulings';
  if (name.endsWith('.parquet'))
    return (await hasParquetMagic(path))
      ? 'dataset'
      : { error: 'named .parquet but not a Parquet file (no PAR1 header)' };
  if (name.endsWith('.jsonl') || name.endsWith('.ndjson')) return sniffJsonl(path, maxBytes);
  if (name.endsWith('.json')) return sniffJson(path, name, maxBytes);
  return { error: `unrecognised file type; ${EXPECTED}` };
}

async function hasParquetMagic(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(4);
    await handle.read(head, 0, 4, 0);
    return head.toString('latin1') === 'PAR1';
  } finally {
    await handle.close();
  }
}

/** Lines a JSONL file is sniffed over: one broken first line must not hide what the file is. */
const SNIFF_LINES = 100;

/**
 * A JSONL file without a telling suffix is recognised by the fields of its
 * first valid record; broken lines before it are left to the reader, which
 * skips them with their line numbers.
 */
async function sniffJsonl(path: string, maxBytes: number): Promise<SourceKind | { error: string }> {
  let firstProblem: string | null = null;
  let seen = 0;
  for await (const line of readLines(path, maxBytes)) {
    if (isBlankLine(line.bytes)) continue;
    if (++seen > SNIFF_LINES) break;
    const where = `${path}:${line.number}`;
    let record: unknown;
    try {
      record = parseJson(decodeUtf8(line.bytes, where), where);
    } catch (error) {
      if (!(error instanceof ReaderError)) throw error;
      firstProblem ??= `line ${line.number} is not a JSON record: ${error.reason}`;
      continue;
    }
    if (!isPlainObject(record)) {
      firstProblem ??= `line ${line.number} is not a JSON object; ${EXPECTED}`;
      continue;
    }
    const has = (...keys: string[]): boolean => keys.every((key) => Object.hasOwn(record, key));
    if (has('canary', 'gold')) return 'dataset';
    if (has('judge', 'verdict')) return 'judges';
    if (has('system', 'column', 'verdict')) return 'cells';
    if (has('decision', 'engineer')) return 'rulings';
    // A valid record of another kind is telling enough: the file is not ours.
    return {
      error: `JSONL whose first record (line ${line.number}) has neither canary/gold fields (dataset) nor the fields of cells, judges or rulings lines; ${EXPECTED}`,
    };
  }
  if (firstProblem !== null)
    return {
      error:
        seen > SNIFF_LINES ? `${firstProblem} (and no valid record in the first ${SNIFF_LINES} lines)` : firstProblem,
    };
  return { error: 'empty JSONL file (no records)' };
}

const RUN_FILES = new Set(['config.json', 'grade.json', 'result.json', 'error.json', 'summary.json']);

function sniffJson(path: string, name: string, maxBytes: number): SourceKind | { error: string } {
  if (RUN_FILES.has(name))
    return {
      error: `${name} belongs to a harness run: import the run directory itself (the folder holding config.json and tasks/)`,
    };
  const outcome = readFileLimited(path, maxBytes);
  if (!('bytes' in outcome)) return { error: 'file not found' };
  let value: unknown;
  try {
    value = parseJson(decodeUtf8(outcome.bytes, path), path);
  } catch (error) {
    if (error instanceof ReaderError) return { error: error.reason };
    throw error;
  }
  if (isIssueList(value)) return 'reports';
  return { error: `JSON that is not a list of GitHub issues (nor a list of pages of issues); ${EXPECTED}` };
}

/** GitHub REST issues (`[{number, title, …}]`), `gh issue list --json` output, or pages of either. */
function isIssueList(value: unknown): boolean {
  if (!Array.isArray(value)) return false;
  const isIssue = (item: unknown): boolean =>
    isPlainObject(item) &&
    typeof item.number === 'number' &&
    (typeof item.title === 'string' || typeof item.body === 'string');
  if (value.every(isIssue)) return true;
  return value.every((page) => Array.isArray(page) && page.every(isIssue));
}

function describeFsError(error: unknown): string {
  if (error instanceof ReaderError) return error.reason;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file or directory';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  return error instanceof Error ? error.message : String(error);
}
