// What the release desk fills in by itself, from what the store and this
// profile know: the next free revision tag, where a patch goes, which patch a
// reopened desk starts on, the revised dataset's name, why Apply is not ready,
// and what the export's notice says. Pure; tested directly.
import type { ExportResult } from '../../../../shared/api-types';
import type { RevisionRecord } from '../../../../shared/revision-types';
import { shortPath, suggestRevision } from '../../lib/format';
import { lastOutputFolder } from '../../lib/output-folder';
import { revisedDatasetPath, siblingPath } from './release-data';

/** "v1.9" before "v1.10": tags compared with their numbers as numbers. */
export function compareTags(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true, sensitivity: 'variant' });
}

/** The revision this store recorded last (ties: the higher tag). */
export function latestRevision<R extends Pick<RevisionRecord, 'tag' | 'recorded_at'>>(records: readonly R[]): R | null {
  let latest: R | null = null;
  for (const r of records) {
    if (
      latest == null ||
      r.recorded_at > latest.recorded_at ||
      (r.recorded_at === latest.recorded_at && compareTags(r.tag, latest.tag) > 0)
    )
      latest = r;
  }
  return latest;
}

/** What a tag is before its first digit: "v" for v1.1, "" for 2026-11-30. */
function scheme(tag: string): string {
  return /^\D*/u.exec(tag)?.[0] ?? '';
}

/**
 * The tag Export suggests: the one after the latest in the history (or after
 * the store's revision when that is further on in the same scheme, or when
 * nothing was exported yet), never one the history already holds.
 */
export function nextFreeTag(
  storeRevision: string | null,
  records: readonly Pick<RevisionRecord, 'tag' | 'recorded_at'>[],
): string {
  const taken = new Set(records.map((r) => r.tag));
  const latest = latestRevision(records)?.tag ?? null;
  let from = latest ?? storeRevision;
  if (
    latest != null &&
    storeRevision != null &&
    scheme(storeRevision) === scheme(latest) &&
    compareTags(storeRevision, latest) > 0
  )
    from = storeRevision;
  let tag = suggestRevision(from);
  for (let i = 0; taken.has(tag) && i < 10_000; i++) tag = suggestRevision(tag);
  return tag;
}

/** `name` in `folder` (with its separator) when one is given, else beside `anchor`. */
function outputPath(anchor: string, name: string, folder: string | null): string {
  return folder != null && folder !== '' ? `${folder}${name}` : siblingPath(anchor, name);
}

/**
 * The patch file's default name, "atlas-v1.1.patch.json": in the folder this
 * session last wrote an output to (lib/output-folder.ts), else beside
 * `anchor` (the base dataset, else the store).
 */
export function defaultPatchPath(anchor: string, tag: string, folder: string | null = lastOutputFolder()): string {
  return outputPath(anchor, `atlas-${tag.trim() || 'patch'}.patch.json`, folder);
}

/** An engineer's name as a file name: "Mia Chen" → "Mia-Chen"; "atlas" when nothing of it is left. */
function fileStem(name: string): string {
  return (
    name
      .trim()
      .replace(/[^\p{L}\p{N}._-]+/gu, '-')
      .replace(/^[-.]+|-+$/gu, '') || 'atlas'
  );
}

/**
 * The ruling log's default, "mia.rulings.jsonl" (the engineer's name): in the
 * folder this session last wrote an output to, else beside `anchor` (the
 * dataset, else the store), as the patch export does.
 */
export function defaultRulingLogPath(
  anchor: string,
  engineer: string,
  folder: string | null = lastOutputFolder(),
): string {
  if ((folder == null || folder === '') && anchor.trim() === '') return '';
  return outputPath(anchor.trim(), `${fileStem(engineer)}.rulings.jsonl`, folder);
}

/** The revised dataset's default: beside the base, named with the revision; empty until both are known. */
export function defaultRevisedPath(dataset: string, revision: string): string {
  return dataset.trim() !== '' && revision.trim() !== '' ? revisedDatasetPath(dataset.trim(), revision.trim()) : '';
}

export interface PatchCandidate {
  path: string;
  /** The revision the patch is for, when known. */
  revision: string;
  /** Where an export would have put it by default: used only once the file is known to exist. */
  guessed: boolean;
}

/**
 * Where a reopened desk may find its patch, best first: what this profile
 * remembered, the latest revision's patch as the history names it, then where
 * Export writes that revision's patch by default (beside the base dataset, or
 * the store). None of a revision already imported as the base.
 */
export function patchCandidates(
  remembered: { patchPath?: string; revision?: string },
  records: readonly RevisionRecord[],
  anchors: readonly (string | null | undefined)[],
): PatchCandidate[] {
  const out: PatchCandidate[] = [];
  const add = (c: PatchCandidate) => {
    if (c.path.trim() !== '' && !out.some((o) => o.path === c.path)) out.push(c);
  };
  // A revision imported as the base is done with: its patch does not apply to the new base.
  const spent = (tag: string | undefined) => tag != null && records.some((r) => r.tag === tag && r.imported_at != null);
  if (remembered.patchPath && !spent(remembered.revision))
    add({ path: remembered.patchPath, revision: remembered.revision ?? '', guessed: false });
  const latest = latestRevision(records);
  if (latest != null && latest.imported_at == null) {
    if (latest.patch_path) add({ path: latest.patch_path, revision: latest.tag, guessed: false });
    // Beside each anchor, as a fresh session's export puts it (not in this session's last output folder).
    for (const anchor of anchors)
      if (anchor) add({ path: defaultPatchPath(anchor, latest.tag, null), revision: latest.tag, guessed: true });
  }
  return out;
}

/**
 * The patch a reopened desk starts on: the first candidate whose file exists;
 * when existence cannot be known (`existing` null), the first one named by
 * the profile or the history — never a guess.
 */
export function choosePatch(
  candidates: readonly PatchCandidate[],
  existing: ReadonlySet<string> | null,
): PatchCandidate | null {
  if (existing == null) return candidates.find((c) => !c.guessed) ?? null;
  return candidates.find((c) => existing.has(c.path)) ?? null;
}

/** What the desk knows of the patch file in the bar: read to learn its revision. */
export interface PatchCheck {
  path: string;
  state: 'reading' | 'ok' | 'error';
  error: string | null;
}

/** Why Apply patch cannot start, in one line; null when it can. */
export function applyBlocker(input: {
  dataset: string;
  patchPath: string;
  out: string;
  check: PatchCheck | null;
}): string | null {
  if (input.dataset.trim() === '') return 'Give the dataset file the patch was made on.';
  if (input.patchPath.trim() === '') return 'Give a patch file: export one, or type or choose its path above.';
  if (input.out.trim() !== '') return null;
  const check = input.check?.path === input.patchPath.trim() ? input.check : null;
  if (check?.state === 'reading') return 'Reading the patch to name the revised dataset…';
  // What to do first: the file's own error can be long, and is cut on screen (whole in the tooltip).
  if (check?.state === 'error')
    return `Fix the patch path, or name the revised dataset: the patch cannot be read (${check.error ?? 'unknown error'}).`;
  return 'Give a path for the revised dataset.';
}

/** The export's notice: the revision, the file, the operations, and whether the values are encrypted. */
export function exportedNotice(result: ExportResult): string {
  const ops = `${result.operations} operation${result.operations === 1 ? '' : 's'}`;
  const values = result.encrypted ? 'values encrypted' : 'values in PLAIN TEXT: do not publish it';
  return `Patch ${result.revision} written to ${shortPath(result.path, 64)}: ${ops}, ${values}.`;
}
