// A seeded pseudo-random stream, the same on every machine and in every host:
// a seed text hashed to 128 bits (SHA-256, first 16 bytes) feeds sfc32
// (Chris Doty-Humphrey's Small Fast Counting generator, PractRand-tested).
import { sha256 } from '../sha256';

export interface RandomStream {
  /** A whole number in [0, bound), every one equally likely (rejection, no modulo bias). */
  below(bound: number): number;
}

export function seededStream(seed: string): RandomStream {
  const digest = sha256(new TextEncoder().encode(seed));
  const view = new DataView(digest.buffer, digest.byteOffset, digest.byteLength);
  let a = view.getUint32(0),
    b = view.getUint32(4),
    c = view.getUint32(8),
    d = view.getUint32(12);
  const next = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  // Warm-up, as sfc32's author advises, so nearby seeds part at once.
  for (let i = 0; i < 12; i++) next();
  return {
    below(bound: number): number {
      if (!Number.isSafeInteger(bound) || bound < 1 || bound > 2 ** 32)
        throw new RangeError(`below: bound must be a whole number in 1…2^32, got ${bound}`);
      const limit = 2 ** 32 - (2 ** 32 % bound);
      for (;;) {
        const value = next();
        if (value < limit) return value % bound;
      }
    },
  };
}
