import type { DisputeKey } from './domain';
import { sha256Hex } from './sha256';

/** Opaque, stable dispute id from its natural key (the same in every store). */
export function disputeId(key: DisputeKey): string {
  const parts =
    key.kind === 'missing_row'
      ? [key.kind, key.task_id, key.entity_key ?? '']
      : [key.kind, key.task_id, String(key.gold_row ?? ''), key.column ?? ''];
  return `d-${sha256Hex(parts.join('\u0000')).slice(0, 20)}`;
}
