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

/** SQL that gives back what a migration from 010 on changed, by the version it brings the store to. */
const UNDO_SQL: Readonly<Record<number, string>> = {
  10: `DROP INDEX system_cells_by_gold_cell;
       CREATE INDEX system_cells_by_gold_cell ON system_cells(task_id, gold_row, column_name, run_id, seq, verdict, response_empty, response_s);`,
  12: `UPDATE task_columns SET rule_s = unseal(rule_s);
       ALTER TABLE task_columns RENAME COLUMN rule_s TO rule_json;`,
  13: 'DROP TABLE audit_reveals; DROP TABLE audit_verdicts; DROP TABLE audit_cells; DROP TABLE audit_rounds;',
};

export function rewindSchema(db: Database, version: number): void {
  // Latest first: each undoes what the store holds after the ones above it.
  for (const [added, sql] of Object.entries(UNDO_SQL).reverse()) if (Number(added) > version) db.exec(sql);
  for (const [added, columns] of Object.entries(ADDED_COLUMNS)) {
    if (Number(added) <= version) continue;
    for (const [table, column] of columns) db.exec(`ALTER TABLE ${table} DROP COLUMN ${column}`);
  }
  db.pragma(`user_version = ${version}`);
}
