// How each ruling of the audit trail stands today.
import type { RulingView } from '../../../../shared/api-types';
import { retractedIds } from '../../../../shared/retractions';

export type RulingState = 'counted' | 'superseded' | 'retracted' | 'retraction';

export function rulingStates(rulings: readonly RulingView[]): Map<string, RulingState> {
  // Only the engineer's own retraction withdraws a ruling (a merged log may hold another's).
  const retracted = retractedIds(rulings);
  return new Map(
    rulings.map((r) => {
      if (r.decision === 'retract') return [r.id, 'retraction'];
      if (retracted.has(r.id)) return [r.id, 'retracted'];
      return [r.id, r.counted ? 'counted' : 'superseded'];
    }),
  );
}

/** The engineer's ruling that counts now, if any. */
export function myCountedRuling(rulings: readonly RulingView[], engineer: string | undefined): RulingView | null {
  if (!engineer) return null;
  return rulings.find((r) => r.engineer === engineer && r.counted && r.decision !== 'retract') ?? null;
}
