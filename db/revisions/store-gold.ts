// Reads what the score preview needs from the store: a task's gold (opened
// from its sealed columns) and one run's alignments and verdicts for a task.
// Statements are prepared once per reader: the preview asks per run and task.
import type { ColumnRule, GoldCell, GoldState, Verdict } from '../../shared/domain';
import type { GoldRow, ParsedGold } from '../readers/types';
import type { Store } from '../store';
import type { StoredAlignment, StoredCell } from './score-task';

export interface StoreGoldReader {
  /** The task's gold as imported, or null when the task is not in the store. */
  gold(taskId: string): ParsedGold | null;
  alignments(runId: number, taskId: string): StoredAlignment[];
}

export function storeGoldReader(store: Store): StoreGoldReader {
  const { db, sealer } = store;
  const task = db.prepare<[string], { entity_column: string }>('SELECT entity_column FROM tasks WHERE task_id = ?');
  const columns = db.prepare<[string], { name: string; rule_json: string }>('SELECT name, rule_json FROM task_columns WHERE task_id = ? ORDER BY idx');
  const goldRows = db.prepare<[string], { row_idx: number; entity_s: string; aliases_s: string }>(
    'SELECT row_idx, entity_s, aliases_s FROM gold_rows WHERE task_id = ? ORDER BY row_idx',
  );
  const goldCells = db.prepare<[string], { row_idx: number; column_name: string; state: GoldState; value_s: string | null; alternatives_s: string; sources_s: string }>(
    'SELECT row_idx, column_name, state, value_s, alternatives_s, sources_s FROM gold_cells WHERE task_id = ?',
  );
  const runRows = db.prepare<[number, string], { seq: number; gold_row: number | null; response_row: number | null; response_entity_s: string | null }>(
    'SELECT seq, gold_row, response_row, response_entity_s FROM run_rows WHERE run_id = ? AND task_id = ? ORDER BY seq',
  );
  const systemCells = db.prepare<[number, string], { seq: number; column_name: string; response_s: string; verdict: Verdict }>(
    'SELECT seq, column_name, response_s, verdict FROM system_cells WHERE run_id = ? AND task_id = ?',
  );

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
        columns: columns.all(taskId).map((column) => ({ name: column.name, rule: JSON.parse(column.rule_json) as ColumnRule })),
        rows,
      };
    },

    alignments(runId, taskId) {
      const cellsBySeq = new Map<number, Map<string, StoredCell>>();
      for (const cell of systemCells.iterate(runId, taskId)) {
        const map = cellsBySeq.get(cell.seq) ?? new Map<string, StoredCell>();
        map.set(cell.column_name, { response: sealer.open(cell.response_s), verdict: cell.verdict });
        cellsBySeq.set(cell.seq, map);
      }
      return runRows.all(runId, taskId).map((row) => ({
        gold_row: row.gold_row,
        response_row: row.response_row,
        entity: sealer.open(row.response_entity_s),
        cells: cellsBySeq.get(row.seq) ?? new Map<string, StoredCell>(),
      }));
    },
  };
}
