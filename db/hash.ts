// Node's native SHA-256 for the store's hot paths (dispute ids, entity keys):
// the same digests as shared/sha256.ts, several times faster.
import { createHash } from 'node:crypto';

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
