// Text that is or may repeat gold is kept sealed in the store, so a copied or
// committed store file shows no gold in plain text. Same XOR scheme as the
// dataset (shared/crypto.ts); the key lives in the store's meta table.
//
// This is the importer's hottest helper (about two million seals and opens per
// full import), so it uses Node's native UTF-8 and base64 codecs and XORs a
// word at a time. The bytes are exactly those of shared/crypto.ts
// (tests/db/seal.fuzz.test.ts checks both directions on arbitrary text).
import { isUtf8 } from 'node:buffer';
import { createHash } from 'node:crypto';
import { normalizeText } from '../shared/normalize';
import type { Db } from './store';

export class SealError extends Error {
  override name = 'SealError';
}

/** SHA-256 of the key repeated: 32 bytes, as bytes and as little-endian words. */
export class XorKey {
  readonly bytes: Buffer;
  readonly words: Uint32Array;
  constructor(secret: string) {
    this.bytes = createHash('sha256').update(secret, 'utf8').digest();
    this.words = new Uint32Array(this.bytes.buffer.slice(this.bytes.byteOffset, this.bytes.byteOffset + 32));
  }

  /** XORs `data` in place with the key repeated from offset 0. */
  apply(data: Buffer): Buffer {
    const length = data.length;
    let i = 0;
    // Word loop only where it pays and the view can be aligned (pool buffers are 8-byte aligned).
    if (length >= 64 && data.byteOffset % 4 === 0) {
      const words = new Uint32Array(data.buffer, data.byteOffset, length >>> 2);
      const key = this.words;
      for (let w = 0; w < words.length; w++) words[w]! ^= key[w & 7]!;
      i = words.length << 2;
    }
    const key = this.bytes;
    for (; i < length; i++) data[i]! ^= key[i & 31]!;
    return data;
  }
}

export class Sealer {
  private readonly key: XorKey;

  /** `secret`: kept for the reader thread, which seals with the same key (db/import/reader-thread). */
  constructor(readonly secret: string) {
    this.key = new XorKey(secret);
  }

  seal(text: string): string;
  seal(text: string | null | undefined): string | null;
  seal(text: string | null | undefined): string | null {
    return text === null || text === undefined ? null : this.sealBytes(text).toString('base64');
  }

  open(sealed: string): string;
  open(sealed: string | null | undefined): string | null;
  open(sealed: string | null | undefined): string | null {
    if (sealed === null || sealed === undefined) return null;
    return this.opened(Buffer.from(sealed, 'base64'), 'text');
  }

  /** `text` sealed as bytes, for a BLOB: the same bytes as seal() before its base64. */
  sealBytes(text: string): Buffer {
    return this.key.apply(Buffer.from(text, 'utf8'));
  }

  /** What sealBytes sealed; `sealed` is left as it was. */
  openBytes(sealed: Uint8Array): string {
    return this.opened(Buffer.from(sealed), 'bytes');
  }

  /** Opens `copy` (a buffer of its own) in place. */
  private opened(copy: Buffer, what: 'text' | 'bytes'): string {
    const bytes = this.key.apply(copy);
    // Wrong key or damaged text: refuse rather than show replacement characters.
    if (!isUtf8(bytes)) throw new SealError(`sealed ${what} does not open to valid UTF-8 (wrong key or damaged store)`);
    return bytes.toString('utf8');
  }

  sealJson(value: unknown): string {
    return this.seal(JSON.stringify(value));
  }

  openJson<T>(sealed: string | null | undefined, fallback: T): T {
    if (sealed === null || sealed === undefined) return fallback;
    return JSON.parse(this.open(sealed)) as T;
  }

  /**
   * `unseal(x)` in SQL, and `unseal_search(x)`: the opened text as search
   * compares it (normalizeText: case-folded beyond ASCII, spaces collapsed).
   */
  register(db: Db): void {
    db.function('unseal', { deterministic: true }, (sealed: unknown) =>
      typeof sealed === 'string' ? this.open(sealed) : null,
    );
    db.function('unseal_search', { deterministic: true }, (sealed: unknown) =>
      typeof sealed === 'string' ? searchText(this.open(sealed)) : null,
    );
    db.function('search_text', { deterministic: true }, (text: unknown) =>
      typeof text === 'string' ? searchText(text) : null,
    );
  }
}

/** Text as search compares it. Printable ASCII (most values) skips Unicode normalisation, which gives the same result there. */
export function searchText(text: string): string {
  if (NON_ASCII.test(text)) return normalizeText(text);
  const lower = text.toLowerCase();
  return UNTIDY_SPACE.test(lower) ? lower.replace(/\s+/gu, ' ').trim() : lower;
}

const NON_ASCII = /[^\t-~]/u;
/** Whitespace that normalizeText would change: runs, non-space whitespace, or at either end. */
const UNTIDY_SPACE = /\s\s|[^\S ]|^\s|\s$/u;
