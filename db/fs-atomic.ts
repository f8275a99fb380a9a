// Whole-file writes: the path holds the old file or the whole new one, never a part.
import { writeChunksAtomic } from './fs-atomic-chunks';
import type { AtomicWriteOptions } from './fs-atomic-chunks';

export { OutputWriteError } from './fs-atomic-chunks';

/** Writes a file atomically (temp beside it, fsync, rename, fsync of the folder); errors name the path and why. */
export function writeFileAtomic(
  path: string,
  data: string | Uint8Array,
  options: Pick<AtomicWriteOptions, 'private'> = {},
): void {
  writeChunksAtomic(path, [typeof data === 'string' ? Buffer.from(data, 'utf8') : data], options);
}
