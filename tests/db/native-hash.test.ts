// The store hashes dispute ids and entity keys with Node's SHA-256; the
// renderer and logs compute the same ids with shared/sha256.ts. They must agree.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha256Hex as nativeSha256Hex } from '../../db/hash';
import { disputeId } from '../../shared/dispute-id';
import { sha256Hex } from '../../shared/sha256';

describe('native SHA-256', () => {
  it('gives the digests of shared/sha256.ts on any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (text) => {
        expect(nativeSha256Hex(text)).toBe(sha256Hex(text));
      }),
      { numRuns: 500 },
    );
    expect(nativeSha256Hex('x'.repeat(100_000))).toBe(sha256Hex('x'.repeat(100_000)));
  });

  it('gives the same dispute ids', () => {
    const key = fc.record({
      kind: fc.constantFrom('cell' as const, 'missing_row' as const, 'report' as const),
      task_id: fc.string(),
      gold_row: fc.option(fc.nat()),
      column: fc.option(fc.string()),
      entity_key: fc.option(fc.string()),
    });
    fc.assert(
      fc.property(key, (k) => {
        expect(disputeId(k, nativeSha256Hex)).toBe(disputeId(k));
      }),
      { numRuns: 500 },
    );
  });
});
