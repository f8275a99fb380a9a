// Checks a task's operations against its base gold and resolves them into one
// set of edits, shared by apply (rewriting the dataset) and rescore (patched
// gold in memory), so both read a patch the same way.
//
// Semantics (what export writes): every `row` and every `from` refers to the
// base dataset, before any operation of the patch. Replacing operations
// (set_cell, set_blank, set_ungraded) may target a cell once; add_alternative
// and add_alias only add, so several of them on one cell or row merge.
// remove_row wins over other operations on that row (they become moot, and
// are listed as superseded). add_row's `row` is the base row count plus the
// number of rows the patch added before it in the task.
import type { GoldCell } from '../../shared/domain';
import { goldRowNamed } from '../../shared/gold-row-named';
import { normalizeText } from '../../shared/normalize';
import type { PatchCellState, PatchOperation, PatchRowState } from '../../shared/patch';
import type { PatchMismatch } from '../../shared/revision-types';
import type { GoldRow, ParsedGold } from '../readers';

export interface IndexedOperation {
  /** Position in the patch. */
  index: number;
  op: PatchOperation;
}

/** The final state of one edited cell. */
export interface CellEdit {
  /** Replaced by set_cell/set_blank/set_ungraded: the new state; null when only alternatives were added. */
  replace: PatchCellState | null;
  /** Alternatives added by add_alternative, in patch order. */
  addAlternatives: string[];
  /** Evidence URLs of the operations on this cell: the new cell's sources. */
  evidence: string[];
}

export interface AddedRow {
  row: number;
  entity: string;
  aliases: string[];
  /** Every attribute column, in table order (columns the operation leaves out are ungraded). */
  cells: [string, PatchCellState][];
  evidence: string[];
}

export interface TaskEdits {
  task_id: string;
  /** base row -> column -> edit */
  cells: Map<number, Map<string, CellEdit>>;
  /** base row -> aliases to add, in patch order. */
  aliases: Map<number, string[]>;
  removed: Set<number>;
  added: AddedRow[];
}

export interface TaskPlan {
  edits: TaskEdits;
  mismatches: PatchMismatch[];
  /** Patch positions of operations on rows the patch removes. */
  superseded: number[];
}

const REPLACING = new Set(['set_cell', 'set_blank', 'set_ungraded']);

/** A gold cell as a patch cell state; an absent cell is blank (as the importer reads it). */
export function cellState(cell: GoldCell | undefined): PatchCellState {
  if (!cell || cell.state === 'blank') return { blank: true };
  if (cell.state === 'ungraded') return { ungraded: true };
  return { value: cell.value ?? '', ...(cell.alternatives.length > 0 ? { alternatives: [...cell.alternatives] } : {}) };
}

function sameCell(a: PatchCellState, b: PatchCellState): boolean {
  if ('value' in a || 'value' in b) {
    if (!('value' in a) || !('value' in b)) return false;
    return a.value === b.value && sameList(a.alternatives ?? [], b.alternatives ?? []);
  }
  return 'blank' in a === 'blank' in b;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}

function isRowState(state: PatchCellState | PatchRowState | null): state is PatchRowState {
  return state !== null && 'entity' in state;
}

function isCellState(state: PatchCellState | PatchRowState | null): state is PatchCellState {
  return state !== null && !('entity' in state);
}

/** A state as text for a mismatch report (only shown in plaintext mode). */
export function describeState(state: PatchCellState | PatchRowState | null | undefined): string {
  if (state === null || state === undefined) return 'nothing';
  if ('entity' in state) return `entity ${JSON.stringify(state.entity)} aliases ${JSON.stringify(state.aliases)}`;
  if ('blank' in state) return 'blank';
  if ('ungraded' in state) return 'ungraded';
  return `${JSON.stringify(state.value)}${state.alternatives?.length ? ` alternatives ${JSON.stringify(state.alternatives)}` : ''}`;
}

/**
 * Whether a cell operation's `entity` names the dataset row it targets (its
 * entity or an alias, compared as values are). An empty name, or the `row N`
 * an export writes for a row whose entity its store never learned, says
 * nothing either way.
 */
function namesRow(row: GoldRow, entity: string, index: number): boolean {
  if (entity.trim() === '' || entity === `row ${index + 1}`) return true;
  const wanted = normalizeText(entity);
  return normalizeText(row.entity) === wanted || row.aliases.some((alias) => normalizeText(alias) === wanted);
}

/**
 * Checks `operations` (plain text, all of one task) against `gold` and
 * resolves them. Mismatches name the operation; `expected`/`found` are filled
 * only when `showValues`.
 */
export function planTask(
  taskId: string,
  gold: ParsedGold,
  operations: readonly IndexedOperation[],
  showValues: boolean,
): TaskPlan {
  const edits: TaskEdits = { task_id: taskId, cells: new Map(), aliases: new Map(), removed: new Set(), added: [] };
  const mismatches: PatchMismatch[] = [];
  const fail = ({ index, op }: IndexedOperation, reason: string, expected?: string, found?: string): void => {
    mismatches.push({
      index,
      op: op.op,
      task_id: op.task_id,
      row: op.row,
      column: op.column,
      reason,
      // The entity is gold's text too: named only where values may be shown.
      ...(showValues && op.entity !== '' ? { entity: op.entity } : {}),
      ...(showValues && expected !== undefined ? { expected } : {}),
      ...(showValues && found !== undefined ? { found } : {}),
    });
  };
  const attributeColumns = gold.columns
    .filter((column) => column.name !== gold.entity_column)
    .map((column) => column.name);
  const isAttribute = new Set(attributeColumns);
  const baseRows = gold.rows.length;
  // Which operations target each row and cell: conflicts and superseded ones are found once all are read.
  const rowTargets = new Map<number, IndexedOperation[]>();
  const cellTargets = new Map<string, IndexedOperation[]>();
  const note = <K>(map: Map<K, IndexedOperation[]>, key: K, item: IndexedOperation): void => {
    map.set(key, [...(map.get(key) ?? []), item]);
  };

  for (const item of operations) {
    const { op } = item;
    if (op.op === 'add_row') {
      planAddRow(item);
      continue;
    }
    if (op.row >= baseRows) {
      // Reasons are read by people: rows count from 1 there (the mismatch's `row` field keeps the index).
      fail(item, `row ${op.row + 1} is not in the table (it has ${baseRows} row${baseRows === 1 ? '' : 's'})`);
      continue;
    }
    const row = gold.rows[op.row]!;
    note(rowTargets, op.row, item);
    if (op.op === 'remove_row' || op.op === 'add_alias') {
      if (!isRowState(op.from)) {
        fail(item, '`from` must be a row state {entity, aliases}');
        continue;
      }
      const found: PatchRowState = { entity: row.entity, aliases: row.aliases };
      if (op.from.entity !== found.entity || !sameList(op.from.aliases, found.aliases)) {
        fail(item, '`from` differs from the dataset', describeState(op.from), describeState(found));
        continue;
      }
      if (op.op === 'remove_row') {
        edits.removed.add(op.row);
        continue;
      }
      if (!isRowState(op.to) || op.to.entity !== op.from.entity) {
        fail(item, '`to` must be the same row with more aliases');
        continue;
      }
      const before = op.from.aliases;
      const added = op.to.aliases.filter((alias) => !before.includes(alias));
      const list = edits.aliases.get(op.row) ?? [];
      for (const alias of added) if (!list.includes(alias) && !row.aliases.includes(alias)) list.push(alias);
      edits.aliases.set(op.row, list);
      continue;
    }
    // Cell operations.
    if (op.column === null || !isAttribute.has(op.column)) {
      fail(
        item,
        op.column === null ? 'a cell operation needs a column' : 'column is not an attribute column of the task',
      );
      continue;
    }
    if (!isCellState(op.from) || !isCellState(op.to)) {
      fail(item, '`from` and `to` must be cell states');
      continue;
    }
    if (!namesRow(row, op.entity, op.row)) {
      // `from` alone can pass on another entity's row (both blank, or the same choice) once rows moved.
      fail(
        item,
        `row ${op.row + 1} is another entity in the dataset than the one the operation is about (were gold rows removed or reordered since the patch was made?)`,
        JSON.stringify(op.entity),
        JSON.stringify(row.entity),
      );
      continue;
    }
    const found = cellState(row.cells[op.column]);
    if (!sameCell(op.from, found)) {
      fail(item, '`from` differs from the dataset', describeState(op.from), describeState(found));
      continue;
    }
    const shapeError = checkCellTo(op, op.from, op.to);
    if (shapeError) {
      fail(item, shapeError);
      continue;
    }
    note(cellTargets, `${op.row}\u0000${op.column}`, item);
    const columns = edits.cells.get(op.row) ?? new Map<string, CellEdit>();
    const edit = columns.get(op.column) ?? { replace: null, addAlternatives: [], evidence: [] };
    if (REPLACING.has(op.op)) edit.replace = op.to;
    else {
      const before = 'value' in op.from ? (op.from.alternatives ?? []) : [];
      for (const alternative of 'value' in op.to ? (op.to.alternatives ?? []) : []) {
        if (!before.includes(alternative) && !edit.addAlternatives.includes(alternative))
          edit.addAlternatives.push(alternative);
      }
    }
    for (const url of op.evidence) if (!edit.evidence.includes(url)) edit.evidence.push(url);
    columns.set(op.column, edit);
    edits.cells.set(op.row, columns);
  }

  for (const targets of cellTargets.values()) {
    const replacing = targets.filter((t) => REPLACING.has(t.op.op));
    if (replacing.length > 1 || (replacing.length === 1 && targets.length > 1)) {
      for (const t of targets)
        fail(t, `conflicts with operation${targets.length > 2 ? 's' : ''} ${others(targets, t)} on the same cell`);
    }
  }
  const superseded: number[] = [];
  for (const [row, targets] of rowTargets) {
    if (!edits.removed.has(row)) continue;
    for (const t of targets) if (t.op.op !== 'remove_row') superseded.push(t.index);
    edits.cells.delete(row);
    edits.aliases.delete(row);
  }
  mismatches.sort((a, b) => a.index - b.index);
  return { edits, mismatches, superseded: superseded.sort((a, b) => a - b) };

  function planAddRow(item: IndexedOperation): void {
    const { op } = item;
    const expectedRow = baseRows + edits.added.length;
    if (op.from !== null) return fail(item, 'add_row must have `from`: null');
    if (!isRowState(op.to)) return fail(item, '`to` must be a row state {entity, aliases, cells}');
    if (op.row !== expectedRow) return fail(item, `the new row would be row ${expectedRow + 1}, not row ${op.row + 1}`);
    // A second row for one entity would count every system that names it wrong once (say, a revision applied twice).
    const table = [
      ...gold.rows.map((row, index) => ({ row: index, entity: row.entity, aliases: row.aliases })),
      ...edits.added,
    ];
    const named = goldRowNamed(table, [op.to.entity, ...op.to.aliases]);
    if (named) {
      return fail(
        item,
        `the table already has a row of that name (row ${named.row + 1})`,
        describeState(op.to),
        describeState({ entity: named.entity, aliases: [...named.aliases] }),
      );
    }
    const given = op.to.cells ?? {};
    const unknown = Object.keys(given).filter((column) => !isAttribute.has(column));
    if (unknown.length > 0)
      return fail(
        item,
        `${unknown.length} column${unknown.length === 1 ? ' is' : 's are'} not attribute columns of the task`,
      );
    edits.added.push({
      row: op.row,
      entity: op.to.entity,
      aliases: [...op.to.aliases],
      // A value nobody supplied was never checked: ungraded, so no system is marked wrong against it.
      cells: attributeColumns.map((column): [string, PatchCellState] => [
        column,
        Object.hasOwn(given, column) ? given[column]! : { ungraded: true },
      ]),
      evidence: [...op.evidence],
    });
  }
}

function others(targets: readonly IndexedOperation[], self: IndexedOperation): string {
  return targets
    .filter((t) => t !== self)
    .map((t) => `#${t.index + 1}`)
    .join(', ');
}

/** Whether `to` is what the operation kind may produce from `from`. */
function checkCellTo(op: PatchOperation, from: PatchCellState, to: PatchCellState): string | null {
  switch (op.op) {
    case 'set_cell':
      return 'value' in to ? null : 'set_cell needs `to`: {value}';
    case 'set_blank':
      return 'blank' in to ? null : 'set_blank needs `to`: {blank: true}';
    case 'set_ungraded':
      return 'ungraded' in to ? null : 'set_ungraded needs `to`: {ungraded: true}';
    case 'add_alternative':
      if (!('value' in from) || !('value' in to) || to.value !== from.value)
        return 'add_alternative keeps the value and only adds alternatives';
      return (from.alternatives ?? []).every((alt) => (to.alternatives ?? []).includes(alt))
        ? null
        : 'add_alternative may not drop alternatives';
    default:
      return `${op.op} is not a cell operation`;
  }
}
