// Revision history (design.md §6, issue 5): every exported revision is recorded;
// applying it records the revised dataset's hash; importing that dataset as
// the new base settles the disputes its patch changed, durably, so that
// re-deriving disputes (which deletes and rebuilds their rows) keeps them
// settled until runs graded against the new gold contest them afresh.
import type { GoldPatch } from '../../shared/patch';
import type { RevisionRecord } from '../../shared/revision-types';
import { refreshStatus } from '../rulings';
import type { Store } from '../store';
import { tasksBehindBase } from './behind-base';
import { getMeta, setMeta } from '../store';
import { RevisionConflictError } from './errors';
import { patchContentSha256 } from './content-sha';
import { plainOperations } from './patch-file';

export interface RecordRevisionInput {
  /** The patch as written (encrypted or plaintext). */
  patch: GoldPatch;
  /** sha256 of the patch file's bytes. */
  patchSha256: string;
  /** From ApplyResult; computed with the store's canaries when omitted. */
  contentSha256?: string;
  /** The revised dataset this store wrote by applying the patch (ApplyResult.sha256/format). */
  output?: { sha256: string; format: 'jsonl' | 'parquet' };
  /** Where the patch file was written or applied from (absolute): the latest one is kept. */
  patchPath?: string;
  now?: Date;
}

export interface RecordRevisionResult {
  tag: string;
  /** False when the same tag with the same changes was already recorded. */
  created: boolean;
}

/**
 * The content identity of a patch, decrypting with the canaries of the
 * store's tasks. Throws when an encrypted operation's task is unknown here.
 */
export function contentSha256Of(store: Store, patch: GoldPatch): string {
  const canary = store.db.prepare<[string], { canary: string }>('SELECT canary FROM tasks WHERE task_id = ?');
  const plain = plainOperations(patch, (taskId) => canary.get(taskId)?.canary);
  const failed = plain.findIndex((item) => 'error' in item);
  if (failed >= 0) {
    const op = patch.operations[failed]!;
    throw new Error(
      `cannot read operation #${failed} of the patch (task ${JSON.stringify(op.task_id)}): ${(plain[failed] as { error: string }).error}`,
    );
  }
  return patchContentSha256(
    patch,
    plain.map((item) => (item as { ok: GoldPatch['operations'][number] }).ok),
  );
}

/**
 * Records a revision. Call it from export *before* writing the file (so a
 * conflicting tag writes nothing) and from apply after writing the output.
 * Throws RevisionConflictError when the tag was recorded with other changes.
 */
export function recordRevision(store: Store, input: RecordRevisionInput): RecordRevisionResult {
  const { db } = store;
  const { patch } = input;
  const content = input.contentSha256 ?? contentSha256Of(store, patch);
  const now = (input.now ?? new Date()).toISOString();
  return db.transaction((): RecordRevisionResult => {
    const existing = db
      .prepare<[string], { content_sha256: string; patch_sha256: string }>(
        'SELECT content_sha256, patch_sha256 FROM revisions WHERE tag = ?',
      )
      .get(patch.revision);
    if (existing && existing.content_sha256 !== content)
      throw new RevisionConflictError(patch.revision, existing.patch_sha256, input.patchSha256);
    if (!existing) {
      db.prepare(
        `INSERT INTO revisions (tag, base_revision, base_sha256, created_at, created_by, recorded_at, operations, patch_sha256, content_sha256, encrypted)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        patch.revision,
        patch.base_revision,
        patch.base_sha256,
        patch.created_at,
        patch.created_by,
        now,
        patch.operations.length,
        input.patchSha256,
        content,
        patch.encrypted ? 1 : 0,
      );
      // One statement for all of them: a patch can carry 10k operations.
      const disputeIds = patch.operations.flatMap((op) => (op.dispute_id ? [op.dispute_id] : []));
      db.prepare(
        'INSERT OR IGNORE INTO revision_disputes (revision, dispute_id) SELECT ?, value FROM json_each(?)',
      ).run(patch.revision, JSON.stringify(disputeIds));
    }
    if (input.patchPath)
      db.prepare('UPDATE revisions SET patch_path = ? WHERE tag = ?').run(input.patchPath, patch.revision);
    if (input.output) {
      db.prepare(
        `INSERT INTO revision_outputs (dataset_sha256, revision, format, written_at) VALUES (?, ?, ?, ?)
         ON CONFLICT(dataset_sha256) DO NOTHING`,
      ).run(input.output.sha256, patch.revision, input.output.format, now);
    }
    return { tag: patch.revision, created: !existing };
  })();
}

export interface SettleResult {
  revision: string;
  /** Disputes recorded as settled by it (including ones not derived in this store yet). */
  settled: number;
  /**
   * Tasks its patch changed whose gold this import left as it was (rows or
   * columns changed under graded runs). The revision's disputes on them are
   * settled all the same (the released dataset carries those changes); new
   * rulings on them cannot be exported from this store (export refuses them).
   */
  tasks_left: string[];
}

/**
 * Called when a dataset with `datasetSha256` was imported as the new base:
 * when it is a revision this store wrote, records its disputes as settled by
 * that revision, marks the current dispute rows, and sets the base revision.
 * Returns null when the dataset is no recorded revision. Idempotent.
 */
export function settleByRevision(store: Store, datasetSha256: string, now = new Date()): SettleResult | null {
  const { db } = store;
  const output = db
    .prepare<[string], { revision: string }>('SELECT revision FROM revision_outputs WHERE dataset_sha256 = ?')
    .get(datasetSha256);
  if (!output) return null;
  const tag = output.revision;
  return db.transaction((): SettleResult => {
    const at = now.toISOString();
    const runsThrough = db.prepare<[], { n: number | null }>('SELECT max(id) AS n FROM runs').get()?.n ?? 0;
    // A dispute's task: from its row, or from a ruling on it when this store has not derived it.
    const disputes = db
      .prepare<[string], { dispute_id: string; task_id: string | null }>(
        `SELECT rd.dispute_id,
                coalesce((SELECT d.task_id FROM disputes d WHERE d.id = rd.dispute_id),
                         (SELECT r.task_id FROM rulings r WHERE r.dispute_id = rd.dispute_id LIMIT 1)) AS task_id
           FROM revision_disputes rd WHERE rd.revision = ?`,
      )
      .all(tag);
    // Gold still from another dataset: the import left the task as it was. The dataset released carries the
    // patch's changes to it all the same, so its disputes are settled too: left open, they would be exported
    // again in every later patch, and refused there (the task is behind the base), blocking every release.
    const tasksLeft = tasksBehindBase(
      store,
      datasetSha256,
      disputes.flatMap((d) => (d.task_id === null ? [] : [d.task_id])),
    ).map((task) => task.task_id);
    const settling = disputes.map((d) => d.dispute_id);
    db.prepare(
      `INSERT OR IGNORE INTO revision_settlements (dispute_id, revision, runs_through, settled_at)
       SELECT value, ?, ?, ? FROM json_each(?)`,
    ).run(tag, runsThrough, at, JSON.stringify(settling));
    db.prepare('UPDATE revisions SET imported_at = coalesce(imported_at, ?) WHERE tag = ?').run(at, tag);
    db.prepare('UPDATE datasets SET revision = ? WHERE sha256 = ?').run(tag, datasetSha256);
    setMeta(db, 'base_revision', tag);
    const ids = db
      .prepare<[string], { dispute_id: string }>('SELECT dispute_id FROM revision_disputes WHERE revision = ?')
      .all(tag)
      .map((row) => row.dispute_id);
    applySettlements(store, [...ids, ...cellsOfSettledReports(store, tag)]);
    const settled = db
      .prepare<[string], { n: number }>('SELECT count(*) AS n FROM revision_settlements WHERE revision = ?')
      .get(tag)!.n;
    return { revision: tag, settled, tasks_left: tasksLeft };
  })();
}

/** Whether the dataset with `datasetSha256` is the output of the revision that is this store's base already (imported before). */
export function isBaseAlready(store: Store, datasetSha256: string): boolean {
  const { db } = store;
  const revision = db
    .prepare<[string], { tag: string; imported_at: string | null }>(
      'SELECT r.tag, r.imported_at FROM revision_outputs o JOIN revisions r ON r.tag = o.revision WHERE o.dataset_sha256 = ?',
    )
    .get(datasetSha256);
  return revision !== undefined && revision.imported_at !== null && getMeta(db, 'base_revision') === revision.tag;
}

interface DisputeKeyRow {
  id: string;
  kind: string;
  task_id: string;
  gold_row: number | null;
  column_name: string | null;
  entity_key: string | null;
}

/**
 * Re-applies recorded settlements to freshly derived dispute rows: each
 * listed dispute with a settlement is marked resolved by its latest revision,
 * unless a run graded against the new gold contests it (imported after the
 * settlement, or naming the revision as its suite_revision): that
 * disagreement is a fresh dispute. Call it after
 * deriving disputes and refreshing statuses. Returns how many were marked.
 */
export function applySettlements(store: Store, disputeIds: readonly string[]): number {
  const { db } = store;
  const settlement = db.prepare<[string], { revision: string; runs_through: number }>(
    'SELECT revision, runs_through FROM revision_settlements WHERE dispute_id = ? ORDER BY settled_at DESC, revision DESC LIMIT 1',
  );
  const dispute = db.prepare<[string], DisputeKeyRow>(
    'SELECT id, kind, task_id, gold_row, column_name, entity_key FROM disputes WHERE id = ?',
  );
  // Whether a run graded against the new gold contests the dispute: one imported after the
  // settlement, or one whose config names the revision as its suite revision.
  const freshCellRun = db.prepare<[string, number, string, number, string], { n: number }>(
    `SELECT count(*) AS n FROM system_cells c JOIN runs r ON r.id = c.run_id
      WHERE c.task_id = ? AND c.gold_row = ? AND c.column_name = ? AND c.verdict = 'incorrect' AND c.response_empty = 0
        AND (r.id > ? OR r.suite_revision = ?)`,
  );
  const freshRowRun = db.prepare<[string, string, number, string], { n: number }>(
    `SELECT count(*) AS n FROM run_rows rr JOIN runs r ON r.id = rr.run_id
      WHERE rr.task_id = ? AND rr.gold_row IS NULL AND rr.entity_key = ? AND (r.id > ? OR r.suite_revision = ?)`,
  );
  // A report on a cell no system contested was its own dispute; once its revision changed the cell, the
  // systems graded against the old value contest it as a cell dispute, which that revision settled too.
  // Few reports are settled: read them all once, the latest settlement of each cell last.
  const settledReportCells = new Map<string, { revision: string; runs_through: number }>();
  for (const report of db
    .prepare<[], { task_id: string; gold_row: number; column_name: string; revision: string; runs_through: number }>(
      `SELECT rep.task_id, rep.gold_row, rep.column_name, s.revision, s.runs_through
         FROM disputes rep JOIN revision_settlements s ON s.dispute_id = rep.id
        WHERE rep.kind = 'report' AND rep.gold_row IS NOT NULL AND rep.column_name IS NOT NULL
        ORDER BY s.settled_at, s.revision`,
    )
    .all()) {
    settledReportCells.set(cellKey(report.task_id, report.gold_row, report.column_name), {
      revision: report.revision,
      runs_through: report.runs_through,
    });
  }
  const mark = db.prepare("UPDATE disputes SET settled_by_revision = ?, status = 'resolved' WHERE id = ?");
  const unmark = db.prepare(
    'UPDATE disputes SET settled_by_revision = NULL WHERE id = ? AND settled_by_revision IS NOT NULL',
  );
  let marked = 0;
  for (const id of disputeIds) {
    const own = settlement.get(id);
    if (!own && settledReportCells.size === 0) continue;
    const row = dispute.get(id);
    if (!row) continue;
    const settled =
      own ??
      (row.kind === 'cell' && row.gold_row !== null && row.column_name !== null
        ? settledReportCells.get(cellKey(row.task_id, row.gold_row, row.column_name))
        : undefined);
    if (!settled) continue;
    const { revision, runs_through: through } = settled;
    let fresh = 0;
    if (row.kind === 'missing_row' && row.entity_key !== null)
      fresh = freshRowRun.get(row.task_id, row.entity_key, through, revision)!.n;
    else if (row.gold_row !== null && row.column_name !== null)
      fresh = freshCellRun.get(row.task_id, row.gold_row, row.column_name, through, revision)!.n;
    if (fresh > 0) {
      // A row that kept its flag (not rebuilt since) is reopened to the rulings' verdict.
      if (unmark.run(id).changes > 0) refreshStatus(store, id);
      continue;
    }
    mark.run(settled.revision, id);
    marked++;
  }
  return marked;
}

const cellKey = (taskId: string, goldRow: number, column: string): string => `${taskId}\u0000${goldRow}\u0000${column}`;

/** The cell disputes on the cells of the reports revision `tag` settled. */
function cellsOfSettledReports(store: Store, tag: string): string[] {
  return store.db
    .prepare<[string], string>(
      `SELECT c.id FROM revision_disputes rd
         JOIN disputes rep ON rep.id = rd.dispute_id AND rep.kind = 'report' AND rep.column_name IS NOT NULL
         JOIN disputes c ON c.task_id = rep.task_id AND c.kind = 'cell' AND c.gold_row = rep.gold_row AND c.column_name = rep.column_name
        WHERE rd.revision = ?`,
    )
    .pluck()
    .all(tag);
}

interface RevisionRow {
  tag: string;
  base_revision: string;
  base_sha256: string | null;
  created_at: string | null;
  created_by: string;
  recorded_at: string;
  operations: number;
  patch_sha256: string;
  content_sha256: string;
  encrypted: number;
  imported_at: string | null;
  patch_path: string | null;
  disputes: number;
  settled: number;
}

/** Every recorded revision, oldest first. */
export function listRevisions(store: Store): RevisionRecord[] {
  const { db } = store;
  const outputs = db.prepare<[string], { dataset_sha256: string }>(
    'SELECT dataset_sha256 FROM revision_outputs WHERE revision = ? ORDER BY written_at, dataset_sha256',
  );
  return db
    .prepare<[], RevisionRow>(
      `SELECT r.*,
              (SELECT count(*) FROM revision_disputes d WHERE d.revision = r.tag) AS disputes,
              (SELECT count(*) FROM revision_settlements s WHERE s.revision = r.tag) AS settled
         FROM revisions r ORDER BY r.recorded_at, r.tag`,
    )
    .all()
    .map((row) => ({
      tag: row.tag,
      base_revision: row.base_revision,
      base_sha256: row.base_sha256,
      created_at: row.created_at,
      created_by: row.created_by,
      recorded_at: row.recorded_at,
      operations: row.operations,
      patch_sha256: row.patch_sha256,
      content_sha256: row.content_sha256,
      encrypted: row.encrypted === 1,
      datasets_after: outputs.all(row.tag).map((o) => o.dataset_sha256),
      imported_at: row.imported_at,
      patch_path: row.patch_path,
      disputes: row.disputes,
      settled: row.settled,
    }));
}
