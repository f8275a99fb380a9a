// What the parser may recognise in a report, from the store: every task id,
// its columns and its gold rows' names (decrypted here, never stored open).
// Tasks known only from graded runs (no dataset imported) still offer their
// id, the columns graded and row positions, without names.
import type { CatalogueTask, ReportCatalogue } from '../../shared/report-parse';
import type { Store } from '../store';

export function buildCatalogue(store: Store, onlyTask?: string): ReportCatalogue {
  const { db, sealer } = store;
  const filter = onlyTask === undefined ? '' : ' WHERE task_id = ?';
  const args = onlyTask === undefined ? [] : [onlyTask];
  const tasks = new Map<string, CatalogueTask & { columns: string[]; rows: { entity: string; aliases: string[] }[] }>();
  for (const task of db
    .prepare<unknown[], { task_id: string; entity_column: string }>(`SELECT task_id, entity_column FROM tasks${filter}`)
    .all(...args)) {
    tasks.set(task.task_id, { id: task.task_id, entityColumn: task.entity_column, columns: [], rows: [] });
  }
  for (const column of db
    .prepare<unknown[], { task_id: string; name: string }>(
      `SELECT task_id, name FROM task_columns${filter} ORDER BY task_id, idx`,
    )
    .all(...args)) {
    tasks.get(column.task_id)?.columns.push(column.name);
  }
  for (const row of db
    .prepare<unknown[], { task_id: string; row_idx: number; entity_s: string; aliases_s: string }>(
      `SELECT task_id, row_idx, entity_s, aliases_s FROM gold_rows${filter} ORDER BY task_id, row_idx`,
    )
    .all(...args)) {
    const task = tasks.get(row.task_id);
    if (task)
      task.rows[row.row_idx] = {
        entity: sealer.open(row.entity_s),
        aliases: sealer.openJson<string[]>(row.aliases_s, []),
      };
  }

  // Without the dataset: ids, graded columns and row positions from the runs (per task, through the cell index).
  const runOnly = db
    .prepare<unknown[], { task_id: string }>(
      `SELECT DISTINCT task_id FROM run_tasks WHERE task_id NOT IN (SELECT task_id FROM tasks)${onlyTask === undefined ? '' : ' AND task_id = ?'} ORDER BY task_id`,
    )
    .all(...args);
  const gradedColumns = db.prepare<[string], { column_name: string; rows: number }>(
    'SELECT column_name, max(gold_row) + 1 AS rows FROM system_cells WHERE task_id = ? AND gold_row IS NOT NULL GROUP BY column_name ORDER BY column_name',
  );
  for (const { task_id: id } of runOnly) {
    const task = {
      id,
      entityColumn: null,
      columns: [] as string[],
      rows: [] as { entity: string; aliases: string[] }[],
    };
    for (const column of gradedColumns.all(id)) {
      task.columns.push(column.column_name);
      while (task.rows.length < column.rows) task.rows.push({ entity: '', aliases: [] });
    }
    tasks.set(id, task);
  }
  for (const task of tasks.values())
    for (let i = 0; i < task.rows.length; i++) task.rows[i] ??= { entity: '', aliases: [] };
  return { tasks: [...tasks.values()] };
}
