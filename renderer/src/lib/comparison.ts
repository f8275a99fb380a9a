// The rulings that count on a dispute, side by side: which engineers agree
// (same decision and normalised value, the same test the service applies),
// and what the dispute's status would become if I saved my draft now.
import type { RuleInput } from '../../../shared/api';
import type { DisputeDetail, RulingView } from '../../../shared/api-types';
import { agreementKey, statusFromPositions } from '../../../shared/agreement';
import type { AgreementContext } from '../../../shared/agreement';
import type { Decision, DisputeStatus, RuleType } from '../../../shared/domain';

export interface Position {
  ruling: RulingView & { decision: Decision };
  /** Engineers with the same group agree; groups are numbered in order of first appearance. */
  group: number;
  key: string;
}

function isDecision(r: RulingView): r is RulingView & { decision: Decision } {
  return r.decision !== 'retract';
}

function keyOf(
  r: { decision: Decision; value: string | null; values: Record<string, string> | null; row: number | null },
  ruleType: RuleType | null,
  context: AgreementContext,
): string {
  return agreementKey({ decision: r.decision, value: r.value, values: r.values, row: r.row }, ruleType, context);
}

/** What add_row's agreement needs from the dispute, as the service reads it (db/rulings/status.ts). */
export function agreementContextOf(detail: Pick<DisputeDetail, 'columns' | 'dispute'>): AgreementContext {
  return {
    entity: detail.dispute.entity,
    columnRules: new Map(detail.columns.map((column) => [column.name, column.rule.type])),
  };
}

/** Each engineer's counted ruling, oldest first, grouped by agreement. */
export function countedPositions(
  detail: Pick<DisputeDetail, 'rulings' | 'column_rule' | 'columns' | 'dispute'>,
): Position[] {
  const { rulings } = detail;
  const ruleType = detail.column_rule?.type ?? null;
  const context = agreementContextOf(detail);
  const counted = rulings.filter((r) => r.counted).filter(isDecision);
  counted.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
  const groups = new Map<string, number>();
  return counted.map((ruling) => {
    const key = keyOf(ruling, ruleType, context);
    if (!groups.has(key)) groups.set(key, groups.size);
    return { ruling, group: groups.get(key)!, key };
  });
}

/** "A", "B", … for agreement groups. */
export function groupLabel(group: number): string {
  return String.fromCharCode(65 + (group % 26));
}

export interface Outcome {
  status: DisputeStatus;
  /** Engineers (me included) whose counted rulings would agree with mine. */
  agreeing: number;
  /** Engineers whose counted rulings would disagree with mine. */
  disagreeing: number;
  required: number;
}

/**
 * What saving `input` as `engineer` would make of the dispute, under the
 * policy. Null when other rulings are hidden (blind review): the status
 * cannot be foreseen without them.
 */
export function predictOutcome(
  detail: DisputeDetail,
  input: RuleInput,
  engineer: string,
  required: number,
): Outcome | null {
  if (detail.rulings_hidden) return null;
  const ruleType = detail.column_rule?.type ?? null;
  const mine = keyOf(
    { decision: input.decision, value: input.value ?? null, values: input.values ?? null, row: input.row ?? null },
    ruleType,
    agreementContextOf(detail),
  );
  const others = countedPositions(detail)
    .filter((p) => p.ruling.engineer !== engineer)
    .map((p) => p.key);
  const keys = [...others, mine];
  const agreeing = keys.filter((k) => k === mine).length;
  return {
    status: statusFromPositions(keys, required, detail.settled_by_revision != null),
    agreeing,
    disagreeing: keys.length - agreeing,
    required,
  };
}
