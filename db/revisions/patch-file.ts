// Reading an atlas-gold-patch/1 file (design.md §7.1): validated shape, the
// file's sha256, and the operations in plain text (an encrypted patch is
// decrypted with each task's canary).
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { GoldPatch, PatchOperation } from '../../shared/patch';
import { checkReadableFile, PATCH_FILE_EXPECTED } from '../path-checks';
import { readInputFile } from '../read-input';
import type { InputReadOptions } from '../read-input';
import { PATCH_FORMAT, mapOperationText } from '../../shared/patch';
import { canaryCiphers } from './canary';
import { PatchFormatError } from './errors';
import { fastPatch } from './patch-shape';
import { patchHeaderProblem } from './patch-header';

const cellState = z.union([
  z.object({ value: z.string(), alternatives: z.array(z.string()).optional() }),
  z.object({ blank: z.literal(true) }),
  z.object({ ungraded: z.literal(true) }),
]);
const rowState = z.object({
  entity: z.string(),
  aliases: z.array(z.string()),
  cells: z.record(z.string(), cellState).optional(),
});
// Row states first: a row state would otherwise also pass as a cell state missing its fields.
const state = z.union([rowState, cellState]).nullable();

const operationSchema = z.object({
  op: z.enum(['set_cell', 'add_alternative', 'set_blank', 'set_ungraded', 'add_row', 'remove_row', 'add_alias']),
  task_id: z.string().min(1),
  row: z.number().int().min(0),
  entity: z.string(),
  column: z.string().nullable(),
  from: state,
  to: state,
  evidence: z.array(z.string()).default([]),
  rulings: z.array(z.object({ engineer: z.string(), decision: z.string(), at: z.string() })).default([]),
  issues: z.array(z.number().int()).default([]),
  dispute_id: z.string().default(''),
});

export const patchSchema = z.object({
  format: z.literal(PATCH_FORMAT),
  dataset: z.string(),
  base_revision: z.string(),
  base_sha256: z.string().nullable(),
  base_gold_sha256: z.string().optional(),
  revision: z.string().min(1),
  created_at: z.string().nullable(),
  created_by: z.string(),
  encrypted: z.boolean(),
  operations: z.array(operationSchema),
});

export interface PatchFile {
  patch: GoldPatch;
  /** sha256 of the file's bytes. */
  sha256: string;
}

/** Validates a parsed patch document; throws PatchFormatError naming the first bad field. */
export function parsePatch(raw: unknown, where = 'patch'): GoldPatch {
  const patch = parsePatchShape(raw, where);
  const problem = patchHeaderProblem(patch);
  if (problem) throw new PatchFormatError(`${where}: patch refused: ${problem.field}: ${problem.reason}`);
  return patch;
}

function parsePatchShape(raw: unknown, where: string): GoldPatch {
  // The common shape is checked by hand; the schema runs only when that is unsure, and names the problem.
  const fast = fastPatch(raw);
  if (fast) return fast;
  const parsed = patchSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('');
    throw new PatchFormatError(
      `${where}: not an ${PATCH_FORMAT} file (${field.replace(/^\./u, '') || 'document'}: ${issue.message})`,
    );
  }
  return parsed.data;
}

/**
 * Reads and validates a patch; a path that is absent, a directory, a named
 * pipe, a device, unreadable or above the size limit is refused as a
 * PathError naming `label` (the field or flag that gave it), not by the
 * operating system's ENOENT or EISDIR, and never by hanging on it.
 */
export async function readPatchFile(path: string, label = 'patch', options: InputReadOptions = {}): Promise<PatchFile> {
  const role = { label, expected: PATCH_FILE_EXPECTED };
  checkReadableFile(path, role);
  const bytes = await readInputFile(path, role, options);
  let raw: unknown;
  try {
    raw = JSON.parse(bytes.toString('utf8')) as unknown;
  } catch (error) {
    throw new PatchFormatError(`${path}: not JSON (${(error as Error).message})`);
  }
  return { patch: parsePatch(raw, path), sha256: createHash('sha256').update(bytes).digest('hex') };
}

export type DecryptedOperation = { ok: PatchOperation } | { error: string };

/**
 * The operations in plain text. `canaryOf` gives a task's canary (undefined
 * when the task is unknown); an operation that cannot be decrypted comes back
 * as an error for the caller to report, so every bad operation is named.
 */
export function plainOperations(
  patch: GoldPatch,
  canaryOf: (taskId: string) => string | undefined,
): DecryptedOperation[] {
  const cipherOf = canaryCiphers();
  return patch.operations.map((operation) => {
    if (!patch.encrypted) return { ok: operation };
    const canary = canaryOf(operation.task_id);
    if (canary === undefined) return { error: 'task not in the dataset' };
    const cipher = cipherOf(canary);
    try {
      return { ok: mapOperationText(operation, (text) => cipher.decrypt(text)) };
    } catch {
      return { error: "cannot decrypt with the task's canary" };
    }
  });
}

/** JSON with object keys sorted at every level: the same data always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  // Own keys are unique, so the default sort (UTF-16 code units) is the order `<` gives.
  if (value !== null && typeof value === 'object')
    return sortedObjectJson(value as Record<string, unknown>, Object.keys(value).sort());
  return JSON.stringify(value);
}

/** canonicalJson of an object given its own keys (or the ones to write) in sorted order; undefined values are left out. */
function sortedObjectJson<T extends object>(object: T, keys: readonly (keyof T & string)[]): string {
  const parts: string[] = [];
  for (const key of keys) {
    const item = object[key];
    if (item !== undefined) parts.push(`${JSON.stringify(key)}:${canonicalJson(item)}`);
  }
  return `{${parts.join(',')}}`;
}

/** The content keys of an operation, sorted: each operation is written directly, not copied into a new object that is then sorted. */
const CONTENT_KEYS = ['column', 'dispute_id', 'entity', 'evidence', 'from', 'op', 'row', 'task_id', 'to'] as const;
/** canonicalJson of a from/to state; a state holding only a value (the usual one) is written directly. */
function stateJson(state: PatchOperation['from']): string {
  if (typeof state === 'object' && state !== null && 'value' in state && typeof state.value === 'string') {
    const keys = Object.keys(state);
    if (keys.length === 1 && keys[0] === 'value') return `{"value":${JSON.stringify(state.value)}}`;
  }
  return canonicalJson(state);
}

/** canonicalJson of an operation's content keys, written in one template (a key per part cost most of the hash). */
function operationJson(op: PatchOperation): string {
  const { column, dispute_id: disputeId, entity, evidence, from, op: kind, row, task_id: taskId, to } = op;
  // canonicalJson leaves out keys holding undefined; the template cannot, so such (untyped) input takes the general path.
  const fields: unknown[] = [column, disputeId, entity, evidence, from, kind, row, taskId, to];
  if (fields.includes(undefined)) return sortedObjectJson(op, CONTENT_KEYS);
  return `{"column":${canonicalJson(column)},"dispute_id":${canonicalJson(disputeId)},"entity":${canonicalJson(entity)},"evidence":${canonicalJson(evidence)},"from":${stateJson(from)},"op":${canonicalJson(kind)},"row":${canonicalJson(row)},"task_id":${canonicalJson(taskId)},"to":${stateJson(to)}}`;
}

/** The patch's content keys before and after `operations` in sorted order. */
const HEAD_KEYS = ['base_revision', 'base_sha256', 'dataset', 'format'] as const;
const TAIL_KEYS = ['revision'] as const;

/**
 * A patch's content identity (content-sha.ts) as its definition writes it:
 * canonicalJson, key by key. The reference the fast writer is tested
 * against, and its fallback for cells keyed like integers.
 */
export function canonicalContentSha256(patch: GoldPatch, operations: readonly PatchOperation[]): string {
  // canonicalJson of {format, dataset, base_revision, base_sha256, revision, operations: [content of each op]}, written key by key.
  const head = sortedObjectJson(patch, HEAD_KEYS).slice(1, -1);
  const tail = sortedObjectJson(patch, TAIL_KEYS).slice(1, -1);
  const ops = operations.map(operationJson).join(',');
  const text = `{${[head, `"operations":[${ops}]`, tail].filter((part) => part !== '').join(',')}}`;
  return createHash('sha256').update(text).digest('hex');
}
