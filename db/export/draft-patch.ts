// The patch an export would write now, built in memory and never recorded:
// what the score preview and the patch review show as a dry run before a tag
// is taken. Plain text, as it never leaves the process.
import type { GoldPatch } from '../../shared/patch';
import type { Store } from '../store';
import { buildPatch } from './export-patch';

/** What a dry run calls its patch: no tag can be spelled so (tags take no spaces or brackets). */
export const UNEXPORTED_REVISION = '(settled rulings, not exported)';

export function draftPatch(store: Store, engineer: string): GoldPatch {
  return buildPatch(store, { revision: UNEXPORTED_REVISION, out: '-', plaintext: true }, engineer).patch;
}
