// How each ruling of the audit trail stands today.
import type { RulingView } from '../../../../shared/api-types';
import { DECISION_LABELS } from '../../../../shared/domain';
import { oneLine } from '../../lib/format';
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

/** A ruling as one line: its decision, and its value when it has one. */
export function rulingText(ruling: Pick<RulingView, 'decision' | 'value'>): string {
  const label = ruling.decision === 'retract' ? 'Retraction' : DECISION_LABELS[ruling.decision];
  return `${label}${ruling.value != null ? ` · ${oneLine(ruling.value)}` : ''}`;
}

/**
 * What the ruling form says while no decision is chosen: the engineer's ruling
 * that counts now, when there is one (pressing a number drafts a new one).
 */
export function idleRulingLine(mine: Pick<RulingView, 'decision' | 'value'> | null): string {
  if (!mine) return 'no decision yet — press a number';
  return `your ruling: ${rulingText(mine)} (counted) — press a number to change it`;
}
