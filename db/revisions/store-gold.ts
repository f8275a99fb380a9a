// Reads what the score preview needs from the store: a task's gold (opened
// from its sealed columns) and one run's alignments and verdicts for a task.
// Statements are prepared once per reader: the preview asks per run and task.
import type { ColumnRule, GoldCell, GoldState, RuleType, Verdict } from '../../shared/domain';
import { GoldAsRecorded } from '../disputes';
import type { GoldRow, ParsedGold } from '../readers';
import type { Sealer } from '../seal';
import type { Store } from '../store';
import type { StoredAlignment, StoredCell } from './score-task';

export interface StoreGoldReader {
  /** The task's gold as imported, or null when the task is not in the store. */
  gold(taskId: string): ParsedGold | null;
  /** Every run's alignments for a task, by run id: the task's cells come from one index range for all runs. */
  taskAlignments(taskId: string, runIds: readonly number[]): Map<number, StoredAlignment[]>;
}

/** A stored cell whose response is opened only when a regrade reads it (most cells only need their verdict). */
class SealedCell implements StoredCell {
  constructor(
    private readonly sealer: Sealer,
    private readonly sealed: string,
    readonly verdict: Verdict,
    /** The store's gold cell as graders record it; null when there is none or it is ungraded. */
    private readonly goldAsRecorded: GoldAsRecorded | null,
    private readonly recordedSealed: string,
  ) {}

  get response(): string {
    return this.sealer.open(this.sealed);
  }

  get otherRecordedGold(): string | null {
    return this.goldAsRecorded?.otherThan(this.recordedSealed) ?? null;
  }
}

export function storeGoldReader(store: Store): StoreGoldReader {
  const { db, sealer } = store;
  const task = db.prepare<[string], { entity_column: string }>('SELECT entity_column FROM tasks WHERE task_id = ?');
  const columns = db.prepare<[string], { name: string; rule_s: string }>(
    'SELECT name, rule_s FROM task_columns WHERE task_id = ? ORDER BY idx',
  );
  const goldRows = db.prepare<[string], { row_idx: number; entity_s: string; aliases_s: string }>(
    'SELECT row_idx, entity_s, aliases_s FROM gold_rows WHERE task_id = ? ORDER BY row_idx',
  );
  const goldCells = db.prepare<
    [string],
    {
      row_idx: number;
      column_name: string;
      state: GoldState;
      value_s: string | null;
      alternatives_s: string;
      sources_s: string;
    }
  >('SELECT row_idx, column_name, state, value_s, alternatives_s, sources_s FROM gold_cells WHERE task_id = ?');
  const runRows = db.prepare<
    [number, string],
    { seq: number; gold_row: number | null; response_row: number | null; response_entity_s: string | null }
  >(
    'SELECT seq, gold_row, response_row, response_entity_s FROM run_rows WHERE run_id = ? AND task_id = ? ORDER BY seq',
  );
  // Covered by system_cells_by_gold_cell, led by task_id.
  // Raw rows: a task has ~1,000 cells over all runs, and objects cost more than the read itself.
  const taskCells = db
    .prepare<
      [string],
      [
        run_id: number,
        seq: number,
        column_name: string,
        response_s: string,
        verdict: Verdict,
        gold_row: number | null,
        gold_s: string,
      ]
    >('SELECT run_id, seq, column_name, response_s, verdict, gold_row, gold_s FROM system_cells WHERE task_id = ?')
    .raw(true);
  const ruleTypes = db
    .prepare<[string], [name: string, rule_type: RuleType]>(
      'SELECT name, rule_type FROM task_columns WHERE task_id = ?',
    )
    .raw(true);
  const goldStates = db
    .prepare<[string], [row_idx: number, column_name: string, state: GoldState, value_s: string | null]>(
      'SELECT row_idx, column_name, state, value_s FROM gold_cells WHERE task_id = ?',
    )
    .raw(true);
  const open = (sealed: string): string => sealer.open(sealed);

  return {
    gold(taskId) {
      const found = task.get(taskId);
      if (!found) return null;
      const rows: GoldRow[] = goldRows.all(taskId).map((row) => ({
        entity: sealer.open(row.entity_s),
        aliases: sealer.openJson<string[]>(row.aliases_s, []),
        // Null prototype: column names are data (a column may be called `__proto__`).
        cells: Object.create(null) as Record<string, GoldCell>,
      }));
      for (const cell of goldCells.iterate(taskId)) {
        const row = rows[cell.row_idx];
        if (!row) continue;
        row.cells[cell.column_name] = {
          state: cell.state,
          value: sealer.open(cell.value_s),
          alternatives: sealer.openJson<string[]>(cell.alternatives_s, []),
          sources: sealer.openJson<string[]>(cell.sources_s, []),
        };
      }
      return {
        entity_column: found.entity_column,
        columns: columns
          .all(taskId)
          .map((column) => ({ name: column.name, rule: JSON.parse(sealer.open(column.rule_s)) as ColumnRule })),
        rows,
      };
    },

    taskAlignments(taskId, runIds) {
      // run id -> seq -> column -> cell
      const cells = new Map<number, Map<number, Map<string, StoredCell>>>();
      // Each gold cell as graders record it beside their cells, to tell the cells graded against other gold.
      const types = new Map(ruleTypes.all(taskId));
      const goldAsRecorded = new Map<string, GoldAsRecorded>();
      for (const [row, column, state, value_s] of goldStates.all(taskId)) {
        const form = GoldAsRecorded.of(types.get(column), { state, value_s }, open);
        if (form) goldAsRecorded.set(`${row}\u0000${column}`, form);
      }
      const recordedFormOf = (goldRow: number | null, column: string): GoldAsRecorded | null =>
        goldRow === null ? null : (goldAsRecorded.get(`${goldRow}\u0000${column}`) ?? null);
      for (const [runId, seq, column, responseSealed, verdict, goldRow, recordedSealed] of taskCells.all(taskId)) {
        let bySeq = cells.get(runId);
        if (!bySeq) cells.set(runId, (bySeq = new Map<number, Map<string, StoredCell>>()));
        let byColumn = bySeq.get(seq);
        if (!byColumn) bySeq.set(seq, (byColumn = new Map<string, StoredCell>()));
        byColumn.set(
          column,
          new SealedCell(sealer, responseSealed, verdict, recordedFormOf(goldRow, column), recordedSealed),
        );
      }
      const alignments = new Map<number, StoredAlignment[]>();
      for (const runId of runIds) {
        const bySeq = cells.get(runId);
        alignments.set(
          runId,
          runRows.all(runId, taskId).map((row) => ({
            gold_row: row.gold_row,
            response_row: row.response_row,
            entity: sealer.open(row.response_entity_s),
            cells: bySeq?.get(row.seq) ?? new Map<string, StoredCell>(),
          })),
        );
      }
      return alignments;
    },
  };
}
