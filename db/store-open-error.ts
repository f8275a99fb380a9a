// Why a store could not be opened, in words that name the path and what
// belongs there. SQLite's own messages ("unable to open database file", "file
// is not a database") name neither, and the path is often a mistyped --db or a
// dataset file given where the store goes.
import { statSync } from 'node:fs';
import { dirname, join } from 'node:path';

export class StoreOpenError extends Error {
  override name = 'StoreOpenError';
}

const EXPECTED = 'expected an ATLAS Adjudicator store file (SQLite)';

/** A store path that is a folder: refused before SQLite says "unable to open database file". */
export function checkStorePath(path: string): void {
  // SQLite opens an empty name as a temporary database, deleted on close: nothing written would be kept.
  if (path.trim() === '') throw new StoreOpenError(`the store's path is empty; ${EXPECTED}, e.g. atlas.sqlite`);
  let folder: boolean;
  try {
    folder = statSync(path).isDirectory();
  } catch {
    // Nothing there yet: SQLite creates the store.
    return;
  }
  if (folder)
    throw new StoreOpenError(`store ${path}: is a directory; ${EXPECTED}, e.g. ${join(path, 'atlas.sqlite')}`);
}

/** The store-level failures worth explaining; anything else (a newer schema, a bug) is rethrown as it is. */
export function explainOpenFailure(path: string, error: unknown): unknown {
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  if (typeof code !== 'string') return error;
  if (code === 'SQLITE_NOTADB') {
    return new StoreOpenError(
      `store ${path}: not a store (${message}); ${EXPECTED}, e.g. atlas.sqlite; datasets, runs and logs are read by import`,
    );
  }
  if (code === 'SQLITE_CORRUPT')
    return new StoreOpenError(
      `store ${path}: damaged (${message}); restore it from a backup or import into a new store`,
    );
  if (
    code.startsWith('SQLITE_CANTOPEN') ||
    code.startsWith('SQLITE_READONLY') ||
    code.startsWith('SQLITE_PERM') ||
    code.startsWith('SQLITE_IOERR')
  ) {
    return new StoreOpenError(`store ${path}: cannot open it (${message}); ${EXPECTED} in a folder you can write to`);
  }
  // mkdir's EEXIST and ENOTDIR: a file sits where the store's folder (or one above it) should be.
  if (code === 'EEXIST' || code === 'ENOTDIR')
    return new StoreOpenError(`store ${path}: ${dirname(path)} is not a directory (${message})`);
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
    return new StoreOpenError(`store ${path}: cannot create its folder (${message})`);
  }
  return error;
}
