// Opening the store: pragmas, migrations, and the seal key. All SQL lives in db/.
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { randomBytes } from 'node:crypto';
import { LATEST_VERSION, MIGRATIONS } from './migrations';
import { Sealer } from './seal';
import { READ_BUSY_TIMEOUT_MS } from './write-lock';
import { checkStorePath, explainOpenFailure } from './store-open-error';

export type Db = Database.Database;

export interface Store {
  db: Db;
  path: string;
  sealer: Sealer;
}

export class StoreVersionError extends Error {
  override name = 'StoreVersionError';
}

export interface OpenStoreOptions {
  /**
   * SQLite's page cache in MiB (default 64: the app's queries and export look
   * up pages all over a large store). An import's own connection writes
   * mostly in order and does as well with 32, which keeps its peak RSS lower.
   */
  cacheMiB?: number;
}

export function openStore(path: string, options: OpenStoreOptions = {}): Store {
  let db: Db;
  try {
    if (path !== ':memory:') {
      checkStorePath(path);
      mkdirSync(dirname(path), { recursive: true });
    }
    db = new Database(path);
  } catch (error) {
    throw explainOpenFailure(path, error);
  }
  try {
    // New stores only (an existing one keeps its size): rows carry sealed text of a few hundred
    // bytes, and 16 KiB pages make the full import ~10% faster than the default 4 KiB.
    db.pragma('page_size = 16384');
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('synchronous = FULL');
    // Reads barely wait (WAL readers do not wait for writers); writes wait for the lock in write-lock.ts, without blocking.
    db.pragma(`busy_timeout = ${READ_BUSY_TIMEOUT_MS}`);
    // The default 2 MiB page cache makes large imports and exports re-read pages from the OS over and over.
    db.pragma(`cache_size = -${Math.round((options.cacheMiB ?? 64) * 1024)}`);
    migrate(db, path);
    const sealer = new Sealer(sealKey(db));
    sealer.register(db);
    return { db, path, sealer };
  } catch (error) {
    db.close();
    throw explainOpenFailure(path, error);
  }
}

/** Brings the schema up to date; a store written by a newer version is refused, naming its file (`path`). */
function migrate(db: Db, path: string): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > LATEST_VERSION) {
    throw new StoreVersionError(
      `store ${path}: written by a newer ATLAS Adjudicator (schema ${current}; this version knows up to ${LATEST_VERSION}): update the app, or open another store`,
    );
  }
  for (const migration of MIGRATIONS) {
    if (migration.version <= current) continue;
    const { data } = migration;
    // Rows rewritten to seal what was plain leave no plain copy in freed space.
    if (data) db.pragma('secure_delete = ON');
    try {
      db.transaction(() => {
        db.exec(migration.up);
        if (data) data(db, new Sealer(sealKey(db)));
        db.pragma(`user_version = ${migration.version}`);
      }).immediate();
    } finally {
      if (data) db.pragma('secure_delete = OFF');
    }
  }
}

/** A random key per store: gold text is sealed with it at rest (same scheme as the dataset's canary). */
function sealKey(db: Db): string {
  const read = db.prepare<[], { value: string }>("SELECT value FROM meta WHERE key = 'seal_key'");
  const existing = read.get();
  if (existing) return existing.value;
  db.prepare("INSERT OR IGNORE INTO meta (key, value) VALUES ('seal_key', ?)").run(randomBytes(32).toString('base64'));
  return read.get()!.value;
}

export function getMeta(db: Db, key: string): string | null {
  return db.prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?').get(key)?.value ?? null;
}

export function setMeta(db: Db, key: string, value: string): void {
  db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(
    key,
    value,
  );
}
