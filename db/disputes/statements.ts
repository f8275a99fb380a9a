// Derivation's SQL, prepared once per connection (it used to be prepared again
// for every task: ten statements × 547 tasks per full import).
import type { Statement } from 'better-sqlite3';
import type { GoldState, RuleType, Verdict } from '../../shared/domain';
import { perConnection } from '../per-connection';
import type { Db } from '../store';

/** One graded cell as derivation reads it: an element of `cellsJson` (arrays are cheaper than objects here). */
export type CellTuple = [
  run_id: number,
  seq: number,
  gold_row: number,
  column_name: string,
  verdict: Verdict,
  response_empty: number,
  response_s: string,
  /** The gold the grader graded this cell against, as it recorded it beside the cell. */
  gold_s: string,
];
export const RUN_ID = 0;
export const SEQ = 1;
export const GOLD_ROW = 2;
export const COLUMN = 3;
export const VERDICT = 4;
export const EMPTY = 5;
export const RESPONSE = 6;
export const RECORDED_GOLD = 7;

export interface DeriveStatements {
  /** The task, and the ids about to be written (JSON array). */
  deleteTaskDisputes: Statement<[string, string]>;
  /** The task, and the ids just written (JSON array): kept cell disputes take the gold the store holds now. */
  refreshKeptGold: Statement<[string, string]>;
  task: Statement<[string], { entity_column: string }>;
  ruleTypes: Statement<[string], { name: string; rule_type: RuleType }>;
  gradedRuns: Statement<[string], { run_id: number; system: string }>;
  goldCells: Statement<
    [string],
    { row_idx: number; column_name: string; state: GoldState; value_s: string | null; alternatives_s: string }
  >;
  goldRows: Statement<[string], { row_idx: number; entity_s: string; aliases_s: string }>;
  cellsJson: Statement<[string], string>;
  groupsWithoutGold: Statement<[string], { gold_row: number; column_name: string }>;
  goldOfCell: Statement<[string, number, string], { run_id: number; seq: number; gold_s: string }>;
  extras: Statement<[string], { run_id: number; entity_key: string; response_entity_s: string }>;
  ruledDisputes: Statement<[string], string>;
  insertCell: Statement<unknown[]>;
  insertMissingRow: Statement<unknown[]>;
  insertCluster: Statement<unknown[]>;
}

export const statementsFor = perConnection(prepare);

function prepare(db: Db): DeriveStatements {
  return {
    // Every derived dispute of the task goes, to be written again, except one an engineer ruled on that the
    // data no longer gives (the gold it was about changed, as its own patch made it): it stays, as it was,
    // with its rulings, so they keep their dispute and a revision can mark it settled.
    deleteTaskDisputes: db.prepare(
      `DELETE FROM disputes WHERE task_id = ? AND kind IN ('cell', 'missing_row')
         AND (NOT EXISTS (SELECT 1 FROM rulings r WHERE r.dispute_id = disputes.id) OR id IN (SELECT value FROM json_each(?)))`,
    ),
    // A kept dispute shows the gold as it is now (a revision made it ungraded, say), not as it was: what
    // its rulings changed is then in plain view.
    refreshKeptGold: db.prepare(
      `UPDATE disputes SET gold_state = g.state, gold_value_s = g.value_s
         FROM gold_cells g
        WHERE disputes.task_id = ? AND disputes.kind = 'cell' AND disputes.id NOT IN (SELECT value FROM json_each(?))
          AND g.task_id = disputes.task_id AND g.row_idx = disputes.gold_row AND g.column_name = disputes.column_name
          AND (disputes.gold_state IS NOT g.state OR disputes.gold_value_s IS NOT g.value_s)`,
    ),
    task: db.prepare('SELECT entity_column FROM tasks WHERE task_id = ?'),
    ruleTypes: db.prepare('SELECT name, rule_type FROM task_columns WHERE task_id = ?'),
    gradedRuns: db.prepare(
      `SELECT rt.run_id, s.name AS system FROM run_tasks rt JOIN runs r ON r.id = rt.run_id JOIN systems s ON s.id = r.system_id
        WHERE rt.task_id = ? AND rt.state = 'graded'`,
    ),
    goldCells: db.prepare(
      'SELECT row_idx, column_name, state, value_s, alternatives_s FROM gold_cells WHERE task_id = ?',
    ),
    goldRows: db.prepare('SELECT row_idx, entity_s, aliases_s FROM gold_rows WHERE task_id = ?'),
    // One range of system_cells_by_gold_cell (which covers these columns) as one JSON array of
    // CellTuples built by SQLite: a third of the cost of a JavaScript array per row on the importer's
    // thread, and posted to the derivation thread as one string instead of cloned row by row. The rows
    // come in the index's order, (gold_row, column_name, run_id, seq); SQLite does not promise an
    // aggregate's order without an ORDER BY (which would sort what the index already orders), so
    // parseCells checks the order and sorts if it ever differs.
    cellsJson: db
      .prepare<[string], string>(
        `SELECT json_group_array(json_array(run_id, seq, gold_row, column_name, verdict, response_empty, response_s, gold_s))
           FROM system_cells WHERE task_id = ? AND gold_row IS NOT NULL`,
      )
      .pluck(),
    // The graded cells' (row, column) groups the dataset gives no gold cell for, in order. Grouped
    // first (HAVING), so gold_cells is probed once per group, not once per cell: this runs for every
    // task, and with a dataset it almost always finds none.
    groupsWithoutGold: db.prepare(
      `SELECT c.gold_row, c.column_name FROM system_cells c
        WHERE c.task_id = ? AND c.gold_row IS NOT NULL
        GROUP BY c.gold_row, c.column_name
       HAVING NOT EXISTS (SELECT 1 FROM gold_cells g WHERE g.task_id = c.task_id AND g.row_idx = c.gold_row AND g.column_name = c.column_name)
        ORDER BY c.gold_row, c.column_name`,
    ),
    // Only without a dataset: gold as the grader recorded it beside each cell.
    goldOfCell: db.prepare(
      'SELECT run_id, seq, gold_s FROM system_cells WHERE task_id = ? AND gold_row = ? AND column_name = ?',
    ),
    // Cell and missing-row disputes of the task an engineer ruled on: derived whatever their data says now,
    // so the clusters beside their rulings are today's (a first import has none: its disputes table is empty).
    ruledDisputes: db
      .prepare<[string], string>(
        `SELECT d.id FROM disputes d WHERE d.task_id = ? AND d.kind IN ('cell', 'missing_row') AND EXISTS (SELECT 1 FROM rulings r WHERE r.dispute_id = d.id)`,
      )
      .pluck(),
    extras: db.prepare(
      `SELECT run_id, entity_key, response_entity_s FROM run_rows
        WHERE task_id = ? AND gold_row IS NULL AND entity_key IS NOT NULL ORDER BY entity_key`,
    ),
    insertCell: db.prepare(
      `INSERT INTO disputes (id, kind, task_id, gold_row, column_name, entity_key, entity_s, rule_type, gold_state, gold_value_s,
                             top_value_s, top_count, contesting, systems)
       VALUES (?, 'cell', ?, ?, ?, NULL, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    insertMissingRow: db.prepare(
      `INSERT INTO disputes (id, kind, task_id, gold_row, column_name, entity_key, entity_s, rule_type, gold_state, gold_value_s,
                             top_value_s, top_count, contesting, systems)
       VALUES (?, 'missing_row', ?, NULL, NULL, ?, ?, 'entity', 'blank', NULL, ?, ?, ?, ?)`,
    ),
    insertCluster: db.prepare(
      'INSERT INTO dispute_clusters (dispute_id, idx, norm_key, value_s, agrees_with_gold, systems_json) VALUES (?, ?, ?, ?, ?, ?)',
    ),
  };
}

/** Consecutive runs of items with the same key. */
export function* groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Generator<T[]> {
  let current: T[] = [];
  let currentKey: string | null = null;
  for (const item of items) {
    const key = keyOf(item);
    if (key !== currentKey && current.length > 0) {
      yield current;
      current = [];
    }
    currentKey = key;
    current.push(item);
  }
  if (current.length > 0) yield current;
}
