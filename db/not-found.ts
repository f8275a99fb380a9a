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
