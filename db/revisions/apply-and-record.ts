// Applying a patch from the app: the revised dataset is written, and this
// store remembers it, so importing it later as the new base settles the
// disputes the patch fixed (DESIGN §6).
import { resolve } from 'node:path';
import type { ApplyInput } from '../../shared/api';
import type { ApplyResult } from '../../shared/revision-types';
import type { Store } from '../store';
import { applyPatch } from './apply';
import { recordRevision } from './history';
import { readPatchFile } from './patch-file';

export async function applyAndRecord(
  store: Store,
  input: ApplyInput,
  progress: { signal?: AbortSignal; onProgress?: (done: number, total: number, phase: string) => void } = {},
): Promise<ApplyResult> {
  const result = await applyPatch({ ...input, changelog: input.changelog ?? null, ...progress });
  const { patch } = await readPatchFile(input.patch);
  store.db
    .transaction(() =>
      recordRevision(store, {
        patch,
        patchSha256: result.patch_sha256,
        contentSha256: result.content_sha256,
        output: { sha256: result.sha256, format: result.format },
        patchPath: resolve(input.patch),
      }),
    )
    .immediate();
  return result;
}
