import type { Facets, StatusCounts } from '../../shared/api-types';
import type { Store } from '../store';

export function statusCounts(store: Store): StatusCounts {
  const counts: StatusCounts = { open: 0, resolved: 0, conflict: 0, total: 0 };
  for (const row of store.db
    .prepare<[], { status: keyof Omit<StatusCounts, 'total'>; n: number }>(
      'SELECT status, count(*) AS n FROM disputes GROUP BY status',
    )
    .all()) {
    counts[row.status] = row.n;
    counts.total += row.n;
  }
  return counts;
}

export function facets(store: Store): Facets {
  const { db } = store;
  return {
    columns: db
      .prepare<[], { c: string }>(
        'SELECT DISTINCT column_name AS c FROM disputes WHERE column_name IS NOT NULL ORDER BY c',
      )
      .all()
      .map((r) => r.c),
    systems: db
      .prepare<[], { name: string }>('SELECT name FROM systems ORDER BY name')
      .all()
      .map((r) => r.name),
    tasks: db
      .prepare<[], { t: string }>('SELECT DISTINCT task_id AS t FROM disputes ORDER BY t')
      .all()
      .map((r) => r.t),
  };
}

export function storeTotals(store: Store): { tasks: number; runs: number } {
  const { db } = store;
  return {
    tasks: db
      .prepare<[], { n: number }>(
        'SELECT count(*) AS n FROM (SELECT task_id FROM tasks UNION SELECT task_id FROM run_tasks)',
      )
      .get()!.n,
    runs: db.prepare<[], { n: number }>('SELECT count(*) AS n FROM runs').get()!.n,
  };
}
