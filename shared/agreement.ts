// When two rulings say the same thing (design.md §6): same decision and same
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

/** What add_row's agreement needs beyond the ruling: its columns' rules and the dispute's entity. */
export interface AgreementContext {
  /** Each attribute column's rule: "1987" and "1,987" in a number column agree, as cells' values do. */
  columnRules?: ReadonlyMap<string, RuleType>;
  /** The dispute's entity: the name an add_row that names none adds, so naming it agrees with leaving it out. */
  entity?: string;
}

/** Which version of agreementKey the store's positions were computed with (db/rulings/status.ts upgrades them). */
export const AGREEMENT_KEY_VERSION = '2';

export function agreementKey(
  ruling: RulingContent,
  ruleType: RuleType | null | undefined,
  context: AgreementContext = {},
): string {
  const parts: string[] = [ruling.decision];
  if (ruling.decision === 'add_alias') parts.push(String(ruling.row ?? ''));
  if (ruling.decision === 'add_row') {
    const named = (ruling.value ?? '').trim();
    parts.push(normalizeText(named === '' ? (context.entity ?? '') : named));
  } else if (VALUE_DECISIONS.has(ruling.decision)) {
    parts.push(normalizeForRule(ruleType ?? undefined, ruling.value ?? ''));
  }
  if (ruling.decision === 'add_row' && ruling.values) {
    const values = ruling.values;
    // A blank value is a blank cell, the same as leaving the column out.
    const entries = Object.keys(values)
      .filter((column) => (values[column] ?? '').trim() !== '')
      .sort()
      .map((column) => `${column}=${normalizeForRule(context.columnRules?.get(column), values[column]!)}`);
    parts.push(...entries);
  }
  return parts.join('\u001f');
}

/** Status of a dispute from each engineer's counted ruling (design.md §6). */
export function statusFromPositions(
  agreementKeys: readonly string[],
  required: number,
  settledByRevision: boolean,
): DisputeStatus {
  if (settledByRevision) return 'resolved';
  if (agreementKeys.length === 0) return 'open';
  const distinct = new Set(agreementKeys);
  if (distinct.size > 1) return 'conflict';
  return agreementKeys.length >= required ? 'resolved' : 'open';
}
