// What the store already holds for a run's task directories, so a re-import
// hashes each task's files and parses only those that changed.
import type { KnownRunTask, RunHeader } from '../readers';
import type { Store } from '../store';
import type { PlannedSource } from './sources';

export function knownTasksOf(store: Store): (run: RunHeader) => ReadonlyMap<string, KnownRunTask> {
  const select = store.db.prepare<[string], KnownRunTask & { path: string }>(
    `SELECT rt.path, rt.task_id, rt.state, rt.content_sha FROM run_tasks rt JOIN runs r ON r.id = rt.run_id WHERE r.run_key = ?`,
  );
  return (run) => new Map(select.all(run.run_key).map(({ path, ...known }) => [path, known]));
}

/**
 * Run tasks the store does not hold yet: those are parsed. The ones it holds
 * are likely unchanged, and then only hashed (a re-import), which costs less
 * than starting the reader thread.
 */
export function runTasksToParse(store: Store, sources: readonly PlannedSource[]): number {
  const count = store.db.prepare<[string], { n: number }>(
    'SELECT COUNT(*) AS n FROM run_tasks rt JOIN runs r ON r.id = rt.run_id WHERE r.run_key = ?',
  );
  let toParse = 0;
  for (const { source, units, run } of sources) {
    if (source.kind !== 'run' || !run) continue;
    const known = run.runs.reduce((sum, header) => sum + (count.get(header.run_key)?.n ?? 0), 0);
    toParse += Math.max(0, units - known);
  }
  return toParse;
}
