// Each task's search texts kept sealed (db/disputes/search-texts.ts, migration
// 014): derivation writes them, every other change to what they are made of
// drops them, and reading the store's texts from them gives exactly what
// reading every dispute gives, whatever the rows kept hold.
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedWorkspace } from '../../../demo/generate';
import { openTaskSearchTexts, raiseDisputeTextsGeneration, readTaskSearchTextsFromSource } from '../../../db/disputes';
import type { TaskSearchTexts } from '../../../db/disputes';
import { writeTaskSearchTexts } from '../../../db/disputes/search-texts';
import { BEFORE_FIRST_ROWID, readAllSearchTexts, readSearchTextChunk } from '../../../db/queries/search-texts';
import type { SearchTexts } from '../../../db/queries/search-texts';
import type { ServiceHandle } from '../../../db/service';
import { openService } from '../../../db/service';
import type { Store } from '../../../db/store';
import { LATEST_VERSION } from '../../../db/migrations/index';
import { storeAtVersion } from '../store-at-version';
import { importedStoreFile, SMALL, smallWorkspace, tempDir } from '../../support/workspace';

let workspace: GeneratedWorkspace;
let baseStore: string;
const opened: ServiceHandle[] = [];

beforeAll(async () => {
  workspace = await smallWorkspace({ ...SMALL, seed: 2027, tasks: 8 });
  baseStore = await importedStoreFile('atlas-kept-texts-', [workspace.dataset, workspace.runsDir, workspace.judges!]);
});
afterEach(() => {
  for (const service of opened.splice(0)) service.close();
});

function serviceOn(dbPath: string): ServiceHandle {
  const service = openService({ dbPath, settingsPath: join(tempDir(), 'settings.json'), engineer: 'mia' });
  opened.push(service);
  return service;
}

function copyOfBase(): ServiceHandle {
  const dbPath = join(tempDir('atlas-kept-copy-'), 'store.sqlite');
  copyFileSync(baseStore, dbPath);
  return serviceOn(dbPath);
}

const asMap = ({ rowids, texts }: SearchTexts): Map<number, string> =>
  new Map(rowids.map((rowid, i) => [rowid, texts[i]!]));

/** Every dispute's text read from the disputes themselves: what the kept texts must equal. */
function fromDisputes(store: Store): Map<number, string> {
  const read: SearchTexts = { rowids: [], texts: [] };
  for (let after = BEFORE_FIRST_ROWID; ;) {
    const chunk = readSearchTextChunk(store, after, 50, read);
    if (chunk.read < 50) return asMap(read);
    after = chunk.lastRowid;
  }
}

const readWhole = (store: Store): Map<number, string> => asMap(store.db.transaction(() => readAllSearchTexts(store))());

const keptTasks = (store: Store): string[] =>
  store.db.prepare<[], string>('SELECT task_id FROM task_search_texts ORDER BY task_id').pluck().all();

const tasksWithDisputes = (store: Store): string[] =>
  store.db.prepare<[], string>('SELECT DISTINCT task_id FROM disputes ORDER BY task_id').pluck().all();

function keptOf(store: Store, taskId: string): TaskSearchTexts {
  const sealed = store.db
    .prepare<[string], Buffer>('SELECT texts_sealed FROM task_search_texts WHERE task_id = ?')
    .pluck()
    .get(taskId)!;
  return openTaskSearchTexts(store.sealer, sealed);
}

const byId = ({ ids, texts }: TaskSearchTexts): Map<string, string> => new Map(ids.map((id, i) => [id, texts[i]!]));

function keep(store: Store, taskId: string, texts: TaskSearchTexts | Buffer): void {
  store.db
    .prepare('INSERT OR REPLACE INTO task_search_texts (task_id, texts_sealed) VALUES (?, ?)')
    .run(taskId, Buffer.isBuffer(texts) ? texts : store.sealer.sealBytes(JSON.stringify([texts.ids, texts.texts])));
}

describe('kept search texts', () => {
  it('an import keeps every task’s texts, each equal to what its disputes give', () => {
    const { store } = copyOfBase();
    expect(tasksWithDisputes(store).length).toBeGreaterThan(3);
    expect(keptTasks(store)).toEqual(tasksWithDisputes(store));
    for (const taskId of keptTasks(store))
      expect(byId(keptOf(store, taskId))).toEqual(byId(readTaskSearchTextsFromSource(store, taskId)));
    expect(readWhole(store)).toEqual(fromDisputes(store));
  });

  it('opening reads the kept texts: what a row holds is what the search compares', () => {
    const { store } = copyOfBase();
    const [taskId] = keptTasks(store);
    const texts = keptOf(store, taskId!);
    texts.texts[0] = 'zq marker';
    keep(store, taskId!, texts);
    const rowid = store.db
      .prepare<[string], number>('SELECT rowid FROM disputes WHERE id = ?')
      .pluck()
      .get(texts.ids[0]!)!;
    expect(readWhole(store).get(rowid)).toBe('zq marker');
  });

  it.each<[string, (store: Store, taskId: string) => void]>([
    ['a damaged row', (store, taskId) => keep(store, taskId, Buffer.from('not sealed json'))],
    [
      'a row that leaves out a dispute',
      (store, taskId) => {
        const texts = keptOf(store, taskId);
        keep(store, taskId, { ids: texts.ids.slice(1), texts: texts.texts.slice(1) });
      },
    ],
    [
      'a row that names a dispute the store lacks',
      (store, taskId) => {
        const texts = keptOf(store, taskId);
        keep(store, taskId, { ids: ['d-gone', ...texts.ids.slice(1)], texts: ['gone', ...texts.texts.slice(1)] });
      },
    ],
    ['no row', (store, taskId) => store.db.prepare('DELETE FROM task_search_texts WHERE task_id = ?').run(taskId)],
  ])('%s: the task is read from its disputes instead', (_name, damage) => {
    const { store } = copyOfBase();
    damage(store, keptTasks(store)[1]!);
    expect(readWhole(store)).toEqual(fromDisputes(store));
  });

  describe('a change made outside derivation drops the row of each task it names, and no other', () => {
    const oneCell = (store: Store) =>
      store.db
        .prepare<[], { id: string; task_id: string }>(
          "SELECT id, task_id FROM disputes WHERE kind = 'cell' AND gold_value_s IS NOT NULL ORDER BY rowid LIMIT 1",
        )
        .get()!;
    const changes: [string, (store: Store, dispute: { id: string; task_id: string }) => void][] = [
      [
        'its entity',
        (s, d) => s.db.prepare('UPDATE disputes SET entity_s = ? WHERE id = ?').run(s.sealer.seal('Zq'), d.id),
      ],
      [
        'a cluster’s value',
        (s, d) =>
          s.db
            .prepare('UPDATE dispute_clusters SET value_s = ? WHERE dispute_id = ? AND idx = 0')
            .run(s.sealer.seal('Zq'), d.id),
      ],
      ['the dispute removed', (s, d) => s.db.prepare('DELETE FROM disputes WHERE id = ?').run(d.id)],
    ];
    it.each(changes)('%s', (_name, change) => {
      const { store } = copyOfBase();
      const dispute = oneCell(store);
      const before = keptTasks(store);
      store.db.transaction(() => {
        change(store, dispute);
        raiseDisputeTextsGeneration(store.db, [dispute.task_id]);
      })();
      expect(keptTasks(store)).toEqual(before.filter((taskId) => taskId !== dispute.task_id));
      expect(readWhole(store)).toEqual(fromDisputes(store));
    });
  });

  it('a dispute added or removed without naming its task is still read (the count differs)', () => {
    const { store } = copyOfBase();
    const taskId = keptTasks(store)[0]!;
    store.db
      .prepare(
        `INSERT INTO disputes (id, kind, task_id, entity_s, gold_state, top_count, contesting)
         VALUES ('d-zq', 'report', ?, ?, 'blank', 0, 0)`,
      )
      .run(taskId, store.sealer.seal('Zq Added'));
    expect(readWhole(store)).toEqual(fromDisputes(store));
    expect([...readWhole(store).values()].some((text) => text.includes('zq added'))).toBe(true);
  });

  it('derivation that keeps a dispute it did not derive reads the task from its disputes', () => {
    const { store } = copyOfBase();
    const taskId = keptTasks(store)[0]!;
    const whole = readTaskSearchTextsFromSource(store, taskId);
    store.db.transaction(() =>
      writeTaskSearchTexts(store, taskId, { ids: whole.ids.slice(1), texts: whole.texts.slice(1) }),
    )();
    expect(byId(keptOf(store, taskId))).toEqual(byId(whole));
  });

  it('a report and a second import leave texts equal to what the disputes give', async () => {
    const service = copyOfBase();
    const zelda = workspace.taskIds.find((id) => id.includes('zelda'))!;
    const file = join(tempDir('atlas-kept-reports-'), 'issues.json');
    writeFileSync(
      file,
      JSON.stringify([
        {
          number: 7,
          title: 'Wind Waker HD rating',
          body: `Task: ${zelda}\nRow: Wind Waker HD\nColumn: Original game's U.S. age rating\nCorrect value: T\nSource: https://www.esrb.org/x`,
          url: 'https://github.com/exa-ai/atlas/issues/7',
          author: { login: 'reporter' },
          labels: [{ name: 'gold-error' }],
          state: 'OPEN',
          createdAt: '2025-04-01T09:00:00Z',
        },
      ]),
    );
    await service.importReports({ paths: [file] });
    await service.idle();
    const { store } = service;
    expect(store.db.prepare("SELECT count(*) FROM disputes WHERE kind = 'report'").pluck().get()).toBe(1);
    expect(keptTasks(store)).not.toContain(zelda);
    expect(readWhole(store)).toEqual(fromDisputes(store));
    await service.importPaths([workspace.cells!]);
    expect(readWhole(store)).toEqual(fromDisputes(store));
  });

  it('migration 014 keeps the texts of every task of a store made before it', () => {
    const old = storeAtVersion(13, { rowsOf: baseStore });
    old.db.close();
    const { store } = serviceOn(old.path);
    expect(store.db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION);
    expect(keptTasks(store)).toEqual(tasksWithDisputes(store));
    expect(readWhole(store)).toEqual(fromDisputes(store));
  });
});
