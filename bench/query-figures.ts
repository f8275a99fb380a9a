// Queue and detail queries against a store with ~100k disputes, in process
// (the service as every host calls it), against the floor: one bare SELECT
// of 100 rows by primary key.
import type { ServiceHandle } from '../db/service';
import { parseInput } from '../shared/api';
import { median, percentile } from './stats';

export interface Timing {
  p50: number;
  p95: number;
}

export interface QueryFigures {
  disputes: number;
  floor: Timing;
  firstPage: Timing;
  filteredPage: Timing & { filter: string; total: number };
  show: Timing;
  /**
   * The first search after opening the store, asked after the other figures (as an engineer first looks at
   * the queue): the index is built at opening on a worker thread (db/queries/search-build.ts), off the
   * request path; whatever of that build remains, the search waits for.
   */
  firstSearchMs: number;
  /** How long after opening that first search was asked. */
  firstSearchAfterOpenMs: number;
  /** From opening until the index held every dispute (the worker's read and the hand-over). */
  searchReadyMs: number;
  /** Queue pages asked for one after another while that first search waited: how long the longest took, and how many there were. */
  duringBuild: { longestMs: number; requests: number };
  /** A new word each time that matches nothing: the whole index is scanned and every row tested. */
  search: Timing;
}

/** A later turn of the event loop: each request of a host arrives on its own (a socket's data, an IPC message). */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Times each call on its own turn of the event loop, as a host serves them: what the service runs in the
 * background meanwhile (the search index's build at opening) goes on between them, as in the app.
 */
async function timeEach(runs: number, fn: (i: number) => unknown): Promise<Timing> {
  // Warm-up calls use indices after the measured ones, so no measured call repeats one of them.
  for (let i = runs; i < runs + 5; i++) {
    await nextTurn();
    await fn(i);
  }
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    await nextTurn();
    const started = performance.now();
    await fn(i);
    times.push(performance.now() - started);
  }
  return { p50: median(times), p95: percentile(times, 95) };
}

/**
 * Asks `request` again and again until `pending` settles, each time on a later turn of the event loop, as a
 * request from a socket arrives: it then waits for whatever holds the thread (a chunk of the index) before it runs.
 */
async function requestsMeanwhile(
  pending: Promise<unknown>,
  request: () => unknown,
): Promise<{ longestMs: number; requests: number }> {
  let settled = false;
  const settle = (): void => {
    settled = true;
  };
  // Handled here, rethrown by the await below.
  pending.then(settle, settle);
  const times: number[] = [];
  while (!settled) {
    const asked = performance.now();
    await nextTurn();
    await request();
    times.push(performance.now() - asked);
  }
  await pending;
  return { longestMs: Math.max(0, ...times), requests: times.length };
}

/**
 * `openedAt`: performance.now() when the service was opened, with prewarmSearch (as Electron and the bridge
 * open it); `ready` settles with performance.now() once its search index is built.
 */
export async function measureQueries(
  service: ServiceHandle,
  runs: number,
  openedAt: number,
  ready: Promise<number>,
): Promise<QueryFigures> {
  const { db } = service.store;
  const ids = db
    .prepare<[], { id: string }>('SELECT id FROM disputes ORDER BY priority')
    .all()
    .map((row) => row.id);
  const biggest = db
    .prepare<[], { column_name: string }>(
      "SELECT column_name FROM disputes WHERE column_name IS NOT NULL AND status = 'open' GROUP BY column_name ORDER BY count(*) DESC LIMIT 1",
    )
    .get();
  if (!biggest) throw new Error('the store has no open cell disputes to filter');

  // A different, spread-out set of 100 ids each time, so the floor is not one cached page.
  const floorSql = db.prepare(
    `SELECT * FROM disputes WHERE id IN (${Array.from({ length: 100 }, () => '?').join(', ')})`,
  );
  const stride = Math.max(1, Math.floor(ids.length / 100));
  const floor = await timeEach(runs, (i) =>
    floorSql.all(...Array.from({ length: 100 }, (_, k) => ids[(k * stride + i) % ids.length])),
  );

  const firstInput = parseInput('listDisputes', {});
  const firstPage = await timeEach(runs, () => service.listDisputes(firstInput));

  const filter = { column: biggest.column_name, status: 'open' as const };
  const filteredInput = parseInput('listDisputes', { filter });
  const listing = await service.listDisputes(filteredInput);
  const filteredPage = await timeEach(runs, () => service.listDisputes(filteredInput));

  // Disputes as an engineer meets them: the top of the queue, one after another.
  const showIds = ids.slice(0, runs + 5);
  const show = await timeEach(runs, (i) =>
    service.getDispute(parseInput('getDispute', { id: showIds[i % showIds.length]! })),
  );

  // After the other figures, so none of them pays for building the search index.
  const started = performance.now();
  const firstSearchAfterOpenMs = started - openedAt;
  const firstSearch = Promise.resolve(
    service.listDisputes(parseInput('listDisputes', { filter: { search: 'zq-first-search' } })),
  );
  const duringBuild = await requestsMeanwhile(firstSearch, () => service.listDisputes(firstInput));
  const firstSearchMs = performance.now() - started;
  const searchReadyMs = (await ready) - openedAt;
  const search = await timeEach(runs, (i) =>
    service.listDisputes(parseInput('listDisputes', { filter: { search: `zq-no-match-${i}` } })),
  );

  return {
    disputes: ids.length,
    floor,
    firstPage,
    filteredPage: { ...filteredPage, filter: `column "${filter.column}" + open`, total: listing.total },
    show,
    firstSearchMs,
    firstSearchAfterOpenMs,
    searchReadyMs,
    duringBuild,
    search,
  };
}
