import type { DisputeKey } from './domain';
import { sha256Hex } from './sha256';

/** The text a dispute id hashes: its natural key. */
export function disputeKeyText(key: DisputeKey): string {
  const parts =
    key.kind === 'missing_row'
      ? [key.kind, key.task_id, key.entity_key ?? '']
      : [key.kind, key.task_id, String(key.gold_row ?? ''), key.column ?? ''];
  return parts.join('\u0000');
}

/**
 * Opaque, stable dispute id from its natural key (the same in every store).
 * `hashHex` lets Node code pass its native SHA-256 (derivation computes tens
 * of thousands); the renderer has only this module's.
 */
export function disputeId(key: DisputeKey, hashHex: (text: string) => string = sha256Hex): string {
  return `d-${hashHex(disputeKeyText(key)).slice(0, 20)}`;
}
