// What an export may write over. A patch or a ruling log lands where the
// engineer says, and a slip of the path must not cost a file: the store, a
// dataset, or a file that is not the export's own kind is never replaced
// unless the engineer says so (`--overwrite` / `overwrite`). Re-exporting over
// the same kind of file is the everyday case (a log kept in git, a patch
// written again for its tag) and goes ahead.
import { readSync } from 'node:fs';
import { OutputExistsError, PathError, sameFile } from './path-checks';
import { readOpened } from './read-opened';
import { opensRulingLog } from './rulings';
import type { Store } from './store';

/** What an export writes: how to tell an earlier one of its kind, and how the refusal names it. */
export interface OutputKind {
  /** Whether an existing file is this export's own kind, told from its first bytes (a replaceable earlier export). */
  ownKind: (head: string) => boolean;
  /** What the export writes, for the refusal: `a patch for v1.1`. */
  writes: string;
}

export interface OutputGuard extends OutputKind {
  /** How the caller names the output field and the overwrite switch: `--out`/`--overwrite`, `out`/`overwrite`. */
  labels: { out: string; overwrite: string };
  /** Files the output must never be, by what they are: `['the store', '/x/atlas.sqlite']`. */
  inputs: readonly (readonly [what: string, path: string])[];
  /** The engineer said existing files may be replaced. */
  overwrite: boolean;
}

const HEAD_BYTES = 4096;

/** The file's first bytes as text; null when there is no file to read (missing, or a folder the path checks refuse). */
function headOf(path: string): string | null {
  return readOpened(path, (fd) => {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const read = readSync(fd, buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, read).toString('utf8');
  });
}

export function checkOutputTarget(out: string, guard: OutputGuard): void {
  for (const [what, path] of guard.inputs) {
    // Even with overwrite: these are what the export is made from.
    if (sameFile(out, path))
      throw new PathError(`${guard.labels.out} is ${what} (${path}): write the export to a new file`);
  }
  const head = headOf(out);
  // A dataset the store never imported (the Parquet form of the one it did, another revision) is refused as one: --overwrite never replaces a dataset.
  if (head !== null && looksLikeDataset(head))
    throw new PathError(`${guard.labels.out} is a dataset file (${out}): write the export to a new file`);
  if (guard.overwrite) return;
  if (head === null || head.trim() === '' || guard.ownKind(head)) return;
  throw new OutputExistsError(
    `${guard.labels.out}: ${out} already exists and is not ${guard.writes} (${guard.labels.overwrite} replaces it)`,
  );
}

/**
 * A Parquet file, or JSON Lines whose first record starts as a dataset's does
 * (design.md §4.1: `id`, then an encrypted `question` or `gold`; the head read
 * may end inside the first record, whose gold alone runs to kilobytes).
 */
function looksLikeDataset(head: string): boolean {
  if (head.startsWith('PAR1')) return true;
  const first = head
    .replace(/^\uFEFF/u, '')
    .split('\n', 1)[0]!
    .trim();
  return first.startsWith('{') && /"id"\s*:/u.test(first) && /"(question|gold)"\s*:\s*"/u.test(first);
}

/** What no export may land on: the store itself and every dataset file it imported. */
export function storeInputs(store: Store): [string, string][] {
  const datasets = store.db.prepare<[], string>('SELECT DISTINCT path FROM datasets ORDER BY id').pluck().all();
  return [
    ...(store.path === ':memory:' ? [] : [['the store', store.path] as [string, string]]),
    ...datasets.map((path): [string, string] => ['an imported dataset', path]),
  ];
}

/** A patch for `revision`: an earlier export of the same tag may be written over. */
export function patchOutput(revision: string): OutputKind {
  return { ownKind: isPatchFor(revision), writes: `a patch for ${revision}` };
}

/** A ruling log: an earlier log (kept in git, written again each day) may be written over. */
export const RULING_LOG_OUTPUT: OutputKind = { ownKind: (head) => isRulingLog(head), writes: 'a ruling log' };

/** The first line of a patch file names its format; the tag is a few lines further. */
export function isPatchFor(revision: string): (head: string) => boolean {
  return (head) =>
    /"format"\s*:\s*"atlas-gold-patch\/1"/u.test(head) &&
    new RegExp(`"revision"\\s*:\\s*${escapeRegExp(JSON.stringify(revision))}`, 'u').test(head);
}

/** A ruling log's first line is one ruling, which names the log's format (log-sniff.ts, as `rulings import` tells). */
export function isRulingLog(head: string): boolean {
  return opensRulingLog(head.split('\n').find((line) => line.trim() !== '') ?? '');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
}
