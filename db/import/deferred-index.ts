// A large import into a store that holds no graded cells yet builds the
// cells' index once, by sorting, after the cells are written, instead of
// keeping it current through every insert. Each run inserts into every task's
// stretch of the index, so at 1,500 tasks the index was swept twelve times
// through a page cache far smaller than it; building it afterwards took 1 s
// and saved 5 s of writing. It is dropped and built again inside the import's
// transaction, so a cancel, a failure or a crash leaves the store's schema as
// it was; derivation, which reads through the index, runs after it is back.
// The queue's indexes over disputes are deferred the same way while a large
// derivation fills an empty store (deferQueueIndexes).
import type { Db } from '../store';

export type DeferMode = 'auto' | 'always' | 'never';

const INDEX = 'system_cells_by_gold_cell';
/**
 * New run tasks below which the index is kept. Below it the index (about 150
 * bytes per cell, some 75 cells per run task) fits the page cache, so keeping
 * it costs little and building it costs more; at 6,564 run tasks (547 × 12)
 * the two are about even, at 18,000 building it saves 4 s.
 */
export const DEFER_INDEX_MIN_RUN_TASKS = 5000;

/**
 * Drops the cells' index when worth it, returning what builds it again
 * (exactly as the schema defines it); null when it stays.
 */
export function deferCellIndex(db: Db, runTasksToParse: number, mode: DeferMode = 'auto'): (() => void) | null {
  if (mode === 'never' || (mode === 'auto' && runTasksToParse < DEFER_INDEX_MIN_RUN_TASKS)) return null;
  // With cells already stored, a changed task's old cells are deleted by (run, task): that needs the index.
  if (db.prepare('SELECT 1 FROM system_cells LIMIT 1').get() !== undefined) return null;
  return dropUntilLater(db, [INDEX]);
}

/**
 * Drops those of `names` the schema has, returning what creates them again
 * exactly as it defined them; null when it has none of them.
 */
function dropUntilLater(db: Db, names: readonly string[]): (() => void) | null {
  const placeholders = names.map(() => '?').join(', ');
  const indexes = db
    .prepare<string[], { name: string; sql: string }>(
      `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND name IN (${placeholders}) ORDER BY name`,
    )
    .all(...names);
  if (indexes.length === 0) return null;
  for (const { name } of indexes) db.exec(`DROP INDEX ${name}`);
  return () => {
    for (const { sql } of indexes) db.exec(sql);
  };
}

/** The queue's orders and filters over disputes; disputes_by_task stays (derivation deletes a task's disputes through it). */
const QUEUE_INDEXES = ['disputes_by_priority', 'disputes_by_status', 'disputes_by_kind', 'disputes_by_column'];
/** Tasks to derive below which the queue's indexes are kept: building four indexes is not worth it for a few disputes. */
export const DEFER_QUEUE_INDEXES_MIN_TASKS = 100;

/**
 * Drops the queue's indexes over disputes when a large derivation fills an
 * empty disputes table, returning what builds them again (after ranking).
 * Every dispute is inserted and then ranked, so each index was written twice
 * per dispute; sorting once afterwards saved about 0.2 s at 37,627 disputes.
 * Inside the import's transaction, like the cells' index; null when they stay.
 */
export function deferQueueIndexes(db: Db, tasksToDerive: number, mode: DeferMode = 'auto'): (() => void) | null {
  if (mode === 'never' || (mode === 'auto' && tasksToDerive < DEFER_QUEUE_INDEXES_MIN_TASKS)) return null;
  if (mode === 'auto' && db.prepare('SELECT 1 FROM disputes LIMIT 1').get() !== undefined) return null;
  return dropUntilLater(db, QUEUE_INDEXES);
}
