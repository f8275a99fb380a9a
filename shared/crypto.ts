// The ATLAS canary scheme (dataset card): base64 of the UTF-8 text XOR-ed with
// SHA-256(canary) repeated to the text's length. It hides text from crawlers;
// it is not secrecy, since the canary ships beside the ciphertext.
import { decodeBase64, encodeBase64 } from './base64';
import { sha256 } from './sha256';

const encoder = new TextEncoder();
const strictDecoder = new TextDecoder('utf-8', { fatal: true });
const keyCache = new Map<string, Uint8Array>();

function keyFor(canary: string): Uint8Array {
  let key = keyCache.get(canary);
  if (!key) {
    key = sha256(encoder.encode(canary));
    if (keyCache.size > 10_000) keyCache.clear();
    keyCache.set(canary, key);
  }
  return key;
}

/** XORs in place: both callers own a fresh array (encoded text, decoded base64). */
function xorWithKey(data: Uint8Array, key: Uint8Array): Uint8Array {
  for (let i = 0; i < data.length; i++) data[i]! ^= key[i & 31]!;
  return data;
}

export function encryptText(text: string, canary: string): string {
  return encodeBase64(xorWithKey(encoder.encode(text), keyFor(canary)));
}

/** Throws when the input is not base64 or does not decrypt to valid UTF-8. */
export function decryptText(cipher: string, canary: string): string {
  return strictDecoder.decode(xorWithKey(decodeBase64(cipher), keyFor(canary)));
}
