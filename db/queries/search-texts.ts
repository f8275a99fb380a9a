// What the queue's search compares for each dispute (search-index.ts): its
// id, task, column, entity, gold and every system's value, unsealed and made
// search text (db/disputes/search-texts.ts). Read whole from each task's
// kept texts (readAllSearchTexts), or a range of rowids at a time from the
// disputes themselves, each range one complete statement: the index is then
// built in chunks with the event loop turning in between (search-build.ts),
// and better-sqlite3 refuses every other statement on the connection while an
// iterator is left open.
import type { Statement } from 'better-sqlite3';
import { perConnection } from '../per-connection';
import {
  openTaskSearchTexts,
  readTaskSearchTextsFromSource,
  STORED_TEXT_COLUMNS,
  storedDisputeSearchText,
} from '../disputes';
import type { StoredDisputeText, TaskSearchTexts } from '../disputes';
import type { Store } from '../store';

/** Below every rowid SQLite assigns (they start at 1; none is given by hand). */
export const BEFORE_FIRST_ROWID = Number.MIN_SAFE_INTEGER;

/** Each dispute's search text beside its rowid (in no set order: a search needs none). */
export interface SearchTexts {
  rowids: number[];
  texts: string[];
}

// The rowid range walks the table's own b-tree: each chunk starts where the last ended, whatever the table's size.
const chunkStatement = perConnection((db): Statement<[number, number], StoredDisputeText & { rowid: number }> =>
  db.prepare(`SELECT d.rowid, ${STORED_TEXT_COLUMNS} FROM disputes d WHERE d.rowid > ? ORDER BY d.rowid LIMIT ?`),
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
  const rows = chunkStatement(store.db).all(afterRowid, limit);
  for (const row of rows) {
    into.rowids.push(row.rowid);
    into.texts.push(storedDisputeSearchText(store.sealer, row));
  }
  return { read: rows.length, lastRowid: rows.at(-1)?.rowid ?? afterRowid };
}

/** Disputes read per statement when reading every dispute: a statement's rows are all in memory at once. */
const WHOLE_CHUNK = 5_000;

interface WholeStatements {
  rowids: Statement<[], [string, number]>;
  kept: Statement<[], { task_id: string; texts_sealed: Buffer }>;
  tasksNotKept: Statement<[], string>;
}

const wholeStatements = perConnection((db): WholeStatements => ({
  // The key's own index covers this: a narrow scan, not the table's rows.
  rowids: db.prepare<[], [string, number]>('SELECT id, rowid FROM disputes').raw(),
  kept: db.prepare('SELECT task_id, texts_sealed FROM task_search_texts'),
  // From the tasks: probing the kept texts once per dispute instead took a second at 114k disputes. A dispute
  // of a task not listed there would go uncounted, and the count check below then reads every dispute.
  tasksNotKept: db
    .prepare<[], string>(
      `SELECT t.task_id FROM tasks t
          WHERE NOT EXISTS (SELECT 1 FROM task_search_texts k WHERE k.task_id = t.task_id)
            AND EXISTS (SELECT 1 FROM disputes d WHERE d.task_id = t.task_id)`,
    )
    .pluck(),
}));

/**
 * Every dispute's search text, from each task's kept texts, or from its
 * disputes for a task whose texts are not kept (or do not open). Call in one
 * read transaction, so every part is the same snapshot.
 */
export function readAllSearchTexts(store: Pick<Store, 'db' | 'sealer'>): SearchTexts {
  const sql = wholeStatements(store.db);
  const rowidOf = new Map<string, number>(sql.rowids.all());
  const out: SearchTexts = { rowids: [], texts: [] };
  const add = (taskId: string, texts: TaskSearchTexts): void => {
    // Kept texts naming a dispute the store lacks would be a bug in keeping them: read the task instead.
    if (!texts.ids.every((id) => rowidOf.has(id))) texts = readTaskSearchTextsFromSource(store, taskId);
    texts.ids.forEach((id, i) => {
      out.rowids.push(rowidOf.get(id)!);
      out.texts.push(texts.texts[i]!);
    });
  };
  for (const { task_id, texts_sealed } of sql.kept.all()) {
    let texts: TaskSearchTexts;
    try {
      texts = openTaskSearchTexts(store.sealer, texts_sealed);
    } catch {
      texts = readTaskSearchTextsFromSource(store, task_id);
    }
    add(task_id, texts);
  }
  for (const taskId of sql.tasksNotKept.all()) add(taskId, readTaskSearchTextsFromSource(store, taskId));
  if (out.rowids.length === rowidOf.size) return out;
  // Some task's kept texts cover fewer or more disputes than it has: read every dispute.
  const whole: SearchTexts = { rowids: [], texts: [] };
  for (let after = BEFORE_FIRST_ROWID; ;) {
    const chunk = readSearchTextChunk(store, after, WHOLE_CHUNK, whole);
    if (chunk.read < WHOLE_CHUNK) return whole;
    after = chunk.lastRowid;
  }
}
