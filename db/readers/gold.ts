// The decrypted golden table (design.md §4.1) as a validated ParsedGold.
import type { GoldCell, GoldColumn } from '../../shared/domain';
import { describeValue, describeZodError, formatPath } from './errors';
import { fastGoldShape } from './gold-fast';
import { goldCellSchema, goldSchema, uniqueSources } from './schemas';
import type { GoldRow, ParsedGold } from './types';
import type { z } from 'zod';

export type GoldResult = { ok: ParsedGold } | { field: string; reason: string };

/**
 * Validates decrypted gold JSON. Field paths are prefixed with `prefix`
 * (`gold.rows[3].cells.Critic Metascore`). Cells of columns the table does not
 * list, and of the entity column, are dropped: they carry no rule to grade by.
 */
export function parseGold(raw: unknown, prefix = 'gold'): GoldResult {
  let gold = fastGoldShape(raw);
  if (!gold) {
    const parsed = goldSchema.safeParse(raw, { reportInput: true });
    if (!parsed.success) return describeZodError(parsed.error, prefix);
    gold = parsed.data;
  }

  const columns: GoldColumn[] = [];
  const columnNames = new Set<string>();
  for (const [index, column] of gold.columns.entries()) {
    if (columnNames.has(column.name)) {
      return {
        field: formatPath(['columns', index, 'name'], prefix),
        reason: `duplicate column name ${describeValue(column.name)}`,
      };
    }
    columnNames.add(column.name);
    columns.push({ name: column.name, rule: column.rule });
  }

  const rows: GoldRow[] = [];
  for (const [index, row] of gold.rows.entries()) {
    // Null prototype: column names are data, and a column called `constructor`
    // or `__proto__` must neither collide with Object.prototype nor pollute it.
    const cells = Object.create(null) as Record<string, GoldCell>;
    const rawCells = row.cells ?? {};
    for (const name of Object.keys(rawCells)) {
      if (name === gold.entity_column || !columnNames.has(name)) continue;
      const cell = toGoldCell(rawCells[name], ['rows', index, 'cells', name], prefix);
      if ('field' in cell) return cell;
      cells[name] = cell.ok;
    }
    rows.push({ entity: row.entity, aliases: row.aliases, cells });
  }
  return { ok: { entity_column: gold.entity_column, columns, rows } };
}

type GoldCellInput = z.output<typeof goldCellSchema>;

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');
// Finite numbers only, as z.number() (JSON has no Infinity or NaN, but a caller may pass them).
const isScalar = (value: unknown): value is string | number | boolean =>
  typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean';

/**
 * The common shapes of a gold cell checked by hand (zod costs most of the
 * time of applying a patch and of reading a dataset): a strict subset of what
 * goldCellSchema accepts, giving exactly its output; anything else returns
 * null and zod decides (and names the problem).
 */
export function fastGoldCell(raw: unknown): GoldCellInput | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const { value, blank, ungraded, sources, alternatives } = raw as Record<string, unknown>;
  if (value !== undefined && value !== null && !isScalar(value)) return null;
  if (blank !== undefined && typeof blank !== 'boolean') return null;
  if (ungraded !== undefined && typeof ungraded !== 'boolean') return null;
  let sourceList: string[];
  if (sources === undefined || sources === null) sourceList = [];
  else if (typeof sources === 'string') sourceList = [sources];
  else if (isStringArray(sources)) sourceList = sources;
  else return null;
  let alternativeList: string[];
  if (alternatives === undefined || alternatives === null) alternativeList = [];
  else if (isStringArray(alternatives)) alternativeList = alternatives;
  else return null;
  // Built key by key, not by spreading: this runs once per gold cell (over 100,000 for a dataset).
  const cell: GoldCellInput = { sources: sourceList, alternatives: alternativeList };
  if (value !== undefined) cell.value = value;
  if (blank !== undefined) cell.blank = blank;
  if (ungraded !== undefined) cell.ungraded = ungraded;
  return cell;
}

function toGoldCell(
  raw: unknown,
  path: (string | number)[],
  prefix: string,
): { ok: GoldCell } | { field: string; reason: string } {
  let cell = fastGoldCell(raw);
  if (!cell) {
    const parsed = goldCellSchema.safeParse(raw, { reportInput: true });
    if (!parsed.success) return describeZodError(parsed.error, prefix, path);
    cell = parsed.data;
  }
  const sources = uniqueSources(cell.sources);
  const alternatives = cell.alternatives;
  if (cell.blank === true) return { ok: { state: 'blank', value: null, alternatives, sources } };
  if (cell.ungraded === true) return { ok: { state: 'ungraded', value: null, alternatives, sources } };
  if (cell.value !== undefined && cell.value !== null) {
    const value = typeof cell.value === 'string' ? cell.value : String(cell.value);
    return { ok: { state: 'value', value, alternatives, sources } };
  }
  return {
    field: formatPath(path, prefix),
    reason: 'expected {"value": …}, {"blank": true} or {"ungraded": true}',
  };
}
