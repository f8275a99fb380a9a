// Runs without a result for tasks other runs have: a task directory missing
// from a run, lines left out of a cells file. The score preview counts such a
// task 0 for that system (as a failure), so the import says so where it can
// be mended, before anyone compares systems.
import type { Store } from '../store';

export interface IncompleteRun {
  system: string;
  /** The run's key (its directory name, or system@file for flat files). */
  run: string;
  /** How many tasks other runs have and this one has not. */
  missing: number;
  /** The first of them, by task id. */
  tasks: string[];
}

const TASKS_NAMED = 10;

export function incompleteRuns(store: Store): IncompleteRun[] {
  const { db } = store;
  const suite = db.prepare<[], number>('SELECT count(DISTINCT task_id) FROM run_tasks').pluck().get()!;
  const short = db
    .prepare<[number], { id: number; run_key: string; system: string; missing: number }>(
      `SELECT r.id, r.run_key, s.name AS system, ? - count(rt.task_id) AS missing
         FROM runs r JOIN systems s ON s.id = r.system_id LEFT JOIN run_tasks rt ON rt.run_id = r.id
        GROUP BY r.id HAVING missing > 0 ORDER BY s.name, r.run_key`,
    )
    .all(suite);
  const absent = db.prepare<[number, number], string>(
    `SELECT DISTINCT task_id FROM run_tasks WHERE task_id NOT IN (SELECT task_id FROM run_tasks WHERE run_id = ?) ORDER BY task_id LIMIT ?`,
  );
  return short.map((run) => ({
    system: run.system,
    run: run.run_key,
    missing: run.missing,
    tasks: absent.pluck().all(run.id, TASKS_NAMED),
  }));
}
