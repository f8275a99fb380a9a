// The gold operation a draft would write, before it is saved: the same shape
// and text (shared/gold-operation.ts) as the service's rule result and the
// command line's `rule`, so the form, the notice after saving and the CLI say
// one thing.
import type { RuleInput } from '../../../shared/api';
import type { DisputeDetail } from '../../../shared/api-types';
import type { GoldOperation, GoldOperationCell } from '../../../shared/gold-operation';
import { goldOperationFor } from '../../../shared/gold-operation';
import { newRowSystems } from './add-row';
import { inGoldFormat, rowValuesInGoldFormat } from './gold-spelling';
import type { RulingDraft } from './draft';

/** Gold's cell on the dispute, as the operation names it. */
function goldCell(detail: DisputeDetail): GoldOperationCell | null {
  const { gold } = detail;
  if (detail.dispute.column == null || detail.dispute.gold_row == null) return null;
  if (gold.state === 'blank') return { blank: true };
  if (gold.state === 'ungraded') return { ungraded: true };
  return { value: gold.value ?? '', ...(gold.alternatives.length > 0 ? { alternatives: gold.alternatives } : {}) };
}

/** The gold row add_alias or remove_row names. */
function targetRow(
  detail: DisputeDetail,
  input: RuleInput,
): { row: number; entity: string; aliases: readonly string[] } | null {
  const row = input.decision === 'add_alias' ? input.row : detail.dispute.gold_row;
  if (row == null) return null;
  const found = detail.task_rows.find((r) => r.row === row);
  if (found) return found;
  return row === detail.dispute.gold_row && detail.gold_row ? { row, ...detail.gold_row } : null;
}

/**
 * What saving `input` (built from `draft`) writes into gold: a value taken
 * from a system in the column's gold format unless its spelling is kept on
 * purpose, as the service writes it (lib/gold-spelling.ts).
 */
export function draftOperation(detail: DisputeDetail, input: RuleInput, draft: RulingDraft): GoldOperation {
  const keep = input.keepSpelling === true;
  const fromSystem = input.decision === 'accept_system' || input.decision === 'accept_both';
  const value =
    fromSystem && !keep && input.value != null
      ? inGoldFormat(detail, detail.dispute.column, input.value)
      : (input.value ?? null);
  const values =
    input.decision === 'add_row' && !keep && input.values != null
      ? rowValuesInGoldFormat(detail, input.values)
      : (input.values ?? null);
  return goldOperationFor({
    decision: input.decision,
    row: detail.dispute.gold_row,
    column: detail.dispute.column,
    entity: detail.dispute.entity,
    gold: goldCell(detail),
    value,
    values,
    systems: input.decision === 'add_row' ? newRowSystems(draft, detail) : {},
    target: targetRow(detail, input),
  });
}
