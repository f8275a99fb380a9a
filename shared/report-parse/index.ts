// Reads a user's GitHub report of a gold error (design.md §4.5): which task, row
// and column it is about, the value it proposes and every link it gives,
// with an overall confidence. Pure: the caller passes the catalogue of task
// ids, columns and gold row names it knows. Anything not found is null and
// shown as "unparsed" for the engineer to fix by hand.
import type { ColumnGuess } from './column';
import { findColumn, snippetTable } from './column';
import type { LabelledField } from './fields';
import { extractFields, firstField } from './fields';
import { findMissingEntity } from './missing';
import type { CatalogueRow, RowBy, RowGuess } from './row';
import { findRow } from './row';
import { findTaskMentions, taskFromField, writtenTaskId } from './task';
import type { TaskMention } from './task';
import { looseKey, removeInvisible, stripComments, stripTags, unwrapValue } from './text';
import type { ReportUrl } from './urls';
import { extractUrls, withoutUrls } from './urls';
import { proposedFromField, proposedFromProse } from './value';

export type { CatalogueRow, ColumnGuess, ReportUrl, RowBy };
export { extractUrls } from './urls';
export { looseKey, nameScore, INVISIBLE_CONTROLS } from './text';

export interface CatalogueTask {
  id: string;
  /** Every column, the entity column included. */
  columns: readonly string[];
  entityColumn?: string | null;
  /** Gold rows in order; an unknown name is ''. */
  rows: readonly CatalogueRow[];
}

export interface ReportCatalogue {
  tasks: readonly CatalogueTask[];
}

export interface ReportText {
  title: string;
  body: string | null;
}

export interface ParsedReport {
  task_id: string | null;
  /** What a "Task id" answer said when it named no known task. */
  task_text: string | null;
  /** Every known task mentioned, in order of first mention. */
  task_candidates: string[];
  ambiguous_task: boolean;
  /** 0-based gold row. */
  gold_row: number | null;
  row_by: RowBy | null;
  row_text: string | null;
  /** The task's exact column name. */
  column: string | null;
  column_text: string | null;
  /** 1 = exact after normalisation; lower for typos and short forms. */
  column_score: number | null;
  proposed_value: string | null;
  /** An entity the report says gold lacks (when no gold row is named). */
  missing_entity: string | null;
  urls: ReportUrl[];
  /** 0–1: how much of task, row, column, value and sources was found, and how surely. */
  confidence: number;
  notes: string[];
}

const MAX_WEIGHED = 5;
/** GitHub refuses an issue body longer than this; a saved issue file may still carry more. */
export const MAX_BODY_CHARS = 65_536;

interface TaskReading {
  row: RowGuess | null;
  column: ColumnGuess | null;
  proposed: string | null;
  missing: string | null;
  notes: string[];
}

export interface ParseOptions {
  /** The task an engineer says the report is about: row and column are then read for it. */
  taskId?: string;
}

export function parseReport(report: ReportText, catalogue: ReportCatalogue, options: ParseOptions = {}): ParsedReport {
  const rawTitle = stripComments(report.title);
  const capped = capBody(report.body ?? '');
  const rawBody = stripComments(capped.text);
  // Links are read before invisible controls are dropped, so a link hiding one is seen (and flagged) as it is.
  const urls = extractUrls(`${rawTitle}\n${rawBody}`);
  const title = removeInvisible(withoutUrls(rawTitle));
  const body = removeInvisible(withoutUrls(rawBody));
  // Fields come from the body only: a title like "Task atlas-0001 row 3: wrong score" is prose.
  const { fields, tables } = extractFields(body);
  const prose = stripTags(`${title}\n${body}`);
  const taskIds = catalogue.tasks.map((task) => task.id);
  const mentions = findTaskMentions(title, body, taskIds);
  const taskField = firstField(fields, 'task');
  const labelled = taskFromField(taskField, mentions, taskIds);
  const candidates = [...new Set([...(labelled ? [labelled] : []), ...mentions.map((m) => m.id)])];
  const notes: string[] = [];
  if (capped.cut)
    notes.push(
      `the body is ${capped.length.toLocaleString('en-US')} characters, over GitHub's ${MAX_BODY_CHARS.toLocaleString('en-US')}; only the first ${MAX_BODY_CHARS.toLocaleString('en-US')} were read`,
    );

  const forced = options.taskId !== undefined && taskIds.includes(options.taskId) ? options.taskId : null;
  let chosen: string | null = forced ?? labelled ?? (candidates.length === 1 ? candidates[0]! : null);
  const readings = new Map<string, TaskReading>();
  const readingOf = (id: string): TaskReading => {
    let reading = readings.get(id);
    if (!reading) {
      reading = readTask(
        catalogue.tasks.find((task) => task.id === id)!,
        fields,
        tables,
        prose,
        mentions,
      );
      readings.set(id, reading);
    }
    return reading;
  };
  if (chosen === null && candidates.length > 1) chosen = pickByEvidence(candidates, mentions, readingOf);
  if (candidates.length > 1 && forced === null)
    notes.push(`${candidates.length} tasks are mentioned (${candidates.join(', ')}); took ${chosen}`);

  const unknownTask = chosen === null ? writtenTaskId(taskField) : null;
  const taskText = unknownTask !== null && /\d/u.test(unknownTask) ? unknownTask : null;
  if (taskText !== null) notes.push(`task "${taskText}" is not in the store`);

  const reading: TaskReading = chosen !== null ? readingOf(chosen) : readWithoutTask(fields, prose);
  notes.push(...reading.notes);
  const columnField = firstField(fields, 'column');
  const rowField = fields.find((f) => f.role === 'row' || f.role === 'entity');
  const mention = mentions.find((m) => m.id === chosen);

  const parsed: ParsedReport = {
    task_id: chosen,
    task_text: taskText,
    task_candidates: candidates,
    ambiguous_task: forced === null && candidates.length > 1,
    gold_row: reading.row?.row ?? null,
    row_by: reading.row?.by ?? null,
    row_text: reading.row?.text ?? (rowField ? firstLine(rowField.value) : null),
    column: reading.column?.column ?? null,
    column_text: reading.column?.text ?? (columnField ? firstLine(columnField.value) : null),
    column_score: reading.column?.score ?? null,
    proposed_value: reading.proposed,
    missing_entity: reading.row ? null : reading.missing,
    urls,
    confidence: 0,
    notes,
  };
  parsed.confidence = confidenceOf(parsed, mention);
  return parsed;
}

/**
 * The body as GitHub could have stored it: its first MAX_BODY_CHARS
 * characters. Longer text only comes from an edited issue file, and reading
 * it all would take seconds for nothing a real report says.
 */
function capBody(body: string): { text: string; cut: boolean; length: number } {
  if (body.length <= MAX_BODY_CHARS) return { text: body, cut: false, length: body.length };
  // Never end on the first half of a surrogate pair.
  const last = body.charCodeAt(MAX_BODY_CHARS - 1);
  const end = last >= 0xd800 && last <= 0xdbff ? MAX_BODY_CHARS - 1 : MAX_BODY_CHARS;
  return { text: body.slice(0, end), cut: true, length: body.length };
}

function firstLine(value: string): string {
  return unwrapValue(value.split('\n')[0] ?? '');
}

/** Everything found for one candidate task. */
function readTask(
  task: CatalogueTask,
  fields: readonly LabelledField[],
  tables: Parameters<typeof findColumn>[1],
  prose: string,
  mentions: readonly TaskMention[],
): TaskReading {
  const entityColumn = task.entityColumn ?? null;
  const snippet = snippetTable(tables, task.columns, entityColumn);
  const hasName = fields.some((f) => f.role === 'entity' || f.role === 'row');
  const rowFields: LabelledField[] =
    snippet?.entity && !hasName
      ? [...fields, { label: entityColumn ?? 'entity', role: 'entity', value: snippet.entity, origin: 'table' }]
      : [...fields];
  const otherIds = mentions.map((m) => m.id);
  const rowProse = dropNames(prose, otherIds);
  const row = findRow(rowFields, rowProse, task.rows);
  const column = findColumn(
    fields,
    tables,
    rowProse,
    task.columns,
    entityColumn,
    row.guess ? [row.guess.text, ...namesOf(task, row.guess.row)] : [],
  );
  const proposedField = firstField(fields, 'proposed');
  const proposed =
    (proposedField ? proposedFromField(proposedField.value) : null) ?? snippet?.value ?? proposedFromProse(prose);
  const missing = row.guess ? null : findMissingEntity(fields, rowProse, row.unmatchedName);
  if (missing !== null) {
    // A "missing" entity gold already has is a report about that row.
    const known = task.rows.findIndex((r) =>
      [r.entity, ...r.aliases].some((name) => looseKey(name) === looseKey(missing)),
    );
    if (known >= 0) {
      return {
        row: { row: known, by: 'entity', text: missing, score: 1 },
        column: column.guess,
        proposed,
        missing: null,
        notes: [...row.notes, ...column.notes],
      };
    }
  }
  return { row: row.guess, column: column.guess, proposed, missing, notes: [...row.notes, ...column.notes] };
}

/** Without a task, only what needs no catalogue: the proposed value and a missing entity's name. */
function readWithoutTask(fields: readonly LabelledField[], prose: string): TaskReading {
  const proposedField = firstField(fields, 'proposed');
  const proposed = (proposedField ? proposedFromField(proposedField.value) : null) ?? proposedFromProse(prose);
  return { row: null, column: null, proposed, missing: findMissingEntity(fields, prose, null), notes: [] };
}

function namesOf(task: CatalogueTask, row: number): string[] {
  const gold = task.rows[row];
  return gold ? [gold.entity, ...gold.aliases].filter((name) => name !== '') : [];
}

/** Task ids out of the prose, so "atlas-0003" is not read as row 3 or a column word. */
function dropNames(prose: string, ids: readonly string[]): string {
  let out = prose;
  for (const id of [...ids].sort((a, b) => b.length - a.length)) {
    out = out.replace(new RegExp(id.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&').replace(/\s+/gu, '\\s+'), 'giu'), ' ');
  }
  return out;
}

/** Of several tasks mentioned, the one whose rows and columns the report names; ties go to the first mentioned. */
function pickByEvidence(
  candidates: readonly string[],
  mentions: readonly TaskMention[],
  readingOf: (id: string) => TaskReading,
): string {
  let best = candidates[0]!;
  let bestScore = -1;
  // A report naming many tasks is a list, not a report on one: weigh the first few only.
  for (const id of candidates.slice(0, MAX_WEIGHED)) {
    const reading = readingOf(id);
    const mention = mentions.find((m) => m.id === id);
    const score =
      (reading.row && reading.row.by !== 'number' ? 2 : 0) +
      (reading.column ? reading.column.score : 0) +
      (mention?.inTitle ? 0.5 : 0) +
      Math.min(mention?.count ?? 0, 5) * 0.1;
    if (score > bestScore) {
      best = id;
      bestScore = score;
    }
  }
  return best;
}

function confidenceOf(parsed: ParsedReport, mention: TaskMention | undefined): number {
  let total = 0;
  if (parsed.task_id !== null) total += parsed.ambiguous_task ? 0.15 : mention?.byStem ? 0.2 : 0.3;
  if (parsed.gold_row !== null) total += parsed.row_by === 'number' ? 0.2 : parsed.row_by === 'fuzzy' ? 0.18 : 0.25;
  else if (parsed.missing_entity !== null) total += 0.35;
  if (parsed.notes.some((note) => note.includes('disagree'))) total -= 0.1;
  if (parsed.column_score !== null) total += 0.25 * parsed.column_score;
  if (parsed.proposed_value !== null) total += 0.1;
  if (parsed.urls.some((url) => url.safe)) total += 0.1;
  if (parsed.task_id === null) total = Math.min(total, 0.2);
  return Math.max(0, Math.min(1, Math.round(total * 100) / 100));
}

export * from './views';
