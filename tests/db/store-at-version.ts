// One way to test a migration: a store at version N is made by applying the
// first N migrations, filled (optionally with the rows a store the current code
// wrote holds, in the columns version N has), then opened to migrate it.
import Database from 'better-sqlite3';
import type { Database as Db } from 'better-sqlite3';
import { join } from 'node:path';
import { MIGRATIONS } from '../../db/migrations/index';
import { Sealer } from '../../db/seal';
import { tempDir } from '../support/workspace';

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
  if (!MIGRATIONS.some((migration) => migration.version === version))
    throw new Error(`no migration brings a store to version ${version}`);
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
    // A migration that rewrites rows needs the store's seal key (a store without one has no rows to rewrite).
    const key = db.prepare<[], string>("SELECT value FROM meta WHERE key = 'seal_key'").pluck().get();
    if (migration.data && key !== undefined) migration.data(db, new Sealer(key));
    db.pragma(`user_version = ${migration.version}`);
  }
}

function copyRows(db: Db, source: string): void {
  db.pragma('foreign_keys = OFF');
  db.prepare('ATTACH DATABASE ? AS source').run(source);
  const columns = (schema: string, table: string): string[] =>
    db.prepare<[string], string>(`SELECT name FROM pragma_table_info(?, '${schema}')`).pluck().all(table);
  const tables = db
    .prepare<[], string>("SELECT name FROM main.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .pluck()
    .all();
  db.transaction(() => {
    for (const table of tables) {
      const theirs = new Set(columns('source', table));
      const shared = columns('main', table).filter((column) => theirs.has(column));
      if (shared.length === 0) continue;
      // Before migration 012 a column's rule was plain JSON in rule_json; the source holds it sealed in rule_s.
      if (table === 'task_columns' && columns('main', table).includes('rule_json') && theirs.has('rule_s')) {
        const key = db.prepare<[], string>("SELECT value FROM source.meta WHERE key = 'seal_key'").pluck().get()!;
        const sealer = new Sealer(key);
        const insert = db.prepare(
          'INSERT INTO main.task_columns (task_id, idx, name, rule_type, rule_json) VALUES (?, ?, ?, ?, ?)',
        );
        for (const row of db
          .prepare<[], { task_id: string; idx: number; name: string; rule_type: string; rule_s: string }>(
            'SELECT * FROM source.task_columns',
          )
          .all()) {
          insert.run(row.task_id, row.idx, row.name, row.rule_type, sealer.open(row.rule_s));
        }
        continue;
      }
      const list = shared.map((column) => `"${column}"`).join(', ');
      db.exec(`INSERT INTO main."${table}" (${list}) SELECT ${list} FROM source."${table}"`);
    }
  })();
  db.exec('DETACH DATABASE source');
  db.pragma('foreign_keys = ON');
}
