// "No such thing" as its own error type, so hosts can tell an unknown id (the
// caller's mistake: HTTP 404 on the bridge) from a refused operation or a
// fault, while every host still shows the same message.
import type { Store } from './store';

export class NotFoundError extends Error {
  override name = 'NotFoundError';
}

/** Throws NotFoundError unless the store has a dispute with this id. */
export function requireDispute(store: Store, id: string): void {
  if (!store.db.prepare('SELECT 1 FROM disputes WHERE id = ?').get(id)) throw new NotFoundError(`no dispute with id ${id}`);
}

/**
 * Throws NotFoundError unless the store knows the task (imported with the
 * dataset, or named by a dispute), naming up to three task ids that are
 * spelled alike.
 */
export function requireTask(store: Store, taskId: string): void {
  const known = store.db.prepare('SELECT 1 FROM tasks WHERE task_id = ? UNION ALL SELECT 1 FROM disputes WHERE task_id = ? LIMIT 1').get(taskId, taskId);
  if (known) return;
  const ids = store.db
    .prepare<[], { task_id: string }>('SELECT task_id FROM tasks UNION SELECT task_id FROM disputes')
    .all()
    .map((row) => row.task_id);
  const close = closeIds(taskId, ids);
  const alike = ids.length === 0 ? ' (it holds no tasks yet: import a dataset first)' : close.length > 0 ? ` (did you mean ${close.join(', ')}?)` : '';
  throw new NotFoundError(`this store has no task ${JSON.stringify(taskId)}${alike}`);
}

/** Up to `limit` ids within a few edits of `wanted` (case aside), or containing it, closest first. */
export function closeIds(wanted: string, ids: readonly string[], limit = 3): string[] {
  const target = wanted.toLowerCase();
  const most = Math.max(1, Math.floor(target.length / 3));
  return ids
    .map((id) => {
      const lower = id.toLowerCase();
      const contains = target.length >= 3 && (lower.includes(target) || target.includes(lower));
      return { id, distance: contains ? Math.min(1, editDistance(target, lower)) : editDistance(target, lower, most) };
    })
    .filter((candidate) => candidate.distance <= most)
    .sort((a, b) => a.distance - b.distance || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, limit)
    .map((candidate) => candidate.id);
}

/** Levenshtein distance, giving up (returning `cap + 1`) once it must exceed `cap`. */
function editDistance(a: string, b: string, cap = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      current.push(value);
      if (value < best) best = value;
    }
    if (best > cap) return cap + 1;
    previous = current;
  }
  return previous[b.length]!;
}
