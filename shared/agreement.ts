// When two rulings say the same thing (DESIGN §6): same decision and same
// normalised value. Shared so every host and the statistics agree.
import type { Decision, DisputeStatus, RuleType } from './domain';
import { VALUE_DECISIONS } from './domain';
import { normalizeForRule, normalizeText } from './normalize';

export interface RulingContent {
  decision: Decision;
  value?: string | null;
  values?: Record<string, string> | null;
  row?: number | null;
}

export function agreementKey(ruling: RulingContent, ruleType: RuleType | null | undefined): string {
  const parts: string[] = [ruling.decision];
  if (ruling.decision === 'add_alias') parts.push(String(ruling.row ?? ''));
  if (VALUE_DECISIONS.has(ruling.decision)) {
    parts.push(ruling.decision === 'add_row' ? normalizeText(ruling.value ?? '') : normalizeForRule(ruleType ?? undefined, ruling.value ?? ''));
  }
  if (ruling.decision === 'add_row' && ruling.values) {
    const entries = Object.keys(ruling.values)
      .sort()
      .map((column) => `${column}=${normalizeText(ruling.values![column] ?? '')}`);
    parts.push(...entries);
  }
  return parts.join('\u001f');
}

/** Status of a dispute from each engineer's counted ruling (DESIGN §6). */
export function statusFromPositions(agreementKeys: readonly string[], required: number, settledByRevision: boolean): DisputeStatus {
  if (settledByRevision) return 'resolved';
  if (agreementKeys.length === 0) return 'open';
  const distinct = new Set(agreementKeys);
  if (distinct.size > 1) return 'conflict';
  return agreementKeys.length >= required ? 'resolved' : 'open';
}
