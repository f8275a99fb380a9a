// How a patch operation that does not fit the dataset is described, the same
// in the refusal message (apply, CLI) and in the app's table.
import type { PatchMismatch } from './revision-types';

/** Why the operation does not fit, with the values when the refusal may show them (plaintext). */
export function mismatchReason(m: Pick<PatchMismatch, 'reason' | 'expected' | 'found'>): string {
  return m.expected !== undefined || m.found !== undefined
    ? `${m.reason} (expected ${m.expected ?? '?'}, found ${m.found ?? '?'})`
    : m.reason;
}
