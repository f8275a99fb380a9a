// Writes reader records into the store. Called inside the import's single
// transaction; counts only what changed, so a re-import reports zeros.
import type { DatasetTask, JudgeOpinionRecord, RunHeader } from '../readers';
import type { Store } from '../store';
import type { PreparedRunTask } from './prepared-run-task';
import { CELL_WIDTH, ROW_WIDTH } from './prepared-run-task';
import { entityKey } from '../entity-key';
import { GoldAlignment, runTaskTail, type RunTaskTail } from './gold-alignment';
import { wellFormed } from './well-formed';

export interface WriteCounts {
  tasks: Set<string>;
  systems: number;
  cells: number;
  judges: number;
}

export class ImportWriter {
  readonly counts: WriteCounts = { tasks: new Set(), systems: 0, cells: 0, judges: 0 };
  /** Tasks whose disputes must be derived again. */
  readonly touchedTasks = new Set<string>();
  /** Checks each run task against its task's gold before it is written (gold-alignment.ts). */
  readonly alignment: GoldAlignment;
  /** Run tasks written before their task's gold was in: checked once every source is read. */
  readonly deferredTails: RunTaskTail[] = [];
  private readonly deferredKeys = new Set<string>();
  private readonly runIds = new Map<string, number>();
  private readonly statements;

  constructor(private readonly store: Store) {
    const db = store.db;
    this.alignment = new GoldAlignment(store);
    this.statements = {
      datasetByHash: db.prepare<[string], { id: number }>('SELECT id FROM datasets WHERE sha256 = ?'),
      insertDataset: db.prepare(
        'INSERT INTO datasets (sha256, revision, path, format, imported_at) VALUES (?, ?, ?, ?, ?)',
      ),
      taskGold: db.prepare<[string], { gold_enc: string; question_enc: string }>(
        'SELECT gold_enc, question_enc FROM tasks WHERE task_id = ?',
      ),
      taskColumns: db.prepare<[string], string>('SELECT name FROM task_columns WHERE task_id = ? ORDER BY idx').pluck(),
      goldEntities: db
        .prepare<[string], string>('SELECT entity_s FROM gold_rows WHERE task_id = ? ORDER BY row_idx')
        .pluck(),
      gradedRuns: db
        .prepare<[string], number>("SELECT count(*) FROM run_tasks WHERE task_id = ? AND state = 'graded'")
        .pluck(),
      deleteTask: db.prepare('DELETE FROM tasks WHERE task_id = ?'),
      insertTask: db.prepare(
        'INSERT INTO tasks (task_id, canary, question_enc, gold_enc, entity_column, dataset_id) VALUES (?, ?, ?, ?, ?, ?)',
      ),
      // Only when it differs: an unchanged re-import then writes no page at all (no WAL frames, no fsync).
      updateTaskDataset: db.prepare('UPDATE tasks SET dataset_id = ? WHERE task_id = ? AND dataset_id IS NOT ?'),
      insertColumn: db.prepare(
        'INSERT INTO task_columns (task_id, idx, name, rule_type, rule_s) VALUES (?, ?, ?, ?, ?)',
      ),
      insertGoldRow: db.prepare('INSERT INTO gold_rows (task_id, row_idx, entity_s, aliases_s) VALUES (?, ?, ?, ?)'),
      insertGoldCell: db.prepare(
        'INSERT INTO gold_cells (task_id, row_idx, column_name, state, value_s, alternatives_s, sources_s) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ),
      systemId: db.prepare<[string], { id: number }>('SELECT id FROM systems WHERE name = ?'),
      insertSystem: db.prepare('INSERT INTO systems (name) VALUES (?)'),
      runId: db.prepare<[string], { id: number }>('SELECT id FROM runs WHERE run_key = ?'),
      insertRun: db.prepare(
        'INSERT INTO runs (run_key, system_id, source_path, format, suite_revision, judge_model, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ),
      runTaskSha: db.prepare<[number, string], { content_sha: string }>(
        'SELECT content_sha FROM run_tasks WHERE run_id = ? AND task_id = ?',
      ),
      deleteRunTaskCells: db.prepare('DELETE FROM system_cells WHERE run_id = ? AND task_id = ?'),
      deleteRunTaskRows: db.prepare('DELETE FROM run_rows WHERE run_id = ? AND task_id = ?'),
      deleteRunTask: db.prepare('DELETE FROM run_tasks WHERE run_id = ? AND task_id = ?'),
      runTaskIds: db.prepare<[number], string>('SELECT task_id FROM run_tasks WHERE run_id = ?').pluck(),
      deleteRun: db.prepare('DELETE FROM runs WHERE id = ?'),
      insertRunTask: db.prepare(
        `INSERT INTO run_tasks (run_id, task_id, state, content_sha, path, discovery_f1, item_f1, row_f1, returned_rows)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      insertRunRow: db.prepare(
        'INSERT INTO run_rows (run_id, task_id, seq, gold_row, response_row, response_entity_s, entity_key, aligned_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      ),
      insertCell: db.prepare(
        // Plain INSERT: OR REPLACE made every insert several times slower (conflict and
        // foreign-key bookkeeping); duplicate columns of a row are dropped before (lastPerColumn).
        `INSERT INTO system_cells
           (run_id, task_id, seq, gold_row, column_name, gold_s, response_s, response_empty, verdict, method, sources_s, reasoning_s)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      insertJudge: db.prepare(
        `INSERT OR IGNORE INTO judge_opinions
           (content_sha, task_id, gold_row, entity_s, column_name, judge, verdict, value_s, sources_s, reasoning_s)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
    };
  }

  /** Registers a dataset file and returns its id (existing id when the same bytes were imported before). */
  dataset(
    sha256: string,
    path: string,
    format: 'jsonl' | 'parquet',
    revision: string | null,
    now: string,
  ): { id: number; isNew: boolean } {
    const existing = this.statements.datasetByHash.get(sha256);
    if (existing) return { id: existing.id, isNew: false };
    const result = this.statements.insertDataset.run(sha256, revision, path, format, now);
    return { id: Number(result.lastInsertRowid), isNew: true };
  }

  /**
   * Why the stored task cannot take this dataset's version, or null. Gold
   * values may change (a revision); other columns under runs graded against
   * the old ones mean another dataset, whose disputes would mix both.
   */
  private columnsRefusal(taskId: string, task: DatasetTask): string | null {
    const before = this.statements.taskColumns.all(taskId);
    const after = task.gold.columns.map((column) => wellFormed(column.name));
    const same = before.length === after.length && after.every((name) => before.includes(name));
    if (same) return null;
    const runs = this.statements.gradedRuns.get(taskId) ?? 0;
    if (runs === 0) return null;
    const list = (names: readonly string[]): string => names.map((name) => JSON.stringify(name)).join(', ');
    return (
      `task ${taskId}: its columns would change from ${list(before)} to ${list(after)} while ${runs} graded run${runs === 1 ? '' : 's'} ` +
      'of the old columns are in this store, so the task was left as it was (another dataset needs a fresh store)'
    );
  }

  /**
   * Why the stored task's gold rows cannot be replaced by this dataset's
   * under graded runs, or null. Runs name gold rows by index: a row removed
   * or moved (remove_row renumbers the rows after it) would pair every
   * later row's graded cells with another entity's gold. Rows added at the
   * end and entities renamed in place keep every index.
   */
  private rowsRefusal(taskId: string, task: DatasetTask): string | null {
    const before = this.statements.goldEntities.all(taskId).map((sealed) => entityKey(this.store.sealer.open(sealed)));
    const after = task.gold.rows.map((row) => entityKey(row.entity));
    const moved = before.findIndex((key, index) => after[index] !== key && after.includes(key));
    if (after.length >= before.length && moved < 0) return null;
    const runs = this.statements.gradedRuns.get(taskId) ?? 0;
    if (runs === 0) return null;
    const what =
      after.length < before.length
        ? `would go from ${before.length} gold rows to ${after.length}`
        : `would move gold row ${moved + 1} to row ${after.indexOf(before[moved]!) + 1}`;
    return (
      `task ${taskId}: its gold ${what} while ${runs} graded run${runs === 1 ? '' : 's'} aligned to the old rows ` +
      `${runs === 1 ? 'is' : 'are'} in this store, so the task was left as it was (runs graded against this dataset need a fresh store)`
    );
  }

  /** Writes the dataset's version of a task; returns why it was left as it was instead (and the field at fault), or null. */
  task(task: DatasetTask, datasetId: number): { field: string; reason: string } | null {
    const { sealer } = this.store;
    const taskId = wellFormed(task.task_id);
    const entityColumn = wellFormed(task.gold.entity_column);
    const existing = this.statements.taskGold.get(taskId);
    if (existing && existing.gold_enc === task.gold_enc && existing.question_enc === task.question_enc) {
      this.statements.updateTaskDataset.run(datasetId, taskId, datasetId);
      return null;
    }
    if (!existing) {
      // Runs of the task stored before any gold of it (imported first) must fit this gold too.
      const stored = this.alignment.storedRunsProblem(task, (runId, id) =>
        this.deferredKeys.has(`${runId}\u0000${id}`),
      );
      if (stored !== null) return { field: 'gold.rows', reason: stored };
    } else {
      const columns = this.columnsRefusal(taskId, task);
      if (columns !== null) return { field: 'gold.columns', reason: columns };
      const rows = this.rowsRefusal(taskId, task);
      if (rows !== null) return { field: 'gold.rows', reason: rows };
      this.statements.deleteTask.run(taskId);
    }
    const gold = task.gold;
    this.statements.insertTask.run(taskId, task.canary, task.question_enc, task.gold_enc, entityColumn, datasetId);
    gold.columns.forEach((column, index) => {
      this.statements.insertColumn.run(
        taskId,
        index,
        wellFormed(column.name),
        column.rule.type,
        sealer.sealJson(column.rule),
      );
    });
    gold.rows.forEach((row, rowIndex) => {
      this.statements.insertGoldRow.run(taskId, rowIndex, sealer.seal(row.entity), sealer.sealJson(row.aliases));
      for (const column of gold.columns) {
        if (column.name === gold.entity_column) continue;
        const cell = row.cells[column.name];
        // A column the row does not mention is treated as blank: no data was given for it.
        const state = cell?.state ?? 'blank';
        this.statements.insertGoldCell.run(
          taskId,
          rowIndex,
          wellFormed(column.name),
          state,
          sealer.seal(cell?.value ?? null),
          sealer.sealJson(cell?.alternatives ?? []),
          sealer.sealJson(cell?.sources ?? []),
        );
      }
    });
    this.counts.tasks.add(taskId);
    this.touchedTasks.add(taskId);
    this.alignment.forget(taskId);
    return null;
  }

  /** The store's id of a run, registering it (and its system) the first time. */
  runIdFor(run: RunHeader): number {
    const cached = this.runIds.get(run.run_key);
    if (cached !== undefined) return cached;
    const system = wellFormed(run.system);
    let systemId = this.statements.systemId.get(system)?.id;
    if (systemId === undefined) {
      systemId = Number(this.statements.insertSystem.run(system).lastInsertRowid);
      this.counts.systems++;
    }
    let runId = this.statements.runId.get(run.run_key)?.id;
    if (runId === undefined) {
      runId = Number(
        this.statements.insertRun.run(
          run.run_key,
          systemId,
          run.source_path,
          run.format,
          run.suite_revision,
          run.judge_model,
          run.created_at,
        ).lastInsertRowid,
      );
    }
    this.runIds.set(run.run_key, runId);
    return runId;
  }

  /** Takes a run out of the store (a re-grade replaces it); its tasks' disputes are derived again. */
  removeRun(runKey: string): void {
    const run = this.statements.runId.get(runKey);
    if (!run) return;
    for (const taskId of this.statements.runTaskIds.all(run.id)) {
      this.statements.deleteRunTaskCells.run(run.id, taskId);
      this.statements.deleteRunTaskRows.run(run.id, taskId);
      this.statements.deleteRunTask.run(run.id, taskId);
      this.touchedTasks.add(taskId);
    }
    this.statements.deleteRun.run(run.id);
    this.runIds.delete(runKey);
  }

  /** Writes a run task; returns why it was not written instead (graded against other gold than the store's), or null. */
  runTask(record: PreparedRunTask): { field: string; reason: string } | null {
    // Plain text must never reach the store: the importer seals what the reader thread left open.
    if (record.openTexts) throw new Error(`${record.path}: the cells' texts were not sealed before writing`);
    const runId = this.runIdFor(record.run);
    const taskId = record.task_id;
    const previous = this.statements.runTaskSha.get(runId, taskId);
    if (previous?.content_sha === record.content_sha) return null;
    // The reader skipped parsing on the store's word; that must still hold inside the transaction.
    if (record.unchanged)
      throw new Error(
        `${record.path}: the store changed while it was being imported (task ${record.task_id}); import again`,
      );
    // Checked before anything is written or replaced: a refused run task leaves the store as it was.
    const tail = runTaskTail(runId, record);
    const check = tail === null ? null : this.alignment.check(tail);
    if (typeof check === 'string') return { field: 'details.rows', reason: check };
    if (previous) {
      this.statements.deleteRunTaskCells.run(runId, taskId);
      this.statements.deleteRunTaskRows.run(runId, taskId);
      this.statements.deleteRunTask.run(runId, taskId);
    }
    const scores = record.scores;
    this.statements.insertRunTask.run(
      runId,
      taskId,
      record.state,
      record.content_sha,
      record.path,
      scores?.discovery_f1 ?? null,
      scores?.item_f1 ?? null,
      scores?.row_f1 ?? null,
      record.returned_rows,
    );
    const { rows, cells } = record;
    const insertRow = this.statements.insertRunRow;
    for (let i = 0; i < rows.length; i += ROW_WIDTH) {
      insertRow.run(runId, taskId, rows[i], rows[i + 1], rows[i + 2], rows[i + 3], rows[i + 4], rows[i + 5]);
    }
    const insertCell = this.statements.insertCell;
    for (let i = 0; i < cells.length; i += CELL_WIDTH) {
      insertCell.run(
        runId,
        taskId,
        cells[i],
        cells[i + 1],
        cells[i + 2],
        cells[i + 3],
        cells[i + 4],
        cells[i + 5],
        cells[i + 6],
        cells[i + 7],
        cells[i + 8],
        cells[i + 9],
      );
    }
    this.counts.cells += cells.length / CELL_WIDTH;
    this.counts.tasks.add(taskId);
    this.touchedTasks.add(taskId);
    if (tail !== null && check === undefined) {
      this.deferredTails.push(tail);
      this.deferredKeys.add(`${runId}\u0000${taskId}`);
    }
    return null;
  }

  /** Takes back a run task this import wrote (graded against other gold): its task's disputes are derived without it. */
  dropRunTask(runId: number, taskId: string): void {
    const cells = this.statements.deleteRunTaskCells.run(runId, taskId).changes;
    this.statements.deleteRunTaskRows.run(runId, taskId);
    this.statements.deleteRunTask.run(runId, taskId);
    this.counts.cells -= cells;
    this.touchedTasks.add(taskId);
  }

  judge(opinion: JudgeOpinionRecord): void {
    const { sealer } = this.store;
    const result = this.statements.insertJudge.run(
      opinion.content_sha,
      wellFormed(opinion.task_id),
      opinion.gold_row,
      sealer.seal(opinion.entity),
      opinion.column === null ? null : wellFormed(opinion.column),
      wellFormed(opinion.judge),
      opinion.verdict,
      sealer.seal(opinion.value),
      sealer.sealJson(opinion.sources),
      sealer.seal(opinion.reasoning),
    );
    if (result.changes > 0) this.counts.judges++;
  }
}
