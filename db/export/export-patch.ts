// Writes the settled rulings as an atlas-gold-patch/1 file (DESIGN §7.1):
// encrypted with each task's canary unless plain text is asked for, the same
// bytes for the same store, written atomically.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ExportInput } from '../../shared/api';
import type { ExportResult } from '../../shared/api-types';
import type { GoldPatch, PatchOperation } from '../../shared/patch';
import { PATCH_FORMAT, mapOperationText } from '../../shared/patch';
import { writeFileAtomic } from '../fs-atomic';
import { patchContentSha256, recordRevision } from '../revisions/index';
import type { Store } from '../store';
import { getMeta } from '../store';
import { ExportError, collectOperations } from './patch-ops';
import { taskCiphers } from './task-ciphers';

export interface BuiltPatch {
  patch: GoldPatch;
  /** The revision's content identity (patchContentSha256), from the plain operations. */
  contentSha256: string;
}

// A lone surrogate does not survive UTF-8 encryption (it becomes U+FFFD), so
// the plain text apply would decrypt differs from the text encrypted.
const LONE_SURROGATE = /\p{Surrogate}/u;
const wellFormed = (text: string): string => (LONE_SURROGATE.test(text) ? Buffer.from(text, 'utf8').toString('utf8') : text);

export function buildPatch(store: Store, input: ExportInput, engineer: string): BuiltPatch {
  const { db } = store;
  const { operations, latestRulingAt } = collectOperations(store);
  const baseSha = input.dataset ? createHash('sha256').update(readFileSync(input.dataset)).digest('hex') : getMeta(db, 'dataset_sha256');
  const encrypted = !input.plaintext;
  let finalOperations = operations;
  // The content identity is of the text a reader decrypts: computed here from
  // the plain operations instead of decrypting the whole patch again.
  let contentOperations: readonly PatchOperation[] = operations;
  if (encrypted) {
    const cipherOf = taskCiphers(store);
    const missing = [...new Set(operations.filter((op) => !cipherOf(op.task_id)).map((op) => op.task_id))];
    if (missing.length > 0) {
      throw new ExportError(
        `cannot encrypt: task ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ` and ${missing.length - 5} more` : ''} is not in an imported dataset (its canary is the key); import the dataset or export with --plaintext`,
      );
    }
    let illFormed = false;
    finalOperations = operations.map((op) => {
      const cipher = cipherOf(op.task_id)!;
      return mapOperationText(op, (text) => {
        illFormed ||= LONE_SURROGATE.test(text);
        return cipher(text);
      });
    });
    if (illFormed) contentOperations = operations.map((op) => mapOperationText(op, wellFormed));
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

export function exportPatch(store: Store, input: ExportInput, engineer: string): ExportResult {
  const { patch, contentSha256 } = buildPatch(store, input, engineer);
  const text = `${JSON.stringify(patch, null, 2)}\n`;
  const sha256 = createHash('sha256').update(text).digest('hex');
  const path = resolve(input.out);
  // Recorded first: a tag already exported with other changes is refused before anything is written.
  store.db.transaction(() => recordRevision(store, { patch, patchSha256: sha256, contentSha256 })).immediate();
  writeFileAtomic(path, text);
  return { path, revision: patch.revision, operations: patch.operations.length, sha256, encrypted: patch.encrypted };
}
