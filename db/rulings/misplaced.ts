// Counted rulings whose gold row, once an import brought their task's gold,
// holds another entity than the one they were ruled on: a ruling merged
// before its task's dataset was imported (nothing could check it then), or
// one on a task whose gold rows a revised dataset moved (a task without
// graded runs takes such gold). Export refuses them; the import says so at
// once, naming each, so the engineer rules them again before releasing.
import type { Store } from '../store';
import { rowAnswersTo, rowOfKey } from './row-identity';

export interface MisplacedRuling {
  dispute_id: string;
  engineer: string;
  reason: string;
}

interface KeyedRuling {
  dispute_id: string;
  engineer: string;
  task_id: string;
  gold_row: number | null;
  gold_row_entity_key: string | null;
  row_idx: number | null;
  row_entity_key: string | null;
}

export function misplacedRulings(store: Store, taskIds: ReadonlySet<string>): MisplacedRuling[] {
  const { db } = store;
  if (taskIds.size === 0) return [];
  // A first import into an empty store has no rulings to check: one look, not one per task.
  if (db.prepare('SELECT 1 FROM positions LIMIT 1').get() === undefined) return [];
  const counted = db.prepare<[string], KeyedRuling>(
    `SELECT r.dispute_id, r.engineer, r.task_id, r.gold_row, r.gold_row_entity_key, r.row_idx, r.row_entity_key
       FROM positions p JOIN rulings r ON r.id = p.ruling_id
      WHERE r.task_id = ? AND (r.gold_row_entity_key IS NOT NULL OR r.row_entity_key IS NOT NULL)
      ORDER BY r.dispute_id, r.engineer`,
  );
  const hasGold = db.prepare<[string], number>('SELECT 1 FROM gold_rows WHERE task_id = ? LIMIT 1').pluck();
  const misplaced: MisplacedRuling[] = [];
  for (const taskId of [...taskIds].sort()) {
    const rulings = counted.all(taskId);
    if (rulings.length === 0 || hasGold.get(taskId) === undefined) continue;
    for (const ruling of rulings) {
      const reason =
        rowReason(store, ruling, ruling.gold_row, ruling.gold_row_entity_key, 'its gold row') ??
        rowReason(store, ruling, ruling.row_idx, ruling.row_entity_key, 'the row it makes this entity an alias of');
      if (reason !== null) misplaced.push({ dispute_id: ruling.dispute_id, engineer: ruling.engineer, reason });
    }
  }
  return misplaced;
}

function rowReason(
  store: Store,
  ruling: KeyedRuling,
  rowIdx: number | null,
  key: string | null,
  what: string,
): string | null {
  if (rowIdx === null || key === null || rowAnswersTo(store, ruling.task_id, rowIdx, key)) return null;
  const now = rowOfKey(store, ruling.task_id, key);
  const where = now === null ? 'that entity is not in the gold now' : `that entity is gold row ${now + 1} now`;
  return `${what}, row ${rowIdx + 1} of task ${ruling.task_id}, holds another entity than the one ${ruling.engineer} ruled on: ${where}; rule the dispute again`;
}
