// The gold a dataset ships, whatever its file's form: each task's id, canary
// and encrypted gold, in id order, hashed. A patch carries it beside its base
// file's sha256 (base_gold_sha256), so the same patch applies to the same
// dataset in the other format (the Parquet form of the JSONL, or back): the
// files' bytes differ, the gold they ship does not.
import { createHash } from 'node:crypto';
import type { Store } from '../store';
import { getMeta, setMeta } from '../store';

export interface ShippedGold {
  id: string;
  canary: string;
  gold: string;
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export function goldContentSha256(records: readonly ShippedGold[]): string {
  const sorted = [...records].sort((a, b) => compare(a.id, b.id) || compare(a.canary, b.canary) || compare(a.gold, b.gold));
  const hash = createHash('sha256');
  for (const record of sorted) hash.update(`${JSON.stringify([record.id, record.canary, record.gold])}\n`);
  return hash.digest('hex');
}

/** Meta key holding `<dataset_sha256> <gold content sha256>` for the store's tasks, set by each import of a dataset. */
export const GOLD_CONTENT_META = 'gold_content_sha256';

/** The store's tasks as shipped (the dataset it imported, task by task); null when it holds none. */
export function storeGoldContentSha256(store: Store): string | null {
  const tasks = store.db.prepare<[], ShippedGold>('SELECT task_id AS id, canary, gold_enc AS gold FROM tasks').all();
  return tasks.length === 0 ? null : goldContentSha256(tasks);
}

/** Recorded for the dataset the store now names (dataset_sha256), so an export need not read every task's gold again. */
export function recordStoreGoldContent(store: Store): void {
  const datasetSha = getMeta(store.db, 'dataset_sha256');
  const content = storeGoldContentSha256(store);
  if (datasetSha !== null && content !== null) setMeta(store.db, GOLD_CONTENT_META, `${datasetSha} ${content}`);
}

/** The gold content of the store's tasks: recorded at import when it is for the current dataset, else computed. */
export function storeGoldContent(store: Store): string | null {
  const datasetSha = getMeta(store.db, 'dataset_sha256');
  const recorded = getMeta(store.db, GOLD_CONTENT_META);
  if (datasetSha !== null && recorded !== null && recorded.startsWith(`${datasetSha} `)) return recorded.slice(datasetSha.length + 1);
  return storeGoldContentSha256(store);
}
