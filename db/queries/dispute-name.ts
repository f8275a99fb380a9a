// Disputes named for messages (shared/dispute-name.ts) straight from the
// store: task, entity (unsealed) and column, with the id kept beside it so a
// command can still be given it.
import type { DisputeKind } from '../../shared/domain';
import { disputeName } from '../../shared/dispute-name';
import type { Store } from '../store';

interface NameRow {
  kind: DisputeKind;
  task_id: string;
  gold_row: number | null;
  column_name: string | null;
  entity_s: string;
}

/** "atlas/0007 · “Ocarina of Time 3D” › Critic Metascore (dispute d-…)"; the id alone for a dispute the store lacks. */
export function namedDispute(store: Store, id: string): string {
  const row = store.db
    .prepare<[string], NameRow>('SELECT kind, task_id, gold_row, column_name, entity_s FROM disputes WHERE id = ?')
    .get(id);
  if (!row) return `dispute ${id}`;
  return `${disputeName({ kind: row.kind, task_id: row.task_id, gold_row: row.gold_row, column: row.column_name, entity: store.sealer.open(row.entity_s) })} (dispute ${id})`;
}
