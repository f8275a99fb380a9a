// Writes the settled rulings as an atlas-gold-patch/1 file (DESIGN §7.1):
// encrypted with each task's canary unless plain text is asked for, the same
// bytes for the same store, written atomically.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ExportInput } from '../../shared/api';
import type { ExportResult } from '../../shared/api-types';
import type { GoldPatch, PatchOperation } from '../../shared/patch';
import { PATCH_FORMAT, mapOperationText } from '../../shared/patch';
import { writeFileAtomic } from '../fs-atomic';
import { patchContentSha256, recordRevision } from '../revisions/index';
import type { Store } from '../store';
import { getMeta } from '../store';
import { tasksBehindBase } from './behind-base';
import { encryptOperations } from './encrypt-operations';
import { collectOperations, ExportError } from './patch-ops';

export interface BuiltPatch {
  patch: GoldPatch;
  /** The revision's content identity (patchContentSha256), from the plain operations. */
  contentSha256: string;
}

/** The text a reader decrypts: UTF-8 encryption turns a lone surrogate into U+FFFD. */
const decryptable = (text: string): string => Buffer.from(text, 'utf8').toString('utf8');

export function buildPatch(store: Store, input: ExportInput, engineer: string): BuiltPatch {
  const { db } = store;
  const { operations, latestRulingAt } = collectOperations(store);
  const baseSha = input.dataset ? createHash('sha256').update(readFileSync(input.dataset)).digest('hex') : getMeta(db, 'dataset_sha256');
  if (baseSha !== null) refuseTasksBehindBase(store, baseSha, operations);
  const encrypted = !input.plaintext;
  let finalOperations = operations;
  // The content identity is of the text a reader decrypts: computed here from
  // the plain operations instead of decrypting the whole patch again.
  let contentOperations: readonly PatchOperation[] = operations;
  if (encrypted) {
    const result = encryptOperations(store, operations);
    finalOperations = result.operations;
    if (result.illFormed) contentOperations = operations.map((op) => mapOperationText(op, decryptable));
  }
  const patch: GoldPatch = {
    format: PATCH_FORMAT,
    dataset: 'exa-ai/ATLAS',
    base_revision: input.baseRevision ?? getMeta(db, 'base_revision') ?? 'v1.0',
    base_sha256: baseSha,
    revision: input.revision,
    created_at: latestRulingAt,
    created_by: engineer,
    encrypted,
    operations: finalOperations,
  };
  return { patch, contentSha256: patchContentSha256(patch, contentOperations) };
}

function refuseTasksBehindBase(store: Store, baseSha: string, operations: readonly PatchOperation[]): void {
  const behind = tasksBehindBase(store, baseSha, operations.map((op) => op.task_id));
  if (behind.length === 0) return;
  const basePath = store.db.prepare<[string], string>('SELECT path FROM datasets WHERE sha256 = ?').pluck().get(baseSha) ?? baseSha;
  const lines = behind.slice(0, 10).map((task) => {
    const disputes = operations.filter((op) => op.task_id === task.task_id).map((op) => op.dispute_id);
    return `\n  task ${task.task_id}: gold from ${task.gold_from}; ${disputes.length === 1 ? 'dispute' : 'disputes'} ${disputes.join(', ')}`;
  });
  const more = behind.length > 10 ? `\n  … and ${behind.length - 10} more` : '';
  throw new ExportError(
    `${behind.length} ${behind.length === 1 ? 'task' : 'tasks'} with settled rulings still ${behind.length === 1 ? 'has' : 'have'} older gold than the base dataset ${basePath}: ` +
      `an import leaves a task as it was when its gold rows or columns would change under graded runs, and keeps a task the base lacks; ` +
      `so ${behind.length === 1 ? 'its' : 'their'} operations would not apply to it. Import the base dataset into a fresh store with runs graded against it.${lines.join('')}${more}`,
  );
}

export interface ExportProgress {
  /** Checked between steps, up to recording the revision; after that the file is written regardless. */
  signal?: AbortSignal;
  onProgress?: (done: number, total: number, message: string) => void;
}

const STEPS = ['collecting settled rulings', 'encoding the patch', 'recording the revision', 'writing the file'] as const;

/**
 * Exports as a job: the same steps and bytes as exportPatch, yielding between
 * steps so progress shows and a cancel lands before anything is recorded or
 * written.
 */
export async function exportPatchJob(store: Store, input: ExportInput, engineer: string, options: ExportProgress = {}): Promise<ExportResult> {
  const { signal, onProgress } = options;
  const step = async (index: number): Promise<void> => {
    signal?.throwIfAborted();
    onProgress?.(index, STEPS.length, STEPS[index]!);
    await nextTurn();
    signal?.throwIfAborted();
  };
  await step(0);
  const built = buildPatch(store, input, engineer);
  await step(1);
  const encoded = encodePatch(built.patch);
  await step(2);
  return recordAndWrite(store, input, built, encoded, () => onProgress?.(3, STEPS.length, STEPS[3]));
}

export function exportPatch(store: Store, input: ExportInput, engineer: string): ExportResult {
  const built = buildPatch(store, input, engineer);
  return recordAndWrite(store, input, built, encodePatch(built.patch));
}

interface EncodedPatch {
  bytes: Buffer;
  sha256: string;
}

/** Encoded once, for both the hash and the file. */
function encodePatch(patch: GoldPatch): EncodedPatch {
  const bytes = Buffer.from(`${JSON.stringify(patch, null, 2)}\n`, 'utf8');
  return { bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
}

function recordAndWrite(store: Store, input: ExportInput, built: BuiltPatch, encoded: EncodedPatch, beforeWrite?: () => void): ExportResult {
  const { patch, contentSha256 } = built;
  // A tag is for good once recorded: an empty patch would take one and change nothing.
  if (patch.operations.length === 0) throw new ExportError('nothing to export: no settled ruling changes gold yet (keep_gold rulings and open or conflicting disputes add no operation)');
  const path = resolve(input.out);
  // One transaction around both: a tag already exported with other changes is refused before anything
  // is written, and a file that cannot be written leaves no revision behind to burn the tag.
  store.db
    .transaction(() => {
      recordRevision(store, { patch, patchSha256: encoded.sha256, contentSha256, patchPath: path });
      beforeWrite?.();
      writeFileAtomic(path, encoded.bytes);
    })
    .immediate();
  const warnings = [...removedRowWarnings(store, patch), ...overlapWarnings(store, patch.revision)];
  return {
    path,
    revision: patch.revision,
    operations: patch.operations.length,
    sha256: encoded.sha256,
    encrypted: patch.encrypted,
    ...(warnings.length > 0 ? { warnings } : {}),
  };
}

/**
 * Per revision not imported yet (usually none or one), how many of its disputes the tag's patch changes too: its
 * disputes by key, each looked up in the tag's. CROSS JOIN keeps that order; left to itself the planner scans every
 * revision's disputes, which grow with each export.
 */
export const OVERLAP_SQL = `SELECT r.tag AS tag, count(*) AS shared
   FROM revisions r CROSS JOIN revision_disputes o ON o.revision = r.tag
   JOIN revision_disputes mine ON mine.revision = ? AND mine.dispute_id = o.dispute_id
  WHERE r.imported_at IS NULL AND r.tag <> ?
  GROUP BY r.tag ORDER BY min(r.recorded_at), r.tag`;

/**
 * Disputes stay unsettled until the revised dataset is imported as the base,
 * so an export before then carries the earlier tag's changes again. Allowed
 * (a mistyped tag is re-exported under the right one), but said.
 */
function overlapWarnings(store: Store, tag: string): string[] {
  const overlaps = store.db.prepare<[string, string], { tag: string; shared: number }>(OVERLAP_SQL).all(tag, tag);
  return overlaps.map(
    (other) =>
      `${plural(other.shared, 'operation')} of ${tag} ${other.shared === 1 ? 'is' : 'are'} also in ${other.tag}, which is not imported as the base yet: ` +
      `apply one of them, or import ${other.tag}'s revised dataset first so its changes settle and leave later exports.`,
  );
}

const plural = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`;

/**
 * Removing a gold row renumbers the rows after it, so the import of the
 * revised dataset leaves such a task as it was while runs graded against the
 * old rows are here (db/import/writer.ts): said now, before the apply.
 */
function removedRowWarnings(store: Store, patch: GoldPatch): string[] {
  const graded = store.db.prepare<[string], number>("SELECT count(*) FROM run_tasks WHERE task_id = ? AND state = 'graded'").pluck();
  const tasks = [...new Set(patch.operations.filter((op) => op.op === 'remove_row').map((op) => op.task_id))].filter((task) => graded.get(task)! > 0).sort();
  if (tasks.length === 0) return [];
  const named = `${tasks.slice(0, 10).join(', ')}${tasks.length > 10 ? `, … and ${tasks.length - 10} more` : ''}`;
  return [
    `${patch.revision} removes gold rows of ${tasks.length === 1 ? 'task' : `${tasks.length} tasks`} ${named} under runs graded against the old rows: ` +
      `importing the revised dataset into this store will leave ${tasks.length === 1 ? 'that task' : 'those tasks'} with ${tasks.length === 1 ? 'its' : 'their'} older gold ` +
      `(runs graded against the new rows need a fresh store); the other tasks' changes take effect.`,
  ];
}
