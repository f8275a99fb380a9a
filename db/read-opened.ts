// Reading the start of a file that may be missing, a folder or unreadable,
// to tell what it is: such a file reads as null (the caller names it), and
// the descriptor is closed whatever happens.
import { closeSync, openSync } from 'node:fs';

export function readOpened<T>(path: string, read: (fd: number) => T | null): T | null {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return null;
  }
  try {
    return read(fd);
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}
