// One system's answer to one task, scored per design.md §7.3 against gold with a
// patch's edits applied (no edits: the "before" figures). Verdicts come from
// the store; cells the patch touches, and cells graded against another value
// than the store's gold (a revision changed them since), are graded again with
// shared/rules.ts, and llm_judge ones among them are marked for regrading.
import type { ColumnRule, Verdict } from '../../shared/domain';
import { normalizeText } from '../../shared/normalize';
import { checkCell, equalsAccepted } from '../../shared/rules';
import type { Scores, TaskCounts } from '../../shared/score';
import { scoresFromCounts } from '../../shared/score';
import type { CellRef } from '../../shared/revision-types';
import type { ParsedGold } from '../readers';
import type { PatchedRow } from './gold-edit';
import { patchedRows } from './gold-edit';
import type { TaskEdits } from './plan';

export interface StoredCell {
  /** May be opened on each read: read it only to regrade. */
  readonly response: string;
  readonly verdict: Verdict;
  /**
   * The gold the grader recorded beside the cell, when it is another value
   * than the store holds for it (a revision changed it since; another spelling
   * is the same gold); null otherwise, or when none was recorded
   * (disputes/regrade.ts). Worked out on each read, like `response`.
   */
  readonly otherRecordedGold: string | null;
}

/** One row of the grader's alignment (run_rows + system_cells). */
export interface StoredAlignment {
  gold_row: number | null;
  response_row: number | null;
  /** The name the system gave the row (null when it returned none). */
  entity: string | null;
  cells: ReadonlyMap<string, StoredCell>;
}

export interface TaskScore {
  scores: Scores;
  counts: TaskCounts;
  needsRegrade: CellRef[];
}

export function emptyEdits(taskId: string): TaskEdits {
  return { task_id: taskId, cells: new Map(), aliases: new Map(), removed: new Set(), added: [] };
}

const CREDITED = new Set<Verdict>(['correct', 'blank_ok']);

/** What scoring a task against one version of gold needs, whatever the run: built once per task. */
export interface TaskScoring {
  taskId: string;
  edits: TaskEdits;
  rules: Map<string, ColumnRule>;
  rows: PatchedRow[];
  byIndex: Map<number, PatchedRow>;
  /**
   * Rows by each of their names (entity and aliases, normalised): a returned
   * row the grader left unmatched that bears one was named as gold names it
   * now, by this patch or by a revision imported after the run was graded
   * (the grader matched every row gold named then).
   */
  named: Map<string, PatchedRow[]>;
  /** A row's cells: every attribute column gold does not mark ungraded. */
  gradable: Map<PatchedRow, string[]>;
  goldCells: number;
}

export function prepareScoring(taskId: string, gold: ParsedGold, edits: TaskEdits): TaskScoring {
  const rules = new Map(gold.columns.filter((c) => c.name !== gold.entity_column).map((c) => [c.name, c.rule]));
  const rows = patchedRows(gold, edits);
  const gradable = new Map(
    rows.map((row) => [
      row,
      [...rules.keys()].filter((column) => (row.cells.get(column)?.state ?? 'blank') !== 'ungraded'),
    ]),
  );
  let goldCells = 0;
  for (const columns of gradable.values()) goldCells += 1 + columns.length;
  return {
    taskId,
    edits,
    rules,
    rows,
    byIndex: new Map(rows.map((row) => [row.row, row])),
    named: rowsByName(rows),
    gradable,
    goldCells,
  };
}

export function scoreTask(scoring: TaskScoring, alignments: readonly StoredAlignment[]): TaskScore {
  const { taskId, edits, rules, rows, byIndex, named, gradable } = scoring;
  const needsRegrade: CellRef[] = [];

  // Which patched row each returned row stands for. Rows named otherwise than
  // when the run was graded (aliases or a new row) can take in an extra entity
  // the grader could not match then.
  const matchedTo = new Map<StoredAlignment, PatchedRow>();
  const taken = new Set<number>();
  for (const alignment of alignments) {
    if (alignment.response_row === null || alignment.gold_row === null) continue;
    const row = byIndex.get(alignment.gold_row);
    if (row && !taken.has(row.row)) {
      matchedTo.set(alignment, row);
      taken.add(row.row);
    }
  }
  for (const alignment of alignments) {
    // Unmatched returned rows: extras, and rows whose gold row the patch removed.
    if (alignment.response_row === null || matchedTo.has(alignment) || alignment.entity === null) continue;
    const row = named.get(normalizeText(alignment.entity))?.find((r) => !taken.has(r.row));
    if (row) {
      matchedTo.set(alignment, row);
      taken.add(row.row);
    }
  }

  const counts: TaskCounts = {
    returnedRows: 0,
    goldRows: rows.length,
    matchedRows: 0,
    returnedCells: 0,
    goldCells: scoring.goldCells,
    correctCells: 0,
    correctRows: 0,
  };

  for (const alignment of alignments) {
    if (alignment.response_row === null) continue;
    counts.returnedRows++;
    const row = matchedTo.get(alignment);
    if (!row) {
      // An extra row: every cell is wrong, counted over all attribute columns.
      counts.returnedCells += 1 + rules.size;
      continue;
    }
    counts.matchedRows++;
    const columns = gradable.get(row)!;
    // The row was matched under new names: none of its stored verdicts were given against this row.
    const regradeAll = alignment.gold_row !== row.row;
    let correct = 1;
    for (const column of columns) {
      const stored = alignment.cells.get(column);
      // A verdict given against other gold than the patch's base is graded again too.
      const verdict =
        regradeAll || row.touched.has(column) || (stored?.otherRecordedGold ?? null) !== null
          ? regrade(row, column, stored, !regradeAll)
          : storedVerdict(row, column, stored);
      if (CREDITED.has(verdict)) correct++;
    }
    counts.returnedCells += 1 + columns.length;
    counts.correctCells += correct;
    if (correct === 1 + columns.length) counts.correctRows++;
  }
  return { scores: scoresFromCounts(counts), counts, needsRegrade };

  function storedVerdict(row: PatchedRow, column: string, stored: StoredCell | undefined): Verdict {
    if (stored) return stored.verdict;
    // The grader wrote no cell: the system left it empty.
    const check = checkCell(rules.get(column)!, row.cells.get(column) ?? { blank: true }, '');
    return check === 'needs_judge' ? 'incorrect' : check;
  }

  /** `sameRow`: the stored verdict was given against this gold row (before the patch). */
  function regrade(row: PatchedRow, column: string, stored: StoredCell | undefined, sameRow: boolean): Verdict {
    const gold = row.cells.get(column) ?? { state: 'blank' as const, value: null, alternatives: [], sources: [] };
    const response = stored?.response ?? '';
    const check = checkCell(rules.get(column)!, gold, response);
    if (check !== 'needs_judge') return check;
    needsRegrade.push({ task_id: taskId, row: row.row, column });
    // Until a judge looks again: the same text as an accepted value is surely correct; a cell
    // the judge accepted keeps its credit when the patch only added alternatives; else wrong.
    if (equalsAccepted(gold, response)) return 'correct';
    const onlyAlternatives = edits.cells.get(row.row)?.get(column)?.replace === null;
    return sameRow && onlyAlternatives && stored?.verdict === 'correct' ? 'correct' : 'incorrect';
  }
}

function rowsByName(rows: readonly PatchedRow[]): Map<string, PatchedRow[]> {
  const named = new Map<string, PatchedRow[]>();
  for (const row of rows) {
    for (const name of new Set([row.entity, ...row.aliases].map(normalizeText))) {
      if (name === '') continue;
      const list = named.get(name);
      if (list) list.push(row);
      else named.set(name, [row]);
    }
  }
  return named;
}
