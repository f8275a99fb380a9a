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
import type { DatasetTask } from '../readers';
import type { Store } from '../store';
import type { PreparedRunTask } from './prepared-run-task';
import { CELL_WIDTH, ROW_WIDTH } from './prepared-run-task';
import { wellFormed } from './well-formed';

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
   * per cell (flat: one array per run task), for the two highest gold rows
   * with cells and the lowest one (the control: see mismatch).
   */
  cells: (number | string)[];
  /** The lowest gold row with cells, when it is not one of the two highest; else -1. */
  firstRow: number;
}

export function runTaskTail(runId: number, record: PreparedRunTask): RunTaskTail | null {
  if (record.state !== 'graded') return null;
  let lastRow = -1;
  for (let i = 1; i < record.rows.length; i += ROW_WIDTH) {
    const row = record.rows[i];
    if (typeof row === 'number' && row > lastRow) lastRow = row;
  }
  if (lastRow < 0) return null;
  // The two highest gold rows with cells and the lowest, in one pass: this runs for every run task an import writes.
  let highest = -1;
  let second = -1;
  let lowest = Number.MAX_SAFE_INTEGER;
  for (let i = 1; i < record.cells.length; i += CELL_WIDTH) {
    const row = record.cells[i];
    if (typeof row !== 'number') continue;
    if (row < lowest) lowest = row;
    if (row === highest || row === second) continue;
    if (row > highest) {
      second = highest;
      highest = row;
    } else if (row > second) second = row;
  }
  const firstRow = lowest !== highest && lowest !== second && lowest !== Number.MAX_SAFE_INTEGER ? lowest : -1;
  const cells: (number | string)[] = [];
  for (let i = 0; i < record.cells.length; i += CELL_WIDTH) {
    const row = record.cells[i + 1];
    const gold = record.cells[i + 3];
    if ((row === highest || row === second || row === firstRow) && row >= 0 && typeof gold === 'string')
      cells.push(row, record.cells[i + 2] as string, gold);
  }
  return {
    runId,
    taskId: record.task_id,
    path: record.path,
    suiteRevision: record.run.suite_revision,
    lastRow,
    cells,
    firstRow,
  };
}

export interface MisalignedRunTask {
  tail: RunTaskTail;
  reason: string;
}

/** A task's gold as the check reads it: its row count, and one row's sealed values by column (cells holding a value). */
interface GoldSource {
  rows: number;
  rowValues: (row: number) => ReadonlyMap<string, string>;
}

/**
 * Checks run tasks' ends against a task's gold. Most are checked before they
 * are written (their task's gold is already in), so nothing is kept for them;
 * the gold rows compared are read once per task and kept, a few per task, for
 * the other runs. A dataset's task arriving after runs of it were stored is
 * checked against those runs the same way (storedRunsProblem).
 */
export class GoldAlignment {
  private readonly statements;
  private readonly golds = new Map<string, GoldSource | null>();
  // A pipeline that records no gold beside a cell (an empty text) says nothing about which gold it saw.
  private readonly unrecorded: string;

  constructor(private readonly store: Store) {
    const { db } = store;
    this.statements = {
      rowCount: db.prepare<[string], number>('SELECT count(*) FROM gold_rows WHERE task_id = ?').pluck(),
      valueCells: db.prepare<[string, number], { column_name: string; value_s: string }>(
        "SELECT column_name, value_s FROM gold_cells WHERE task_id = ? AND row_idx = ? AND state = 'value'",
      ),
      gradedRuns: db.prepare<[string], { run_id: number; path: string; suite_revision: string | null }>(
        `SELECT rt.run_id, rt.path, r.suite_revision FROM run_tasks rt JOIN runs r ON r.id = rt.run_id
          WHERE rt.task_id = ? AND rt.state = 'graded' ORDER BY rt.run_id`,
      ),
      lastRow: db
        .prepare<[number, string], number | null>('SELECT max(gold_row) FROM run_rows WHERE run_id = ? AND task_id = ?')
        .pluck(),
      rowsWithCells: db
        .prepare<[string, number], number>(
          'SELECT DISTINCT gold_row FROM system_cells WHERE task_id = ? AND run_id = ? AND gold_row IS NOT NULL ORDER BY gold_row DESC LIMIT 2',
        )
        .pluck(),
      firstRowWithCells: db
        .prepare<[string, number], number | null>(
          'SELECT min(gold_row) FROM system_cells WHERE task_id = ? AND run_id = ? AND gold_row IS NOT NULL',
        )
        .pluck(),
      rowCells: db.prepare<[string, number, number], { column_name: string; gold_s: string }>(
        'SELECT column_name, gold_s FROM system_cells WHERE task_id = ? AND run_id = ? AND gold_row = ?',
      ),
    };
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
    const detail = this.mismatch(tail, gold, "this store's");
    return detail === null ? null : otherGold(tail, detail);
  }

  /**
   * Why a dataset's version of a task cannot go under the graded runs this
   * store already holds for it (runs imported before any gold of the task),
   * or null: the same check, the other way round.
   */
  storedRunsProblem(task: DatasetTask, writtenNow: (runId: number, taskId: string) => boolean): string | null {
    const taskId = wellFormed(task.task_id);
    // Run tasks this import wrote before the gold came in are checked at its end, and taken back if they do not fit.
    const runs = this.statements.gradedRuns.all(taskId).filter((run) => !writtenNow(run.run_id, taskId));
    if (runs.length === 0) return null;
    const gold = datasetGold(this.store, task);
    const misfits: string[] = [];
    let first: { detail: string; suiteRevision: string | null } | null = null;
    for (const run of runs) {
      const tail = this.storedTail(taskId, run.run_id, run.path, run.suite_revision);
      if (tail === null) continue;
      const detail = this.mismatch(tail, gold, "this dataset's");
      if (detail === null) continue;
      misfits.push(run.path);
      first ??= { detail, suiteRevision: run.suite_revision };
    }
    if (first === null) return null;
    const revision = first.suiteRevision ? ` (suite_revision ${first.suiteRevision})` : '';
    const count = misfits.length === 1 ? '1 graded run' : `${misfits.length} graded runs`;
    return (
      `task ${taskId}: ${count} in this store ${misfits.length === 1 ? 'was' : 'were'} graded against another version of its gold than this dataset's ` +
      `(${misfits[0]}: ${first.detail}), so the task was left out of this import: import the dataset the runs were graded against${revision} first, ` +
      'then this one on top of it, or grade the runs against this dataset'
    );
  }

  /**
   * Why the run's end does not fit `gold`, or null. Most recorded values of its
   * last rows differing is not enough: a pipeline may write gold in another
   * form everywhere (94.0 for 94). So the difference counts only when it is a
   * row's: the run's first row fits its gold row (the recording is fine, the
   * rows at the end changed), or a last row's values are another gold row's
   * (rows moved).
   */
  private mismatch(tail: RunTaskTail, gold: GoldSource, whose: string): string | null {
    if (tail.lastRow >= gold.rows)
      return `its alignment names gold row ${tail.lastRow + 1}, and ${whose} gold for the task has ${gold.rows} row${gold.rows === 1 ? '' : 's'}`;
    const byRow = new Map<number, [column: string, recorded: string][]>();
    for (let i = 0; i < tail.cells.length; i += 3) {
      const recorded = tail.cells[i + 2] as string;
      if (recorded === this.unrecorded) continue;
      const row = tail.cells[i] as number;
      const list = byRow.get(row) ?? [];
      list.push([tail.cells[i + 1] as string, recorded]);
      byRow.set(row, list);
    }
    let compared = 0;
    let differ = 0;
    const rows = new Set<number>();
    for (const [row, cells] of byRow) {
      if (row === tail.firstRow) continue;
      const fit = this.fit(cells, gold.rowValues(row));
      compared += fit.compared;
      differ += fit.differ;
      if (fit.differ > 0) rows.add(row);
    }
    if (compared < 2 || differ * 2 <= compared) return null;
    const first = byRow.get(tail.firstRow);
    const firstFits = first !== undefined && this.fits(first, gold.rowValues(tail.firstRow));
    const moved = !firstFits && [...rows].some((row) => this.matchesAnotherRow(byRow.get(row)!, row, gold));
    if (!firstFits && !moved) return null;
    const where = [...rows]
      .map((row) => row + 1)
      .sort((a, b) => a - b)
      .join(' and ');
    return `in gold row${rows.size === 1 ? '' : 's'} ${where}, ${differ} of the ${compared} gold values it was graded against differ from ${whose} (a row removed or moved since)`;
  }

  private fit(
    cells: readonly [string, string][],
    values: ReadonlyMap<string, string>,
  ): { compared: number; differ: number } {
    let compared = 0;
    let differ = 0;
    for (const [column, recorded] of cells) {
      const stored = values.get(column);
      if (stored === undefined) continue;
      compared++;
      if (!this.same(recorded, stored)) differ++;
    }
    return { compared, differ };
  }

  /** Most of the compared values the same, at least one compared. */
  private fits(cells: readonly [string, string][], values: ReadonlyMap<string, string>): boolean {
    const { compared, differ } = this.fit(cells, values);
    return compared > 0 && differ * 2 < compared;
  }

  private matchesAnotherRow(cells: readonly [string, string][], row: number, gold: GoldSource): boolean {
    for (let other = 0; other < gold.rows; other++) {
      if (other !== row && this.fits(cells, gold.rowValues(other))) return true;
    }
    return false;
  }

  /** A stored run task's end, read back as runTaskTail makes it from a record. */
  private storedTail(taskId: string, runId: number, path: string, suiteRevision: string | null): RunTaskTail | null {
    const lastRow = this.statements.lastRow.get(runId, taskId) ?? null;
    if (lastRow === null) return null;
    const cells: (number | string)[] = [];
    const tailRows = this.statements.rowsWithCells.all(taskId, runId);
    const lowest = this.statements.firstRowWithCells.get(taskId, runId) ?? null;
    const firstRow = lowest !== null && !tailRows.includes(lowest) ? lowest : -1;
    for (const row of firstRow >= 0 ? [...tailRows, firstRow] : tailRows) {
      for (const cell of this.statements.rowCells.all(taskId, runId, row))
        cells.push(row, cell.column_name, cell.gold_s);
    }
    return { runId, taskId, path, suiteRevision, lastRow, cells, firstRow };
  }

  private goldOf(taskId: string): GoldSource | null {
    let gold = this.golds.get(taskId);
    if (gold === undefined) {
      const rows = this.statements.rowCount.get(taskId)!;
      const values = new Map<number, Map<string, string>>();
      const rowValues = (row: number): Map<string, string> => {
        let found = values.get(row);
        if (found === undefined) {
          found = new Map(this.statements.valueCells.all(taskId, row).map((cell) => [cell.column_name, cell.value_s]));
          values.set(row, found);
        }
        return found;
      };
      gold = rows === 0 ? null : { rows, rowValues };
      this.golds.set(taskId, gold);
    }
    return gold;
  }

  private same(recorded: string, stored: string): boolean {
    if (recorded === stored) return true;
    const { sealer } = this.store;
    return normalizeText(sealer.open(recorded)) === normalizeText(sealer.open(stored));
  }
}

/** A dataset's task as the check reads gold: its values sealed as the store would seal them, row by row when asked. */
function datasetGold(store: Store, task: DatasetTask): GoldSource {
  const { gold } = task;
  return {
    rows: gold.rows.length,
    rowValues: (row) => {
      const values = new Map<string, string>();
      const cells = gold.rows[row]?.cells ?? {};
      for (const [column, cell] of Object.entries(cells)) {
        if (cell?.state === 'value' && cell.value !== null)
          values.set(wellFormed(column), store.sealer.seal(cell.value));
      }
      return values;
    },
  };
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
