// Tasks whose gold in the store is not the base dataset's. Importing a revised
// dataset leaves a task as it was when its new gold would renumber rows or
// change columns under graded runs (db/import/writer.ts); such a task keeps
// the older dataset's id. One definition for both places that ask: a
// revision's import names such tasks (history.ts: their disputes the patch
// carried are settled all the same), and an export refuses new operations on
// one (export/base-refusal.ts).
import type { Store } from '../store';

export interface TaskBehindBase {
  task_id: string;
  /** The dataset file the store's gold for the task came from. */
  gold_from: string;
}

/** Of `taskIds`, those whose stored gold is from another dataset than the one with `baseSha256`; none when that dataset is not in the store. */
export function tasksBehindBase(store: Store, baseSha256: string, taskIds: Iterable<string>): TaskBehindBase[] {
  const { db } = store;
  const base = db.prepare<[string], number>('SELECT id FROM datasets WHERE sha256 = ?').pluck().get(baseSha256);
  if (base === undefined) return [];
  const origin = db.prepare<[string, number], { path: string }>(
    'SELECT d.path FROM tasks t JOIN datasets d ON d.id = t.dataset_id WHERE t.task_id = ? AND t.dataset_id <> ?',
  );
  const behind: TaskBehindBase[] = [];
  for (const taskId of new Set(taskIds)) {
    const row = origin.get(taskId, base);
    if (row) behind.push({ task_id: taskId, gold_from: row.path });
  }
  return behind.sort((a, b) => a.task_id.localeCompare(b.task_id));
}
