const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const LOOKUP = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) LOOKUP[ALPHABET.charCodeAt(i)] = i;

export function encodeBase64(bytes: Uint8Array): string {
  const parts: string[] = [];
  let chunk = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i]!, b = bytes[i + 1], c = bytes[i + 2];
    const n = (a << 16) | ((b ?? 0) << 8) | (c ?? 0);
    chunk +=
      ALPHABET[(n >> 18) & 63]! +
      ALPHABET[(n >> 12) & 63]! +
      (b === undefined ? '=' : ALPHABET[(n >> 6) & 63]!) +
      (c === undefined ? '=' : ALPHABET[n & 63]!);
    if (chunk.length >= 8192) {
      parts.push(chunk);
      chunk = '';
    }
  }
  parts.push(chunk);
  return parts.join('');
}

/** Decodes standard base64 (whitespace ignored); throws on any other character. */
export function decodeBase64(text: string): Uint8Array {
  const clean = text.replace(/[\s]/g, '');
  let end = clean.length;
  while (end > 0 && clean[end - 1] === '=') end--;
  if (clean.length - end > 2) throw new Error('invalid base64: too much padding');
  const out = new Uint8Array(Math.floor((end * 3) / 4));
  let buffer = 0, bits = 0, o = 0;
  for (let i = 0; i < end; i++) {
    const code = clean.charCodeAt(i);
    const value = code < 128 ? LOOKUP[code]! : -1;
    if (value < 0) throw new Error(`invalid base64 character at ${i}`);
    buffer = (buffer << 6) | value;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (buffer >> bits) & 0xff;
    }
  }
  return out.subarray(0, o);
}
