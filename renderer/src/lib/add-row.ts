// The cells an add_row ruling writes, each with where its value came from:
// the system picked (its letter prefilled them), typed by the engineer, or
// cleared (not written). Every column but the entity's is listed, so no value
// reaches gold unseen.
import type { DisputeDetail } from '../../../shared/api-types';
import type { RulingDraft } from './draft';
import { pickTargets } from './draft';
import { inGoldFormat } from './gold-spelling';

export interface NewRowCell {
  column: string;
  /** What the field holds ('' : nothing is written, the cell stays blank). */
  value: string;
  /** The picked system, when the value is the one it gave (as it spelled it, or in gold's format). */
  system: string | null;
  /** The picked system's value for the column, as it spelled it ('' when it gave none). */
  given: string;
}

/** The task's columns other than the entity's, in the task's order. */
export function newRowColumns(detail: DisputeDetail): string[] {
  return detail.columns.filter((c) => c.name !== detail.entity_column).map((c) => c.name);
}

export function newRowCells(draft: RulingDraft, detail: DisputeDetail): NewRowCell[] {
  const target = draft.picked != null ? pickTargets(detail)[draft.picked] : undefined;
  return newRowColumns(detail).map((column) => {
    const value = draft.values[column] ?? '';
    const given = target?.values[column] ?? '';
    const shown = value.trim();
    const same =
      shown !== '' &&
      given.trim() !== '' &&
      (shown === given.trim() || shown === inGoldFormat(detail, column, given).trim());
    const system = target != null && same ? target.label : null;
    return { column, value, system, given };
  });
}

/** add_row: the system each written value came from, by column (typed values have none). */
export function newRowSystems(draft: RulingDraft, detail: DisputeDetail): Record<string, string> {
  return Object.fromEntries(
    newRowCells(draft, detail).flatMap((cell) => (cell.system != null ? [[cell.column, cell.system] as const] : [])),
  );
}
