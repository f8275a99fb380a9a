// Applying a patch from the app: the revised dataset is written, and this
// store remembers it, so importing it later as the new base settles the
// disputes the patch fixed (design.md §6).
import { resolve } from 'node:path';
import type { ApplyInput } from '../../shared/api';
import type { ApplyResult } from '../../shared/revision-types';
import type { Store } from '../store';
import { applyPatch } from './apply';
import type { GoldPatch } from '../../shared/patch';
import { RevisionConflictError } from './errors';
import { contentSha256Of, recordRevision } from './history';
import { readPatchFile } from './patch-file';
import { writeTransaction } from '../write-lock';
import type { WriteLockOptions } from '../write-lock';

export async function applyAndRecord(
  store: Store,
  input: ApplyInput,
  progress: {
    signal?: AbortSignal;
    onProgress?: (done: number, total: number, phase: string) => void;
    busy?: WriteLockOptions;
  } = {},
): Promise<ApplyResult> {
  const { patch, sha256 } = await readPatchFile(input.patch, 'patch', { signal: progress.signal });
  // A tag this store recorded with other changes is refused before anything is written (recording comes
  // after), once the patch fits the dataset: a mismatch says more about a damaged patch than its tag does.
  const { busy, ...watch } = progress;
  const result = await applyPatch({
    ...input,
    changelog: input.changelog ?? null,
    ...watch,
    beforeWrite: () => refuseConflictingTag(store, patch, sha256),
  });
  await writeTransaction(
    store,
    () =>
      recordRevision(store, {
        patch,
        patchSha256: result.patch_sha256,
        contentSha256: result.content_sha256,
        output: { sha256: result.sha256, format: result.format },
        patchPath: resolve(input.patch),
      }),
    { purpose: 'apply', ...busy },
  );
  return result;
}

function refuseConflictingTag(store: Store, patch: GoldPatch, patchSha256: string): void {
  const recorded = store.db
    .prepare<[string], { content_sha256: string; patch_sha256: string }>(
      'SELECT content_sha256, patch_sha256 FROM revisions WHERE tag = ?',
    )
    .get(patch.revision);
  if (!recorded) return;
  let content: string;
  try {
    content = contentSha256Of(store, patch);
  } catch {
    // Tasks this store does not hold: its own revision of that tag cannot be this patch.
    throw new RevisionConflictError(patch.revision, recorded.patch_sha256, patchSha256, true);
  }
  if (content !== recorded.content_sha256)
    throw new RevisionConflictError(patch.revision, recorded.patch_sha256, patchSha256, true);
}
