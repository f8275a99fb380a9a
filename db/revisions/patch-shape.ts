// A hand-written check of the common shape of an atlas-gold-patch/1 document.
// Zod took a large share of applying a 10,000-operation patch; this accepts a
// strict subset of what patch-file.ts's schema accepts and builds exactly its
// output (same keys, same order, defaults filled, unknown keys dropped).
// Anything it is unsure of returns null, and the schema decides and names the
// problem, so error messages stay the schema's.
import type {
  GoldPatch,
  PatchCellState,
  PatchOpKind,
  PatchOperation,
  PatchRowState,
  PatchRulingRef,
} from '../../shared/patch';
import { PATCH_FORMAT } from '../../shared/patch';

type Json = Record<string, unknown>;

const OP_KINDS = new Set<string>([
  'set_cell',
  'add_alternative',
  'set_blank',
  'set_ungraded',
  'add_row',
  'remove_row',
  'add_alias',
]);

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An own key holding `undefined`: the schema keeps such keys; the fast path leaves them to it. */
function undefinedKey(object: Json, key: string): boolean {
  return object[key] === undefined && Object.hasOwn(object, key);
}

/** A copy of a list of strings, or null. */
function strings(value: unknown): string[] | null {
  if (!Array.isArray(value)) return null;
  for (const item of value) if (typeof item !== 'string') return null;
  return value.slice() as string[];
}

function cellState(raw: Json): PatchCellState | null {
  const { value, alternatives } = raw;
  if (typeof value === 'string') {
    if (alternatives === undefined) return undefinedKey(raw, 'alternatives') ? null : { value };
    const list = strings(alternatives);
    return list ? { value, alternatives: list } : null;
  }
  if (value !== undefined || undefinedKey(raw, 'value')) return null;
  if (raw.blank === true) return { blank: true };
  if (raw.ungraded === true) return { ungraded: true };
  return null;
}

function rowState(raw: Json): PatchRowState | null {
  const { entity, aliases, cells } = raw;
  if (typeof entity !== 'string') return null;
  const aliasList = strings(aliases);
  if (!aliasList) return null;
  if (cells === undefined) return undefinedKey(raw, 'cells') ? null : { entity, aliases: aliasList };
  if (!isObject(cells)) return null;
  const out: Record<string, PatchCellState> = {};
  for (const column of Object.keys(cells)) {
    // The schema's record assigns keys onto a plain object; `__proto__` is left to it.
    if (column === '__proto__') return null;
    const cell = cells[column];
    const state = isObject(cell) && !('entity' in cell) ? cellState(cell) : null;
    if (!state) return null;
    out[column] = state;
  }
  return { entity, aliases: aliasList, cells: out };
}

/** A from/to state; undefined when the fast path cannot decide (null is a valid state). */
function state(raw: unknown): PatchCellState | PatchRowState | null | undefined {
  if (raw === null) return null;
  if (!isObject(raw)) return undefined;
  // Row states are tried first by the schema; an object with `entity` that is not one is left to it.
  return ('entity' in raw ? rowState(raw) : cellState(raw)) ?? undefined;
}

function rulings(raw: unknown): PatchRulingRef[] | null {
  if (!Array.isArray(raw)) return null;
  const out: PatchRulingRef[] = [];
  for (const item of raw) {
    if (!isObject(item)) return null;
    const { engineer, decision, at } = item;
    if (typeof engineer !== 'string' || typeof decision !== 'string' || typeof at !== 'string') return null;
    out.push({ engineer, decision, at });
  }
  return out;
}

function integers(raw: unknown): number[] | null {
  if (!Array.isArray(raw)) return null;
  for (const item of raw) if (!Number.isSafeInteger(item)) return null;
  return raw.slice() as number[];
}

function operation(raw: unknown): PatchOperation | null {
  if (!isObject(raw)) return null;
  const { op, task_id: taskId, row, entity, column } = raw;
  if (typeof op !== 'string' || !OP_KINDS.has(op)) return null;
  if (typeof taskId !== 'string' || taskId.length === 0) return null;
  if (!Number.isSafeInteger(row) || (row as number) < 0) return null;
  if (typeof entity !== 'string') return null;
  if (column !== null && typeof column !== 'string') return null;
  const from = state(raw.from);
  const to = state(raw.to);
  if (from === undefined || to === undefined) return null;
  // Absent lists and id take the schema's defaults; an own key holding undefined is left to it.
  for (const key of ['evidence', 'rulings', 'issues', 'dispute_id']) if (undefinedKey(raw, key)) return null;
  const evidence = raw.evidence === undefined ? [] : strings(raw.evidence);
  const rulingList = raw.rulings === undefined ? [] : rulings(raw.rulings);
  const issues = raw.issues === undefined ? [] : integers(raw.issues);
  const disputeId = raw.dispute_id === undefined ? '' : raw.dispute_id;
  if (!evidence || !rulingList || !issues || typeof disputeId !== 'string') return null;
  return {
    op: op as PatchOpKind,
    task_id: taskId,
    row: row as number,
    entity,
    column,
    from,
    to,
    evidence,
    rulings: rulingList,
    issues,
    dispute_id: disputeId,
  };
}

const nullableText = (value: unknown): value is string | null => value === null || typeof value === 'string';

/** The validated patch, or null when the schema must decide. */
export function fastPatch(raw: unknown): GoldPatch | null {
  if (!isObject(raw)) return null;
  const {
    format,
    dataset,
    base_revision: baseRevision,
    base_sha256: baseSha256,
    base_gold_sha256: baseGold,
    revision,
    created_at: createdAt,
    created_by: createdBy,
    encrypted,
    operations,
  } = raw;
  if (
    format !== PATCH_FORMAT ||
    typeof dataset !== 'string' ||
    typeof baseRevision !== 'string' ||
    !nullableText(baseSha256)
  )
    return null;
  if (baseGold !== undefined && typeof baseGold !== 'string') return null;
  if (
    typeof revision !== 'string' ||
    revision.length === 0 ||
    !nullableText(createdAt) ||
    typeof createdBy !== 'string'
  )
    return null;
  if (typeof encrypted !== 'boolean' || !Array.isArray(operations)) return null;
  const ops: PatchOperation[] = new Array<PatchOperation>(operations.length);
  for (let index = 0; index < operations.length; index++) {
    const op = operation(operations[index]);
    if (!op) return null;
    ops[index] = op;
  }
  return {
    format: PATCH_FORMAT,
    dataset,
    base_revision: baseRevision,
    base_sha256: baseSha256,
    ...(baseGold !== undefined ? { base_gold_sha256: baseGold } : {}),
    revision,
    created_at: createdAt,
    created_by: createdBy,
    encrypted,
    operations: ops,
  };
}
