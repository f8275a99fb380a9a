// What a ruling writes into gold, and in which spelling. A value accepted from
// a system (accept_system, accept_both, add_row's cells) is written in the
// format the column's gold already uses (shared/gold-format.ts), unless the
// engineer keeps the system's spelling on purpose; a value typed as new_value,
// and add_row's entity name, are written as given. The operation the ruling
// writes is read from the same gold cell and row export reads.
import type { RuleInput } from '../../shared/api';
import type { ColumnRule, Decision } from '../../shared/domain';
import { formatLikeGold } from '../../shared/gold-format';
import type { GoldOperation, GoldOperationCell } from '../../shared/gold-operation';
import { goldOperationFor } from '../../shared/gold-operation';
import type { Store } from '../store';

/** Decisions whose value comes from a system, and so is written in gold's format. */
export const FORMATTED_DECISIONS: ReadonlySet<Decision> = new Set(['accept_system', 'accept_both', 'add_row']);

export interface WrittenRuling {
  value: string | null;
  values: Record<string, string> | null;
  /** The spelling accepted when it differs from the one written, else null. */
  accepted: string | null;
  accepted_values: Record<string, string> | null;
}

/** The column's rule and every value its gold holds (cells with a value, across the task's rows). */
export function columnGold(
  store: Store,
  taskId: string,
  column: string,
): { rule: ColumnRule; values: string[] } | null {
  const { db, sealer } = store;
  const rule = db
    .prepare<[string, string], string>('SELECT rule_s FROM task_columns WHERE task_id = ? AND name = ?')
    .pluck()
    .get(taskId, column);
  if (rule === undefined) return null;
  const values = db
    .prepare<[string, string], string>(
      "SELECT value_s FROM gold_cells WHERE task_id = ? AND column_name = ? AND state = 'value' ORDER BY row_idx",
    )
    .pluck()
    .all(taskId, column)
    .map((sealed) => sealer.open(sealed));
  return { rule: JSON.parse(sealer.open(rule)) as ColumnRule, values };
}

/** `raw` in the column's gold format; as given when the task's gold is not in this store. */
function inGoldFormat(store: Store, taskId: string, column: string, raw: string): string {
  const gold = columnGold(store, taskId, column);
  return gold === null ? raw : formatLikeGold(gold.rule, gold.values, raw);
}

/** What `input` writes on a dispute of `taskId` about `column`: gold's format unless `keepSpelling`. */
export function writtenRuling(
  store: Store,
  target: { task_id: string; column_name: string | null },
  input: RuleInput,
): WrittenRuling {
  const value = input.value ?? null;
  const values = input.values ?? null;
  const keep = input.keepSpelling === true || !FORMATTED_DECISIONS.has(input.decision);
  if (keep) return { value, values, accepted: null, accepted_values: null };
  if (input.decision === 'add_row') {
    if (values === null) return { value, values, accepted: null, accepted_values: null };
    const written = Object.fromEntries(
      Object.entries(values).map(([column, text]) => [
        column,
        text.trim() === '' ? text : inGoldFormat(store, target.task_id, column, text),
      ]),
    );
    const changed = Object.keys(values).some((column) => written[column] !== values[column]);
    return { value, values: written, accepted: null, accepted_values: changed ? values : null };
  }
  if (value === null || target.column_name === null) return { value, values, accepted: null, accepted_values: null };
  const written = inGoldFormat(store, target.task_id, target.column_name, value);
  return { value: written, values, accepted: written === value ? null : value, accepted_values: null };
}

interface OperationTarget {
  task_id: string;
  gold_row: number | null;
  column_name: string | null;
  entity: string;
}

/** The gold cell a cell ruling changes (a column the row does not mention is blank). */
function goldCellOf(store: Store, taskId: string, row: number, column: string): GoldOperationCell {
  const { db, sealer } = store;
  const cell = db
    .prepare<[string, number, string], { state: string; value_s: string | null; alternatives_s: string }>(
      'SELECT state, value_s, alternatives_s FROM gold_cells WHERE task_id = ? AND row_idx = ? AND column_name = ?',
    )
    .get(taskId, row, column);
  if (!cell || cell.state === 'blank') return { blank: true };
  if (cell.state === 'ungraded') return { ungraded: true };
  const alternatives = sealer.openJson<string[]>(cell.alternatives_s, []);
  return { value: sealer.open(cell.value_s) ?? '', ...(alternatives.length > 0 ? { alternatives } : {}) };
}

function goldRowOf(
  store: Store,
  taskId: string,
  row: number,
): { row: number; entity: string; aliases: string[] } | null {
  const stored = store.db
    .prepare<[string, number], { entity_s: string; aliases_s: string }>(
      'SELECT entity_s, aliases_s FROM gold_rows WHERE task_id = ? AND row_idx = ?',
    )
    .get(taskId, row);
  return stored
    ? {
        row,
        entity: store.sealer.open(stored.entity_s),
        aliases: store.sealer.openJson<string[]>(stored.aliases_s, []),
      }
    : null;
}

/** The operation a ruling writes, read from the store's gold as export reads it. */
export function rulingOperation(
  store: Store,
  target: OperationTarget,
  decision: Decision,
  written: WrittenRuling,
  aliasRow: number | null,
): GoldOperation {
  const { task_id: taskId, gold_row: row, column_name: column } = target;
  const gold = row !== null && column !== null ? goldCellOf(store, taskId, row, column) : null;
  const rowTarget =
    decision === 'add_alias' && aliasRow !== null
      ? goldRowOf(store, taskId, aliasRow)
      : decision === 'remove_row' && row !== null
        ? goldRowOf(store, taskId, row)
        : null;
  return goldOperationFor({
    decision,
    row,
    column,
    entity: target.entity,
    gold,
    value: written.value,
    values: written.values,
    target: rowTarget,
  });
}
