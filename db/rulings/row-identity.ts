// Which entity a ruling's gold rows name. A ruling names gold rows by index
// (its dispute's `gold_row`, add_alias's `row`), and a revision that removes
// a row renumbers the rows after it: a ruling made on the older gold and
// merged into a store holding the newer one would attach to another entity's
// row, and its export would write that entity's cell. So a ruling keeps each
// row's entity key as it was when ruled, and a merge checks it against the
// store's gold row before taking the line.
import type { Statement } from 'better-sqlite3';
import { entityKey } from '../entity-key';
import { perConnection } from '../per-connection';
import type { Store } from '../store';

interface GoldRowNames {
  entity_s: string;
  aliases_s: string;
}

/** One statement per connection: a merge checks every line of a log, an export every settled ruling. */
const rowStatement = perConnection((db): Statement<[string, number], GoldRowNames> =>
  db.prepare('SELECT entity_s, aliases_s FROM gold_rows WHERE task_id = ? AND row_idx = ?'),
);

function rowNames(store: Store, taskId: string, rowIdx: number): GoldRowNames | undefined {
  return rowStatement(store.db).get(taskId, rowIdx);
}

/** Gold row `rowIdx` of the task as the store holds it: its entity key and its entity sealed, or nulls when it has no such row. */
export function goldRowEntity(
  store: Store,
  taskId: string,
  rowIdx: number | null,
): { key: string | null; sealed: string | null } {
  const row = rowIdx === null ? undefined : rowNames(store, taskId, rowIdx);
  return row ? { key: entityKey(store.sealer.open(row.entity_s)), sealed: row.entity_s } : { key: null, sealed: null };
}

/**
 * The store's sealed entity of the row a merged line names, when the line's
 * key is that row's (checked by rowIdentityProblem first): export then
 * compares sealed texts. Null when the line has no key or the store no row.
 */
export function mergedRowEntitySealed(
  store: Store,
  taskId: string,
  rowIdx: number | null,
  key: string | null,
): string | null {
  if (rowIdx === null || key === null) return null;
  const row = rowNames(store, taskId, rowIdx);
  return row && keysOf(store, row).has(key) ? row.entity_s : null;
}

/** Keys the row answers to: its entity and its aliases (a revision may rename an entity and keep the old name as an alias). */
function keysOf(store: Store, row: GoldRowNames): Set<string> {
  const { sealer } = store;
  return new Set([sealer.open(row.entity_s), ...sealer.openJson<string[]>(row.aliases_s, [])].map(entityKey));
}

/**
 * Whether gold row `rowIdx` of the task still answers to `key`. `entity`, the
 * row's entity when the caller has it open, saves reading the row when it
 * matches (the common case: export checks every settled ruling).
 */
export function rowAnswersTo(store: Store, taskId: string, rowIdx: number, key: string, entity?: string): boolean {
  if (entity !== undefined && entityKey(entity) === key) return true;
  const row = rowNames(store, taskId, rowIdx);
  return row !== undefined && keysOf(store, row).has(key);
}

/**
 * Why the row a line names (`field`, a 0-based index) is not the entity it
 * was ruled on, or null. A store without the task, or a line without a key
 * (written before keys were kept), is not checked: nothing here can say.
 */
function rowProblem(
  store: Store,
  taskId: string,
  rowIdx: number | null,
  key: string | null,
  field: string,
): string | null {
  if (rowIdx === null || key === null) return null;
  const row = rowNames(store, taskId, rowIdx);
  if (row && keysOf(store, row).has(key)) return null;
  const known =
    store.db.prepare<[string], number>('SELECT count(*) FROM gold_rows WHERE task_id = ?').pluck().get(taskId) ?? 0;
  if (known === 0) return null;
  const names = `${field} (${rowIdx}, counted from 0)`;
  const here = row
    ? `is another entity in this store than the one ruled on`
    : `is past the task's ${known} gold rows in this store`;
  const rows = store.db
    .prepare<[string], GoldRowNames & { row_idx: number }>(
      'SELECT row_idx, entity_s, aliases_s FROM gold_rows WHERE task_id = ? ORDER BY row_idx',
    )
    .all(taskId);
  const moved = rows.find((other) => other.row_idx !== rowIdx && keysOf(store, other).has(key));
  const where = moved
    ? `that entity is gold row ${moved.row_idx + 1} here`
    : `that entity is not in this store's gold (removed, or renamed without keeping its name as an alias)`;
  return `${names} of task ${taskId} ${here}: ${where}. The gold rows moved between the stores (a revision removed or moved rows): rule the dispute again here`;
}

export interface RowIdentity {
  task_id: string;
  /** The dispute's gold row and the entity key it had when ruled. */
  gold_row: number | null;
  gold_row_entity_key: string | null;
  /** add_alias's row and its entity key when ruled. */
  row: number | null;
  row_entity_key: string | null;
}

/** Why a merged line's gold rows are not the entities it was ruled on, or null. */
export function rowIdentityProblem(store: Store, line: RowIdentity): string | null {
  return (
    rowProblem(store, line.task_id, line.gold_row, line.gold_row_entity_key, 'field "dispute.gold_row"') ??
    rowProblem(store, line.task_id, line.row, line.row_entity_key, 'field "row"')
  );
}

/** The gold row (0-based) of the task that answers to `key`, or null when none does. */
export function rowOfKey(store: Store, taskId: string, key: string): number | null {
  const rows = store.db
    .prepare<[string], GoldRowNames & { row_idx: number }>(
      'SELECT row_idx, entity_s, aliases_s FROM gold_rows WHERE task_id = ? ORDER BY row_idx',
    )
    .all(taskId);
  return rows.find((row) => keysOf(store, row).has(key))?.row_idx ?? null;
}
