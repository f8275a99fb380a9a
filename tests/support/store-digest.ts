// Temporary stores for a test file, and two stores compared by content:
// each has its own seal key, so sealed columns are opened before hashing.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { Store } from '../../db/store';
import { openStore } from '../../db/store';
import { tempDir } from './workspace';

export interface TempStores {
  /** A new empty store in a new temporary folder. */
  open: () => Store;
  /** For afterAll: closes every store opened. */
  closeAll: () => void;
}

export function tempStores(prefix: string): TempStores {
  const stores: Store[] = [];
  return {
    open: () => {
      const store = openStore(join(tempDir(prefix), 'store.sqlite'));
      stores.push(store);
      return store;
    },
    closeAll: () => {
      for (const store of stores) store.db.close();
    },
  };
}

/** Every imported table, sealed columns opened (each store has its own seal key), in key order. */
export function contentDigest(store: Store): Record<string, string> {
  const orders: Record<string, string> = {
    tasks: 'task_id',
    gold_cells: 'task_id, row_idx, column_name',
    runs: 'id',
    run_tasks: 'run_id, task_id',
    run_rows: 'run_id, task_id, seq',
    system_cells: 'run_id, task_id, seq, column_name',
    judge_opinions: 'content_sha',
    disputes: 'id',
    dispute_clusters: 'dispute_id, idx',
  };
  const digests: Record<string, string> = {};
  for (const [table, order] of Object.entries(orders)) {
    const statement = store.db.prepare(`SELECT * FROM ${table} ORDER BY ${order}`);
    const columns = statement.columns().map((column) => column.name);
    const hash = createHash('sha256');
    let rows = 0;
    for (const row of statement.raw(true).iterate() as Iterable<unknown[]>) {
      const opened = row.map((value, i) =>
        columns[i]!.endsWith('_s') && typeof value === 'string' ? store.sealer.open(value) : value,
      );
      hash.update(JSON.stringify(opened));
      rows++;
    }
    digests[table] = `${rows} rows ${hash.digest('hex')}`;
  }
  return digests;
}
