// Derivation's SQL, prepared once per connection (it used to be prepared again
// for every task: ten statements × 547 tasks per full import).
import type { Statement } from 'better-sqlite3';
import type { GoldState, RuleType, Verdict } from '../../shared/domain';
import type { Db } from '../store';

/** One graded cell as derivation reads it: a raw row of `cells` (arrays are cheaper than objects here). */
export type CellTuple = [run_id: number, seq: number, gold_row: number, column_name: string, verdict: Verdict, response_empty: number, response_s: string];
export const RUN_ID = 0;
export const SEQ = 1;
export const GOLD_ROW = 2;
export const COLUMN = 3;
export const VERDICT = 4;
export const EMPTY = 5;
export const RESPONSE = 6;

export interface DeriveStatements {
  deleteTaskDisputes: Statement<[string]>;
  task: Statement<[string], { entity_column: string }>;
  ruleTypes: Statement<[string], { name: string; rule_type: RuleType }>;
  gradedRuns: Statement<[string], { run_id: number; system: string }>;
  goldCells: Statement<[string], { row_idx: number; column_name: string; state: GoldState; value_s: string | null; alternatives_s: string }>;
  goldRows: Statement<[string], { row_idx: number; entity_s: string }>;
  cells: Statement<[string], CellTuple>;
  goldOfCell: Statement<[string, number, string], { run_id: number; seq: number; gold_s: string }>;
  extras: Statement<[string], { run_id: number; entity_key: string; response_entity_s: string }>;
  insertCell: Statement<unknown[]>;
  insertMissingRow: Statement<unknown[]>;
  insertCluster: Statement<unknown[]>;
}

const cache = new WeakMap<Db, DeriveStatements>();

export function statementsFor(db: Db): DeriveStatements {
  let statements = cache.get(db);
  if (!statements) {
    statements = prepare(db);
    cache.set(db, statements);
  }
  return statements;
}

function prepare(db: Db): DeriveStatements {
  return {
    deleteTaskDisputes: db.prepare("DELETE FROM disputes WHERE task_id = ? AND kind IN ('cell', 'missing_row')"),
    task: db.prepare('SELECT entity_column FROM tasks WHERE task_id = ?'),
    ruleTypes: db.prepare('SELECT name, rule_type FROM task_columns WHERE task_id = ?'),
    gradedRuns: db.prepare(
      `SELECT rt.run_id, s.name AS system FROM run_tasks rt JOIN runs r ON r.id = rt.run_id JOIN systems s ON s.id = r.system_id
        WHERE rt.task_id = ? AND rt.state = 'graded'`,
    ),
    goldCells: db.prepare('SELECT row_idx, column_name, state, value_s, alternatives_s FROM gold_cells WHERE task_id = ?'),
    goldRows: db.prepare('SELECT row_idx, entity_s FROM gold_rows WHERE task_id = ?'),
    // One range of system_cells_by_gold_cell (which covers these columns), in (gold_row, column_name) order.
    cells: db
      .prepare<[string], CellTuple>(
        `SELECT run_id, seq, gold_row, column_name, verdict, response_empty, response_s FROM system_cells
          WHERE task_id = ? AND gold_row IS NOT NULL ORDER BY gold_row, column_name`,
      )
      .raw(true),
    // Only without a dataset: gold as the grader recorded it beside each cell.
    goldOfCell: db.prepare('SELECT run_id, seq, gold_s FROM system_cells WHERE task_id = ? AND gold_row = ? AND column_name = ?'),
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
