// What an export tells the engineer before the patch is applied: changes the
// import of its revised dataset cannot take here, and changes an earlier tag
// not imported yet already carries.
import type { GoldPatch } from '../../shared/patch';
import type { Store } from '../store';

/** Every warning of an export just recorded, in the order shown. */
export function exportWarnings(store: Store, patch: GoldPatch): string[] {
  return [...removedRowWarnings(store, patch), ...overlapWarnings(store, patch.revision)];
}

/**
 * Per revision not imported yet (usually none or one), how many of its disputes the tag's patch changes too: its
 * disputes by key, each looked up in the tag's. CROSS JOIN keeps that order; left to itself the planner scans every
 * revision's disputes, which grow with each export.
 */
export const OVERLAP_SQL = `SELECT r.tag AS tag, count(*) AS shared
   FROM revisions r CROSS JOIN revision_disputes o ON o.revision = r.tag
   JOIN revision_disputes mine ON mine.revision = ? AND mine.dispute_id = o.dispute_id
  WHERE r.imported_at IS NULL AND r.tag <> ?
  GROUP BY r.tag ORDER BY min(r.recorded_at), r.tag`;

/**
 * Disputes stay unsettled until the revised dataset is imported as the base,
 * so an export before then carries the earlier tags' changes again. Allowed
 * (a mistyped tag is re-exported under the right one), but said once: one line
 * however many earlier tags wait, naming them and counting each operation once.
 */
function overlapWarnings(store: Store, tag: string): string[] {
  const overlaps = store.db.prepare<[string, string], { tag: string; shared: number }>(OVERLAP_SQL).all(tag, tag);
  const [only] = overlaps;
  if (only === undefined) return [];
  if (overlaps.length === 1) {
    return [
      `${plural(only.shared, 'operation')} of ${tag} ${only.shared === 1 ? 'is' : 'are'} also in ${only.tag}, which is not imported as the base yet: ` +
        `apply one of them, or import ${only.tag}'s revised dataset first so its changes settle and leave later exports.`,
    ];
  }
  const shared = store.db.prepare<[string, string], { n: number }>(SHARED_SQL).get(tag, tag)!.n;
  const named = overlaps.slice(0, MAX_NAMED).map((other) => other.tag);
  const more = overlaps.length > MAX_NAMED ? ` and ${overlaps.length - MAX_NAMED} more` : '';
  return [
    `${plural(shared, 'operation')} of ${tag} ${shared === 1 ? 'is' : 'are'} also in ${named.join(', ')}${more} (not imported as the base yet): ` +
      'apply only one of these patches, or import the revised dataset of the one you apply first so its changes settle and leave later exports.',
  ];
}

/** Earlier tags named in the one overlap line; the rest are counted. */
const MAX_NAMED = 10;

/** How many of the tag's disputes any revision not imported yet changes too (each counted once). */
const SHARED_SQL = `SELECT count(*) AS n FROM revision_disputes mine
  WHERE mine.revision = ? AND EXISTS (
    SELECT 1 FROM revisions r CROSS JOIN revision_disputes o ON o.revision = r.tag AND o.dispute_id = mine.dispute_id
     WHERE r.imported_at IS NULL AND r.tag <> ?)`;

const plural = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`;

/**
 * Removing a gold row renumbers the rows after it, so the import of the
 * revised dataset leaves such a task as it was while runs graded against the
 * old rows are here (db/import/writer.ts): said now, before the apply.
 */
function removedRowWarnings(store: Store, patch: GoldPatch): string[] {
  const graded = store.db
    .prepare<[string], number>("SELECT count(*) FROM run_tasks WHERE task_id = ? AND state = 'graded'")
    .pluck();
  const tasks = [...new Set(patch.operations.filter((op) => op.op === 'remove_row').map((op) => op.task_id))]
    .filter((task) => graded.get(task)! > 0)
    .sort();
  if (tasks.length === 0) return [];
  const named = `${tasks.slice(0, 10).join(', ')}${tasks.length > 10 ? `, … and ${tasks.length - 10} more` : ''}`;
  return [
    `${patch.revision} removes gold rows of ${tasks.length === 1 ? 'task' : `${tasks.length} tasks`} ${named} under runs graded against the old rows: ` +
      `importing the revised dataset into this store will leave ${tasks.length === 1 ? 'that task' : 'those tasks'} with ${tasks.length === 1 ? 'its' : 'their'} older gold ` +
      `(runs graded against the new rows need a fresh store); ${tasks.length === 1 ? 'its' : 'their'} disputes settle all the same, but new rulings on ${tasks.length === 1 ? 'it' : 'them'} cannot be exported from this store.`,
  ];
}
