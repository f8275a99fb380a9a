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
  /** Sealed value by gold row, then column, for the rows asked so far (cells gold holds a value in). */
  values: Map<number, Map<string, string>>;
}

/**
 * Checks run tasks' ends against the store's gold. Most are checked before
 * they are written (their task's gold is already in), so nothing is kept for
 * them; the gold rows compared are read once per task and kept, a few per
 * task, for the other runs.
 */
export class GoldAlignment {
  private readonly rowCount;
  private readonly valueCells;
  private readonly golds = new Map<string, TaskGold | null>();
  // A pipeline that records no gold beside a cell (an empty text) says nothing about which gold it saw.
  private readonly unrecorded: string;

  constructor(private readonly store: Store) {
    const { db } = store;
    this.rowCount = db.prepare<[string], number>('SELECT count(*) FROM gold_rows WHERE task_id = ?').pluck();
    this.valueCells = db.prepare<[string, number], { column_name: string; value_s: string }>(
      "SELECT column_name, value_s FROM gold_cells WHERE task_id = ? AND row_idx = ? AND state = 'value'",
    );
    this.unrecorded = store.sealer.seal('');
  }

  /** The task's gold was written again: what was read of it no longer holds. */
  forget(taskId: string): void {
    this.golds.delete(taskId);
  }

  /** Why the run task was graded against other gold than the store's; null when it fits, undefined when the store has no gold for its task yet. */
  check(tail: RunTaskTail): string | null | undefined {
    const gold = this.goldOf(tail.taskId);
    if (gold === null) return undefined;
    if (tail.lastRow >= gold.rows) {
      return otherGold(tail, `its alignment names gold row ${tail.lastRow + 1}, and this store's gold for the task has ${gold.rows} row${gold.rows === 1 ? '' : 's'}`);
    }
    let compared = 0;
    let differ = 0;
    const rows = new Set<number>();
    for (let i = 0; i < tail.cells.length; i += 3) {
      const row = tail.cells[i] as number;
      const recorded = tail.cells[i + 2] as string;
      if (recorded === this.unrecorded) continue;
      const stored = this.rowValues(tail.taskId, gold, row).get(tail.cells[i + 1] as string);
      if (stored === undefined) continue;
      compared++;
      if (!this.same(recorded, stored)) {
        differ++;
        rows.add(row + 1);
      }
    }
    if (compared < 2 || differ * 2 <= compared) return null;
    const where = [...rows].sort((a, b) => a - b).join(' and ');
    return otherGold(tail, `in gold row${rows.size === 1 ? '' : 's'} ${where}, ${differ} of the ${compared} gold values it was graded against differ from this store's (a row removed or moved since)`);
  }

  private goldOf(taskId: string): TaskGold | null {
    let gold = this.golds.get(taskId);
    if (gold === undefined) {
      const rows = this.rowCount.get(taskId)!;
      gold = rows === 0 ? null : { rows, values: new Map() };
      this.golds.set(taskId, gold);
    }
    return gold;
  }

  private rowValues(taskId: string, gold: TaskGold, row: number): Map<string, string> {
    let values = gold.values.get(row);
    if (values === undefined) {
      values = new Map(this.valueCells.all(taskId, row).map((cell) => [cell.column_name, cell.value_s]));
      gold.values.set(row, values);
    }
    return values;
  }

  private same(recorded: string, stored: string): boolean {
    if (recorded === stored) return true;
    const { sealer } = this.store;
    return normalizeText(sealer.open(recorded)) === normalizeText(sealer.open(stored));
  }
}

/** The run tasks among `tails` (written before their task's gold was in) graded against other gold than the store now holds. */
export function misalignedRunTasks(alignment: GoldAlignment, tails: readonly RunTaskTail[]): MisalignedRunTask[] {
  const misaligned: MisalignedRunTask[] = [];
  for (const tail of tails) {
    const reason = alignment.check(tail);
    if (typeof reason === 'string') misaligned.push({ tail, reason });
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
