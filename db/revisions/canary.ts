// A task's canary cipher for apply (design.md §4.1), on Node's native codecs:
// decrypting and re-encrypting every touched task's gold (nearly the whole
// dataset for a large patch) with the pure-JS scheme of shared/crypto.ts was
// a large share of applying. The store's XorKey (db/seal.ts) applies the same
// key byte for byte (tests/db/seal.fuzz.test.ts). `decrypt` keeps
// decryptText's answers exactly, refusals included: it takes a fast path only
// for canonical base64 and defers to decryptText otherwise.
import { isUtf8 } from 'node:buffer';
import { XorKey } from '../seal';
import { decryptText } from '../../shared/crypto';

export interface CanaryCipher {
  /** Same as encryptText(text, canary). */
  encrypt(text: string): string;
  /** Same as decryptText(cipher, canary), including what it throws on. */
  decrypt(cipher: string): string;
}

const BOM = 0xfeff;
/** Below this many characters the per-call cost of Buffers outweighs their speed: decoded in plain JavaScript. */
const SHORT = 96;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const SIXBITS = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) SIXBITS[ALPHABET.charCodeAt(i)] = i;
const EQUALS = 61;

/**
 * A short canonical base64 text (length a multiple of 4, alphabet only, at
 * most two `=` at the end) decrypted to ASCII, or null when it is anything
 * else (decryptText then answers). On such text decryptText decodes the same
 * bytes, and ASCII bytes are the same text under its UTF-8 decoder.
 */
function shortAscii(cipher: string, key: Uint8Array): string | null {
  const length = cipher.length;
  if (length % 4 !== 0) return null;
  let end = length;
  if (end > 0 && cipher.charCodeAt(end - 1) === EQUALS) end--;
  if (end > 0 && cipher.charCodeAt(end - 1) === EQUALS) end--;
  let text = '';
  let buffer = 0;
  let bits = 0;
  let o = 0;
  for (let i = 0; i < end; i++) {
    const code = cipher.charCodeAt(i);
    const value = code < 128 ? SIXBITS[code]! : -1;
    if (value < 0) return null;
    buffer = ((buffer << 6) | value) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      const byte = ((buffer >> bits) & 0xff) ^ key[o++ & 31]!;
      if (byte >= 0x80) return null;
      text += String.fromCharCode(byte);
    }
  }
  return text;
}

export function canaryCipher(canary: string): CanaryCipher {
  const key = new XorKey(canary);
  return {
    encrypt: (text) => key.apply(Buffer.from(text, 'utf8')).toString('base64'),
    decrypt(cipher) {
      if (cipher.length < SHORT) return shortAscii(cipher, key.bytes) ?? decryptText(cipher, canary);
      const bytes = Buffer.from(cipher, 'base64');
      // Buffer's base64 decoder skips characters decryptText refuses (and reads base64url): only text that
      // re-encodes to itself is canonical base64, where both decode to the same bytes.
      if (bytes.toString('base64') !== cipher) return decryptText(cipher, canary);
      key.apply(bytes);
      // decryptText's strict decoder refuses bytes that are not UTF-8.
      if (!isUtf8(bytes)) throw new Error("the text does not decrypt to UTF-8 with the task's canary");
      const text = bytes.toString('utf8');
      // It also drops one leading byte-order mark; Buffer keeps it.
      return text.charCodeAt(0) === BOM ? text.slice(1) : text;
    },
  };
}

/** One cipher per canary, so each task's key is derived once however many of its strings are read. */
export function canaryCiphers(): (canary: string) => CanaryCipher {
  const ciphers = new Map<string, CanaryCipher>();
  return (canary) => {
    let cipher = ciphers.get(canary);
    if (!cipher) {
      cipher = canaryCipher(canary);
      ciphers.set(canary, cipher);
    }
    return cipher;
  };
}
