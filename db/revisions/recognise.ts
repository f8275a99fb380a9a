// A revised dataset that was applied without this store (by the release
// manager's own copy of the tool, or by hand) is not among the outputs this
// store recorded, so importing it used to settle nothing: the disputes its
// patch carried were never marked settled, and the next export still named
// the old tag as its base. Such a dataset is recognised by its content
// instead: a revision this store exported and has not imported yet, whose
// patch file is still where it was written (and still holds the recorded
// changes), and whose every operation the store's gold now shows. It is then
// recorded as that revision's output, as apply would have recorded it, and
// settled the usual way (history.ts, settleByRevision).
import { existsSync } from 'node:fs';
import type { GoldCell } from '../../shared/domain';
import type { PatchCellState, PatchOperation, PatchRowState } from '../../shared/patch';
import type { ParsedGold } from '../readers';
import type { Store } from '../store';
import { tasksBehindBase } from './behind-base';
import { patchContentSha256 } from './content-sha';
import { plainOperations, readPatchFile } from './patch-file';
import { storeGoldReader } from './store-gold';

export interface ImportedDataset {
  sha256: string;
  format: 'jsonl' | 'parquet';
}

/**
 * Records `dataset` as the output of the revision whose changes it shows,
 * returning that revision's tag; null when it is a recorded output already or
 * shows no revision. Call it after the dataset's tasks are written.
 */
export async function recogniseRevisionOutput(
  store: Store,
  dataset: ImportedDataset,
  now = new Date(),
): Promise<string | null> {
  const { db } = store;
  if (db.prepare('SELECT 1 FROM revision_outputs WHERE dataset_sha256 = ?').get(dataset.sha256) !== undefined)
    return null;
  const candidates = db
    .prepare<[], { tag: string; patch_path: string; content_sha256: string }>(
      'SELECT tag, patch_path, content_sha256 FROM revisions WHERE imported_at IS NULL AND patch_path IS NOT NULL ORDER BY recorded_at DESC, tag DESC',
    )
    .all();
  const canary = db.prepare<[string], string>('SELECT canary FROM tasks WHERE task_id = ?').pluck();
  for (const candidate of candidates) {
    const operations = await recordedOperations(candidate, (taskId) => canary.get(taskId));
    if (operations === null || !goldShows(store, dataset.sha256, operations)) continue;
    db.prepare('INSERT INTO revision_outputs (dataset_sha256, revision, format, written_at) VALUES (?, ?, ?, ?)').run(
      dataset.sha256,
      candidate.tag,
      dataset.format,
      now.toISOString(),
    );
    return candidate.tag;
  }
  return null;
}

/** The revision's operations in plain text, from its patch file; null when the file is gone, unreadable or holds other changes. */
async function recordedOperations(
  revision: { tag: string; patch_path: string; content_sha256: string },
  canaryOf: (taskId: string) => string | undefined,
): Promise<PatchOperation[] | null> {
  if (!existsSync(revision.patch_path)) return null;
  let patch;
  try {
    ({ patch } = await readPatchFile(revision.patch_path));
  } catch {
    return null;
  }
  if (patch.revision !== revision.tag) return null;
  const plain = plainOperations(patch, canaryOf);
  const operations: PatchOperation[] = [];
  for (const item of plain) {
    if ('error' in item) return null;
    operations.push(item.ok);
  }
  return patchContentSha256(patch, operations) === revision.content_sha256 ? operations : null;
}

/**
 * Whether the store's gold shows every operation, on the tasks whose gold
 * this dataset gave (a task the import left with older gold cannot show any).
 */
function goldShows(store: Store, datasetSha256: string, operations: readonly PatchOperation[]): boolean {
  const left = new Set(
    tasksBehindBase(
      store,
      datasetSha256,
      operations.map((op) => op.task_id),
    ).map((task) => task.task_id),
  );
  const reader = storeGoldReader(store);
  const golds = new Map<string, ParsedGold | null>();
  let checked = 0;
  for (const op of operations) {
    if (left.has(op.task_id)) continue;
    let gold = golds.get(op.task_id);
    if (gold === undefined) golds.set(op.task_id, (gold = reader.gold(op.task_id)));
    if (gold === null || !operationShows(gold, op)) return false;
    checked++;
  }
  return checked > 0;
}

/** Whether `gold` holds what the operation made of its row or cell. Rows are found by entity: a removal earlier in the patch moves indexes. */
export function operationShows(gold: ParsedGold, op: PatchOperation): boolean {
  const rowNamed = (entity: string) => gold.rows.find((row) => row.entity === entity);
  switch (op.op) {
    case 'add_row': {
      const to = op.to as PatchRowState;
      const row = rowNamed(to.entity);
      return row !== undefined && includesAll(row.aliases, to.aliases);
    }
    case 'add_alias': {
      const to = op.to as PatchRowState;
      const row = rowNamed(op.entity) ?? rowNamed(to.entity);
      return row !== undefined && includesAll(row.aliases, to.aliases);
    }
    case 'remove_row':
      return rowNamed((op.from as PatchRowState).entity) === undefined;
    default: {
      const row = rowNamed(op.entity) ?? gold.rows[op.row];
      const cell = op.column === null ? undefined : row?.cells[op.column];
      return cell !== undefined && cellShows(cell, op.op, op.to as PatchCellState);
    }
  }
}

function cellShows(cell: GoldCell, kind: PatchOperation['op'], to: PatchCellState): boolean {
  if ('blank' in to) return cell.state === 'blank';
  if ('ungraded' in to) return cell.state === 'ungraded';
  if (cell.state !== 'value' || cell.value !== to.value) return false;
  const alternatives = to.alternatives ?? [];
  // set_cell gives the cell exactly these alternatives; add_alternative adds to those it had.
  return kind === 'set_cell' ? sameSet(cell.alternatives, alternatives) : includesAll(cell.alternatives, alternatives);
}

const includesAll = (have: readonly string[], wanted: readonly string[]): boolean =>
  wanted.every((item) => have.includes(item));
const sameSet = (a: readonly string[], b: readonly string[]): boolean => includesAll(a, b) && includesAll(b, a);
