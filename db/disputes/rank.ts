import type { Db } from '../store';

/**
 * Default queue order (design.md §5): the largest cluster disagreeing with gold,
 * then systems contesting, then task id. Stored as a dense rank so every
 * filtered page is an index range scan.
 */
export function rankDisputes(db: Db): void {
  db.exec(`
    WITH ranked AS (
      SELECT id, row_number() OVER (
        ORDER BY top_count DESC, contesting DESC, task_id, kind, gold_row, column_name, entity_key
      ) AS rank
      FROM disputes
    )
    UPDATE disputes SET priority = ranked.rank FROM ranked WHERE ranked.id = disputes.id AND disputes.priority <> ranked.rank
  `);
}
