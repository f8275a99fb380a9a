// A number that moves whenever the store's data has changed, whoever changed
// it. SQLite's data_version moves only for other connections' commits: a
// `rule` on the command line, an import (it writes on its own connection).
// Writes through this connection by another client of the same host (a
// script calling a running app's loopback bridge) never move it, so the
// connection's own count of changed rows is added. Both only grow, so their
// sum moves when either does.
import { perConnection } from './per-connection';
import type { Db } from './store';

const ownChanges = perConnection((db) => db.prepare<[], number>('SELECT total_changes()').pluck());

export function dataVersion(db: Db): number {
  return externalVersion(db) + ownChanges(db).get()!;
}

/** Moves only for other connections' commits: what a client of this connection cannot have made itself. */
export function externalVersion(db: Db): number {
  return Number(db.pragma('data_version', { simple: true }));
}
