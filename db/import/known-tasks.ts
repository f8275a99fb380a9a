// What the store already holds for a run's task directories, so a re-import
// hashes each task's files and parses only those that changed.
import type { KnownRunTask, RunHeader } from '../readers/index';
import type { Store } from '../store';

export function knownTasksOf(store: Store): (run: RunHeader) => ReadonlyMap<string, KnownRunTask> {
  const select = store.db.prepare<[string], KnownRunTask & { path: string }>(
    `SELECT rt.path, rt.task_id, rt.state, rt.content_sha FROM run_tasks rt JOIN runs r ON r.id = rt.run_id WHERE r.run_key = ?`,
  );
  return (run) => new Map(select.all(run.run_key).map(({ path, ...known }) => [path, known]));
}

/** How many tasks the store holds for a run: a re-import of those is mostly hashing, not parsing. */
export function knownTaskCountOf(store: Store): (runKey: string) => number {
  const count = store.db.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM run_tasks rt JOIN runs r ON r.id = rt.run_id WHERE r.run_key = ?');
  return (runKey) => count.get(runKey)?.n ?? 0;
}
