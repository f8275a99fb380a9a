// Errors of the revision commands. Each carries what a host needs to print a
// one-line message and, with --json, the structured detail.
import type { PatchMismatch } from '../../shared/revision-types';
import { mismatchReason } from '../../shared/patch-mismatch';

/** The patch file is not an atlas-gold-patch/1 document. */
export class PatchFormatError extends Error {
  override name = 'PatchFormatError';
}

/** The dataset cannot be read or rewritten (not the patch's fault). */
export class DatasetFormatError extends Error {
  override name = 'DatasetFormatError';
}

/**
 * The patch does not fit the dataset: a different base file, or operations
 * whose `from` is not what the dataset holds. The whole patch is refused.
 */
export class PatchMismatchError extends Error {
  override name = 'PatchMismatchError';
  constructor(
    /** `byGold`: the patch names its base's gold too (base_gold_sha256), and the file holds other gold. */
    readonly base: { expected: string; found: string; byGold?: boolean } | null,
    readonly mismatches: readonly PatchMismatch[],
    /** Said first, when the cause of every mismatch is known. */
    lead?: string,
  ) {
    super(`${lead ?? ''}${describeMismatches(base, mismatches)}`);
  }
}

/** The same revision tag was recorded before with different gold changes. */
export class RevisionConflictError extends Error {
  override name = 'RevisionConflictError';
  constructor(
    readonly tag: string,
    readonly recordedSha256: string,
    readonly newSha256: string,
    /** Applying someone else's patch: the tag is theirs, so the advice is about the store, not the tag. */
    applying = false,
  ) {
    super(
      applying
        ? `revision ${tag} was already exported from this store with different changes (patch ${recordedSha256.slice(0, 12)}…): this patch is another ${tag}, which this store cannot record; apply it with another store (or, on the command line, without --db), or export this store's own ${tag} again`
        : `revision ${tag} was already exported with different changes (patch ${recordedSha256.slice(0, 12)}…); choose a new tag`,
    );
  }
}

function describeMismatches(
  base: { expected: string; found: string; byGold?: boolean } | null,
  mismatches: readonly PatchMismatch[],
): string {
  const parts: string[] = [];
  if (base?.byGold) {
    parts.push(
      `the dataset is not the patch's base (base_sha256 ${base.expected.slice(0, 12)}…, file ${base.found.slice(0, 12)}…), ` +
        "nor the base in another format: its tasks' gold differs from the base's (base_gold_sha256)",
    );
  } else if (base) {
    // A patch written before base_gold_sha256 names one file: the same dataset in the other format is another file.
    parts.push(
      `the dataset is not the patch's base (base_sha256 ${base.expected.slice(0, 12)}…, file ${base.found.slice(0, 12)}…; ` +
        'a patch applies to the one file it was exported for: for another form of the same dataset, export a patch with that file as its dataset)',
    );
  }
  if (mismatches.length > 0) {
    const lines = mismatches.map((m) => {
      // Operations and rows as people count them, from 1 as CHANGELOG.md and the app do (the mismatch's `index` and
      // `row` keep the 0-based positions).
      const where = `#${m.index + 1} ${m.op} task ${JSON.stringify(m.task_id)} row ${m.row + 1}${m.entity === undefined ? '' : ` “${m.entity}”`}${m.column === null ? '' : ` column ${JSON.stringify(m.column)}`}`;
      return `${where}: ${mismatchReason(m)}`;
    });
    const count = mismatches.length === 1 ? '1 operation does not' : `${mismatches.length} operations do not`;
    parts.push(`${count} match the dataset: ${lines.join('; ')}`);
  }
  return `patch refused: ${parts.join('; ')}`;
}
