// Checks on the file paths a command or a dialog names, made before any work
// starts, so a directory or a mistyped path is refused in one line naming the
// field and the path, not by the operating system's EISDIR or ENOENT halfway
// through. Messages read `<label>: <problem>: <path>; expected <what>`, with
// the label the caller chose (`--out` on the command line, `out` in the API).
import { accessSync, constants, statSync } from 'node:fs';
import type { Stats } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** A path given for an input or output is unusable; the input is at fault, not the tool. */
export class PathError extends Error {
  override name = 'PathError';
}

/** An output path holds a file of another kind; the caller may say to replace it (db/output-guard.ts). */
export class OutputExistsError extends PathError {
  override name = 'OutputExistsError';
}

export interface PathRole {
  /** How the caller names the field: `--dataset`, `dataset`. */
  label: string;
  /** What belongs there, e.g. `a dataset file (.jsonl or .parquet)`. */
  expected: string;
}

function statOf(path: string): Stats | null {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}

/** What a patch path (`--patch`, `patch`) must name, for the message refusing one that does not. */
export const PATCH_FILE_EXPECTED = 'an atlas-gold-patch/1 file (.json)';

/**
 * An existing regular file: a named pipe or a device (/dev/zero) would hang
 * a read or never end it.
 */
export function checkInputFile(path: string, role: PathRole): void {
  const stats = statOf(path);
  if (stats === null) throw new PathError(`${role.label}: no such file: ${path}; expected ${role.expected}`);
  if (stats.isDirectory()) throw new PathError(`${role.label}: is a directory: ${path}; expected ${role.expected}`);
  if (!stats.isFile())
    throw new PathError(
      `${role.label}: not a regular file: ${path} (${nonFileKind(stats)}); expected ${role.expected}`,
    );
}

/** What a path that is neither a file nor a directory is, in words. */
export function nonFileKind(stats: Stats): string {
  if (stats.isFIFO()) return 'a named pipe';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  if (stats.isSocket()) return 'a socket';
  return 'neither a file nor a directory';
}

/** checkInputFile, and this process may read it (not, say, a file of another user's with no read permission). */
export function checkReadableFile(path: string, role: PathRole): void {
  checkInputFile(path, role);
  try {
    accessSync(path, constants.R_OK);
  } catch (error) {
    throw new PathError(
      `${role.label}: cannot read: ${path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); expected ${role.expected}`,
    );
  }
}

/** A file that can be created or replaced: its folder exists and the path itself is not a folder. */
export function checkOutputFile(path: string, role: PathRole): void {
  const stats = statOf(path);
  if (stats?.isDirectory()) throw new PathError(`${role.label}: is a directory: ${path}; expected ${role.expected}`);
  const folder = statOf(dirname(path));
  if (folder === null || !folder.isDirectory())
    throw new PathError(`${role.label}: no such directory: ${dirname(path)}`);
}

/**
 * Whether two paths name one file: the same inode when both exist (so a
 * symlink or a hard link to the base counts), else the same resolved path.
 */
export function sameFile(a: string, b: string): boolean {
  const first = statOf(a);
  const second = statOf(b);
  if (first !== null && second !== null) return first.dev === second.dev && first.ino === second.ino;
  return resolve(a) === resolve(b);
}
