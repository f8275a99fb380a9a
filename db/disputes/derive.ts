// Derives a task's cell and missing_row disputes from its graded cells
// (design.md §5). Disputes are derived data: deleted and rebuilt per task, with
// stable ids, so rulings (keyed by id) are untouched. A dispute an engineer
// ruled on that the data no longer gives (a revision changed its gold, a
// re-graded run agrees now) is kept as it was, so no ruling loses its dispute.
//
// Three steps, so the middle one can run on another thread during an import:
// read what the task needs (derive-input.ts, SQL), derive (derive-compute.ts,
// no SQL), write the rows (here). Statements are prepared once per
// connection; the cells come from one covering index range as one JSON array.
import type { Store } from '../store';
import { computeTaskDisputes } from './derive-compute';
import type { DerivedTask } from './derive-compute';
import { readTaskInput } from './derive-input';
import { writeTaskSearchTexts } from './search-texts';
import { statementsFor } from './statements';
import { raiseDisputeTextsGeneration } from './text-generation';

export function deriveTaskDisputes(store: Store, taskId: string, minSystems: number): string[] {
  const derived = computeTaskDisputes(readTaskInput(store, taskId, minSystems), store.sealer);
  writeTaskDisputes(store, derived);
  return derived.ids;
}

/** Replaces the task's cell and missing_row disputes with the derived ones. */
export function writeTaskDisputes(store: Store, derived: DerivedTask): void {
  const sql = statementsFor(store.db);
  const written = JSON.stringify(derived.ids);
  sql.deleteTaskDisputes.run(derived.taskId, written);
  for (const row of derived.cellDisputes) sql.insertCell.run(row);
  for (const row of derived.missingRows) sql.insertMissingRow.run(row);
  for (const row of derived.clusters) sql.insertCluster.run(row);
  sql.refreshKeptGold.run(derived.taskId, written);
  // The task's kept texts are replaced here, not dropped.
  writeTaskSearchTexts(store, derived.taskId, { ids: derived.ids, texts: derived.searchTexts });
  raiseDisputeTextsGeneration(store.db, []);
}
