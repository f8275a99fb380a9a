// Posting a reply on the reporter's issue and closing it, through the
// GitHub API. Offered only with a token and explicit confirmation; the text
// is checked for gold values and names before it leaves the machine.
import type { ReportRef } from '../../shared/api';
import type { Store } from '../store';
import { allTaskIds, findLeaks, goldTermsOf } from './gold-terms';
import type { GitHubClientOptions } from './github-http';
import { baseUrlOf, checkRepo, githubRequest } from './github-http';
import type { ReportRow } from './records';
import { findReport, readParsed, ReportError } from './records';
import { draftReply } from './reply';
import { contentSha } from './store-reports';
import type { PostReplyResult } from '../../shared/report-types';

export interface PostReplyOptions extends GitHubClientOptions {
  token: string;
  /** Must be true: posting is public and cannot be taken back from here. */
  confirm: boolean;
  /** The text to post (default: the draft). */
  body?: string;
  revision?: string;
  /** Close the issue after commenting (default: when the draft is a final answer). */
  close?: boolean;
}

export type { PostReplyResult };

export async function postIssueComment(
  repo: string,
  number: number,
  body: string,
  options: GitHubClientOptions,
): Promise<string | null> {
  const [owner, name] = checkRepo(repo);
  const { response } = await githubRequest(
    `${baseUrlOf(options)}/repos/${owner}/${name}/issues/${number}/comments`,
    { method: 'POST', body: { body } },
    options,
    `a comment on ${repo}#${number}`,
  );
  const created = (await response.json().catch(() => ({}))) as { html_url?: unknown };
  return typeof created.html_url === 'string' ? created.html_url : null;
}

export async function closeIssue(
  repo: string,
  number: number,
  reason: 'completed' | 'not_planned',
  options: GitHubClientOptions,
): Promise<void> {
  const [owner, name] = checkRepo(repo);
  const { response } = await githubRequest(
    `${baseUrlOf(options)}/repos/${owner}/${name}/issues/${number}`,
    { method: 'PATCH', body: { state: 'closed', state_reason: reason } },
    options,
    `closing ${repo}#${number}`,
  );
  await response.body?.cancel();
}

/**
 * Refuses a text quoting the gold of any task the report touches: the task of
 * the dispute it is linked to (by hand, that may be another task than the
 * parser found), the task it names (as parsed and as the engineer fixed it).
 * A report tied to no task, or linked to a dispute this store no longer holds,
 * is checked against every task's gold.
 */
function checkNoGold(store: Store, report: ReportRow, revision: string | null, body: string): void {
  const { db } = store;
  const link = db
    .prepare<[number], { dispute_id: string }>('SELECT dispute_id FROM report_links WHERE report_id = ?')
    .get(report.id);
  const dispute = link
    ? db
        .prepare<[string], { task_id: string; gold_row: number | null }>(
          'SELECT task_id, gold_row FROM disputes WHERE id = ?',
        )
        .get(link.dispute_id)
    : undefined;
  const named = [dispute?.task_id, report.task_id, readParsed(store, report)?.task_id].filter(
    (id): id is string => typeof id === 'string' && id !== '',
  );
  const everyTask = named.length === 0 || (link !== undefined && dispute === undefined);
  const taskIds = [...new Set(everyTask ? [...named, ...allTaskIds(store)] : named)];
  // Task ids, row numbers, the revision and the issue number are ours to write, even where they look like a short gold value.
  const rows = [report.gold_row, dispute?.gold_row ?? null]
    .filter((row): row is number => row !== null)
    .map((row) => `row ${row + 1}`);
  const safe = [...taskIds, ...rows, ...(revision ? [revision] : []), `#${report.number}`];
  const leaks = findLeaks(body, goldTermsOf(store, taskIds), safe);
  if (leaks.length === 0) return;
  const whose = everyTask
    ? "this store's tasks (the report is tied to no task, so every task's gold is checked)"
    : taskIds.join(', ');
  const many = leaks.length > 1;
  throw new ReportError(
    `the reply quotes ${leaks.length} gold value${many ? 's' : ''} or name${many ? 's' : ''} of ${whose}: remove ${many ? 'them' : 'it'} before posting`,
  );
}

/** Posts the reply (the draft, or the engineer's edit of it) and closes the issue when asked. */
export async function postReportReply(
  store: Store,
  ref: ReportRef,
  options: PostReplyOptions,
): Promise<PostReplyResult> {
  if (options.confirm !== true) throw new ReportError('posting to GitHub needs explicit confirmation');
  if (!options.token) throw new ReportError('posting to GitHub needs a token (GITHUB_TOKEN or the token in settings)');
  const report = findReport(store, ref);
  if (!report.repo)
    throw new ReportError(
      `report #${report.number} was imported without its repository: re-import it with --repo OWNER/NAME`,
    );
  const draft = draftReply(store, ref, { revision: options.revision });
  const body = (options.body ?? draft.text).trim();
  if (body === '') throw new ReportError('the reply is empty');
  checkNoGold(store, report, draft.revision, body);
  const commentUrl = await postIssueComment(report.repo, report.number, body, options);
  const close = options.close ?? draft.closes;
  if (close) {
    await closeIssue(report.repo, report.number, draft.close_reason ?? 'completed', options);
    // Stored as GitHub now has it, so the next import sees no change.
    const labels = JSON.parse(report.labels_json) as string[];
    const sha = contentSha({
      repo: report.repo,
      number: report.number,
      title: store.sealer.open(report.title_s),
      body: store.sealer.open(report.body_s),
      url: report.url,
      author: report.author,
      labels,
      state: 'closed',
      created_at: report.created_at,
      updated_at: report.updated_at,
    });
    store.db.prepare("UPDATE reports SET state = 'closed', content_sha = ? WHERE id = ?").run(sha, report.id);
  }
  return { number: report.number, repo: report.repo, comment_url: commentUrl, closed: close };
}
