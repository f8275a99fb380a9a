// Whole-file reads of named inputs (db/read-input.ts): a regular file read in
// full, anything else refused without being read, and a long read cancelled
// between chunks.
import { truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readInputFile } from '../../db/read-input';
import { tempDir } from '../support/workspace';

const ROLE = { label: '--patch', expected: 'a patch' };

describe('readInputFile', () => {
  it('reads a regular file whole', async () => {
    const path = join(tempDir(), 'a.json');
    writeFileSync(path, 'x'.repeat(3 * 1024 * 1024 + 5));
    expect((await readInputFile(path, ROLE)).length).toBe(3 * 1024 * 1024 + 5);
  });

  it('refuses a device without reading it', async () => {
    await expect(readInputFile('/dev/zero', ROLE)).rejects.toThrow(
      '--patch: not a regular file: /dev/zero (a device); expected a patch',
    );
  });

  it('stops a long read when cancelled, between chunks', async () => {
    const path = join(tempDir(), 'large.json');
    writeFileSync(path, '');
    truncateSync(path, 60 * 1024 * 1024);
    const controller = new AbortController();
    const reading = readInputFile(path, ROLE, { signal: controller.signal, maxFileBytes: 100 * 1024 * 1024 });
    setImmediate(() => controller.abort());
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
  });
});
