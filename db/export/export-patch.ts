// Writes the settled rulings as an atlas-gold-patch/1 file (design.md §7.1):
// encrypted with each task's canary unless plain text is asked for, the same
// bytes for the same store, written atomically.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ExportInput } from '../../shared/api';
import type { ExportResult } from '../../shared/api-types';
import type { GoldPatch, PatchOperation } from '../../shared/patch';
import { DEFAULT_BASE_REVISION, PATCH_FORMAT, mapOperationText } from '../../shared/patch';
import { writeFileAtomic } from '../fs-atomic';
import { writeTransaction } from '../write-lock';
import type { WriteLockOptions } from '../write-lock';
import { patchContentSha256, recordRevision, storeGoldContent } from '../revisions';
import type { Store } from '../store';
import { getMeta } from '../store';
import type { BaseFile } from './base-dataset';
import { refuseTasksBehindBase } from './base-refusal';
import { exportWarnings } from './export-warnings';
import { encryptOperations } from './encrypt-operations';
import { collectOperations, ExportError } from './patch-ops';

export interface BuiltPatch {
  patch: GoldPatch;
  /** Said beside the export (collectOperations' spellings). */
  notes: string[];
  /** The revision's content identity (patchContentSha256), from the plain operations. */
  contentSha256: string;
}

/** The text a reader decrypts: UTF-8 encryption turns a lone surrogate into U+FFFD. */
const decryptable = (text: string): string => Buffer.from(text, 'utf8').toString('utf8');

/** `base`: the `dataset` as checkBaseDataset read it (its hash and gold), so the file is not read again. */
export function buildPatch(store: Store, input: ExportInput, engineer: string, base?: BaseFile): BuiltPatch {
  const { db } = store;
  const baseRevision = input.baseRevision ?? getMeta(db, 'base_revision') ?? DEFAULT_BASE_REVISION;
  refuseTagOfADataset(store, input.revision, baseRevision);
  const baseSha =
    base?.sha256 ??
    (input.dataset
      ? createHash('sha256').update(readFileSync(input.dataset)).digest('hex')
      : getMeta(db, 'dataset_sha256'));
  // The base's gold as shipped, so the patch applies to the same dataset in its other format too.
  const baseGold =
    base?.goldSha256 ?? (input.dataset === undefined && baseSha !== null ? storeGoldContent(store) : null);
  const { operations, latestRulingAt, spellings } = collectOperations(store);
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
    base_revision: baseRevision,
    base_sha256: baseSha,
    ...(baseGold !== null ? { base_gold_sha256: baseGold } : {}),
    revision: input.revision,
    created_at: latestRulingAt,
    created_by: engineer,
    encrypted,
    operations: finalOperations,
  };
  return { patch, notes: spellings, contentSha256: patchContentSha256(patch, contentOperations) };
}

/**
 * A patch's tag names the revision it makes: never its own base, nor a
 * dataset this store imported (a later apply would write a second, different
 * dataset under that name).
 */
function refuseTagOfADataset(store: Store, revision: string, baseRevision: string): void {
  // A tag this store exported is recordRevision's to judge (the same changes again, or refused as different).
  if (store.db.prepare<[string], number>('SELECT 1 FROM revisions WHERE tag = ?').pluck().get(revision) !== undefined)
    return;
  if (revision === baseRevision) {
    throw new ExportError(
      `revision ${revision} is the base revision itself: a patch makes a new revision on top of its base (e.g. ${nextTagHint(baseRevision)})`,
    );
  }
  const imported = store.db
    .prepare<[string], string>('SELECT path FROM datasets WHERE revision = ? ORDER BY id LIMIT 1')
    .pluck()
    .get(revision);
  if (imported !== undefined)
    throw new ExportError(
      `revision ${revision} names a dataset this store already imported (${imported}): tag the patch with a new revision`,
    );
}

function nextTagHint(base: string): string {
  const match = /^(.*?)(\d+)$/u.exec(base);
  return match ? `${match[1]}${Number(match[2]) + 1}` : `${base}.1`;
}

/** The first few disputes agreed in several spellings, then a count: a long list would bury the other warnings. */
function spellingWarnings(notes: readonly string[]): string[] {
  const shown = notes.slice(0, 5);
  return notes.length > shown.length
    ? [...shown, `… and ${notes.length - shown.length} more disputes agreed in several spellings`]
    : shown;
}

export interface ExportProgress {
  /** The base dataset, when checkBaseDataset has read it already. */
  base?: BaseFile | undefined;
  /** Checked between steps, up to recording the revision; after that the file is written regardless. */
  signal?: AbortSignal;
  onProgress?: (done: number, total: number, message: string) => void;
  /** How to wait for the store while another process writes to it. */
  busy?: WriteLockOptions;
}

const STEPS = [
  'collecting settled rulings',
  'encoding the patch',
  'recording the revision',
  'writing the file',
] as const;

/**
 * Exports as a job, yielding between steps so progress shows and a cancel lands before anything is recorded or
 * written.
 */
export async function exportPatchJob(
  store: Store,
  input: ExportInput,
  engineer: string,
  options: ExportProgress = {},
): Promise<ExportResult> {
  const { signal, onProgress, base } = options;
  const step = async (index: number): Promise<void> => {
    signal?.throwIfAborted();
    onProgress?.(index, STEPS.length, STEPS[index]!);
    await nextTurn();
    signal?.throwIfAborted();
  };
  await step(0);
  const built = buildPatch(store, input, engineer, base);
  await step(1);
  const encoded = encodePatch(built.patch);
  await step(2);
  // The write lock is waited for here, without blocking, while another process holds the store (write-lock.ts).
  return writeTransaction(
    store,
    () => recordAndWrite(store, input, built, encoded, () => onProgress?.(3, STEPS.length, STEPS[3])),
    { ...options.busy, ...(signal ? { signal } : {}) },
  );
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

function recordAndWrite(
  store: Store,
  input: ExportInput,
  built: BuiltPatch,
  encoded: EncodedPatch,
  beforeWrite: () => void,
): ExportResult {
  const { patch, contentSha256 } = built;
  // A tag is for good once recorded: an empty patch would take one and change nothing.
  if (patch.operations.length === 0)
    throw new ExportError(
      'nothing to export: no settled ruling changes gold yet (keep_gold rulings, rulings that leave gold as it is, and open or conflicting disputes add no operation)',
    );
  const path = resolve(input.out);
  // One transaction around both: a tag already exported with other changes is refused before anything
  // is written, and a file that cannot be written leaves no revision behind to burn the tag.
  store.db
    .transaction(() => {
      recordRevision(store, { patch, patchSha256: encoded.sha256, contentSha256, patchPath: path });
      beforeWrite();
      // A plain-text patch holds gold: readable by its owner only.
      writeFileAtomic(path, encoded.bytes, { private: !patch.encrypted });
    })
    .immediate();
  const warnings = [...exportWarnings(store, patch), ...spellingWarnings(built.notes)];
  return {
    path,
    revision: patch.revision,
    operations: patch.operations.length,
    sha256: encoded.sha256,
    encrypted: patch.encrypted,
    ...(warnings.length > 0 ? { warnings } : {}),
  };
}
