// Reports as the UI and the CLI read them: the list (`reports list`), the
// reports of one dispute (dispute panel), one report, and the issue numbers
// a dispute settles (patch operations' `issues`).
import type { ReportRef } from '../../shared/api';
import type { ReportListItem, ReportUrl, ReportView } from '../../shared/report-parse';
import { visibleControls } from '../../shared/report-parse';
import type { Store } from '../store';
import type { ReportRow } from './records';
import { effectiveFields, findReport, readOverride, readParsed } from './records';

type LinkedRow = ReportRow & { dispute_id: string | null; manual: number | null };

const SELECT_LINKED = `SELECT r.*, l.dispute_id, l.manual FROM reports r LEFT JOIN report_links l ON l.report_id = r.id`;

type ListedRow = LinkedRow & { d_task_id: string | null; d_gold_row: number | null; d_column_name: string | null };

/**
 * For each linked dispute, the revision whose patch carried it, as a reply
 * names it: one imported as a base first (what shipped; a plain-text copy
 * exported later under another tag is not), else the newest exported.
 */
function fixedInByDispute(store: Store): Map<string, string> {
  const rows = store.db
    .prepare<[], { dispute_id: string; revision: string }>(
      `SELECT rd.dispute_id, rd.revision FROM revision_disputes rd JOIN revisions v ON v.tag = rd.revision
        WHERE rd.dispute_id IN (SELECT dispute_id FROM report_links WHERE dispute_id IS NOT NULL)
        ORDER BY (v.imported_at IS NULL) DESC, v.recorded_at, v.tag`,
    )
    .all();
  // Ordered worst first: the last one set for a dispute is the one to name.
  return new Map(rows.map((row) => [row.dispute_id, row.revision]));
}

export function listReports(store: Store, options: { unlinked?: boolean } = {}): ReportListItem[] {
  const where = options.unlinked ? ' WHERE l.dispute_id IS NULL' : '';
  const fixedIn = fixedInByDispute(store);
  return store.db
    .prepare<[], ListedRow>(
      `SELECT r.*, l.dispute_id, l.manual, d.task_id AS d_task_id, d.gold_row AS d_gold_row, d.column_name AS d_column_name
         FROM reports r LEFT JOIN report_links l ON l.report_id = r.id LEFT JOIN disputes d ON d.id = l.dispute_id${where}
        ORDER BY r.repo, r.number`,
    )
    .all()
    .map((row) => {
      // A hand link may point at another cell than the parse: show the cell the report is attached to.
      const linked = row.manual === 1 && row.d_task_id !== null;
      const task = linked ? row.d_task_id : row.task_id;
      const gold = linked ? row.d_gold_row : row.gold_row;
      const column = linked ? row.d_column_name : row.column_name;
      const sameColumn = task === row.task_id && gold === row.gold_row && column === row.column_name;
      return {
        number: row.number,
        repo: row.repo,
        title: visibleControls(store.sealer.open(row.title_s)),
        url: row.url,
        state: row.state,
        author: row.author,
        created_at: row.created_at,
        task_id: task,
        row: gold,
        column,
        column_score: sameColumn ? row.column_score : null,
        dispute_id: row.dispute_id,
        confidence: row.confidence,
        manual_link: row.manual === 1,
        overridden: row.override_s !== null,
        parsed_task_id: row.task_id,
        parsed_row: row.gold_row,
        parsed_column: row.column_name,
        // Only an unlinked report (or one without a column) can have one: no parse is opened for the others.
        column_unresolved:
          row.column_name === null
            ? effectiveFields(readParsed(store, row), readOverride(store, row)).column_unresolved
            : null,
        fixed_in: row.dispute_id === null ? null : (fixedIn.get(row.dispute_id) ?? null),
      };
    });
}

function toView(store: Store, row: LinkedRow): ReportView {
  const { sealer } = store;
  const parsed = readParsed(store, row);
  const override = readOverride(store, row);
  const body = sealer.open(row.body_s);
  return {
    number: row.number,
    repo: row.repo,
    title: visibleControls(sealer.open(row.title_s)),
    url: row.url,
    author: row.author,
    created_at: row.created_at,
    updated_at: row.updated_at,
    state: row.state,
    labels: JSON.parse(row.labels_json) as string[],
    body,
    body_text: visibleControls(body),
    urls: sealer.openJson<ReportUrl[]>(row.urls_s, []),
    parsed,
    override,
    effective: effectiveFields(parsed, override),
    dispute_id: row.dispute_id,
    manual_link: row.manual === 1,
  };
}

/** Every report attached to a dispute, oldest issue first. */
export function reportsForDispute(store: Store, disputeId: string): ReportView[] {
  return store.db
    .prepare<[string], LinkedRow>(`${SELECT_LINKED} WHERE l.dispute_id = ? ORDER BY r.created_at, r.number`)
    .all(disputeId)
    .map((row) => toView(store, row));
}

export function getReport(store: Store, ref: ReportRef): ReportView {
  const { id } = findReport(store, ref);
  return toView(store, store.db.prepare<[number], LinkedRow>(`${SELECT_LINKED} WHERE r.id = ?`).get(id)!);
}

/** Issue numbers a dispute settles, ascending: a patch operation's `issues`, and "Fixes #N" in the changelog. */
export function issueNumbersForDispute(store: Store, disputeId: string): number[] {
  return store.db
    .prepare<[string], { number: number }>(
      'SELECT DISTINCT r.number FROM report_links l JOIN reports r ON r.id = l.report_id WHERE l.dispute_id = ? ORDER BY r.number',
    )
    .all(disputeId)
    .map((row) => row.number);
}

/**
 * Issue numbers of every linked dispute, as issueNumbersForDispute gives them,
 * in one query: export needs them for thousands of disputes at once.
 */
export function issueNumbersByDispute(store: Store): Map<string, number[]> {
  const byDispute = new Map<string, number[]>();
  const rows = store.db
    .prepare<[], { dispute_id: string; number: number }>(
      'SELECT DISTINCT l.dispute_id, r.number FROM report_links l JOIN reports r ON r.id = l.report_id ORDER BY l.dispute_id, r.number',
    )
    .all();
  for (const { dispute_id: id, number } of rows) {
    const numbers = byDispute.get(id);
    if (numbers) numbers.push(number);
    else byDispute.set(id, [number]);
  }
  return byDispute;
}
