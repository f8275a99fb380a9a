// Applying a gold patch to a dataset file (design.md §7.2; issue 5): check the
// base and every operation's `from`, refuse the whole patch on any mismatch,
// else write the revised dataset (same format, gold re-encrypted with each
// task's canary, untouched records as they were) and its CHANGELOG.md, each
// atomically. Nothing is written unless every check passed.
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import type { PatchOpKind } from '../../shared/patch';
import type { ApplyResult, PatchMismatch } from '../../shared/revision-types';
import { parseGold } from '../readers';
import { checkApplyPaths } from './apply-paths';
import { writeChunksAtomic } from '../fs-atomic-chunks';
import { canaryCiphers } from './canary';
import { renderChangelog } from './changelog';
import type { DatasetRecord } from './dataset-file';
import { loadDatasetFile } from './dataset-file';
import { PatchMismatchError } from './errors';
import { goldContentSha256 } from './gold-content';
import { applyToRawGold } from './gold-edit';
import { patchContentSha256 } from './content-sha';
import { plainOperations, readPatchFile } from './patch-file';
import type { IndexedOperation, TaskEdits } from './plan';
import { planTask } from './plan';

export interface ApplyOptions {
  /** The base dataset (.jsonl or .parquet). */
  dataset: string;
  /** The atlas-gold-patch/1 file, encrypted or plaintext. */
  patch: string;
  /** Where the revised dataset goes (same format as the input). */
  out: string;
  /** Where CHANGELOG.md goes; omitted or null: none is written. */
  changelog?: string | null;
  /** Show gold values in mismatch reports. */
  plaintext?: boolean;
  /**
   * Replace an output or changelog that exists. Default true here: the hosts
   * (the command line's --overwrite, the app's confirmation) decide before.
   */
  overwrite?: boolean;
  signal?: AbortSignal;
  /** Called once every check has passed, before anything is written: a throw there writes nothing. */
  beforeWrite?: () => void;
  /** `message` is the phase: `checking` (tasks), then `writing` (bytes). */
  onProgress?: (done: number, total: number, message: string) => void;
}

function hasEdits(edits: TaskEdits): boolean {
  return edits.cells.size > 0 || edits.aliases.size > 0 || edits.removed.size > 0 || edits.added.length > 0;
}

export async function applyPatch(options: ApplyOptions): Promise<ApplyResult> {
  const { signal, onProgress } = options;
  const showValues = options.plaintext ?? false;
  checkApplyPaths({ ...options, overwrite: options.overwrite ?? true });
  const { patch, sha256: patchSha256 } = await readPatchFile(options.patch, 'patch', { signal });
  signal?.throwIfAborted();
  const dataset = await loadDatasetFile(options.dataset, 'dataset', { signal });
  signal?.throwIfAborted();

  // Another file may still be the base in its other format (Parquet for JSONL, or back): the same gold, shipped otherwise.
  const otherForm =
    patch.base_sha256 !== null &&
    patch.base_sha256 !== dataset.sha256 &&
    patch.base_gold_sha256 !== undefined &&
    goldContentSha256(dataset.records) === patch.base_gold_sha256;
  const base =
    patch.base_sha256 !== null && patch.base_sha256 !== dataset.sha256 && !otherForm
      ? { expected: patch.base_sha256, found: dataset.sha256, byGold: patch.base_gold_sha256 !== undefined }
      : null;

  const recordsById = new Map<string, DatasetRecord[]>();
  for (const record of dataset.records) {
    const list = recordsById.get(record.id);
    if (list) list.push(record);
    else recordsById.set(record.id, [record]);
  }
  const canaryOf = (taskId: string): string | undefined => recordsById.get(taskId)?.[0]?.canary;

  const mismatches: PatchMismatch[] = [];
  const failOp = (index: number, reason: string): void => {
    const op = patch.operations[index]!;
    mismatches.push({ index, op: op.op, task_id: op.task_id, row: op.row, column: op.column, reason });
  };

  // Operations per task, in patch order; undecryptable ones are reported and left out.
  const plain = plainOperations(patch, canaryOf);
  const byTask = new Map<string, IndexedOperation[]>();
  plain.forEach((item, index) => {
    if ('error' in item) return failOp(index, item.error);
    const list = byTask.get(item.ok.task_id) ?? [];
    list.push({ index, op: item.ok });
    byTask.set(item.ok.task_id, list);
  });

  const cipherOf = canaryCiphers();
  const replacements = new Map<number, string>();
  const superseded: number[] = [];
  let checked = 0;
  for (const [taskId, operations] of byTask) {
    signal?.throwIfAborted();
    onProgress?.(checked++, byTask.size, 'checking');
    const records = recordsById.get(taskId) ?? [];
    if (records.length !== 1) {
      const reason =
        records.length === 0 ? 'task not in the dataset' : `task appears ${records.length} times in the dataset`;
      for (const { index } of operations) failOp(index, reason);
      continue;
    }
    const record = records[0]!;
    const cipher = cipherOf(record.canary);
    let raw: unknown;
    try {
      raw = JSON.parse(cipher.decrypt(record.gold));
    } catch {
      for (const { index } of operations) failOp(index, "the task's gold cannot be decrypted with its canary");
      continue;
    }
    const gold = parseGold(raw);
    if ('field' in gold) {
      for (const { index } of operations) failOp(index, `the task's gold is invalid (${gold.field}: ${gold.reason})`);
      continue;
    }
    const plan = planTask(taskId, gold.ok, operations, showValues);
    mismatches.push(...plan.mismatches);
    superseded.push(...plan.superseded);
    if (plan.mismatches.length > 0 || !hasEdits(plan.edits)) continue;
    // The edit mutates the parsed JSON in place: safe, as the plan is made and `gold` is not read again.
    // JSON.parse keeps keys such as `__proto__` as plain data.
    const edited = applyToRawGold(raw as Record<string, unknown>, plan.edits);
    replacements.set(record.position, cipher.encrypt(JSON.stringify(edited)));
  }
  onProgress?.(byTask.size, byTask.size, 'checking');

  if (base || mismatches.length > 0) {
    throw new PatchMismatchError(
      base,
      mismatches.sort((a, b) => a.index - b.index),
    );
  }
  options.beforeWrite?.();

  const chunks = dataset.render(replacements);
  const hash = createHash('sha256');
  for (const chunk of chunks) hash.update(chunk);
  const outputSha256 = hash.digest('hex');
  signal?.throwIfAborted();

  const out = resolve(options.out);
  const changelogPath = options.changelog ? resolve(options.changelog) : null;
  // The changelog first: a dataset without its changelog is worse than a changelog without its dataset.
  if (changelogPath) {
    const changelog = renderChangelog(patch, {
      patchSha256,
      datasetSha256: outputSha256,
      superseded,
      ...(otherForm ? { appliedTo: dataset.sha256 } : {}),
    });
    writeChunksAtomic(changelogPath, [Buffer.from(changelog, 'utf8')], { signal });
  }
  const bytes = writeChunksAtomic(out, chunks, {
    signal,
    onChunk: (written, total) => onProgress?.(written, total, 'writing'),
  });

  const byKind: Partial<Record<PatchOpKind, number>> = {};
  for (const op of patch.operations) byKind[op.op] = (byKind[op.op] ?? 0) + 1;
  return {
    out,
    format: dataset.format,
    sha256: outputSha256,
    bytes,
    revision: patch.revision,
    base_revision: patch.base_revision,
    base_verified: patch.base_sha256 !== null,
    ...(otherForm ? { base_form: 'gold' as const } : {}),
    patch_sha256: patchSha256,
    content_sha256: patchContentSha256(
      patch,
      plain.map((item) => ('ok' in item ? item.ok : null)).filter((op) => op !== null),
    ),
    tasks: { total: dataset.records.length, changed: replacements.size },
    operations: { total: patch.operations.length, by_kind: byKind },
    superseded: superseded.sort((a, b) => a - b),
    changelog: changelogPath,
  };
}
