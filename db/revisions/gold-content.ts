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

/**
 * Code point order, which is UTF-8 byte order and so SQLite's BINARY order:
 * the store streams its tasks `ORDER BY task_id` into the same hash a file's
 * records give sorted here (JavaScript's own `<` compares UTF-16 units, which
 * differs above U+FFFF).
 */
function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(i)!;
    if (x !== y) return x < y ? -1 : 1;
    if (x > 0xffff) i++;
  }
  return a.length - b.length;
}

function line(record: ShippedGold): string {
  return `${JSON.stringify([record.id, record.canary, record.gold])}\n`;
}

export function goldContentSha256(records: readonly ShippedGold[]): string {
  const sorted = [...records].sort(
    (a, b) =>
      compareCodePoints(a.id, b.id) || compareCodePoints(a.canary, b.canary) || compareCodePoints(a.gold, b.gold),
  );
  const hash = createHash('sha256');
  for (const record of sorted) hash.update(line(record));
  return hash.digest('hex');
}

/** Meta key holding `<dataset_sha256> <gold content sha256>` for the store's tasks, set by each import of a dataset. */
const GOLD_CONTENT_META = 'gold_content_sha256';

/** The store's tasks as shipped (the dataset it imported, task by task); null when it holds none. Streamed: one task's gold in memory at a time. */
function storeGoldContentSha256(store: Store): string | null {
  const hash = createHash('sha256');
  let tasks = 0;
  for (const task of store.db
    .prepare<[], ShippedGold>('SELECT task_id AS id, canary, gold_enc AS gold FROM tasks ORDER BY task_id')
    .iterate()) {
    hash.update(line(task));
    tasks++;
  }
  return tasks === 0 ? null : hash.digest('hex');
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
  if (datasetSha !== null && recorded !== null && recorded.startsWith(`${datasetSha} `))
    return recorded.slice(datasetSha.length + 1);
  return storeGoldContentSha256(store);
}
