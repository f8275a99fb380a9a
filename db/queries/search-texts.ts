// What the queue's search compares for each dispute (search-index.ts): its
// id, task, column, entity, gold and every system's value, unsealed and made
// search text. Read a range of rowids at a time, each range one complete
// statement: the index is built in chunks with the event loop turning in
// between (search-build.ts), and better-sqlite3 refuses every other statement
// on the connection while an iterator is left open.
import type { Statement } from 'better-sqlite3';
import { perConnection } from '../per-connection';
import { searchText } from '../seal';
import type { Store } from '../store';

/** Between the texts of one dispute: search text never holds it (normalizeText collapses whitespace to spaces). */
const FIELD_BREAK = '\n';

/** Below every rowid SQLite assigns (they start at 1; none is given by hand). */
export const BEFORE_FIRST_ROWID = Number.MIN_SAFE_INTEGER;

/** Each dispute's search text beside its rowid, in rowid order. */
export interface SearchTexts {
  rowids: number[];
  texts: string[];
}

interface DisputeTextRow {
  rowid: number;
  id: string;
  task_id: string;
  column_name: string | null;
  entity_s: string;
  gold_value_s: string | null;
  clusters_s: string | null;
}

// The rowid range walks the table's own b-tree: each chunk starts where the last ended, whatever the table's size.
const chunkStatement = perConnection((db): Statement<[number, number], DisputeTextRow> =>
  db.prepare(
    `SELECT d.rowid, d.id, d.task_id, d.column_name, d.entity_s, d.gold_value_s,
            (SELECT group_concat(c.value_s, ' ') FROM dispute_clusters c WHERE c.dispute_id = d.id) AS clusters_s
       FROM disputes d WHERE d.rowid > ? ORDER BY d.rowid LIMIT ?`,
  ),
);

/**
 * Appends the texts of up to `limit` disputes after `afterRowid` to `into`;
 * returns how many were read and the last rowid (the next chunk's start).
 */
export function readSearchTextChunk(
  store: Pick<Store, 'db' | 'sealer'>,
  afterRowid: number,
  limit: number,
  into: SearchTexts,
): { read: number; lastRowid: number } {
  const { sealer } = store;
  const rows = chunkStatement(store.db).all(afterRowid, limit);
  for (const row of rows) {
    // Sealed text is base64: a space never occurs inside one value.
    // The id too: messages name disputes by it (an export's refusal, `show`), and pasting it finds the dispute.
    const parts = [row.id, row.task_id, row.column_name ?? '', sealer.open(row.entity_s)];
    if (row.gold_value_s !== null) parts.push(sealer.open(row.gold_value_s));
    if (row.clusters_s !== null) for (const value of row.clusters_s.split(' ')) parts.push(sealer.open(value));
    into.rowids.push(row.rowid);
    into.texts.push(parts.map(searchText).join(FIELD_BREAK));
  }
  return { read: rows.length, lastRowid: rows.at(-1)?.rowid ?? afterRowid };
}
