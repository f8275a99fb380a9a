// The flat interchange (design.md §4.3): one graded cell per line. Lines are
// grouped by (system, task_id) into RunTaskRecords, one RunHeader per system.
// A bad line skips its whole (system, task) group: never half a task.
import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import type { SkippedItem } from '../../shared/api-types';
import { normalizeText } from '../../shared/normalize';
import { describeZodError, isAbort, ReaderError } from './errors';
import { decodeUtf8, isBlankLine, lineBytes, maxBytesOf, Pacer, parseJson, readLines } from './files';
import type { RunSource } from './harness-run';
import { fastCellLine } from './fast-paths';
import { cellLineSchema, isPlainObject, taskIdSchema, uniqueSources } from './schemas';
import type { CellLine } from './schemas';
import type { AlignmentRecord, ReaderItem, ReaderOptions, RunHeader, RunTaskRecord } from './types';

interface Group {
  system: string;
  taskId: string;
  firstLine: number;
  /** Lines held parsed, while the file's budget lasts. */
  lines: { number: number; cell: CellLine }[];
  /** Lines past the budget: where to read them again, and a hash to check they did not change. */
  spans: { number: number; offset: number; length: number }[];
  spanHash: ReturnType<typeof createHash> | null;
  hash: ReturnType<typeof createHash>;
  problem: { line: number; field: string; reason: string } | null;
  problems: number;
}

// Parsed lines take several times their bytes on the heap: at 16 MiB a 37 MB file raised the import's peak
// RSS by about 40 MiB and its garbage collection made reading slower; below ~2 MiB re-parsing costs more.
const DEFAULT_HELD_LINE_BYTES = 4 * 1024 * 1024;

export interface CellsSource extends RunSource {
  /** SHA-256 of the whole file. Run keys are `<system>@<file name>`: an edited file is the same run again. */
  sha256: string;
}

/**
 * Reads a `*.cells.jsonl` file through once (validating every line and
 * grouping lines by task), then yields one record per (system, task):
 * skipped items first (lines that name no system/task, then invalid groups),
 * then the valid groups in file order. Skipped paths are `<file>:<line>`
 * (1-based). Parsed lines are held up to `heldLineBytes`; later lines are
 * kept as file offsets and read again when their group is yielded.
 */
export async function readCellsFile(path: string, options: ReaderOptions = {}): Promise<CellsSource> {
  const shown = resolve(path);
  const fileHash = createHash('sha256');
  const groups = new Map<string, Group>();
  const loose: SkippedItem[] = [];
  const pacer = new Pacer(options.signal);
  let budget = options.heldLineBytes ?? DEFAULT_HELD_LINE_BYTES;

  const groupOf = (owner: { system: string; taskId: string }, lineNumber: number): Group => {
    const key = JSON.stringify([owner.system, owner.taskId]);
    let group = groups.get(key);
    if (!group) {
      group = {
        system: owner.system,
        taskId: owner.taskId,
        firstLine: lineNumber,
        lines: [],
        spans: [],
        spanHash: null,
        hash: createHash('sha256'),
        problem: null,
        problems: 0,
      };
      groups.set(key, group);
    }
    return group;
  };

  for await (const line of readLines(shown, maxBytesOf(options), fileHash)) {
    if (pacer.due()) await pacer.step();
    if (isBlankLine(line.bytes)) continue;
    const where = `${shown}:${line.number}`;
    let raw: unknown;
    try {
      raw = parseJson(decodeUtf8(line.bytes, where), where);
    } catch (error) {
      if (isAbort(error) || !(error instanceof ReaderError)) throw error;
      // A truncated or damaged line usually still names its owner near its start: then its whole
      // (system, task) is skipped, rather than importing the task without this cell.
      const owner = ownerInText(line.bytes);
      if (!owner) {
        loose.push({ ...error.toSkipped(), reason: `${error.reason}; the line names no task, so it alone is skipped` });
        continue;
      }
      const group = groupOf(owner, line.number);
      group.hash.update(line.bytes).update('\n');
      group.problem ??= { line: line.number, field: error.field, reason: error.reason };
      group.problems++;
      group.lines = [];
      group.spans = [];
      continue;
    }
    const owner = ownerOf(raw);
    if ('field' in owner) {
      loose.push({
        path: where,
        field: owner.field,
        reason: `${owner.reason}; the line cannot be attributed to a task, so it alone is skipped`,
      });
      continue;
    }
    const group = groupOf(owner, line.number);
    group.hash.update(line.bytes).update('\n');
    const fast = fastCellLine(raw);
    if (group.problem) {
      // The group is skipped whole already; only its other invalid lines are counted for the report.
      if (!fast && !cellLineSchema.safeParse(raw).success) group.problems++;
      continue;
    }
    const parsed = fast ? { success: true as const, data: fast } : cellLineSchema.safeParse(raw, { reportInput: true });
    if (!parsed.success) {
      group.problem = { line: line.number, ...describeZodError(parsed.error) };
      group.problems++;
      group.lines = [];
      group.spans = [];
      continue;
    }
    budget -= line.bytes.length;
    if (budget >= 0) {
      group.lines.push({ number: line.number, cell: parsed.data });
    } else {
      group.spans.push({ number: line.number, offset: line.offset, length: line.rawLength });
      (group.spanHash ??= createHash('sha256')).update(line.bytes);
    }
  }

  const sha256 = fileHash.digest('hex');
  const runs = new Map<string, RunHeader>();
  for (const group of groups.values()) {
    if (!runs.has(group.system)) {
      runs.set(group.system, {
        // Stable across edits, like a run directory's name: a re-import re-reads the changed tasks.
        run_key: `${group.system}@${basename(shown)}`,
        system: group.system,
        suite_revision: null,
        judge_model: null,
        created_at: null,
        source_path: shown,
        format: 'cells',
      });
    }
  }
  return {
    sha256,
    runs: [...runs.values()],
    taskCount: loose.length + groups.size,
    tasks: records(shown, loose, groups, runs, options.signal),
  };
}

/** `"key": value` where a key can stand (after `{` or `,`): a quote inside a string value is escaped, so it cannot match there. */
const keyed = (key: string): RegExp => new RegExp(`[{,]\\s*"${key}"\\s*:\\s*("(?:[^"\\\\]|\\\\.)*"|-?\\d+)`, 'gu');
const SYSTEM_KEY = keyed('system');
const TASK_KEY = keyed('task_id');

/** The owner a line that is not valid JSON names, when it names exactly one system and one task. */
function ownerInText(bytes: Buffer): { system: string; taskId: string } | null {
  const text = bytes.toString('utf8');
  const only = (pattern: RegExp): unknown => {
    const found = [...text.matchAll(pattern)];
    if (found.length !== 1) return undefined;
    try {
      return JSON.parse(found[0]![1]!);
    } catch {
      return undefined;
    }
  };
  const system = only(SYSTEM_KEY);
  const taskId = only(TASK_KEY);
  if (typeof system !== 'string' || system === '') return null;
  if (typeof taskId === 'string' && taskId !== '') return { system, taskId };
  if (typeof taskId === 'number' && Number.isSafeInteger(taskId)) return { system, taskId: String(taskId) };
  return null;
}

/** The (system, task_id) a line belongs to, read before the rest is validated. */
function ownerOf(raw: unknown): { system: string; taskId: string } | { field: string; reason: string } {
  if (!isPlainObject(raw)) return { field: '', reason: 'expected a JSON object' };
  const system = raw.system;
  if (typeof system !== 'string' || system === '')
    return { field: 'system', reason: 'expected a non-empty system name' };
  // Checked by hand first: zod's parse was a sixth of reading a large file; it still words the refusals.
  const id = raw.task_id;
  if (typeof id === 'string' && id !== '') return { system, taskId: id };
  if (typeof id === 'number') return { system, taskId: String(id) };
  const taskId = taskIdSchema.safeParse(id, { reportInput: true });
  if (!taskId.success) return describeZodError(taskId.error, 'task_id');
  return { system, taskId: taskId.data };
}

async function* records(
  path: string,
  loose: SkippedItem[],
  groups: Map<string, Group>,
  runs: Map<string, RunHeader>,
  signal?: AbortSignal,
): AsyncGenerator<ReaderItem<RunTaskRecord>> {
  const pacer = new Pacer(signal);
  for (const skipped of loose) yield { skipped };
  for (const group of groups.values()) {
    if (pacer.due()) await pacer.step();
    const where = `${path}:${group.firstLine}`;
    if (group.problem) {
      const others =
        group.problems > 1 ? `, with ${group.problems - 1} more invalid line${group.problems > 2 ? 's' : ''}` : '';
      yield {
        skipped: {
          path: `${path}:${group.problem.line}`,
          field: group.problem.field,
          reason: `${group.problem.reason} (system ${JSON.stringify(group.system)}, task ${JSON.stringify(group.taskId)} skipped whole${others})`,
        },
      };
      continue;
    }
    const lines = group.spans.length === 0 ? group.lines : readSpans(path, group);
    if (!Array.isArray(lines)) {
      yield {
        skipped: {
          ...lines,
          reason: `${lines.reason} (system ${JSON.stringify(group.system)}, task ${JSON.stringify(group.taskId)} skipped whole)`,
        },
      };
      continue;
    }
    const rows = buildRows(lines);
    if ('field' in rows) {
      yield {
        skipped: {
          path: `${path}:${rows.line}`,
          field: rows.field,
          reason: `${rows.reason} (system ${JSON.stringify(group.system)}, task ${JSON.stringify(group.taskId)} skipped whole)`,
        },
      };
      continue;
    }
    yield {
      ok: {
        run: runs.get(group.system)!,
        task_id: group.taskId,
        state: 'graded',
        content_sha: group.hash.digest('hex'),
        path: where,
        scores: null,
        returned_rows: rows.ok.filter((row) => row.response_row !== null).length,
        rows: rows.ok,
      },
    };
  }
}

interface RowDraft {
  record: AlignmentRecord;
  explicitRow: boolean;
  returned: boolean;
  columns: Map<string, number>;
}

/**
 * Rows are keyed by gold_row, or for extras (gold_row null) by the normalised
 * response entity. The flat format may omit `response_row`: a row the system
 * returned (it names the entity or gives a value) then gets a synthetic index,
 * so that "returned" and "missed" keep their harness meaning.
 */
/**
 * A group's lines: those held, then those read again from the file (refused
 * if they changed since). A task's lines usually sit together in the file, so
 * neighbouring spans are read in one synchronous read.
 */
function readSpans(path: string, group: Group): { number: number; cell: CellLine }[] | SkippedItem {
  const lines = [...group.lines];
  const check = createHash('sha256');
  const fd = openSync(path, 'r');
  try {
    for (let i = 0; i < group.spans.length;) {
      // Spans i..j-1 are back to back (each followed by its LF).
      let j = i + 1;
      while (
        j < group.spans.length &&
        group.spans[j]!.offset === group.spans[j - 1]!.offset + group.spans[j - 1]!.length + 1
      )
        j++;
      const first = group.spans[i]!;
      const last = group.spans[j - 1]!;
      const block = Buffer.alloc(last.offset + last.length - first.offset);
      const read = readSync(fd, block, 0, block.length, first.offset);
      for (const span of group.spans.slice(i, j)) {
        const start = span.offset - first.offset;
        const bytes = lineBytes(block.subarray(start, Math.min(start + span.length, read)), span.number);
        check.update(bytes);
        const where = `${path}:${span.number}`;
        let parsed;
        try {
          const raw = parseJson(decodeUtf8(bytes, where), where);
          const fast = fastCellLine(raw);
          parsed = fast ? { success: true as const, data: fast } : cellLineSchema.safeParse(raw);
        } catch (error) {
          if (!(error instanceof ReaderError)) throw error;
          return { path: where, field: '', reason: 'the file changed while it was read' };
        }
        if (!parsed.success) return { path: where, field: '', reason: 'the file changed while it was read' };
        lines.push({ number: span.number, cell: parsed.data });
      }
      i = j;
    }
  } finally {
    closeSync(fd);
  }
  if (check.digest('hex') !== group.spanHash!.digest('hex'))
    return { path: `${path}:${group.firstLine}`, field: '', reason: 'the file changed while it was read' };
  return lines;
}

function buildRows(
  lines: readonly { number: number; cell: CellLine }[],
): { ok: AlignmentRecord[] } | { line: number; field: string; reason: string } {
  const drafts = new Map<string, RowDraft>();
  for (const { number, cell } of lines) {
    const name = cell.response_entity ?? (cell.gold_row === null ? cell.entity : null);
    if (cell.gold_row === null && (name === null || name.trim() === '')) {
      return {
        line: number,
        field: 'response_entity',
        reason: 'an extra entity (gold_row null) needs response_entity',
      };
    }
    const key = cell.gold_row !== null ? `g${cell.gold_row}` : `e${normalizeText(name!)}`;
    let draft = drafts.get(key);
    if (!draft) {
      const record: AlignmentRecord = {
        gold_row: cell.gold_row,
        gold_entity: null,
        response_row: null,
        response_entity: null,
        aligned_by: null,
        cells: [],
      };
      draft = { record, explicitRow: false, returned: cell.gold_row === null, columns: new Map() };
      drafts.set(key, draft);
    }
    const { record } = draft;
    const first = draft.columns.get(cell.column);
    if (first !== undefined)
      return {
        line: number,
        field: 'column',
        reason: `a second cell for column ${JSON.stringify(cell.column)} of this row (first at line ${first})`,
      };
    draft.columns.set(cell.column, number);
    if (name !== null && name.trim() !== '') {
      record.response_entity ??= name;
      draft.returned = true;
    }
    if (cell.response.trim() !== '') draft.returned = true;
    if (cell.response_row !== null && cell.response_row !== undefined && !draft.explicitRow) {
      record.response_row = cell.response_row;
      draft.explicitRow = true;
    }
    record.aligned_by ??= cell.aligned_by;
    if (cell.gold_row !== null && cell.entity !== null && cell.entity.trim() !== '') record.gold_entity ??= cell.entity;
    record.cells.push({
      column: cell.column,
      gold: cell.gold,
      response: cell.response,
      verdict: cell.verdict,
      method: cell.method,
      sources: uniqueSources(cell.sources),
      reasoning: cell.reasoning,
    });
  }
  const all = [...drafts.values()];
  let next = 0;
  for (const draft of all) if (draft.explicitRow) next = Math.max(next, draft.record.response_row! + 1);
  for (const draft of all) if (!draft.explicitRow && draft.returned) draft.record.response_row = next++;
  // Gold rows in order, then extras in the order the file names them.
  const rows = all.map((draft) => draft.record);
  rows.sort((a, b) => (a.gold_row ?? Number.MAX_SAFE_INTEGER) - (b.gold_row ?? Number.MAX_SAFE_INTEGER));
  return { ok: rows };
}
