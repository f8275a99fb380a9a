// Apply's native canary cipher must answer exactly as shared/crypto.ts does:
// the same ciphertext, the same plain text, and a throw wherever decryptText
// throws (bad base64, bytes that are not UTF-8), byte-order marks included.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canaryCipher } from '../../../db/revisions/canary';
import { decryptText, encryptText } from '../../../shared/crypto';

function outcome(run: () => string): { text: string } | { threw: true } {
  try {
    return { text: run() };
  } catch {
    return { threw: true };
  }
}

describe('canary cipher', () => {
  it('encrypts and decrypts as shared/crypto does', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 200 }),
        fc.string({ minLength: 1 }),
        fc.boolean(),
        (text, canary, bom) => {
          const cipher = canaryCipher(canary);
          const plain = bom ? `\uFEFF${text}` : text;
          const sealed = cipher.encrypt(plain);
          expect(sealed).toBe(encryptText(plain, canary));
          expect(cipher.decrypt(sealed)).toBe(decryptText(sealed, canary));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('refuses what decryptText refuses and reads what it reads', () => {
    const base64ish = fc.string({ unit: fc.constantFrom(...'AQgw+/=-_ \n!é'.split('')), maxLength: 40 });
    fc.assert(
      fc.property(base64ish, fc.string({ minLength: 1, maxLength: 8 }), (text, canary) => {
        expect(outcome(() => canaryCipher(canary).decrypt(text))).toEqual(outcome(() => decryptText(text, canary)));
      }),
      { numRuns: 2000 },
    );
    for (const text of ['', 'QQ', 'QQ==', 'QR==', 'Q', '////', '-_-_', 'QUJD\nREVG', '77u/QQ==']) {
      expect(outcome(() => canaryCipher('k').decrypt(text))).toEqual(outcome(() => decryptText(text, 'k')));
    }
  });
});
