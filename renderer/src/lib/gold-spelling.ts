// Which spelling a ruling writes into gold. A value taken from a system is
// written in the format the column's gold already uses (shared/gold-format.ts,
// as the service writes it): that is the default the form prefills. The
// systems' own spellings stay a visible choice, written as spelled
// (`keepSpelling`), never the default.
import type { RuleInput } from '../../../shared/api';
import type { DisputeDetail } from '../../../shared/api-types';
import { clusterSpellings } from '../../../shared/clusters';
import { formatLikeGold } from '../../../shared/gold-format';
import { goldOperationFor } from '../../../shared/gold-operation';
import type { GoldOperation, GoldOperationCell } from '../../../shared/gold-operation';

/** One spelling the form offers for a cluster's value. */
export interface WrittenSpelling {
  /** What is written into gold. */
  text: string;
  /** The system's spelling it comes from (what the ruling accepts). */
  accepted: string;
  /** Gold's format of the cluster's value (the default), else a system's spelling kept as written. */
  gold: boolean;
  /** How many systems wrote it so (gold's format: those that wrote it exactly so). */
  count: number;
  /** The choice column's own option. */
  option?: true;
}

/** `raw` in the format of `column`'s gold (as the service writes it); as given for a column the task lacks. */
export function inGoldFormat(detail: DisputeDetail, column: string | null, raw: string): string {
  const found = column === null ? undefined : detail.columns.find((c) => c.name === column);
  return found ? formatLikeGold(found.rule, found.gold_values ?? [], raw) : raw;
}

/**
 * The spellings cluster `index`'s value can be written in: gold's format of
 * its leading spelling first, then every other spelling systems gave, as
 * spelled. None for a missing row, whose letters pick systems.
 */
export function writtenSpellings(detail: DisputeDetail, index: number): WrittenSpelling[] {
  const cluster = detail.dispute.kind === 'missing_row' ? undefined : detail.clusters[index];
  if (!cluster) return [];
  const spellings = clusterSpellings(cluster, detail.column_rule);
  const lead = spellings[0];
  if (!lead) return [];
  const text = inGoldFormat(detail, detail.dispute.column, lead.text);
  const same = spellings.find((spelling) => spelling.text === text);
  const gold: WrittenSpelling = {
    text,
    accepted: lead.text,
    gold: true,
    count: same?.count ?? 0,
    ...(same?.option ? { option: true as const } : {}),
  };
  const others = spellings
    .filter((spelling) => spelling.text !== text)
    .map((spelling): WrittenSpelling => ({
      text: spelling.text,
      accepted: spelling.text,
      gold: false,
      count: spelling.count,
      ...(spelling.option ? { option: true as const } : {}),
    }));
  return [gold, ...others];
}

/** add_row's cells from a system: each in its column's gold format (blank ones stay blank). */
export function rowValuesInGoldFormat(detail: DisputeDetail, values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).map(([column, raw]) => [
      column,
      raw.trim() === '' ? raw : inGoldFormat(detail, column, raw),
    ]),
  );
}

/**
 * What a value decision sends for the value shown: a system's spelling kept on
 * purpose goes with keepSpelling; gold's format of the accepted spelling goes
 * as that spelling (the service writes it in gold's format and records both);
 * anything else (typed, edited) goes as it is and is written in gold's format.
 */
export function valueToSend(
  detail: DisputeDetail,
  shown: string,
  accepted: string | null,
  keepSpelling: boolean,
): { value: string; keepSpelling?: true } {
  if (keepSpelling) return { value: shown, keepSpelling: true };
  if (accepted !== null && accepted.trim() !== shown && inGoldFormat(detail, detail.dispute.column, accepted) === shown)
    return { value: accepted };
  return { value: shown };
}

/** What is written for the value shown: as shown when kept on purpose, else in gold's format. */
export function writtenValue(detail: DisputeDetail, shown: string, keepSpelling: boolean): string {
  return keepSpelling ? shown : inGoldFormat(detail, detail.dispute.column, shown);
}

/** The dispute's gold cell as an operation shows it (null: the dispute names no cell). */
function goldCellOf(detail: DisputeDetail): GoldOperationCell | null {
  const { gold, dispute } = detail;
  if (dispute.gold_row == null || dispute.column == null) return null;
  if (gold.state === 'blank') return { blank: true };
  if (gold.state === 'ungraded') return { ungraded: true };
  return { value: gold.value ?? '', ...(gold.alternatives.length > 0 ? { alternatives: gold.alternatives } : {}) };
}

/**
 * The gold operation a `rule` call will write, as the service writes it: a
 * value taken from a system in gold's format unless kept as spelled. For the
 * form's preview, before saving; the service's answer says it again after.
 */
export function plannedOperation(detail: DisputeDetail, input: RuleInput): GoldOperation {
  const { decision } = input;
  const keep = input.keepSpelling === true;
  const fromSystem = decision === 'accept_system' || decision === 'accept_both';
  const value =
    input.value == null
      ? null
      : fromSystem && !keep
        ? inGoldFormat(detail, detail.dispute.column, input.value)
        : input.value;
  const values =
    input.values == null
      ? null
      : decision === 'add_row' && !keep
        ? rowValuesInGoldFormat(detail, input.values)
        : input.values;
  const rowOf = (row: number | null | undefined) =>
    row == null ? undefined : detail.task_rows.find((r) => r.row === row);
  const target =
    decision === 'add_alias'
      ? rowOf(input.row)
      : decision === 'remove_row'
        ? rowOf(detail.dispute.gold_row)
        : undefined;
  return goldOperationFor({
    decision,
    row: detail.dispute.gold_row,
    column: detail.dispute.column,
    entity: detail.dispute.entity,
    gold: goldCellOf(detail),
    value,
    values,
    target: target ?? null,
  });
}
