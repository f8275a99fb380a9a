// The audit's frame (design.md §10): every attribute gold cell of the
// imported dataset whose gold is a value or blank (ungraded cells are left
// out, as the grader leaves them out), in one fixed order (task, row, the
// dataset's column order), each in its stratum: `disputed` when a cell
// dispute exists on it now, `undisputed` otherwise.
import type { AuditStratum } from '../../shared/audit';
import { disputeId } from '../../shared/dispute-id';
import { sha256Hex } from '../../shared/sha256';
import type { Store } from '../store';

export interface FrameCell {
  task_id: string;
  gold_row: number;
  column_name: string;
  stratum: AuditStratum;
  /** Drawn in an earlier round already. */
  drawn: boolean;
}

/** The cell's audit id: a hash of its natural key, the same in every store. */
export function auditCellId(taskId: string, goldRow: number, column: string): string {
  return `a-${sha256Hex(['audit', taskId, String(goldRow), column].join('\u0000')).slice(0, 20)}`;
}

export function readFrame(store: Store): FrameCell[] {
  const { db } = store;
  const key = (task: string, row: number, column: string): string => `${task}\u0000${row}\u0000${column}`;
  // Read as sets once: a correlated lookup per cell would scan each task's disputes again for every cell.
  const disputed = new Set(
    db
      .prepare<[], { task_id: string; gold_row: number; column_name: string }>(
        "SELECT task_id, gold_row, column_name FROM disputes WHERE kind = 'cell' AND gold_row IS NOT NULL AND column_name IS NOT NULL",
      )
      .all()
      .map((row) => key(row.task_id, row.gold_row, row.column_name)),
  );
  const drawn = new Set(
    db
      .prepare<[], { task_id: string; gold_row: number; column_name: string }>(
        'SELECT task_id, gold_row, column_name FROM audit_cells',
      )
      .all()
      .map((row) => key(row.task_id, row.gold_row, row.column_name)),
  );
  return db
    .prepare<[], { task_id: string; gold_row: number; column_name: string }>(
      `SELECT g.task_id, g.row_idx AS gold_row, g.column_name
         FROM gold_cells g
         JOIN tasks t ON t.task_id = g.task_id
         JOIN task_columns c ON c.task_id = g.task_id AND c.name = g.column_name
        WHERE g.state IN ('value', 'blank') AND g.column_name <> t.entity_column
        ORDER BY g.task_id, g.row_idx, c.idx`,
    )
    .all()
    .map((row): FrameCell => {
      const k = key(row.task_id, row.gold_row, row.column_name);
      return { ...row, stratum: disputed.has(k) ? 'disputed' : 'undisputed', drawn: drawn.has(k) };
    });
}

export function frameSizes(cells: readonly FrameCell[]): {
  frame: Record<AuditStratum, number>;
  undrawn: Record<AuditStratum, number>;
} {
  const frame = { disputed: 0, undisputed: 0 };
  const undrawn = { disputed: 0, undisputed: 0 };
  for (const cell of cells) {
    frame[cell.stratum]++;
    if (!cell.drawn) undrawn[cell.stratum]++;
  }
  return { frame, undrawn };
}

/**
 * The same sizes as frameSizes(readFrame(store)), counted in SQL without
 * reading the frame: the overview asks after every verdict, and the full
 * frame is hundreds of thousands of cells.
 */
export function countFrame(store: Store): {
  frame: Record<AuditStratum, number>;
  undrawn: Record<AuditStratum, number>;
} {
  const { db } = store;
  const count = (sql: string): number => db.prepare<[], number>(sql).pluck().get() ?? 0;
  const FRAME = `g.state IN ('value', 'blank') AND g.column_name <> t.entity_column`;
  const total = count(
    `SELECT count(*) FROM gold_cells g JOIN tasks t ON t.task_id = g.task_id JOIN task_columns c ON c.task_id = g.task_id AND c.name = g.column_name WHERE ${FRAME}`,
  );
  const disputed = count(
    `SELECT count(*) FROM disputes d
       JOIN gold_cells g ON g.task_id = d.task_id AND g.row_idx = d.gold_row AND g.column_name = d.column_name
       JOIN tasks t ON t.task_id = g.task_id JOIN task_columns c ON c.task_id = g.task_id AND c.name = g.column_name
      WHERE d.kind = 'cell' AND ${FRAME}`,
  );
  // Drawn cells still in the frame, by the stratum they are in now; a cell dispute's id is its natural key's hash.
  const isDisputed = db.prepare<[string], number>('SELECT 1 FROM disputes WHERE id = ?').pluck();
  const drawnNow = { disputed: 0, undisputed: 0 };
  for (const cell of db
    .prepare<[], { task_id: string; gold_row: number; column_name: string }>(
      `SELECT a.task_id, a.gold_row, a.column_name FROM audit_cells a
         JOIN gold_cells g ON g.task_id = a.task_id AND g.row_idx = a.gold_row AND g.column_name = a.column_name
         JOIN tasks t ON t.task_id = g.task_id JOIN task_columns c ON c.task_id = g.task_id AND c.name = g.column_name
        WHERE ${FRAME}`,
    )
    .all()) {
    const id = disputeId({
      kind: 'cell',
      task_id: cell.task_id,
      gold_row: cell.gold_row,
      column: cell.column_name,
      entity_key: null,
    });
    drawnNow[isDisputed.get(id) === undefined ? 'undisputed' : 'disputed']++;
  }
  const frame = { disputed, undisputed: total - disputed };
  return {
    frame,
    undrawn: { disputed: disputed - drawnNow.disputed, undisputed: frame.undisputed - drawnNow.undisputed },
  };
}
