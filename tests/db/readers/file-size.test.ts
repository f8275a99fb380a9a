// The import's file size limit: --max-file-size and ATLAS_ADJUDICATOR_MAX_FILE_SIZE.
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_FILE_BYTES, maxBytesOf, parseFileSize } from '../../../db/readers/file-size';

describe('file size limit', () => {
  it.each([
    ['1048576', 1048576],
    ['64M', 64 * 1024 ** 2],
    ['64 MiB', 64 * 1024 ** 2],
    ['512k', 512 * 1024],
    ['1.5G', 1.5 * 1024 ** 3],
    ['2kb', 2048],
    ['0', 0],
  ])('reads %j as %d bytes', (text, bytes) => {
    expect(parseFileSize(text)).toBe(bytes);
  });

  it.each(['', 'lots', '-1', '64X', '1e9', 'M'])('refuses %j', (text) => {
    expect(parseFileSize(text)).toBeNull();
  });

  it('takes the caller’s limit, else the environment’s, else 64 MiB, and names a bad setting', () => {
    expect(maxBytesOf({ maxFileBytes: 10 }, { ATLAS_ADJUDICATOR_MAX_FILE_SIZE: '1M' })).toBe(10);
    expect(maxBytesOf({}, { ATLAS_ADJUDICATOR_MAX_FILE_SIZE: '1M' })).toBe(1024 ** 2);
    expect(maxBytesOf(undefined, {})).toBe(DEFAULT_MAX_FILE_BYTES);
    expect(DEFAULT_MAX_FILE_BYTES).toBe(64 * 1024 ** 2);
    expect(() => maxBytesOf({}, { ATLAS_ADJUDICATOR_MAX_FILE_SIZE: 'big' })).toThrow(
      /ATLAS_ADJUDICATOR_MAX_FILE_SIZE="big": expected a size such as 64M/,
    );
  });
});
