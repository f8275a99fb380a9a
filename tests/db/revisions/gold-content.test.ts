// base_gold_sha256 (db/revisions/gold-content.ts): the same for a dataset
// file's records and for the store's tasks streamed in SQLite's order, so a
// patch exported from a store applies to the base in either format.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { goldContentSha256 } from '../../../db/revisions/gold-content';

const sha = (lines: string[]): string => createHash('sha256').update(lines.join('')).digest('hex');

describe('the gold content hash', () => {
  it('is over one line per task in code point order (SQLite BINARY, not UTF-16 units), whatever order the records come in', () => {
    // U+FFFF sorts before U+10000 by code point; by UTF-16 unit (0xD800 first) it would not.
    const records = [
      { id: 'a\u{10000}', canary: 'c2', gold: 'g2' },
      { id: 'a\uffff', canary: 'c1', gold: 'g1' },
      { id: 'B', canary: 'c0', gold: 'g0' },
    ];
    const expected = sha(['["B","c0","g0"]\n', '["a\uffff","c1","g1"]\n', '["a\u{10000}","c2","g2"]\n']);
    expect(goldContentSha256(records)).toBe(expected);
    expect(goldContentSha256([...records].reverse())).toBe(expected);
    expect(goldContentSha256([{ ...records[0]!, gold: 'other' }, records[1]!, records[2]!])).not.toBe(expected);
  });
});
