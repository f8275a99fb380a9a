// One way to test a migration: a store at version N is made by applying the
// first N migrations, filled (optionally with the rows a store the current code
// wrote holds, in the columns version N has), then opened to migrate it.
import Database from 'better-sqlite3';
import type { Database as Db } from 'better-sqlite3';
import { join } from 'node:path';
import { MIGRATIONS } from '../../db/migrations/index';
import { tempDir } from './workspace';

export interface StoreAtVersion {
  db: Db;
  path: string;
}

/**
 * A new store file at `version`. With `rowsOf` (the path of a closed store),
 * every table of that version is filled with that store's rows, column by
 * column where both have the column. Close `db`, then open `path` to migrate.
 */
export function storeAtVersion(version: number, options: { rowsOf?: string } = {}): StoreAtVersion {
  if (!MIGRATIONS.some((migration) => migration.version === version)) throw new Error(`no migration brings a store to version ${version}`);
  const path = join(tempDir(), `store-at-${version}.sqlite`);
  const db = new Database(path);
  for (const migration of MIGRATIONS.filter((m) => m.version <= version)) db.exec(migration.up);
  db.pragma(`user_version = ${version}`);
  if (options.rowsOf) copyRows(db, options.rowsOf);
  return { db, path };
}

/** Runs the migrations after the store's version up to `version`, as opening it would up to the latest. */
export function migrateStore(db: Db, version: number): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  for (const migration of MIGRATIONS.filter((m) => m.version > current && m.version <= version)) {
    db.exec(migration.up);
    db.pragma(`user_version = ${migration.version}`);
  }
}

function copyRows(db: Db, source: string): void {
  db.pragma('foreign_keys = OFF');
  db.prepare('ATTACH DATABASE ? AS source').run(source);
  const columns = (schema: string, table: string): string[] =>
    db.prepare<[string], string>(`SELECT name FROM pragma_table_info(?, '${schema}')`).pluck().all(table);
  const tables = db.prepare<[], string>("SELECT name FROM main.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").pluck().all();
  db.transaction(() => {
    for (const table of tables) {
      const theirs = new Set(columns('source', table));
      const shared = columns('main', table).filter((column) => theirs.has(column));
      if (shared.length === 0) continue;
      const list = shared.map((column) => `"${column}"`).join(', ');
      db.exec(`INSERT INTO main."${table}" (${list}) SELECT ${list} FROM source."${table}"`);
    }
  })();
  db.exec('DETACH DATABASE source');
  db.pragma('foreign_keys = ON');
}
