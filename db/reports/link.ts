// Attaching reports to disputes (design.md §5). A report on a gold cell joins
// that cell's dispute; one naming an entity gold lacks joins its missing_row
// dispute; otherwise it gets a `report` dispute on the cell or row. Reports
// on one cell share one dispute. A report naming no task stays unlinked.
// Disputes are rebuilt on every import, so links are recomputed then
// (relinkReports); links the engineer made by hand are kept.
import type { ReportRef } from '../../shared/api';
import type { EffectiveReportFields } from '../../shared/report-parse';
import { disputeId } from '../../shared/dispute-id';
import { nameScore } from '../../shared/report-parse';
import { rankDisputes, raiseDisputeTextsGeneration } from '../disputes';
import { entityKey } from '../entity-key';
import { requireDispute } from '../not-found';
import { refreshAllStatuses } from '../rulings';
import type { Store } from '../store';
import { buildCatalogue } from './catalogue';
import type { ReportRow } from './records';
import { effectiveFields, findReport, readOverride, readParsed, reparse } from './records';
import type { ReportDisputeKey } from './report-dispute';
import { reportDisputeId, upsertReportDispute } from './report-dispute';

export interface LinkSummary {
  /** Reports now attached to a dispute (automatically or by hand). */
  linked: number;
  unlinked: number;
  /** Report disputes created or refreshed. */
  reportDisputes: string[];
}

type Target = { id: string; create?: ReportDisputeKey } | null;

/** The dispute a report's fields point at (creating nothing yet). */
export function targetOf(store: Store, fields: EffectiveReportFields): Target {
  const { db } = store;
  if (fields.task_id === null) return null;
  const exists = (id: string): boolean => db.prepare('SELECT 1 FROM disputes WHERE id = ?').get(id) !== undefined;
  if (fields.row !== null) {
    // A column the report names that the task lacks is a misread, not a report on the whole row.
    if (fields.column === null && fields.column_unresolved !== null) return null;
    const entityColumn = db
      .prepare<[string], { entity_column: string }>('SELECT entity_column FROM tasks WHERE task_id = ?')
      .get(fields.task_id)?.entity_column;
    // Naming the entity column is a report against the row itself.
    const column = fields.column !== null && fields.column !== entityColumn ? fields.column : null;
    const key: ReportDisputeKey = { task_id: fields.task_id, gold_row: fields.row, column };
    const reportId = reportDisputeId(key);
    if (column !== null) {
      // Rulings already made on the report dispute stay where they were made.
      const ruled =
        exists(reportId) &&
        db.prepare('SELECT 1 FROM rulings WHERE dispute_id = ? LIMIT 1').get(reportId) !== undefined;
      const cellId = disputeId({
        kind: 'cell',
        task_id: fields.task_id,
        gold_row: fields.row,
        column,
        entity_key: null,
      });
      if (!ruled && exists(cellId)) return { id: cellId };
    }
    return { id: reportId, create: key };
  }
  if (fields.missing_entity !== null && fields.missing_entity.trim() !== '') {
    const id = disputeId({
      kind: 'missing_row',
      task_id: fields.task_id,
      gold_row: null,
      column: null,
      entity_key: entityKey(fields.missing_entity),
    });
    if (exists(id)) return { id };
    return closestMissingRow(store, fields.task_id, fields.missing_entity);
  }
  return null;
}

/**
 * Reporters shorten names ("Majora's Mask 3D" for the systems' "The Legend of
 * Zelda: Majora's Mask 3D"): the task's missing_row dispute whose entity the
 * name matches best, when it clearly does.
 */
function closestMissingRow(store: Store, taskId: string, name: string): Target {
  const candidates = store.db
    .prepare<[string], { id: string; entity_s: string }>(
      "SELECT id, entity_s FROM disputes WHERE task_id = ? AND kind = 'missing_row' ORDER BY id",
    )
    .all(taskId)
    .map((row) => ({ id: row.id, score: nameScore(name, store.sealer.open(row.entity_s)) }))
    .sort((a, b) => b.score - a.score);
  const [best, second] = candidates;
  if (!best || best.score < 0.8 || (second && second.score >= best.score - 0.05)) return null;
  return { id: best.id };
}

/**
 * Links each report (re-parsed first when `catalogue` work is asked for) and
 * brings report disputes, `has_report`, priorities and statuses up to date.
 * Runs inside the caller's transaction when there is one.
 */
export function linkReportRows(store: Store, rows: readonly ReportRow[], options: { reparse: boolean }): LinkSummary {
  const { db, sealer } = store;
  return db.transaction((): LinkSummary => {
    const catalogue = options.reparse ? buildCatalogue(store) : null;
    const manualOf = db.prepare<[number], { dispute_id: string; manual: number }>(
      'SELECT dispute_id, manual FROM report_links WHERE report_id = ?',
    );
    const setLink = db.prepare(
      `INSERT INTO report_links (report_id, dispute_id, manual, linked_at) VALUES (?, ?, 0, ?)
       ON CONFLICT(report_id) DO UPDATE SET dispute_id = excluded.dispute_id, manual = 0, linked_at = excluded.linked_at
       WHERE report_links.dispute_id <> excluded.dispute_id`,
    );
    const dropLink = db.prepare('DELETE FROM report_links WHERE report_id = ? AND manual = 0');
    const toCreate = new Map<string, ReportDisputeKey>();
    const now = new Date().toISOString();
    const summary: LinkSummary = { linked: 0, unlinked: 0, reportDisputes: [] };

    for (const row of rows) {
      const fields = catalogue ? reparse(store, row, catalogue) : storedFields(store, row);
      const existing = manualOf.get(row.id);
      if (existing?.manual === 1) {
        summary.linked++;
        continue;
      }
      const target = targetOf(store, fields);
      if (target === null) {
        dropLink.run(row.id);
        summary.unlinked++;
        continue;
      }
      if (target.create) toCreate.set(target.id, target.create);
      setLink.run(row.id, target.id, now);
      summary.linked++;
    }

    // A report dispute's top value is the proposal of its first report that states one.
    const proposalOf = db.prepare<[string], { proposed_value_s: string | null }>(
      `SELECT r.proposed_value_s FROM report_links l JOIN reports r ON r.id = l.report_id
        WHERE l.dispute_id = ? AND r.proposed_value_s IS NOT NULL ORDER BY r.number, r.repo LIMIT 1`,
    );
    for (const [id, key] of toCreate) {
      upsertReportDispute(store, key, sealer.open(proposalOf.get(id)?.proposed_value_s ?? null));
      summary.reportDisputes.push(id);
    }
    const removed = pruneReportDisputes(store);
    refreshHasReport(store);
    if (toCreate.size > 0 || removed > 0) rankDisputes(db);
    // A ruling may already exist for a report dispute (from a ruling log, or before a re-import).
    if (summary.reportDisputes.length > 0) refreshAllStatuses(store, summary.reportDisputes);
    return summary;
  })();
}

function storedFields(store: Store, row: ReportRow): EffectiveReportFields {
  return {
    task_id: row.task_id,
    row: row.gold_row,
    column: row.column_name,
    column_score: row.column_score,
    proposed_value: store.sealer.open(row.proposed_value_s),
    missing_entity: store.sealer.open(row.missing_entity_s),
    confidence: row.confidence,
    column_unresolved: effectiveFields(readParsed(store, row), readOverride(store, row)).column_unresolved,
  };
}

/** Report disputes no report points at any more go, unless an engineer has ruled on them or an audit raised them. */
function pruneReportDisputes(store: Store): number {
  const tasksOfRemoved = store.db
    .prepare<[], string>(
      `DELETE FROM disputes WHERE kind = 'report'
         AND NOT EXISTS (SELECT 1 FROM report_links l WHERE l.dispute_id = disputes.id)
         AND NOT EXISTS (SELECT 1 FROM rulings r WHERE r.dispute_id = disputes.id)
         AND NOT EXISTS (SELECT 1 FROM audit_cells a WHERE a.dispute_id = disputes.id)
       RETURNING task_id`,
    )
    .pluck()
    .all();
  if (tasksOfRemoved.length > 0) raiseDisputeTextsGeneration(store.db, new Set(tasksOfRemoved));
  return tasksOfRemoved.length;
}

function refreshHasReport(store: Store): void {
  store.db.exec(`
    UPDATE disputes SET has_report = 1 - has_report
     WHERE has_report <> EXISTS (SELECT 1 FROM report_links l WHERE l.dispute_id = disputes.id)
  `);
}

/**
 * After an import rebuilt disputes: re-parse the reports of those tasks (and
 * reports with no task yet, which new tasks may now explain) and link them
 * again, restoring `has_report` and report disputes. All reports when
 * `taskIds` is omitted.
 */
export function relinkReports(store: Store, taskIds?: Iterable<string>): LinkSummary {
  const { db } = store;
  // Most stores hold no reports: then there is nothing to restore.
  if (!db.prepare('SELECT 1 FROM reports LIMIT 1').get()) return { linked: 0, unlinked: 0, reportDisputes: [] };
  const all = db.prepare<[], ReportRow>('SELECT * FROM reports ORDER BY id').all();
  const wanted = taskIds === undefined ? null : new Set(taskIds);
  const rows = wanted === null ? all : all.filter((row) => row.task_id === null || wanted.has(row.task_id));
  return linkReportRows(store, rows, { reparse: true });
}

/**
 * The engineer's link: attaches the report to `disputeId` (kept through
 * re-imports), or with null removes the hand-made link and links it
 * automatically again.
 */
export function linkReport(store: Store, ref: ReportRef, target: string | null): LinkSummary {
  const { db } = store;
  return db.transaction((): LinkSummary => {
    const row = findReport(store, ref);
    if (target === null) {
      db.prepare('DELETE FROM report_links WHERE report_id = ?').run(row.id);
      return linkReportRows(store, [row], { reparse: false });
    }
    requireDispute(store, target);
    db.prepare(
      `INSERT INTO report_links (report_id, dispute_id, manual, linked_at) VALUES (?, ?, 1, ?)
       ON CONFLICT(report_id) DO UPDATE SET dispute_id = excluded.dispute_id, manual = 1, linked_at = excluded.linked_at`,
    ).run(row.id, target, new Date().toISOString());
    if (pruneReportDisputes(store) > 0) rankDisputes(db);
    refreshHasReport(store);
    return { linked: 1, unlinked: 0, reportDisputes: [] };
  })();
}
