// Importing GitHub reports (design.md §4.5): one transaction upserts the issues
// (a re-import updates an edited body or a closed state and duplicates
// nothing; a copy older than the stored one, by GitHub's updated_at, is kept
// out; the engineer's overrides and hand-made links are kept), parses
// the new and changed ones against the store's tasks, and links them.
import { createHash } from 'node:crypto';
import type { SkippedItem } from '../../shared/api-types';
import type { Store } from '../store';
import type { FetchIssuesOptions } from './github-live';
import { fetchGitHubIssues } from './github-live';
import { readIssuesFile } from './github-json';
import type { ReportIssue } from './issue';
import type { LinkSummary } from './link';
import { linkReportRows } from './link';
import type { ReportRow } from './records';
import { ReportError } from './records';
import { ReaderError } from '../readers';
import type { ReportImportResult } from '../../shared/report-types';

export type { ReportImportResult };

/** What a re-import compares to tell an edited or closed issue from an unchanged one. */
export function contentSha(issue: ReportIssue): string {
  const fields = [issue.title, issue.body, issue.state, issue.labels, issue.url, issue.author, issue.created_at];
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}

/** Whether `incoming` is an earlier GitHub updated_at than `stored`; unknown times are not older. */
function isOlder(incoming: string | null, stored: string | null): boolean {
  if (incoming === null || stored === null) return false;
  const a = Date.parse(incoming);
  const b = Date.parse(stored);
  return Number.isFinite(a) && Number.isFinite(b) ? a < b : incoming < stored;
}

/** Upserts issues and links the new and changed ones, in one transaction. */
export function storeReports(
  store: Store,
  issues: readonly ReportIssue[],
  extra: { skipped?: SkippedItem[]; pullRequests?: number } = {},
): ReportImportResult {
  const { db, sealer } = store;
  const result: ReportImportResult = {
    added: 0,
    updated: 0,
    unchanged: 0,
    linked: 0,
    unlinked: 0,
    pull_requests: extra.pullRequests ?? 0,
    skipped: [...(extra.skipped ?? [])],
  };
  const existing = db.prepare<[string, number], { id: number; content_sha: string; updated_at: string | null }>(
    'SELECT id, content_sha, updated_at FROM reports WHERE repo = ? AND number = ?',
  );
  const insert = db.prepare(
    `INSERT INTO reports (repo, number, title_s, body_s, url, author, labels_json, state, created_at, updated_at, content_sha, imported_at, urls_s)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const update = db.prepare(
    `UPDATE reports SET title_s = ?, body_s = ?, url = ?, author = ?, labels_json = ?, state = ?, created_at = ?, updated_at = ?,
            content_sha = ?, imported_at = ? WHERE id = ?`,
  );
  const byId = db.prepare<[number], ReportRow>('SELECT * FROM reports WHERE id = ?');

  let summary: LinkSummary = { linked: 0, unlinked: 0, reportDisputes: [] };
  db.transaction(() => {
    const now = new Date().toISOString();
    const touched: number[] = [];
    for (const issue of issues) {
      const sha = contentSha(issue);
      const found = existing.get(issue.repo, issue.number);
      const values = [
        sealer.seal(issue.title),
        sealer.seal(issue.body),
        issue.url,
        issue.author,
        JSON.stringify(issue.labels),
        issue.state,
        issue.created_at,
        issue.updated_at,
        sha,
        now,
      ] as const;
      if (!found) {
        const info = insert.run(issue.repo, issue.number, ...values.slice(0, 10), sealer.sealJson([]));
        touched.push(Number(info.lastInsertRowid));
        result.added++;
      } else if (isOlder(issue.updated_at, found.updated_at)) {
        // An older saved copy (imported after a newer one) must not undo a later edit or close.
        result.unchanged++;
      } else if (found.content_sha !== sha) {
        update.run(...values, found.id);
        touched.push(found.id);
        result.updated++;
      } else {
        result.unchanged++;
      }
    }
    summary = linkReportRows(
      store,
      touched.map((id) => byId.get(id)!),
      { reparse: true },
    );
  }).immediate();
  result.linked = summary.linked;
  result.unlinked = summary.unlinked;
  return result;
}

/** `reports import FILE...`: every file read first (a bad file is reported, the rest import), then one transaction. */
export function importReportFiles(
  store: Store,
  paths: readonly string[],
  options: { repo?: string; maxFileBytes?: number } = {},
): ReportImportResult {
  const issues: ReportIssue[] = [];
  const skipped: SkippedItem[] = [];
  let pullRequests = 0;
  for (const path of paths) {
    try {
      const list = readIssuesFile(path, options);
      issues.push(...list.issues);
      skipped.push(...list.skipped);
      pullRequests += list.pullRequests;
    } catch (error) {
      if (!(error instanceof ReaderError)) throw error;
      skipped.push(error.toSkipped());
    }
  }
  if (issues.length === 0 && skipped.length > 0) {
    // Like `import`: nothing importable is an error (the store is unchanged); partial success is a report.
    const reasons = skipped
      .slice(0, 3)
      .map((item) => `${item.path}${item.field ? ` (${item.field})` : ''}: ${item.reason}`);
    throw new ReportError(`no report could be imported: ${reasons.join('; ')}`);
  }
  return storeReports(store, dedupe(issues), { skipped, pullRequests });
}

/** `reports import --repo OWNER/NAME [--label L]`: fetched first (no transaction held open over the network), then stored. */
export async function importReportsFromGitHub(
  store: Store,
  options: FetchIssuesOptions,
): Promise<ReportImportResult & { pages: number }> {
  const fetched = await fetchGitHubIssues(options);
  const result = storeReports(store, fetched.issues, { skipped: fetched.skipped, pullRequests: fetched.pullRequests });
  return { ...result, pages: fetched.pages };
}

/** The same issue in two files (two saved exports): the most recently updated copy wins. */
function dedupe(issues: readonly ReportIssue[]): ReportIssue[] {
  const latest = new Map<string, ReportIssue>();
  for (const issue of issues) {
    const key = `${issue.repo}#${issue.number}`;
    const other = latest.get(key);
    if (!other || (issue.updated_at ?? '') >= (other.updated_at ?? '')) latest.set(key, issue);
  }
  return [...latest.values()];
}
