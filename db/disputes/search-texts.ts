// Each task's search texts, kept sealed in `task_search_texts` (one row per
// task) so that opening a store reads a few thousand rows, not every
// dispute's texts and clusters (db/queries/search-texts.ts). A dispute's
// search text is its id, task, column, entity, gold and every cluster's value,
// each made search text (db/seal.ts searchText), one per line.
//
// Derivation writes a task's row from the texts it has in hand; any other
// writer of a task's disputes or clusters names the task when it raises the
// texts' generation (text-generation.ts), which deletes the row, and the
// task is then read from its disputes until derived again. A missing row is
// slow, never wrong.
import type { Statement } from 'better-sqlite3';
import { perConnection } from '../per-connection';
import { searchText } from '../seal';
import type { Sealer } from '../seal';
import type { Db, Store } from '../store';

/** Between the texts of one dispute: search text never holds it (it collapses whitespace to spaces). */
const FIELD_BREAK = '\n';

/** What a dispute's search text is made of, unsealed. */
export interface DisputeTextParts {
  id: string;
  taskId: string;
  column: string | null;
  entity: string;
  /** Null when the dispute stores no gold value (a blank cell, a missing row). */
  gold: string | null;
  clusterValues: readonly string[];
}

export function disputeSearchText({ id, taskId, column, entity, gold, clusterValues }: DisputeTextParts): string {
  // The id too: messages name disputes by it (an export's refusal, `show`), and pasting it finds the dispute.
  const parts = [id, taskId, column ?? '', entity];
  if (gold !== null) parts.push(gold);
  parts.push(...clusterValues);
  return parts.map(searchText).join(FIELD_BREAK);
}

/** One task's disputes and their search texts, in the same order. */
export interface TaskSearchTexts {
  ids: string[];
  texts: string[];
}

/** A dispute's searched columns as the store holds them: selected with STORED_TEXT_COLUMNS. */
export interface StoredDisputeText {
  id: string;
  task_id: string;
  column_name: string | null;
  entity_s: string;
  gold_value_s: string | null;
  /** Its clusters' sealed values, space-separated (sealed text is base64: no value holds a space), in (dispute, idx) order. */
  clusters_s: string | null;
}

/** The columns of StoredDisputeText, for a query over `disputes d`. */
export const STORED_TEXT_COLUMNS = `d.id, d.task_id, d.column_name, d.entity_s, d.gold_value_s,
  (SELECT group_concat(c.value_s, ' ') FROM dispute_clusters c WHERE c.dispute_id = d.id) AS clusters_s`;

/** The search text of a dispute read from the store. */
export function storedDisputeSearchText(sealer: Sealer, row: StoredDisputeText): string {
  return disputeSearchText({
    id: row.id,
    taskId: row.task_id,
    column: row.column_name,
    entity: sealer.open(row.entity_s),
    gold: row.gold_value_s === null ? null : sealer.open(row.gold_value_s),
    clusterValues: row.clusters_s === null ? [] : row.clusters_s.split(' ').map((value) => sealer.open(value)),
  });
}

interface Statements {
  countOfTask: Statement<[string], number>;
  write: Statement<[string, Buffer]>;
  sourceOfTask: Statement<[string], StoredDisputeText>;
}

const statements = perConnection((db): Statements => ({
  countOfTask: db.prepare<[string], number>('SELECT count(*) FROM disputes WHERE task_id = ?').pluck(),
  write: db.prepare('INSERT OR REPLACE INTO task_search_texts (task_id, texts_sealed) VALUES (?, ?)'),
  sourceOfTask: db.prepare(`SELECT ${STORED_TEXT_COLUMNS} FROM disputes d WHERE d.task_id = ?`),
}));

export function sealTaskSearchTexts(sealer: Sealer, texts: TaskSearchTexts): Buffer {
  return sealer.sealBytes(JSON.stringify([texts.ids, texts.texts]));
}

/** Throws when the row is not what sealTaskSearchTexts wrote: the caller then reads the task from its disputes. */
export function openTaskSearchTexts(sealer: Sealer, sealed: Uint8Array): TaskSearchTexts {
  const value: unknown = JSON.parse(sealer.openBytes(sealed));
  if (!Array.isArray(value) || value.length !== 2) throw new Error('task search texts: not an [ids, texts] pair');
  const [ids, texts] = value as unknown[];
  if (!Array.isArray(ids) || !Array.isArray(texts) || ids.length !== texts.length)
    throw new Error('task search texts: ids and texts differ in length');
  return { ids: ids as string[], texts: texts as string[] };
}

/** The task's search texts as its disputes and clusters give them now. */
export function readTaskSearchTextsFromSource(store: Pick<Store, 'db' | 'sealer'>, taskId: string): TaskSearchTexts {
  const rows = statements(store.db).sourceOfTask.all(taskId);
  return { ids: rows.map((row) => row.id), texts: rows.map((row) => storedDisputeSearchText(store.sealer, row)) };
}

/**
 * Keeps `texts` as the task's, unless the task has disputes they do not
 * cover (a report's, one kept for its rulings): then reads them all from the
 * store. Call in the transaction that wrote the task's disputes, after them.
 */
export function writeTaskSearchTexts(
  store: Pick<Store, 'db' | 'sealer'>,
  taskId: string,
  texts: TaskSearchTexts,
): void {
  const sql = statements(store.db);
  const whole = sql.countOfTask.get(taskId) === texts.ids.length ? texts : readTaskSearchTextsFromSource(store, taskId);
  sql.write.run(taskId, sealTaskSearchTexts(store.sealer, whole));
}

/** Every task's search texts written from its disputes: a store made before they were kept. */
export function refreshAllSearchTexts(db: Db, sealer: Sealer): void {
  const store = { db, sealer };
  for (const taskId of db.prepare<[], string>('SELECT DISTINCT task_id FROM disputes').pluck().all())
    statements(db).write.run(taskId, sealTaskSearchTexts(sealer, readTaskSearchTextsFromSource(store, taskId)));
}
