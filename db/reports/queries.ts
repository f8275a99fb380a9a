// Reports as the UI and the CLI read them: the list (`reports list`), the
// reports of one dispute (dispute panel), one report, and the issue numbers
// a dispute settles (patch operations' `issues`).
import type { ReportListItem, ReportRef, ReportUrl, ReportView } from '../../shared/report-parse';
import { visibleControls } from '../../shared/report-parse';
import type { Store } from '../store';
import type { ReportRow } from './records';
import { effectiveFields, findReport, readOverride, readParsed } from './records';

type LinkedRow = ReportRow & { dispute_id: string | null; manual: number | null };

const SELECT_LINKED = `SELECT r.*, l.dispute_id, l.manual FROM reports r LEFT JOIN report_links l ON l.report_id = r.id`;

export function listReports(store: Store, options: { unlinked?: boolean } = {}): ReportListItem[] {
  const where = options.unlinked ? ' WHERE l.dispute_id IS NULL' : '';
  return store.db
    .prepare<[], LinkedRow>(`${SELECT_LINKED}${where} ORDER BY r.repo, r.number`)
    .all()
    .map((row) => ({
      number: row.number,
      repo: row.repo,
      title: visibleControls(store.sealer.open(row.title_s)),
      url: row.url,
      state: row.state,
      author: row.author,
      created_at: row.created_at,
      task_id: row.task_id,
      row: row.gold_row,
      column: row.column_name,
      column_score: row.column_score,
      dispute_id: row.dispute_id,
      confidence: row.confidence,
      manual_link: row.manual === 1,
      overridden: row.override_s !== null,
    }));
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
