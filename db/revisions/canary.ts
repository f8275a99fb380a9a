// A task's canary cipher for apply (DESIGN §4.1), on Node's native codecs:
// decrypting and re-encrypting every touched task's gold (nearly the whole
// dataset for a large patch) with the pure-JS scheme of shared/crypto.ts was
// a large share of applying. The Sealer implements the same scheme byte for
// byte (tests/hardening/seal.test.ts); what it does not share is how strictly
// text is refused, so `decrypt` keeps decryptText's answers exactly: it takes
// the fast path only for canonical base64 and defers to decryptText otherwise.
import { Sealer } from '../seal';
import { decryptText } from '../../shared/crypto';

export interface CanaryCipher {
  /** Same as encryptText(text, canary). */
  encrypt(text: string): string;
  /** Same as decryptText(cipher, canary), including what it throws on. */
  decrypt(cipher: string): string;
}

const BOM = 0xfeff;

export function canaryCipher(canary: string): CanaryCipher {
  const sealer = new Sealer(canary);
  return {
    encrypt: (text) => sealer.seal(text),
    decrypt(cipher) {
      // Buffer's base64 decoder skips characters decryptText refuses (and reads base64url): only text that
      // re-encodes to itself is canonical base64, where both decode to the same bytes.
      if (Buffer.from(cipher, 'base64').toString('base64') !== cipher) return decryptText(cipher, canary);
      // Both refuse bytes that are not UTF-8 (the sealer throws its own error; callers only need a throw).
      const text = sealer.open(cipher);
      // decryptText's TextDecoder drops one leading byte-order mark; Buffer keeps it.
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
