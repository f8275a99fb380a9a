// The base dataset named for a patch (`--dataset`, whose sha256 the patch
// carries) must hold the gold the store's rulings were made on: apply checks
// every operation against that file, and a patch on another file (a partial
// download, another dataset) would take its tag only to be refused. The file
// may be another form of an imported dataset (the Parquet twin of the JSONL),
// so it is compared by content: each task's encrypted gold, as shipped.
import { loadDatasetFile, goldContentSha256 } from '../revisions';
import type { Store } from '../store';
import { ExportError } from './patch-ops';

const SHOWN = 5;

/** What a patch says of its base file: its bytes' sha256 and its gold as shipped (gold-content.ts). */
export interface BaseFile {
  sha256: string;
  goldSha256: string;
}

/** Returns the file's sha256 (the patch's base_sha256) and its gold content, the file read once for all. */
export async function checkBaseDataset(store: Store, path: string): Promise<BaseFile> {
  const file = await loadDatasetFile(path);
  const base = { sha256: file.sha256, goldSha256: goldContentSha256(file.records) };
  const known = store.db.prepare<[string], number>('SELECT 1 FROM datasets WHERE sha256 = ?').pluck().get(file.sha256);
  if (known !== undefined) return base;
  const goldOf = new Map(file.records.map((record) => [record.id, record.gold]));
  const stored = store.db
    .prepare<[], { task_id: string; gold_enc: string }>('SELECT task_id, gold_enc FROM tasks ORDER BY task_id')
    .all();
  const differ: string[] = [];
  for (const task of stored) {
    const gold = goldOf.get(task.task_id);
    if (gold !== task.gold_enc)
      differ.push(`${task.task_id} (${gold === undefined ? 'not in the file' : 'other gold'})`);
  }
  if (differ.length === 0) return base;
  const shown = differ.slice(0, SHOWN).join(', ');
  const more = differ.length > SHOWN ? ` and ${differ.length - SHOWN} more` : '';
  throw new ExportError(
    `dataset ${path} does not hold the gold this store's rulings were made on: ${differ.length} of ${stored.length} tasks differ: ${shown}${more}. ` +
      'Name the base dataset the store imported (or another form of it), or leave the dataset out',
  );
}
