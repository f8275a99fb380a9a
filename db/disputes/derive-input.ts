// What deriving one task's disputes needs from the store, read in one go so
// the derivation itself (derive-compute.ts) touches no SQL and can run on
// another thread. Texts stay sealed: the deriving side opens them.
import type { GoldState, RuleType } from '../../shared/domain';
import type { Store } from '../store';
import { COLUMN, GOLD_ROW, RUN_ID, SEQ, statementsFor } from './statements';
import type { CellTuple } from './statements';

export interface TaskDerivationInput {
  taskId: string;
  minSystems: number;
  /** Null when the dataset does not hold the task. */
  entityColumn: string | null;
  ruleTypes: [column: string, ruleType: RuleType][];
  /** The runs that graded this task (failed runs contribute nothing), with their system's name. */
  systems: [runId: number, system: string][];
  goldCells: [row: number, column: string, state: GoldState, value_s: string | null, alternatives_s: string][];
  goldRows: [row: number, entity_s: string, aliases_s: string][];
  /**
   * The graded cells as JSON text of a CellTuple[], in (gold_row, column_name, run_id, seq) order:
   * each gold cell's group is contiguous. Parsed by the deriving side (parseCells).
   */
  cellsJson: string;
  /**
   * For groups the dataset gives no gold cell (no dataset imported): gold as
   * the grader recorded it beside each cell, by `goldCellKey`.
   */
  recordedGold: [key: string, cells: [runId: number, seq: number, gold_s: string][]][];
  extras: [runId: number, entityKey: string, responseEntity_s: string][];
  /** Ids of the task's cell and missing-row disputes that have rulings: derived even when no system contests them now. */
  ruledDisputes: string[];
}

export const goldCellKey = (row: number, column: string): string => `${row}\u0000${column}`;

export function readTaskInput(store: Store, taskId: string, minSystems: number): TaskDerivationInput {
  const sql = statementsFor(store.db);
  const systems = sql.gradedRuns.all(taskId).map((row): [number, string] => [row.run_id, row.system]);
  const input: TaskDerivationInput = {
    taskId,
    minSystems,
    entityColumn: null,
    ruleTypes: [],
    systems,
    goldCells: [],
    goldRows: [],
    cellsJson: '[]',
    recordedGold: [],
    extras: [],
    ruledDisputes: [],
  };
  if (systems.length === 0) return input;
  input.entityColumn = sql.task.get(taskId)?.entity_column ?? null;
  input.ruleTypes = sql.ruleTypes.all(taskId).map((row) => [row.name, row.rule_type]);
  input.goldCells = sql.goldCells
    .all(taskId)
    .map((row) => [row.row_idx, row.column_name, row.state, row.value_s, row.alternatives_s]);
  input.goldRows = sql.goldRows.all(taskId).map((row) => [row.row_idx, row.entity_s, row.aliases_s]);
  input.cellsJson = sql.cellsJson.get(taskId) ?? '[]';
  for (const group of sql.groupsWithoutGold.all(taskId)) {
    const recorded = sql.goldOfCell
      .all(taskId, group.gold_row, group.column_name)
      .map((row): [number, number, string] => [row.run_id, row.seq, row.gold_s]);
    input.recordedGold.push([goldCellKey(group.gold_row, group.column_name), recorded]);
  }
  input.extras = sql.extras.all(taskId).map((row) => [row.run_id, row.entity_key, row.response_entity_s]);
  input.ruledDisputes = sql.ruledDisputes.all(taskId);
  return input;
}

/** Orders cells by (gold_row, column_name, run_id, seq): the order cellsJson promises. */
export function compareCells(a: CellTuple, b: CellTuple): number {
  return (
    a[GOLD_ROW] - b[GOLD_ROW] ||
    (a[COLUMN] < b[COLUMN] ? -1 : a[COLUMN] > b[COLUMN] ? 1 : 0) ||
    a[RUN_ID] - b[RUN_ID] ||
    a[SEQ] - b[SEQ]
  );
}

/** The graded cells of `cellsJson`, in (gold_row, column_name, run_id, seq) order whatever order SQLite gave. */
export function parseCells(input: Pick<TaskDerivationInput, 'cellsJson'>): CellTuple[] {
  const cells = JSON.parse(input.cellsJson) as CellTuple[];
  for (let i = 1; i < cells.length; i++) {
    if (compareCells(cells[i - 1]!, cells[i]!) > 0) return cells.sort(compareCells);
  }
  return cells;
}
