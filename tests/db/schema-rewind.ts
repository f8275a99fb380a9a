// A store as an older version of the code left it: the columns later
// migrations add are dropped and user_version is set back, so reopening must
// run those migrations again.
import type { Database } from 'better-sqlite3';

/** Columns each migration from 007 on adds, by the version it brings the store to. */
const ADDED_COLUMNS: Readonly<Record<number, readonly [table: string, column: string][]>> = {
  7: [['revisions', 'patch_path']],
  8: [
    ['rulings', 'gold_row_entity_key'],
    ['rulings', 'row_entity_key'],
  ],
  9: [['rulings', 'gold_row_entity_s']],
};

export function rewindSchema(db: Database, version: number): void {
  for (const [added, columns] of Object.entries(ADDED_COLUMNS)) {
    if (Number(added) <= version) continue;
    for (const [table, column] of columns) db.exec(`ALTER TABLE ${table} DROP COLUMN ${column}`);
  }
  db.pragma(`user_version = ${version}`);
}
