// Applies resolved edits (plan.ts) to gold in its two forms: the dataset's
// raw decrypted JSON, rewritten for the revised dataset, and the parsed gold
// the score preview grades against.
import type { GoldCell } from '../../shared/domain';
import type { PatchCellState } from '../../shared/patch';
import type { GoldRow, ParsedGold } from '../readers';
import type { CellEdit, TaskEdits } from './plan';

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Own-property read: column names are data, and `__proto__` must read as a key, not the prototype. */
function own(object: Json, key: string): unknown {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

/** Own-property write, safe for any key (including `__proto__`). */
function setOwn(object: Json, key: string, value: unknown): void {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
}

function union(first: readonly unknown[], more: readonly string[]): unknown[] {
  const out = [...first];
  for (const item of more) if (!out.includes(item)) out.push(item);
  return out;
}

/** Sources as the raw JSON gave them, reduced to a list (a single string counts as one). */
function rawSources(cell: unknown): unknown[] {
  if (!isObject(cell)) return [];
  const sources = own(cell, 'sources');
  return Array.isArray(sources) ? sources : typeof sources === 'string' ? [sources] : [];
}

/** A new cell in the dataset's key order: value or state, alternatives, sources. */
function cellJson(state: PatchCellState, sources: readonly unknown[]): Json {
  const cell: Json =
    'value' in state
      ? { value: state.value, ...(state.alternatives?.length ? { alternatives: [...state.alternatives] } : {}) }
      : 'blank' in state
        ? { blank: true }
        : { ungraded: true };
  if (sources.length > 0) cell.sources = [...sources];
  return cell;
}

function editedRawCell(existing: unknown, edit: CellEdit): Json {
  if (edit.replace) {
    // New evidence replaces the cell's sources; without any, the old sources stay (they may well show the corrected value).
    return cellJson(edit.replace, edit.evidence.length > 0 ? edit.evidence : rawSources(existing));
  }
  // Only alternatives added: the cell keeps every field it had, in its order.
  const cell: Json = isObject(existing) ? Object.assign(Object.create(null) as Json, existing) : {};
  const alternatives = own(cell, 'alternatives');
  setOwn(cell, 'alternatives', union(Array.isArray(alternatives) ? alternatives : [], edit.addAlternatives));
  if (edit.evidence.length > 0) setOwn(cell, 'sources', union(rawSources(existing), edit.evidence));
  return cell;
}

/**
 * Applies `edits` to the decrypted gold JSON of the base dataset, in place,
 * and returns it. Fields the tool does not know are kept as they are; the
 * object was validated by parseGold before the plan was made.
 */
export function applyToRawGold(raw: Json, edits: TaskEdits): Json {
  const rows = raw.rows as unknown[];
  for (const [rowIndex, columns] of edits.cells) {
    const row = rows[rowIndex] as Json;
    let cells = own(row, 'cells');
    if (!isObject(cells)) {
      cells = {};
      setOwn(row, 'cells', cells);
    }
    for (const [column, edit] of columns)
      setOwn(cells as Json, column, editedRawCell(own(cells as Json, column), edit));
  }
  for (const [rowIndex, aliases] of edits.aliases) {
    const row = rows[rowIndex] as Json;
    const existing = own(row, 'aliases');
    setOwn(row, 'aliases', union(Array.isArray(existing) ? existing : [], aliases));
  }
  const kept = rows.filter((_, index) => !edits.removed.has(index));
  for (const added of edits.added) {
    const cells: Json = {};
    for (const [column, state] of added.cells)
      setOwn(cells, column, cellJson(state, 'value' in state ? added.evidence : []));
    kept.push({ entity: added.entity, aliases: [...added.aliases], cells });
  }
  raw.rows = kept;
  return raw;
}

/** One row of the patched table, keyed by its base index (or the index add_row gave it). */
export interface PatchedRow {
  row: number;
  added: boolean;
  entity: string;
  aliases: string[];
  cells: Map<string, GoldCell>;
  /** Columns whose gold the patch changed (every column of an added row). */
  touched: Set<string>;
}

function goldCellOf(state: PatchCellState, sources: string[]): GoldCell {
  if ('value' in state)
    return { state: 'value', value: state.value, alternatives: [...(state.alternatives ?? [])], sources };
  return { state: 'blank' in state ? 'blank' : 'ungraded', value: null, alternatives: [], sources };
}

function editedCell(existing: GoldCell | undefined, edit: CellEdit): GoldCell {
  if (edit.replace)
    return goldCellOf(edit.replace, edit.evidence.length > 0 ? edit.evidence : (existing?.sources ?? []));
  const base = existing ?? { state: 'blank' as const, value: null, alternatives: [], sources: [] };
  return { ...base, alternatives: [...new Set([...base.alternatives, ...edit.addAlternatives])] };
}

/** The patched table as rows the score preview can grade against; removed rows are left out. */
export function patchedRows(gold: ParsedGold, edits: TaskEdits): PatchedRow[] {
  const out: PatchedRow[] = [];
  gold.rows.forEach((row: GoldRow, index) => {
    if (edits.removed.has(index)) return;
    const cells = new Map<string, GoldCell>(Object.entries(row.cells));
    const columnEdits = edits.cells.get(index) ?? new Map<string, CellEdit>();
    for (const [column, edit] of columnEdits) cells.set(column, editedCell(cells.get(column), edit));
    const aliases = edits.aliases.get(index) ?? [];
    out.push({
      row: index,
      added: false,
      entity: row.entity,
      aliases: [...row.aliases, ...aliases.filter((alias) => !row.aliases.includes(alias))],
      cells,
      touched: new Set(columnEdits.keys()),
    });
  });
  for (const added of edits.added) {
    out.push({
      row: added.row,
      added: true,
      entity: added.entity,
      aliases: [...added.aliases],
      cells: new Map(
        added.cells.map(([column, state]) => [column, goldCellOf(state, 'value' in state ? added.evidence : [])]),
      ),
      touched: new Set(added.cells.map(([column]) => column)),
    });
  }
  return out;
}
