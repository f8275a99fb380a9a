// Each task's search texts, sealed (db/disputes/search-texts.ts): opening a
// store reads these rows instead of every dispute and cluster. The stores
// made before get their rows here. A later migration that changes disputes
// or their clusters must drop or rewrite the rows of the tasks it changes.
import { refreshAllSearchTexts } from '../disputes';
import type { Sealer } from '../seal';
import type { Db } from '../store';

export const up = `
CREATE TABLE IF NOT EXISTS task_search_texts (
  task_id TEXT PRIMARY KEY,
  texts_sealed BLOB NOT NULL
) STRICT, WITHOUT ROWID;
`;

export function data(db: Db, sealer: Sealer): void {
  refreshAllSearchTexts(db, sealer);
}
