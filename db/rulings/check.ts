// Whether a ruling fits its dispute and this store's gold (design.md §6). Shared
// by `rule` (the command line and the app's panel) and by merging ruling
// logs, so a ruling a patch could never apply is refused where it is made,
// naming why, instead of failing at `apply` after a revision tag is spent.
import type { RulingField, RulingFields } from '../../shared/decision-fields';
import { decisionFieldsProblem } from '../../shared/decision-fields';
import type { Decision, DisputeKind, RuleType } from '../../shared/domain';
import { decisionsForDispute } from '../../shared/domain';
import { normalizeForRule, parseNumber } from '../../shared/normalize';
import type { Store } from '../store';

export interface RulingToCheck extends RulingFields {
  decision: Decision;
  evidence?: readonly string[];
}

export interface RulingTarget {
  kind: DisputeKind;
  task_id: string;
  /** null: a missing row, or a report about a whole gold row. */
  column: string | null;
  /** The disputed cell's gold row (0-based), when the dispute is about one. */
  gold_row?: number | null;
}

/** How the caller's user spells each field: flags for `rule`, keys for a log line. */
export type FieldNames = (field: RulingField) => string;

/**
 * How the caller's user spells a ruling: its fields, and where a gold row
 * (given as its 0-based index) came from. Messages name a row as people count
 * it, from 1 (gold row 999 is index 998); `row` says how the user wrote it,
 * which is the 1-based number for `rule --row` and the index itself in a
 * ruling log or a stored ruling.
 */
export interface RulingSpelling {
  field: FieldNames;
  /** What the message adds after "gold row N (": `--row`, `field "row" is 998, counted from 0`. */
  row: (index: number) => string;
}

/** What is wrong with `ruling` on a dispute of `target`, or null when it can be recorded. */
export function rulingProblem(
  store: Store,
  target: RulingTarget,
  ruling: RulingToCheck,
  name: RulingSpelling,
): string | null {
  const allowed = decisionsForDispute(target);
  if (!allowed.includes(ruling.decision)) {
    const what =
      target.kind === 'report' && target.column === null ? 'report about a whole gold row' : `${target.kind} dispute`;
    return `decision ${ruling.decision} does not apply to a ${what} (expected one of ${allowed.join(', ')})`;
  }
  const fields = decisionFieldsProblem(ruling.decision, ruling, name.field);
  if (fields !== null) return fields;
  for (const url of ruling.evidence ?? []) {
    if (!/^https?:\/\/[^\s]+$/iu.test(url.trim())) return `evidence must be an http(s) URL, got ${JSON.stringify(url)}`;
  }
  return acceptBothProblem(store, target, ruling) ?? goldProblem(store, target.task_id, ruling, name);
}

/**
 * accept_both keeps gold's value and adds the system's as an alternative: a
 * cell gold leaves blank or ungraded has no value to keep, and export could
 * write no operation for it (every later export would be refused).
 */
export function acceptBothProblem(
  store: Store,
  target: RulingTarget,
  ruling: Pick<RulingToCheck, 'decision'>,
): string | null {
  if (
    ruling.decision !== 'accept_both' ||
    target.column === null ||
    target.gold_row === null ||
    target.gold_row === undefined
  )
    return null;
  const state = store.db
    .prepare<[string, number, string], string>(
      'SELECT state FROM gold_cells WHERE task_id = ? AND row_idx = ? AND column_name = ?',
    )
    .pluck()
    .get(target.task_id, target.gold_row, target.column);
  // Without the task's gold (dataset not imported here yet) nobody can tell; export asks again.
  if (state === undefined || state === 'value') return null;
  return `decision accept_both keeps gold's value and adds this one as an alternative, but gold's cell is ${state}, with no value to keep: rule accept_system or new_value to give it this value`;
}

/**
 * What keeps a row ruling (add_row's columns, add_alias's row) from fitting
 * the task's gold as the store holds it now. Export asks again: a ruling
 * made before the dataset was imported, or under an older version, must not
 * reach a patch that apply would refuse.
 */
export function goldProblem(store: Store, taskId: string, ruling: RulingToCheck, name: RulingSpelling): string | null {
  if (ruling.decision !== 'add_row' && ruling.decision !== 'add_alias') return null;
  // Without the task's gold (dataset not imported here yet) nobody can tell; the ruling waits like any other.
  const gold = taskGold(store, taskId);
  if (gold === null) return null;
  if (ruling.decision === 'add_row' && ruling.values)
    return columnsProblem(taskId, gold, Object.keys(ruling.values), name.field('values'));
  if (ruling.decision === 'add_alias' && ruling.row !== null && ruling.row !== undefined && !gold.hasRow(ruling.row)) {
    // Counted from 1 as people read rows (the tables, the app, CHANGELOG.md); `name.row` says how it was given.
    const rows = gold.rowCount === 1 ? '1 row' : `${gold.rowCount} rows`;
    return `task ${taskId} has no gold row ${ruling.row + 1} (${name.row(ruling.row)}; the task has ${rows})`;
  }
  return null;
}

/**
 * accept_system takes a system's value (design.md §6: "a cluster's value"): one
 * that normalises, under the column's rule, to the key of one of the
 * dispute's clusters. Only the count of clusters is named: a cluster that
 * agrees with gold holds gold's value.
 */
export function clusterValueProblem(
  store: Store,
  disputeId: string,
  ruleType: RuleType | null,
  value: string,
): string | null {
  const keys = store.db
    .prepare<[string], { norm_key: string }>('SELECT norm_key FROM dispute_clusters WHERE dispute_id = ?')
    .all(disputeId)
    .map((row) => row.norm_key);
  if (keys.includes(normalizeForRule(ruleType ?? undefined, value))) return null;
  if (keys.length === 0)
    return 'decision accept_system takes a value a system gave, and no system gave one here: rule new_value instead';
  return `decision accept_system takes a value a system gave: the value matches none of this dispute's ${keys.length} cluster value${keys.length === 1 ? '' : 's'} (pick a cluster, or rule new_value)`;
}

/**
 * What a ruling stores that its column's rule cannot read, said but not
 * refused (gold sometimes holds text, as "n/a" or "undisclosed"): a value
 * with no number in it for a column graded by rule number, for the disputed
 * cell and for each of add_row's cells.
 */
export function rulingWarnings(
  store: Store,
  target: Pick<RulingTarget, 'task_id'> & {
    gold_row: number | null;
    column_name: string | null;
    rule_type: RuleType | null;
  },
  ruling: RulingToCheck,
): string[] {
  const warnings: string[] = [];
  if (
    (ruling.decision === 'accept_system' || ruling.decision === 'accept_both' || ruling.decision === 'new_value') &&
    target.column_name !== null
  ) {
    const warning = numberWarning(target.column_name, target.rule_type, ruling.value ?? '');
    if (warning !== null) warnings.push(warning);
  }
  if (target.column_name !== null) {
    const unchanged = unchangedCellWarning(store, target.task_id, target.gold_row, target.column_name, ruling);
    if (unchanged !== null) warnings.push(unchanged);
  }
  if (ruling.decision === 'add_row' && ruling.values) {
    const ruleOf = new Map(
      store.db
        .prepare<[string], { name: string; rule_type: RuleType }>(
          'SELECT name, rule_type FROM task_columns WHERE task_id = ?',
        )
        .all(target.task_id)
        .map((column) => [column.name, column.rule_type]),
    );
    for (const [column, value] of Object.entries(ruling.values)) {
      const warning = numberWarning(column, ruleOf.get(column) ?? null, value);
      if (warning !== null) warnings.push(warning);
    }
  }
  return warnings;
}

/**
 * A cell ruling that would leave gold exactly as it is (the value gold holds,
 * an alternative it lists, a cell already blank or ungraded): said, not
 * refused, as it still settles the dispute; export writes no operation for it.
 */
function unchangedCellWarning(
  store: Store,
  taskId: string,
  goldRow: number | null,
  column: string,
  ruling: RulingToCheck,
): string | null {
  if (goldRow === null) return null;
  const cell = store.db
    .prepare<[string, number, string], { state: string; value_s: string | null; alternatives_s: string }>(
      'SELECT state, value_s, alternatives_s FROM gold_cells WHERE task_id = ? AND row_idx = ? AND column_name = ?',
    )
    .get(taskId, goldRow, column);
  if (!cell) return null;
  const value = ruling.value ?? '';
  const goldValue = cell.state === 'value' ? store.sealer.open(cell.value_s) : null;
  const same =
    ((ruling.decision === 'accept_system' || ruling.decision === 'new_value') && goldValue === value) ||
    (ruling.decision === 'accept_both' &&
      goldValue !== null &&
      (goldValue === value || store.sealer.openJson<string[]>(cell.alternatives_s, []).includes(value))) ||
    (ruling.decision === 'mark_blank' && cell.state === 'blank') ||
    (ruling.decision === 'mark_ungraded' && cell.state === 'ungraded');
  if (!same) return null;
  const what =
    ruling.decision === 'accept_both' && goldValue !== value
      ? 'gold already lists this value as an alternative'
      : 'gold already holds exactly this';
  return `${what}: the ruling settles the dispute but changes nothing, and export writes no operation for it (keep_gold says so plainly)`;
}

function numberWarning(column: string, ruleType: RuleType | null, value: string): string | null {
  // A blank value is a blank cell, not text.
  if (ruleType !== 'number' || value.trim() === '' || parseNumber(value) !== null) return null;
  return `column ${JSON.stringify(column)} is graded as a number (rule number), but the value ${JSON.stringify(value)} holds none: it is kept as text, and only the same text will match it`;
}

interface TaskGold {
  entityColumn: string;
  attributeColumns: string[];
  rowCount: number;
  hasRow: (row: number) => boolean;
}

function taskGold(store: Store, taskId: string): TaskGold | null {
  const task = store.db
    .prepare<[string], { entity_column: string }>('SELECT entity_column FROM tasks WHERE task_id = ?')
    .get(taskId);
  if (!task) return null;
  const columns = store.db
    .prepare<[string], { name: string }>('SELECT name FROM task_columns WHERE task_id = ? ORDER BY idx')
    .all(taskId)
    .map((row) => row.name);
  const rows = store.db
    .prepare<[string], { n: number }>('SELECT count(*) AS n FROM gold_rows WHERE task_id = ?')
    .get(taskId)!.n;
  const hasRow = store.db.prepare<[string, number], { one: number }>(
    'SELECT 1 AS one FROM gold_rows WHERE task_id = ? AND row_idx = ?',
  );
  return {
    entityColumn: task.entity_column,
    attributeColumns: columns.filter((column) => column !== task.entity_column),
    rowCount: rows,
    hasRow: (row) => hasRow.get(taskId, row) !== undefined,
  };
}

/** add_row's cells must be attribute columns of the task, or apply refuses the whole patch. */
function columnsProblem(taskId: string, gold: TaskGold, given: readonly string[], flag: string): string | null {
  const known = new Set(gold.attributeColumns);
  const unknown = given.filter((column) => !known.has(column));
  if (unknown.length === 0) return null;
  const list = (names: readonly string[]): string => names.map((name) => JSON.stringify(name)).join(', ');
  const entity = unknown.includes(gold.entityColumn)
    ? ` (${JSON.stringify(gold.entityColumn)} is the entity column: the new row's entity is the ruling's value)`
    : '';
  const these = unknown.length === 1 ? 'column is not an attribute column' : 'columns are not attribute columns';
  return `${flag}: ${unknown.length} ${these} of task ${taskId}: ${list(unknown)}${entity}; its attribute columns are ${list(gold.attributeColumns)}`;
}
