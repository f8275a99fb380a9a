// The search index built a chunk at a time (db/queries/search-build.ts): the
// same answers as the rebuild at once, never marked current when the store
// changed between two chunks, one build for every search that arrives
// meanwhile, and requests that search nothing never wait for it; prewarmed,
// it is read on a worker thread instead, and answers the same.
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { GeneratedWorkspace } from '../../../demo/generate';
import { disputeTextsStamp, raiseDisputeTextsGeneration } from '../../../db/disputes/text-generation';
import { listDisputes, locateDispute } from '../../../db/queries/list';
import { prewarmSearch, whenSearchReady } from '../../../db/queries/search-build';
import { searchIndexOf } from '../../../db/queries/search-index';
import type { ServiceHandle } from '../../../db/service';
import { openService } from '../../../db/service';
import { openStore } from '../../../db/store';
import type { DisputeFilter } from '../../../shared/api';
import type { DisputeListing } from '../../../shared/api-types';
import { importedStoreFile, SMALL, smallWorkspace, tempDir } from '../../support/workspace';

/** Small enough that the workspace's disputes take many chunks. */
const CHUNK = 16;

let workspace: GeneratedWorkspace;
/** A store holding the dataset, the runs and the judges; the flat cells file is left for a write mid-build. */
let baseStore: string;
let zelda: string;
const opened: ServiceHandle[] = [];

beforeAll(async () => {
  workspace = await smallWorkspace({ ...SMALL, seed: 2026, tasks: 12 });
  zelda = workspace.taskIds.find((id) => id.includes('zelda'))!;
  baseStore = await importedStoreFile('atlas-search-build-', [workspace.dataset, workspace.runsDir, workspace.judges!]);
});
afterEach(() => {
  for (const service of opened.splice(0)) service.close();
});
afterAll(() => vi.restoreAllMocks());

/** A service on a copy of the base store, on a connection whose search index is not built yet. */
function copyOfBase(options: { prewarmSearch?: boolean } = {}): ServiceHandle {
  const dir = tempDir('atlas-search-copy-');
  const dbPath = join(dir, 'store.sqlite');
  copyFileSync(baseStore, dbPath);
  const service = openService({
    dbPath,
    settingsPath: join(dir, 'settings.json'),
    engineer: 'mia',
    demoDir: join(dir, 'demo'),
    ...options,
  });
  opened.push(service);
  return service;
}

const current = (service: ServiceHandle): boolean =>
  searchIndexOf(service.store).holds(disputeTextsStamp(service.store.db));
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
async function turns(count: number): Promise<void> {
  for (let i = 0; i < count; i++) await nextTurn();
}
/** Builds the index in chunks of CHUNK, doing `write` between the first two of them. */
async function buildWithWriteBetweenChunks(service: ServiceHandle, write: () => unknown): Promise<void> {
  let pauses = 0;
  await whenSearchReady(service.store, {
    chunkSize: CHUNK,
    pause: async () => {
      pauses += 1;
      if (pauses === 2) await write();
      await nextTurn();
    },
  });
}

/** A pause the test lets go of. */
function gate(): { wait: Promise<void>; open: () => void } {
  let open = (): void => undefined;
  const wait = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { wait, open };
}
/** 'waiting' when `call` has not settled after a few turns of the event loop. */
async function settlesSoon<T>(call: T | Promise<T>): Promise<T | 'waiting'> {
  return Promise.race([Promise.resolve(call), turns(5).then(() => 'waiting' as const)]);
}

const ids = (service: ServiceHandle): string[] =>
  service.store.db
    .prepare<[], { id: string }>('SELECT id FROM disputes')
    .all()
    .map((row) => row.id);
const listing = (filter: DisputeFilter) => ({ filter, offset: 0, limit: 1000 });

/** What the rebuild at once answers: a connection of its own, whose first search reads every dispute in one go. */
function rebuiltAtOnce(dbPath: string, filters: readonly DisputeFilter[]): DisputeListing[] {
  const store = openStore(dbPath);
  try {
    return filters.map((filter) => listDisputes(store, listing(filter), 'mia'));
  } finally {
    store.db.close();
  }
}

/** Rare and common needles: values, ids (one dispute each), a letter, the task prefix, and one that matches nothing. */
function needles(service: ServiceHandle): string[] {
  const { db, sealer } = service.store;
  const rows = db
    .prepare<[], { id: string; entity_s: string }>('SELECT id, entity_s FROM disputes ORDER BY rowid')
    .all();
  const step = Math.max(1, Math.floor(rows.length / 25));
  const sampled = rows.filter((_, i) => i % step === 0);
  return [
    ...sampled.map((row) => row.id),
    ...sampled.slice(0, 10).map((row) => sealer.open(row.entity_s)),
    'a',
    'e',
    'atlas-',
    'zz-nothing',
  ];
}

async function searchAll(service: ServiceHandle, filters: readonly DisputeFilter[]): Promise<DisputeListing[]> {
  const listings: DisputeListing[] = [];
  for (const filter of filters) listings.push(await service.listDisputes(listing(filter)));
  return listings;
}

describe('the search index built in chunks', () => {
  it('answers every search as the rebuild at once does, and is current once built', async () => {
    const service = copyOfBase();
    const disputes = service.store.db.prepare<[], { n: number }>('SELECT count(*) AS n FROM disputes').get()!.n;
    expect(disputes).toBeGreaterThan(CHUNK * 5);
    let pauses = 0;
    await whenSearchReady(service.store, {
      chunkSize: CHUNK,
      pause: () => {
        pauses += 1;
        return nextTurn();
      },
    });
    expect(pauses).toBe(Math.floor(disputes / CHUNK));
    expect(current(service)).toBe(true);

    const filters = needles(service).flatMap((search): DisputeFilter[] => [{ search }, { search, status: 'open' }]);
    const answers = await searchAll(service, filters);
    expect(answers).toEqual(rebuiltAtOnce(service.dbPath, filters));
    // Ids are the rarest needles: each finds its own dispute, wherever its chunk began or ended.
    for (const [i, filter] of filters.entries())
      if (filter.search!.startsWith('d-')) expect(answers[i]!.total, filter.search).toBeGreaterThan(0);
  });

  describe('a write between two chunks', () => {
    const column = "Original game's U.S. age rating";
    /** What the write does, and whether it adds disputes. */
    const writes: [string, (service: ServiceHandle) => Promise<void>, boolean][] = [
      [
        // As a report dispute's refresh does: a dispute already read keeps its rowid and takes new texts.
        'a change in place to a dispute already read',
        (service) => {
          const { db, sealer } = service.store;
          db.transaction(() => {
            const taskId = db
              .prepare<[string], string>(
                "UPDATE disputes SET entity_s = ? WHERE rowid = (SELECT min(rowid) FROM disputes WHERE kind = 'cell') RETURNING task_id",
              )
              .pluck()
              .get(sealer.seal('Zq Renamed Entity'))!;
            raiseDisputeTextsGeneration(db, [taskId]);
          })();
          return Promise.resolve();
        },
        false,
      ],
      [
        'an import on another connection',
        async (service) => {
          const other = openService({
            dbPath: service.dbPath,
            settingsPath: join(tempDir(), 'settings.json'),
            engineer: 'noor',
          });
          try {
            await other.importPaths([workspace.cells!]);
          } finally {
            other.close();
          }
        },
        true,
      ],
      [
        "a report import (this connection's job)",
        async (service) => {
          const issues = [
            {
              number: 103,
              title: 'Wind Waker HD rating',
              body: `Task: ${zelda}\nRow: Wind Waker HD\nColumn: ${column}\nCorrect value: T\nSource: https://www.esrb.org/x`,
              url: 'https://github.com/exa-ai/atlas/issues/103',
              author: { login: 'reporter' },
              labels: [{ name: 'gold-error' }],
              state: 'OPEN',
              createdAt: '2025-04-01T09:00:00Z',
            },
          ];
          const file = join(tempDir('atlas-reports-'), 'issues.json');
          writeFileSync(file, JSON.stringify(issues));
          await service.importReports({ paths: [file] });
          await service.idle();
        },
        true,
      ],
    ];

    it.each(writes)('%s: the build starts over and answers for the store as it is now', async (_name, write, adds) => {
      const service = copyOfBase();
      const before = new Set(ids(service));
      const stampBefore = disputeTextsStamp(service.store.db);
      await buildWithWriteBetweenChunks(service, () => write(service));
      expect(disputeTextsStamp(service.store.db)).not.toBe(stampBefore);
      // Current without a rebuild at once: the search below reads no dispute's texts.
      expect(current(service)).toBe(true);

      // Texts read before the write are gone: a dispute the write removed is no longer held.
      expect(searchIndexOf(service.store).size).toBe(ids(service).length);
      const added = ids(service).filter((id) => !before.has(id));
      expect(added.length > 0).toBe(adds);
      const filters: DisputeFilter[] = [...added.slice(0, 20), ...needles(service), 'zq renamed'].map((search) => ({
        search,
      }));
      const answers = await searchAll(service, filters);
      expect(answers).toEqual(rebuiltAtOnce(service.dbPath, filters));
      for (const [i, id] of added.slice(0, 20).entries()) expect(answers[i]!.rows.map((row) => row.id)).toEqual([id]);
    });

    it('a ruling (no searched text changes): the build completes as it began', async () => {
      const service = copyOfBase();
      const disputeId = service.store.db
        .prepare<[], { id: string }>(
          "SELECT id FROM disputes WHERE kind = 'cell' AND gold_state = 'value' ORDER BY rowid LIMIT 1",
        )
        .get()!.id;
      const stampBefore = disputeTextsStamp(service.store.db);
      await buildWithWriteBetweenChunks(service, () => service.rule({ disputeId, decision: 'mark_blank' }));
      expect((await service.listDisputes(listing({ search: disputeId }))).rows[0]!.my_decision).toBe('mark_blank');
      expect(disputeTextsStamp(service.store.db)).toBe(stampBefore);
      expect(current(service)).toBe(true);
      const filters = needles(service).flatMap((search): DisputeFilter[] => [
        { search },
        { search, status: 'open' },
        { search, needs: 'mia' },
      ]);
      expect(await searchAll(service, filters)).toEqual(rebuiltAtOnce(service.dbPath, filters));
    });
  });

  it('builds once for every search that arrives while it runs, and lets the event loop turn meanwhile', async () => {
    const service = copyOfBase();
    const { db, sealer } = service.store;
    // Texts one build opens: each dispute's entity, its gold when it has one, and every cluster value.
    const sealedTexts = db
      .prepare<[], { n: number }>(
        'SELECT (SELECT count(*) FROM disputes) + (SELECT count(gold_value_s) FROM disputes) + (SELECT count(*) FROM dispute_clusters) AS n',
      )
      .get()!.n;
    const opens = vi.spyOn(sealer, 'open');
    const order: string[] = [];
    const building = whenSearchReady(service.store, { chunkSize: CHUNK }).then(() => order.push('built'));
    const target = db.prepare<[], { id: string }>('SELECT id FROM disputes ORDER BY priority LIMIT 1 OFFSET 3').get()!
      .id;
    // Locating reads no row's texts: every text opened below is the index's.
    const searches = ['a', 'e', 'atlas-', target, 'zz-nothing'].map((search) =>
      Promise.resolve(service.locateDispute({ id: target, filter: { search } })).then((answer) => {
        order.push(`found ${search}`);
        return answer.index;
      }),
    );
    setImmediate(() => order.push('another request'));
    const indexes = await Promise.all(searches);
    await building;
    expect(opens).toHaveBeenCalledTimes(sealedTexts);
    expect(order[0]).toBe('another request');
    expect(order.indexOf('built')).toBeLessThan(order.indexOf('found a'));
    const store = openStore(service.dbPath);
    try {
      expect(indexes).toEqual(
        ['a', 'e', 'atlas-', target, 'zz-nothing'].map((search) => locateDispute(store, target, { search })),
      );
    } finally {
      store.db.close();
    }
  });

  it('never holds a request that searches nothing, and answers a search once the build ends', async () => {
    const service = copyOfBase();
    const held = gate();
    const building = whenSearchReady(service.store, { chunkSize: CHUNK, pause: () => held.wait });
    const dispute = service.store.db
      .prepare<[], { id: string }>('SELECT id FROM disputes ORDER BY priority LIMIT 1')
      .get()!.id;

    const unsearched = await settlesSoon(service.listDisputes(listing({ status: 'open' })));
    expect(unsearched).not.toBe('waiting');
    expect(unsearched).toEqual(rebuiltAtOnce(service.dbPath, [{ status: 'open' }])[0]);
    // A search that normalises to nothing searches nothing.
    expect(await settlesSoon(service.listDisputes(listing({ search: '   ' })))).not.toBe('waiting');
    expect(await settlesSoon(service.locateDispute({ id: dispute, filter: { kind: 'cell' } }))).not.toBe('waiting');
    expect(await settlesSoon(service.getDispute({ id: dispute }))).not.toBe('waiting');
    expect(await settlesSoon(service.getFacets({}))).not.toBe('waiting');

    const search = Promise.resolve(service.listDisputes(listing({ search: 'atlas-' })));
    expect(await settlesSoon(search)).toBe('waiting');
    expect(current(service)).toBe(false);
    held.open();
    await building;
    expect(await search).toEqual(rebuiltAtOnce(service.dbPath, [{ search: 'atlas-' }])[0]);
  });

  it('stops without an error when the store closes mid-build', async () => {
    const service = copyOfBase();
    let pauses = 0;
    const building = whenSearchReady(service.store, {
      chunkSize: CHUNK,
      pause: async () => {
        pauses += 1;
        if (pauses === 2) service.close();
        await nextTurn();
      },
    });
    await expect(building).resolves.toBeUndefined();
    expect(pauses).toBe(2);
    // A prewarm scheduled before closing, and one asked for after, find the store closed and do nothing.
    prewarmSearch(service.store);
    await expect(whenSearchReady(service.store)).resolves.toBeUndefined();
    await turns(3);
  });
});

describe('prewarming the search index', () => {
  it('starts after opening returns, and after a job that changes disputes, when the host asks for it', async () => {
    const service = copyOfBase({ prewarmSearch: true });
    // Opening returned before reading a dispute's texts.
    expect(current(service)).toBe(false);
    await vi.waitFor(() => expect(current(service)).toBe(true), { interval: 5, timeout: 10_000 });

    const { jobId } = await service.startImport({ paths: [workspace.cells!] });
    await service.idle();
    expect((await service.getJob({ jobId })).state).toBe('done');
    // The job ended before the index was rebuilt for what it wrote.
    expect(current(service)).toBe(false);
    await vi.waitFor(() => expect(current(service)).toBe(true), { interval: 5, timeout: 10_000 });
  });

  it('gives way while the host is busy, goes on when it is quiet, and runs through once a search needs it', async () => {
    const quiet = copyOfBase();
    let busy = true;
    prewarmSearch(quiet.store, { busy: () => busy, chunkSize: CHUNK, thread: false });
    // Busy: the first chunk may be read, then the build waits (polling every 50 ms) instead of holding requests up.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(current(quiet)).toBe(false);
    busy = false;
    await vi.waitFor(() => expect(current(quiet)).toBe(true), { interval: 5, timeout: 10_000 });

    const searched = copyOfBase();
    prewarmSearch(searched.store, { busy: () => true, chunkSize: CHUNK, thread: false });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(current(searched)).toBe(false);
    // A search joins the build and ends its waiting although the host stays busy.
    const listing = await searched.listDisputes({ filter: { search: 'a' }, offset: 0, limit: 5 });
    expect(current(searched)).toBe(true);
    expect(listing.total).toBeGreaterThan(0);
  });

  it('reads the texts on a worker thread, however busy the host, and answers as the rebuild at once does', async () => {
    const service = copyOfBase();
    const filters = needles(service).map((search) => ({ search }));
    const expected = rebuiltAtOnce(service.dbPath, filters);
    // Busy throughout: a build on this thread would wait for a quiet moment that never comes.
    prewarmSearch(service.store, { busy: () => true, chunkSize: CHUNK });
    await vi.waitFor(() => expect(current(service)).toBe(true), { interval: 5, timeout: 20_000 });
    expect(searchIndexOf(service.store).size).toBe(ids(service).length);
    expect(await searchAll(service, filters)).toEqual(expected);
  });

  it('does nothing, and throws nothing, when the store closes before the prewarm starts', async () => {
    const service = copyOfBase({ prewarmSearch: true });
    service.close();
    await turns(5);
    expect(service.store.db.open).toBe(false);
  });

  it('builds nothing for a host that did not ask (a one-shot command)', async () => {
    const service = copyOfBase();
    await turns(20);
    expect(current(service)).toBe(false);
  });
});
