// Where a missing row now stands in gold. A `missing_row` dispute stays "not in
// gold" in the runs' grades after a revision added the entity (as a row or as
// an alias of one): the runs were graded against the old gold. The panel and
// `show` say where the current gold has it instead, so nobody re-adds it.
import type { DisputeDetail } from './api-types';
import { normalizeText } from './normalize';

export interface NamedGoldRow {
  row: number;
  entity: string;
  aliases: readonly string[];
}

/** The first gold row whose entity or an alias matches one of `names` after normalisation; null when none does. */
export function goldRowNamed<T extends NamedGoldRow>(
  rows: readonly T[],
  names: readonly (string | null | undefined)[],
): T | null {
  const wanted = new Set(
    names.filter((name): name is string => typeof name === 'string' && name.trim() !== '').map(normalizeText),
  );
  if (wanted.size === 0) return null;
  return (
    rows.find(
      (row) => wanted.has(normalizeText(row.entity)) || row.aliases.some((alias) => wanted.has(normalizeText(alias))),
    ) ?? null
  );
}

/** The gold row that now holds a missing row's entity: by any system's spelling of it, or a counted add_row / add_alias ruling's value. */
export function missingRowInGold(
  detail: Pick<DisputeDetail, 'dispute' | 'task_rows' | 'missing_row_systems' | 'rulings'>,
): DisputeDetail['task_rows'][number] | null {
  if (detail.dispute.kind !== 'missing_row') return null;
  const ruled = detail.rulings
    .filter((ruling) => ruling.counted && (ruling.decision === 'add_row' || ruling.decision === 'add_alias'))
    .map((ruling) => ruling.value);
  return goldRowNamed(detail.task_rows, [
    detail.dispute.entity,
    ...detail.missing_row_systems.map((system) => system.entity),
    ...ruled,
  ]);
}
