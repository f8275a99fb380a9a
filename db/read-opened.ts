// Reading the start of a file that may be missing, a folder, unreadable or
// not a regular file, to tell what it is: such a file reads as null (the
// caller names it), and the descriptor is closed whatever happens.
import { closeSync, constants, fstatSync, openSync } from 'node:fs';

/** O_NONBLOCK: a named pipe with no writer opens at once (and is then refused) instead of blocking this thread. */
const OPEN_FLAGS = constants.O_RDONLY | ((constants as { O_NONBLOCK?: number }).O_NONBLOCK ?? 0);

export function readOpened<T>(path: string, read: (fd: number) => T | null): T | null {
  let fd: number;
  try {
    fd = openSync(path, OPEN_FLAGS);
  } catch {
    return null;
  }
  try {
    if (!fstatSync(fd).isFile()) return null;
    return read(fd);
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}
