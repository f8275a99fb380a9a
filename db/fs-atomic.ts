import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** Writes a file so that readers see the old file or the whole new one, never a part (temp, fsync, rename). */
export function writeFileAtomic(path: string, data: string | Uint8Array): void {
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.${Date.now()}.tmp`);
  const fd = openSync(temp, 'w', 0o644);
  try {
    writeSync(fd, typeof data === 'string' ? Buffer.from(data, 'utf8') : data);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(temp, { force: true });
    throw error;
  }
  closeSync(fd);
  try {
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
  try {
    const dirFd = openSync(dirname(path), 'r');
    fsyncSync(dirFd);
    closeSync(dirFd);
  } catch {
    // Some platforms cannot fsync a directory; the rename is still atomic.
  }
}
