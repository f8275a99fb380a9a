// Runs name gold rows by index. A run graded against another version of a
// task's gold (a revision that removed a row renumbers every row after it;
// one that removed the last rows leaves the run pointing past the end) would
// have its cells paired with other entities' gold, silently: its values shown
// under the wrong entity, its verdicts taken against the wrong gold. Each
// run task an import writes is checked against the store's gold where a
// removed or moved row always shows: the end of the run's alignment. Values
// the grader recorded there that differ from the dataset's, in most cells
// compared, mean another gold; a revision's few corrected values do not.
import { normalizeText } from '../../shared/normalize';
import type { Store } from '../store';
import type { PreparedRunTask } from './prepared-run-task';
import { CELL_WIDTH, ROW_WIDTH } from './prepared-run-task';

/** What a written run task's end looks like, kept for the check (a few cells, not the task). */
export interface RunTaskTail {
  runId: number;
  taskId: string;
  path: string;
  suiteRevision: string | null;
  /** The highest gold row the run's alignment names (missed rows included), or -1. */
  lastRow: number;
  /**
   * gold_row, column, sealed gold text as the grader recorded it, three values
   * per cell (flat: one array per run task, kept for a whole import), for the
   * two highest gold rows with cells.
   */
  cells: (number | string)[];
}

export function runTaskTail(runId: number, record: PreparedRunTask): RunTaskTail | null {
  if (record.state !== 'graded') return null;
  let lastRow = -1;
  for (let i = 1; i < record.rows.length; i += ROW_WIDTH) {
    const row = record.rows[i];
    if (typeof row === 'number' && row > lastRow) lastRow = row;
  }
  if (lastRow < 0) return null;
  // The two highest gold rows with cells, in one pass: this runs for every run task an import writes.
  let highest = -1;
  let second = -1;
  for (let i = 1; i < record.cells.length; i += CELL_WIDTH) {
    const row = record.cells[i];
    if (typeof row !== 'number' || row === highest || row === second) continue;
    if (row > highest) {
      second = highest;
      highest = row;
    } else if (row > second) second = row;
  }
  const cells: (number | string)[] = [];
  for (let i = 0; i < record.cells.length; i += CELL_WIDTH) {
    const row = record.cells[i + 1];
    const gold = record.cells[i + 3];
    if ((row === highest || row === second) && row >= 0 && typeof gold === 'string') cells.push(row, record.cells[i + 2] as string, gold);
  }
  return { runId, taskId: record.task_id, path: record.path, suiteRevision: record.run.suite_revision, lastRow, cells };
}

export interface MisalignedRunTask {
  tail: RunTaskTail;
  reason: string;
}

interface TaskGold {
  rows: number;
  /** Sealed value by `row\0column`, for cells gold holds a value in. */
  values: Map<string, string>;
}

/** The run tasks among `tails` graded against another version of their task's gold than the store holds. */
export function misalignedRunTasks(store: Store, tails: readonly RunTaskTail[]): MisalignedRunTask[] {
  const { db, sealer } = store;
  const rowCount = db.prepare<[string], number>('SELECT count(*) FROM gold_rows WHERE task_id = ?').pluck();
  const valueCells = db.prepare<[string, number, number], { row_idx: number; column_name: string; value_s: string }>(
    "SELECT row_idx, column_name, value_s FROM gold_cells WHERE task_id = ? AND row_idx BETWEEN ? AND ? AND state = 'value'",
  );
  // Tails of one task (a run each) share its gold: the rows any of them compares, read once per task.
  const spans = new Map<string, [number, number]>();
  for (const tail of tails) {
    for (let i = 0; i < tail.cells.length; i += 3) {
      const row = tail.cells[i] as number;
      const span = spans.get(tail.taskId);
      if (span === undefined) spans.set(tail.taskId, [row, row]);
      else if (row < span[0]) span[0] = row;
      else if (row > span[1]) span[1] = row;
    }
  }
  const golds = new Map<string, TaskGold | null>();
  const goldOf = (taskId: string): TaskGold | null => {
    let gold = golds.get(taskId);
    if (gold === undefined) {
      const rows = rowCount.get(taskId)!;
      const [from, to] = spans.get(taskId) ?? [0, -1];
      gold = rows === 0 ? null : { rows, values: new Map(valueCells.all(taskId, from, to).map((cell) => [`${cell.row_idx}\u0000${cell.column_name}`, cell.value_s])) };
      golds.set(taskId, gold);
    }
    return gold;
  };
  const same = (recorded: string, stored: string): boolean => recorded === stored || normalizeText(sealer.open(recorded)) === normalizeText(sealer.open(stored));

  // A pipeline that records no gold beside a cell (an empty text) says nothing about which gold it saw.
  const unrecorded = sealer.seal('');
  const misaligned: MisalignedRunTask[] = [];
  for (const tail of tails) {
    const gold = goldOf(tail.taskId);
    // Without the task's gold (no dataset yet) nothing can be compared; a dataset imported later is checked then.
    if (gold === null) continue;
    if (tail.lastRow >= gold.rows) {
      misaligned.push({ tail, reason: otherGold(tail, `its alignment names gold row ${tail.lastRow + 1}, and this store's gold for the task has ${gold.rows} row${gold.rows === 1 ? '' : 's'}`) });
      continue;
    }
    let compared = 0;
    let differ = 0;
    const rows = new Set<number>();
    for (let i = 0; i < tail.cells.length; i += 3) {
      const row = tail.cells[i] as number;
      const column = tail.cells[i + 1] as string;
      const recorded = tail.cells[i + 2] as string;
      const stored = gold.values.get(`${row}\u0000${column}`);
      if (stored === undefined || recorded === unrecorded) continue;
      compared++;
      if (!same(recorded, stored)) {
        differ++;
        rows.add(row + 1);
      }
    }
    if (compared >= 2 && differ * 2 > compared) {
      const where = [...rows].sort((a, b) => a - b).join(' and ');
      misaligned.push({ tail, reason: otherGold(tail, `in gold row${rows.size === 1 ? '' : 's'} ${where}, ${differ} of the ${compared} gold values it was graded against differ from this store's (a row removed or moved since)`) });
    }
  }
  return misaligned;
}

function otherGold(tail: RunTaskTail, detail: string): string {
  const revision = tail.suiteRevision ? ` (the run says suite_revision ${tail.suiteRevision})` : '';
  return (
    `task ${tail.taskId}: this run was graded against another version of the task's gold: ${detail}. Its cells would be paired with other ` +
    `entities' gold, so the task was not imported from this run: import the dataset it was graded against${revision} into a fresh store first ` +
    '(a revised dataset then goes on top of it), or grade the run against this dataset'
  );
}
