// Keeps reads inside a run directory: a symlink (task folder or file) may point
// elsewhere inside the run, never outside it (design.md §9, issue 6). The
// common case costs nothing extra: regular files are opened with O_NOFOLLOW and
// only an actual symlink pays for a realpath.
import { lstatSync, realpathSync, statSync } from 'node:fs';
import { sep } from 'node:path';
import { ReaderError } from './errors';
import { O_NOFOLLOW, readFileLimited } from './files';

/** True when `target` (a real path) is `root` or lies beneath it. */
export function isInside(target: string, root: string): boolean {
  return target === root || target.startsWith(root.endsWith(sep) ? root : root + sep);
}

/** The real path of a symlink `path`, refused (ReaderError naming `shown`) when it leaves `root`. */
export function resolveInside(path: string, root: string, shown: string, what: string): string {
  let target: string;
  try {
    target = realpathSync(path);
  } catch (error) {
    throw new ReaderError(
      shown,
      '',
      `${what} is a symbolic link that cannot be resolved (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
  if (!isInside(target, root)) {
    throw new ReaderError(
      shown,
      '',
      `${what} is a symbolic link to ${target}, outside the run directory; not followed`,
    );
  }
  return target;
}

/**
 * Reads `path` (shown to the user as `shown`) unless it is a symlink leaving
 * `root`. Returns null when the file does not exist.
 */
export function readInside(path: string, root: string, shown: string, maxBytes: number): Buffer | null {
  if (O_NOFOLLOW === undefined) {
    // No O_NOFOLLOW (Windows): one lstat tells a symlink apart.
    let isLink: boolean;
    try {
      isLink = lstatSync(path).isSymbolicLink();
    } catch {
      return null;
    }
    const real = isLink ? resolveInside(path, root, shown, 'file') : path;
    const outcome = readFileLimited(real, maxBytes);
    return 'bytes' in outcome ? outcome.bytes : null;
  }
  const outcome = readFileLimited(path, maxBytes, true);
  if ('bytes' in outcome) return outcome.bytes;
  if ('absent' in outcome) return null;
  const real = resolveInside(path, root, shown, 'file');
  const followed = readFileLimited(real, maxBytes);
  return 'bytes' in followed ? followed.bytes : null;
}

/** A symlinked directory inside `root`, checked to be a directory. */
export function directoryInside(path: string, root: string, shown: string, what: string): string {
  const real = resolveInside(path, root, shown, what);
  if (!statSync(real).isDirectory())
    throw new ReaderError(shown, '', `${what} is a symbolic link to a file, not a directory`);
  return real;
}
