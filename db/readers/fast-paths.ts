// Hand-written checks for the hot shapes of a harness run (grade.json
// cells and result.json citations: about a million of each in the full
// workload) and of a flat cells file (one line per cell), where zod costs as
// much as JSON.parse itself. Each fast path
// accepts a strict subset of what its zod schema accepts and returns exactly
// what zod would; anything else returns null and the caller runs zod, which
// then also names the problem. So zod stays the single definition of validity.
import { VERDICTS } from '../../shared/domain';
import type { Verdict } from '../../shared/domain';
import type { z } from 'zod';
import type { CellLine, gradeSchema, resultSchema } from './schemas';

type Grade = z.output<typeof gradeSchema>;
type Result = z.output<typeof resultSchema>;
type GradeRow = Grade['details']['rows'][number];
type GradeCell = GradeRow['cells'][number];
type Citation = Result['citations'][number];

const VERDICT_SET: ReadonlySet<string> = new Set(VERDICTS);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isRowIndex = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

// Finite numbers only, as z.number() (JSON has no Infinity or NaN, but a caller may pass them).
const isScalarOther = (value: unknown): value is number | boolean =>
  (typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean';

/** `cellText` of schemas.ts: a scalar as text, absent or null as ''; undefined when zod must decide. */
function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  if (isScalarOther(value)) return String(value);
  return undefined;
}

/** `nullableText` of schemas.ts: a scalar as text, absent or null as null. */
function nullableText(value: unknown): string | null | undefined {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return null;
  if (isScalarOther(value)) return String(value);
  return undefined;
}

function stringArray(value: unknown): string[] | undefined {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) return undefined;
  for (const item of value) if (typeof item !== 'string') return undefined;
  return value as string[];
}

function taskId(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

function cell(raw: unknown): GradeCell | null {
  if (!isObject(raw)) return null;
  const { column, verdict, method } = raw;
  if (typeof column !== 'string' || typeof verdict !== 'string' || !VERDICT_SET.has(verdict)) return null;
  if (method !== 'deterministic' && method !== 'llm_judge') return null;
  const gold = text(raw.gold);
  const response = text(raw.response);
  const sources = stringArray(raw.sources);
  const reasoning = nullableText(raw.reasoning);
  if (gold === undefined || response === undefined || sources === undefined || reasoning === undefined) return null;
  return { column, gold, response, verdict: verdict as Verdict, method, sources, reasoning };
}

function row(raw: unknown): GradeRow | null {
  if (!isObject(raw)) return null;
  const { gold_row: goldRow, response_row: responseRow } = raw;
  if (goldRow !== null && !isRowIndex(goldRow)) return null;
  if (responseRow !== null && !isRowIndex(responseRow)) return null;
  const responseEntity = nullableText(raw.response_entity);
  const alignedBy = nullableText(raw.aligned_by);
  if (responseEntity === undefined || alignedBy === undefined) return null;
  const rawCells = raw.cells;
  let cells: GradeCell[] = [];
  if (rawCells !== undefined && rawCells !== null) {
    if (!Array.isArray(rawCells)) return null;
    cells = new Array<GradeCell>(rawCells.length);
    for (let i = 0; i < rawCells.length; i++) {
      const parsed = cell(rawCells[i]);
      if (!parsed) return null;
      cells[i] = parsed;
    }
  }
  return {
    gold_row: goldRow,
    response_row: responseRow,
    response_entity: responseEntity,
    aligned_by: alignedBy,
    cells,
  };
}

export function fastGrade(raw: unknown): Grade | null {
  if (!isObject(raw)) return null;
  const id = taskId(raw.task_id);
  const { scores, details } = raw;
  if (id === undefined || !isObject(scores) || !isObject(details) || !Array.isArray(details.rows)) return null;
  const { discovery_f1: discovery, item_f1: item, row_f1: rowF1 } = scores;
  if (typeof discovery !== 'number' || typeof item !== 'number' || typeof rowF1 !== 'number') return null;
  const rows = new Array<GradeRow>(details.rows.length);
  for (let i = 0; i < details.rows.length; i++) {
    const parsed = row(details.rows[i]);
    if (!parsed) return null;
    rows[i] = parsed;
  }
  return { task_id: id, scores: { discovery_f1: discovery, item_f1: item, row_f1: rowF1 }, details: { rows } };
}

export function fastResult(raw: unknown): Result | null {
  if (!isObject(raw)) return null;
  let id: string | undefined;
  if (raw.task_id !== undefined) {
    id = taskId(raw.task_id);
    if (id === undefined) return null;
  }
  const rawCitations = raw.citations;
  let citations: Citation[] = [];
  if (rawCitations !== undefined && rawCitations !== null) {
    if (!Array.isArray(rawCitations)) return null;
    citations = new Array<Citation>(rawCitations.length);
    for (let i = 0; i < rawCitations.length; i++) {
      const citation: unknown = rawCitations[i];
      if (!isObject(citation) || typeof citation.url !== 'string') return null;
      const rowValue = citation.row;
      if (rowValue !== undefined && rowValue !== null && !isRowIndex(rowValue)) return null;
      const column = nullableText(citation.column);
      if (column === undefined) return null;
      citations[i] = { url: citation.url, row: rowValue ?? null, column };
    }
  }
  return id === undefined ? { citations } : { task_id: id, citations };
}

/** `sourcesSchema` of schemas.ts for the plain shapes (absent, one URL, a list of URLs); undefined when zod must decide. */
function sourceList(value: unknown): string[] | undefined {
  if (value === undefined || value === null) return [];
  if (typeof value === 'string') return [value];
  return stringArray(value);
}

/** One line of a `*.cells.jsonl` file, exactly as `cellLineSchema` would give it, or null for zod to decide. */
export function fastCellLine(raw: unknown): CellLine | null {
  if (!isObject(raw)) return null;
  const { task_id: rawTaskId, system, gold_row: goldRow, response_row: responseRow, column, verdict, method } = raw;
  const id = taskId(rawTaskId);
  if (id === undefined || typeof system !== 'string' || system === '' || typeof column !== 'string') return null;
  if (goldRow !== null && !isRowIndex(goldRow)) return null;
  if (responseRow !== undefined && responseRow !== null && !isRowIndex(responseRow)) return null;
  if (typeof verdict !== 'string' || !VERDICT_SET.has(verdict)) return null;
  if (method !== 'deterministic' && method !== 'llm_judge') return null;
  const entity = nullableText(raw.entity);
  const responseEntity = nullableText(raw.response_entity);
  const alignedBy = nullableText(raw.aligned_by);
  const reasoning = nullableText(raw.reasoning);
  const gold = text(raw.gold);
  const response = text(raw.response);
  const sources = sourceList(raw.sources);
  if (entity === undefined || responseEntity === undefined || alignedBy === undefined || reasoning === undefined)
    return null;
  if (gold === undefined || response === undefined || sources === undefined) return null;
  return {
    task_id: id,
    system,
    gold_row: goldRow,
    ...(responseRow !== undefined ? { response_row: responseRow } : {}),
    entity,
    response_entity: responseEntity,
    aligned_by: alignedBy,
    column,
    gold,
    response,
    verdict: verdict as Verdict,
    method,
    sources,
    reasoning,
  };
}
