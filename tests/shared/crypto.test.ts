import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decryptText, encryptText } from '../../shared/crypto';
import { sha256Hex } from '../../shared/sha256';

describe('canary crypto (design.md §4.1)', () => {
  it('matches the published test vector', () => {
    expect(encryptText('The Legend of Zelda: Ocarina of Time 3D — 94', 'ATLAS canary example 0001')).toBe(
      'wGylvldPkyoBpD8kPKQkARap6XVy8JQLUAJJT6bIVsTAba37Oxmwb41Ai2tjsA==',
    );
    expect(
      decryptText('wGylvldPkyoBpD8kPKQkARap6XVy8JQLUAJJT6bIVsTAba37Oxmwb41Ai2tjsA==', 'ATLAS canary example 0001'),
    ).toBe('The Legend of Zelda: Ocarina of Time 3D — 94');
  });

  it('agrees with the reference implementation (Node crypto + Buffer) on any text and canary', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.string(), (text, canary) => {
        const data = Buffer.from(text, 'utf8');
        const digest = createHash('sha256').update(canary, 'utf8').digest();
        const reference = Buffer.from(data.map((byte, i) => byte ^ digest[i % 32]!)).toString('base64');
        expect(encryptText(text, canary)).toBe(reference);
        expect(decryptText(reference, canary)).toBe(text);
      }),
      { numRuns: 300 },
    );
  });

  it('round-trips unicode: CJK, RTL, emoji, combining marks', () => {
    for (const text of ['東京都', 'שלום עולם', 'Straße 🚀', 'e\u0301', '']) {
      expect(decryptText(encryptText(text, 'k'), 'k')).toBe(text);
    }
  });

  it('refuses ciphertext that is not base64 or decrypts to invalid UTF-8', () => {
    expect(() => decryptText('not base64!', 'k')).toThrow(/base64/);
    const bad = Buffer.from([0xff ^ createHash('sha256').update('k').digest()[0]!]).toString('base64');
    expect(() => decryptText(bad, 'k')).toThrow();
  });

  it('sha256 matches Node for lengths around the block boundaries', () => {
    for (const length of [0, 1, 55, 56, 63, 64, 65, 119, 120, 1000]) {
      const text = 'a'.repeat(length);
      expect(sha256Hex(text)).toBe(createHash('sha256').update(text).digest('hex'));
    }
  });
});
