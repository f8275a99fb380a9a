// A large first import drops the graded cells' index and builds it after the
// cells are written, and the queue's indexes over disputes after they are
// ranked: the store must end exactly as when the indexes are kept, with the
// indexes the schema defines, and a cancel or a failure must leave them in
// place.
import { once } from 'node:events';
import { connect, createServer } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedWorkspace } from '../../../db/demo/generate';
import { importPaths } from '../../../db/import/import-paths';
import type { ImportOptions } from '../../../db/import/import-paths';
import type { Store } from '../../../db/store';
import { contentDigest, tempStores } from '../../support/store-digest';
import { smallWorkspace, workspacePaths } from '../../support/workspace';

let workspace: GeneratedWorkspace;
const stores = tempStores('atlas-index-');
const newStore = stores.open;

beforeAll(async () => {
  workspace = await smallWorkspace({
    seed: 23,
    tasks: 20,
    systems: 4,
    maxRows: 8,
    maxColumns: 5,
    includeZelda: true,
    cellsFile: true,
    judges: true,
  });
});
afterAll(stores.closeAll);

/** Every index over disputes, as the schema defines it. */
const queueIndexes = (store: Store) =>
  store.db
    .prepare(
      "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'disputes' AND sql IS NOT NULL ORDER BY name",
    )
    .all();

const indexSql = (store: Store): string | undefined =>
  store.db.prepare<[], { sql: string }>("SELECT sql FROM sqlite_master WHERE name = 'system_cells_by_gold_cell'").get()
    ?.sql;

async function importWith(deferIndex: ImportOptions['deferIndex'], progress: string[] = []) {
  const store = newStore();
  const report = await importPaths(store, workspacePaths(workspace), {
    deferIndex,
    threads: 'never',
    onProgress: (_done, _total, message) => progress.push(message),
  });
  return { store, report };
}

describe('the deferred cells index', () => {
  it('gives the same store as keeping the index, and the index the schema defines', async () => {
    const kept = await importWith('never');
    const progress: string[] = [];
    const deferred = await importWith('always', progress);
    expect(progress).toContain('indexing cells');
    expect(progress.indexOf('indexing cells')).toBeLessThan(progress.indexOf('deriving disputes'));
    expect(deferred.report).toEqual(kept.report);
    expect(deferred.report.disputes).toBeGreaterThan(0);
    expect(contentDigest(deferred.store)).toEqual(contentDigest(kept.store));
    expect(indexSql(deferred.store)).toBe(indexSql(kept.store));
    // The queue's indexes, dropped while disputes were written and ranked, are back as the schema defines them.
    expect(queueIndexes(deferred.store)).toEqual(queueIndexes(kept.store));
    expect(queueIndexes(kept.store).map((index) => (index as { name: string }).name)).toEqual(
      expect.arrayContaining([
        'disputes_by_column',
        'disputes_by_kind',
        'disputes_by_priority',
        'disputes_by_status',
        'disputes_by_task',
      ]),
    );
    expect(deferred.store.db.pragma('integrity_check', { simple: true })).toBe('ok');
  });

  it("the queue's indexes are back after an import cancelled while deriving disputes", async () => {
    const store = newStore();
    const before = queueIndexes(store);
    const controller = new AbortController();
    const run = importPaths(store, workspacePaths(workspace), {
      deferIndex: 'always',
      threads: 'never',
      signal: controller.signal,
      onProgress: (_done, _total, message) => {
        if (message.startsWith('deriving disputes: ')) controller.abort();
      },
    });
    await expect(run).rejects.toThrow();
    expect(queueIndexes(store)).toEqual(before);
    expect(store.db.prepare('SELECT count(*) AS n FROM disputes').get()).toEqual({ n: 0 });
  });

  it('lets a status request that came while the index was built see "indexing cells"', async () => {
    // A stand-in for the app's status poll: whatever message is current when the host reads the request.
    let current = '';
    const answered: string[] = [];
    const server = createServer();
    const accepted = new Promise<Socket>((resolve) => {
      server.once('connection', (socket: Socket) => {
        socket.on('data', () => answered.push(current));
        resolve(socket);
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const client = connect((server.address() as AddressInfo).port, '127.0.0.1');
    const serverSide = await accepted;
    const onProgress = (_done: number, _total: number, message: string): void => {
      current = message;
      // Sent as the index build starts: it arrives while the host is busy building.
      if (message === 'indexing cells') client.write('status?');
    };
    try {
      await importPaths(newStore(), workspacePaths(workspace), { deferIndex: 'always', threads: 'never', onProgress });
    } finally {
      client.destroy();
      serverSide.destroy();
      server.close();
    }
    expect(answered[0]).toBe('indexing cells');
  });

  it('is kept when the store already holds cells (a changed task deletes its old cells through it)', async () => {
    const { store } = await importWith('never');
    const progress: string[] = [];
    await importPaths(store, workspacePaths(workspace), {
      deferIndex: 'always',
      threads: 'never',
      onProgress: (_done, _total, message) => progress.push(message),
    });
    expect(progress).not.toContain('indexing cells');
  });

  it('is back after a cancelled import', async () => {
    const store = newStore();
    const before = indexSql(store);
    const controller = new AbortController();
    const run = importPaths(store, workspacePaths(workspace), {
      deferIndex: 'always',
      threads: 'never',
      signal: controller.signal,
      onProgress: (done) => {
        if (done > 10) controller.abort();
      },
    });
    await expect(run).rejects.toThrow();
    expect(indexSql(store)).toBe(before);
    expect(store.db.prepare('SELECT count(*) AS n FROM system_cells').get()).toEqual({ n: 0 });
  });
});
