// A patch as the review (diff) view shows it before release (issue 5): every
// operation in plain text, decrypted with the store's canaries. Plain text
// stays inside the app; this is never written to a file.
import type { GoldPatch } from '../../shared/patch';
import type { PatchReview } from '../../shared/revision-types';
import type { Store } from '../store';
import { plainOperations } from './patch-file';

export function reviewPatch(store: Store, patch: GoldPatch): PatchReview {
  const canary = store.db.prepare<[string], { canary: string }>('SELECT canary FROM tasks WHERE task_id = ?');
  const plain = plainOperations(patch, (taskId) => canary.get(taskId)?.canary);
  return {
    revision: patch.revision,
    base_revision: patch.base_revision,
    base_sha256: patch.base_sha256,
    created_at: patch.created_at,
    created_by: patch.created_by,
    encrypted: patch.encrypted,
    operations: patch.operations.map((raw, index) => {
      const item = plain[index]!;
      const op = 'ok' in item ? item.ok : null;
      return {
        index,
        op: raw.op,
        task_id: raw.task_id,
        row: raw.row,
        column: raw.column,
        entity: op?.entity ?? null,
        from: op?.from ?? null,
        to: op?.to ?? null,
        evidence: op?.evidence ?? [],
        rulings: raw.rulings,
        issues: raw.issues,
        dispute_id: raw.dispute_id,
        error: 'error' in item ? item.error : null,
      };
    }),
  };
}
