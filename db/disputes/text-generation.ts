// A counter of changes to the text the queue searches (a dispute's task,
// column, entity, gold and cluster values), kept in `meta` and raised in the
// same transaction as the change. The search index (db/queries/search-index.ts)
// is held in memory per connection and rebuilt when the counter moves; every
// writer of disputes or their clusters raises it.
import type { Statement } from 'better-sqlite3';
import { perConnection } from '../per-connection';
import type { Db } from '../store';

const KEY = 'dispute_texts_generation';

interface GenerationStatements {
  raise: Statement<[string]>;
  read: Statement<[string], { value: string }>;
}

const statements = perConnection((db): GenerationStatements => ({
  raise: db.prepare(
    `INSERT INTO meta (key, value) VALUES (?, '1')
       ON CONFLICT(key) DO UPDATE SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT)`,
  ),
  read: db.prepare('SELECT value FROM meta WHERE key = ?'),
}));

/** Call in the transaction that inserts, changes or deletes disputes or dispute clusters. */
export function raiseDisputeTextsGeneration(db: Db): void {
  statements(db).raise.run(KEY);
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
