// Apply swaps a JSONL line's gold on its bytes when it can (jsonl-gold.ts);
// whenever it answers, the line must be exactly what replaceGold gives.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replaceGold } from '../../../db/revisions/dataset-file';
import { swapGoldBytes } from '../../../db/revisions/jsonl-gold';

const key = fc.constantFrom('gold', 'id', 'question', 'canary', 'g\\u006fld', 'x');
const value = fc.oneof(
  fc.string(),
  fc.constantFrom('QUJD', 'ABC', '"QUJD"', 'é\u2028'),
  fc.integer(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 2 }),
  fc.dictionary(fc.constantFrom('gold', 'a'), fc.constantFrom('QUJD', 'x')),
);
const newGold = fc.constantFrom('QUJD', 'ABC', 'zz/+==', 'a"b', 'QQ', 'é');

describe('swapping gold on bytes', () => {
  it('gives replaceGold’s line whenever it answers', () => {
    let answered = 0;
    fc.assert(
      fc.property(
        fc.array(fc.tuple(key, value), { maxLength: 5 }),
        fc.constantFrom('', ' ', '\t'),
        fc.boolean(),
        fc.boolean(),
        newGold,
        (members, ws, bom, escape, gold) => {
          const body = members
            .map(([k, v]) => `"${k}"${ws}:${ws}${escape && v === 'QUJD' ? '"\\u0051UJD"' : JSON.stringify(v)}`)
            .join(`,${ws}`);
          const text = `${bom ? '\uFEFF' : ''}{${ws}${body}${ws}}${ws}`;
          let record: Record<string, unknown>;
          try {
            record = JSON.parse(text.replace(/^\uFEFF/u, '')) as Record<string, unknown>;
          } catch {
            return;
          }
          if (typeof record.gold !== 'string') return;
          const parts = swapGoldBytes(Buffer.from(text, 'utf8'), gold);
          if (parts === null) return;
          answered++;
          expect(Buffer.concat(parts).toString('utf8')).toBe(replaceGold(text, gold));
        },
      ),
      { numRuns: 5000 },
    );
    expect(answered).toBeGreaterThan(0);
  });

  it('leaves unsure lines to replaceGold', () => {
    const lines = [
      '{"gold":"QUJD","x":"QUJD"}', // the token twice
      '{"gold":"\\u0051UJD","x":"QUJD"}', // escaped gold, its text elsewhere
      '{"gold":"QUJD","gold":"QUJE"}', // duplicate key
      '{"x":{"gold":"QUJD"},"gold":"QUJE"}', // nested value
    ];
    for (const line of lines) expect(swapGoldBytes(Buffer.from(line, 'utf8'), 'Wlla')).toBeNull();
    expect(
      swapGoldBytes(Buffer.from([0x7b, 0x22, 0x67, 0x6f, 0x6c, 0x64, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]), 'Wlla'),
    ).toBeNull();
    expect(Buffer.concat(swapGoldBytes(Buffer.from(' {"id":1, "gold" : "QUJD" } ', 'utf8'), 'Wlla')!).toString()).toBe(
      ' {"id":1, "gold" : "Wlla" } ',
    );
  });
});
