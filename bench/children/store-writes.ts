// A bound on the import: the rows an import of the workload left in its
// store, written again from memory into a fresh store, the way the import
// writes them (better-sqlite3, one prepared statement per table, a row per
// call, one transaction, the import's page cache and the indexes it builds
// after writing). No reading, parsing, checking, sealing or deriving: what
// one SQLite connection takes to write what the design keeps. An import of
// this schema cannot beat it, however it spreads its other work over threads.
// Usage: node --expose-gc … store-writes.ts IMPORTED_DB DB
import Database from 'better-sqlite3';
import { deferCellIndex, deferQueueIndexes } from '../../db/import';
import { IMPORT_CACHE_MIB } from '../../db/service';
import { openStore } from '../../db/store';
import { report, startTimer } from './report';

const [importedPath, dbPath] = process.argv.slice(2);
if (!importedPath || !dbPath) throw new Error('usage: store-writes.ts IMPORTED_DB DB');

/** Written by opening a store (its key, its schema's version), not by an import. */
const OPENING_WRITES = new Set(['meta', 'sqlite_sequence']);

interface TableRows {
  name: string;
  columns: number;
  rows: unknown[][];
}

function rowsOf(path: string): TableRows[] {
  const imported = new Database(path, { readonly: true });
  try {
    // In the order the schema created them, which is the order its foreign keys allow.
    const names = imported
      .prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY rowid")
      .pluck()
      .all()
      .filter((name) => !OPENING_WRITES.has(name));
    return names
      .map((name) => {
        const select = imported.prepare(`SELECT * FROM "${name}"`).raw();
        return { name, columns: select.columns().length, rows: select.all() as unknown[][] };
      })
      .filter((table) => table.rows.length > 0);
  } finally {
    imported.close();
  }
}

const tables = rowsOf(importedPath);
// The rows held here are a heap of hundreds of MB the import never holds: its collection is done before
// the clock starts (run with --expose-gc), so the figure is the writes, not V8 tidying after loading.
globalThis.gc?.();
const timer = startTimer();
const store = openStore(dbPath, { cacheMiB: IMPORT_CACHE_MIB });
const { db } = store;
const buildCellIndex = deferCellIndex(db, Number.POSITIVE_INFINITY, 'always');
const buildQueueIndexes = deferQueueIndexes(db, Number.POSITIVE_INFINITY, 'always');
db.exec('BEGIN IMMEDIATE');
for (const { name, columns, rows } of tables) {
  const insert = db.prepare(`INSERT INTO "${name}" VALUES (${new Array<string>(columns).fill('?').join(', ')})`);
  for (const row of rows) insert.run(row);
}
buildCellIndex?.();
buildQueueIndexes?.();
db.exec('COMMIT');
db.close();
const rows = tables.reduce((sum, table) => sum + table.rows.length, 0);
report(timer, {
  rows,
  tables: tables.length,
  cells: tables.find((table) => table.name === 'system_cells')?.rows.length ?? 0,
});
