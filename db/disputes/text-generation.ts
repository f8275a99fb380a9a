// A counter of changes to the text the queue searches (a dispute's task,
// column, entity, gold and cluster values), kept in `meta` and raised in the
// same transaction as the change. The search index (db/queries/search-index.ts)
// is held in memory per connection and rebuilt when the counter moves; every
// writer of disputes or their clusters raises it, naming the tasks it
// changed, whose kept search texts (search-texts.ts) go with it.
import type { Statement } from 'better-sqlite3';
import { perConnection } from '../per-connection';
import type { Db } from '../store';

const KEY = 'dispute_texts_generation';

interface GenerationStatements {
  forget: Statement<[string]>;
  raise: Statement<[string]>;
  read: Statement<[string], { value: string }>;
}

const statements = perConnection((db): GenerationStatements => ({
  forget: db.prepare('DELETE FROM task_search_texts WHERE task_id = ?'),
  raise: db.prepare(
    `INSERT INTO meta (key, value) VALUES (?, '1')
       ON CONFLICT(key) DO UPDATE SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT)`,
  ),
  read: db.prepare('SELECT value FROM meta WHERE key = ?'),
}));

/**
 * Call in the transaction that inserts, changes or deletes disputes or
 * dispute clusters, with the tasks of every dispute it touched: their kept
 * search texts are dropped, and those tasks read from their disputes until
 * written again (derivation writes them right after).
 */
export function raiseDisputeTextsGeneration(db: Db, taskIds: Iterable<string>): void {
  const sql = statements(db);
  for (const taskId of taskIds) sql.forget.run(taskId);
  sql.raise.run(KEY);
}

/**
 * Changes whenever searchable text, or the rowids the search index keeps,
 * may have changed: the counter, and SQLite's schema cookie, which migrations
 * and VACUUM (the one thing that renumbers rowids) move.
 */
export function disputeTextsStamp(db: Db): string {
  const schema = db.pragma('schema_version', { simple: true }) as number;
  return `${schema}:${statements(db).read.get(KEY)?.value ?? '0'}`;
}
