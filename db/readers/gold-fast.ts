// The common shape of a decrypted gold table checked by hand (its cells are
// checked one by one in gold.ts). Zod over a whole table cost most of the
// time of applying a patch and of reading a dataset. This accepts a strict
// subset of what goldSchema accepts and returns exactly its output; anything
// else returns null and the schema decides (and names the problem), so error
// messages stay the schema's.
import type { ColumnRule, RuleType } from '../../shared/domain';
import { RULE_TYPES } from '../../shared/domain';
import type { goldSchema } from './schemas';
import type { z } from 'zod';

type Json = Record<string, unknown>;
type GoldInput = z.output<typeof goldSchema>;

const RULE_TYPE_SET = new Set<string>(RULE_TYPES);

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An own key holding `undefined` (only from in-memory input): the schema keeps such keys, so it decides. */
function undefinedKey(object: Json, key: string): boolean {
  return object[key] === undefined && Object.hasOwn(object, key);
}

function isStringArray(value: unknown): value is string[] {
  if (!Array.isArray(value)) return false;
  for (const item of value) if (typeof item !== 'string') return false;
  return true;
}

const isTolerance = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;

function rule(raw: unknown): ColumnRule | null {
  if (!isObject(raw)) return null;
  const { type, tolerance, relative_tolerance: relative, tolerance_days: days, options, criterion } = raw;
  if (typeof type !== 'string' || !RULE_TYPE_SET.has(type)) return null;
  for (const key of ['tolerance', 'relative_tolerance', 'tolerance_days', 'options', 'criterion'])
    if (undefinedKey(raw, key)) return null;
  // Keys in the schema's order, present only when given (as the schema outputs them).
  const out: ColumnRule = { type: type as RuleType };
  if (tolerance !== undefined) {
    if (!isTolerance(tolerance)) return null;
    out.tolerance = tolerance;
  }
  if (relative !== undefined) {
    if (!isTolerance(relative)) return null;
    out.relative_tolerance = relative;
  }
  if (days !== undefined) {
    if (!isTolerance(days)) return null;
    out.tolerance_days = days;
  }
  if (options !== undefined) {
    if (!isStringArray(options)) return null;
    out.options = options.slice();
  }
  if (criterion !== undefined) {
    if (typeof criterion !== 'string') return null;
    out.criterion = criterion;
  }
  return out;
}

/** goldSchema's output for `raw`, or null when the schema must decide. */
export function fastGoldShape(raw: unknown): GoldInput | null {
  if (!isObject(raw)) return null;
  const { entity_column: entityColumn, columns, rows } = raw;
  if (typeof entityColumn !== 'string' || entityColumn.length === 0) return null;
  if (!Array.isArray(columns) || columns.length === 0 || !Array.isArray(rows)) return null;
  const columnsOut: GoldInput['columns'] = [];
  for (const column of columns) {
    if (!isObject(column) || typeof column.name !== 'string' || column.name.length === 0) return null;
    const columnRule = rule(column.rule);
    if (!columnRule) return null;
    columnsOut.push({ name: column.name, rule: columnRule });
  }
  const rowsOut: GoldInput['rows'] = [];
  for (const row of rows) {
    if (!isObject(row)) return null;
    const { entity, aliases, cells } = row;
    if (typeof entity !== 'string' || entity.length === 0) return null;
    if (undefinedKey(row, 'aliases') || undefinedKey(row, 'cells')) return null;
    let aliasList: string[];
    if (aliases === undefined || aliases === null) aliasList = [];
    else if (isStringArray(aliases)) aliasList = aliases.slice();
    else return null;
    if (cells === undefined) rowsOut.push({ entity, aliases: aliasList });
    else if (cells === null || isObject(cells)) rowsOut.push({ entity, aliases: aliasList, cells });
    else return null;
  }
  return { entity_column: entityColumn, columns: columnsOut, rows: rowsOut };
}
