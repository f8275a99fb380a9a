// Statements (or anything else) made once per database connection and kept
// for its life: hot paths call them per task, per dispute or per line, and
// preparing SQL again each time was most of their cost. Keyed weakly, so a
// closed connection takes its statements with it.
import type { Db } from './store';

/** `make` run once for each connection it is asked about; later calls get the same value. */
export function perConnection<T>(make: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) {
      value = make(db);
      made.set(db, value);
    }
    return value;
  };
}
