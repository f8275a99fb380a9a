// Reading a whole input file that a command or a dialog names (a patch, a
// dataset to apply to or export against): a regular file within the size
// limit imports are held to, read a chunk at a time so a cancel lands between
// chunks. A named pipe or a device (/dev/zero) is refused at once: it is
// opened without blocking and never read, so it cannot hang the command.
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { maxBytesOf, MAX_FILE_SIZE_ENV, humanSize } from './readers';
import { nonFileKind, PathError } from './path-checks';
import type { PathRole } from './path-checks';

const CHUNK_BYTES = 1024 * 1024;
/** O_NONBLOCK: opening a named pipe with no writer returns at once instead of waiting for one. */
const OPEN_FLAGS = constants.O_RDONLY | ((constants as { O_NONBLOCK?: number }).O_NONBLOCK ?? 0);

export interface InputReadOptions {
  /** Files above this are refused (default: ATLAS_ADJUDICATOR_MAX_FILE_SIZE, else 64 MiB, as for imports). */
  maxFileBytes?: number;
  signal?: AbortSignal;
}

function tooLargeError(role: PathRole, path: string, size: number, max: number): PathError {
  return new PathError(
    `${role.label}: ${path} is ${humanSize(size)} (${size} bytes), above the size limit of ${humanSize(max)} (${max} bytes); set another with ${MAX_FILE_SIZE_ENV}, such as 256M`,
  );
}

export async function readInputFile(path: string, role: PathRole, options: InputReadOptions = {}): Promise<Buffer> {
  const maxBytes = maxBytesOf(options);
  options.signal?.throwIfAborted();
  const handle = await open(path, OPEN_FLAGS).catch((error: NodeJS.ErrnoException) => {
    throw new PathError(
      `${role.label}: cannot read: ${path} (${error.code ?? error.message}); expected ${role.expected}`,
    );
  });
  try {
    const stats = await handle.stat();
    if (!stats.isFile())
      throw new PathError(
        `${role.label}: not a regular file: ${path} (${nonFileKind(stats)}); expected ${role.expected}`,
      );
    if (stats.size > maxBytes) throw tooLargeError(role, path, stats.size, maxBytes);
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      options.signal?.throwIfAborted();
      // One byte past the limit at most: a file growing while it is read is caught too.
      const buffer = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, maxBytes + 1 - total));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) break;
      total += bytesRead;
      if (total > maxBytes) throw tooLargeError(role, path, total, maxBytes);
      chunks.push(buffer.subarray(0, bytesRead));
    }
    return Buffer.concat(chunks, total);
  } finally {
    await handle.close();
  }
}
