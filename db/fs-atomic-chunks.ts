// Writing an output so that its path holds the old file or the whole new one,
// never a part: chunks go to a temporary file beside it, which is fsynced and
// renamed over the path, then the directory is fsynced. A process killed
// mid-write leaves only its temporary file, which the next write removes.
import { closeSync, fsyncSync, openSync, readdirSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

const TEMP = /^\.(.+)\.(\d+)\.[0-9a-f]+\.partial$/u;

function tempPath(path: string): string {
  const nonce = Math.floor(Math.random() * 0xffffffff).toString(16);
  return join(dirname(path), `.${basename(path)}.${process.pid}.${nonce}.partial`);
}

function alive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes temporary files that earlier writes of `path` left behind when their process died. */
export function removeStaleTemps(path: string): void {
  let names: string[];
  try {
    names = readdirSync(dirname(path));
  } catch {
    return;
  }
  for (const name of names) {
    const match = TEMP.exec(name);
    if (match && match[1] === basename(path) && !alive(Number(match[2])))
      rmSync(join(dirname(path), name), { force: true });
  }
}

/** An output that cannot be written, said in the user's terms: the path, and why. */
export class OutputWriteError extends Error {
  override name = 'OutputWriteError';
}

function outputError(path: string, error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const folder = dirname(path);
  const reason =
    code === 'ENOENT'
      ? `the folder ${folder} does not exist`
      : code === 'ENOTDIR'
        ? `${folder} is not a folder`
        : code === 'EACCES' || code === 'EPERM'
          ? `permission denied: cannot write in ${folder}`
          : code === 'EISDIR'
            ? 'is a directory; expected a file path'
            : code === 'ENOSPC'
              ? 'the disk is full'
              : code === 'EROFS'
                ? 'the file system is read-only'
                : code === 'EDQUOT'
                  ? 'the disk quota is exhausted'
                  : null;
  return reason === null ? error : new OutputWriteError(`${path}: ${reason}`);
}

export interface AtomicWriteOptions {
  signal?: AbortSignal;
  /** After each chunk is written: bytes written so far and in all. */
  onChunk?: (written: number, total: number) => void;
  /** Readable by its owner only (0600): for a file holding gold in plain text. */
  private?: boolean;
}

/** Writes `chunks` in order to `path` atomically; returns the byte count. */
export function writeChunksAtomic(
  path: string,
  chunks: readonly Uint8Array[],
  options: AtomicWriteOptions = {},
): number {
  removeStaleTemps(path);
  const total = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  const temp = tempPath(path);
  let fd: number;
  try {
    fd = openSync(temp, 'wx', options.private === true ? 0o600 : 0o644);
  } catch (error) {
    throw outputError(path, error);
  }
  let written = 0;
  let open = true;
  try {
    for (const chunk of chunks) {
      options.signal?.throwIfAborted();
      let offset = 0;
      while (offset < chunk.length) offset += writeSync(fd, chunk, offset, chunk.length - offset);
      written += chunk.length;
      options.onChunk?.(written, total);
    }
    options.signal?.throwIfAborted();
    fsyncSync(fd);
    open = false;
    closeSync(fd);
  } catch (error) {
    if (open) closeSync(fd);
    rmSync(temp, { force: true });
    throw outputError(path, error);
  }
  try {
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw outputError(path, error);
  }
  try {
    const dir = openSync(dirname(path), 'r');
    try {
      fsyncSync(dir);
    } finally {
      closeSync(dir);
    }
  } catch {
    // Some platforms cannot fsync a directory; the rename itself is still atomic.
  }
  return written;
}
