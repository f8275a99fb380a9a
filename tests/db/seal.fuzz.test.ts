// The store's sealer uses Node's codecs for speed; its bytes must stay exactly
// those of the pure-JS canary scheme in shared/crypto.ts, or stores written
// before and after would not open each other's text.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Sealer } from '../../db/seal';
import { decryptText, encryptText } from '../../shared/crypto';

describe('Sealer', () => {
  it('seals to the same bytes as shared/crypto and opens them back', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), fc.string({ minLength: 1 }), (text, key) => {
        const sealer = new Sealer(key);
        const sealed = sealer.seal(text);
        expect(sealed).toBe(encryptText(text, key));
        expect(sealer.open(sealed)).toBe(text);
        expect(sealer.open(encryptText(text, key))).toBe(decryptText(encryptText(text, key), key));
      }),
      { numRuns: 500 },
    );
  });

  it('handles long text, lone surrogates and unaligned lengths like the reference', () => {
    const sealer = new Sealer('k');
    for (const text of ['x'.repeat(1_000_003), '\uD800 lone', '東京'.repeat(33), '\u202Eevil\u200B'.repeat(20)]) {
      expect(sealer.seal(text)).toBe(encryptText(text, 'k'));
      expect(sealer.open(sealer.seal(text))).toBe(decryptText(encryptText(text, 'k'), 'k'));
    }
  });

  it('keeps null as null and round-trips JSON', () => {
    const sealer = new Sealer('k');
    expect(sealer.seal(null)).toBeNull();
    expect(sealer.open(undefined)).toBeNull();
    expect(sealer.openJson(sealer.sealJson({ a: ['b', 1] }), null)).toEqual({ a: ['b', 1] });
  });

  it('refuses text that does not open to UTF-8 (wrong key)', () => {
    const sealed = new Sealer('right').seal('Straße 🚀 东京');
    expect(() => new Sealer('wrong').open(sealed)).toThrow(/UTF-8/);
  });
});
