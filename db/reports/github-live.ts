// Fetches a repository's issues from the GitHub REST API (design.md §4.5):
// every page through `Link: rel="next"`, pull requests skipped, an optional
// label filter, and the rate limit respected (see github-http.ts).
import type { SkippedItem } from '../../shared/api-types';
import { issuesFromJson } from './github-json';
import type { GitHubClientOptions } from './github-http';
import {
  baseUrlOf,
  checkRepo,
  GitHubError,
  GitHubRateLimitError,
  githubRequest,
  nextLink,
  respectRemaining,
} from './github-http';
import type { ReportIssue } from './issue';

export interface FetchIssuesOptions extends GitHubClientOptions {
  /** OWNER/NAME. */
  repo: string;
  label?: string;
  /** Called after each page with the pages and issues so far. */
  onPage?: (pages: number, issues: number) => void;
  /** Safety stop for runaway pagination (default 1000 pages = 100,000 issues). */
  maxPages?: number;
}

export interface FetchedIssues {
  repo: string;
  issues: ReportIssue[];
  skipped: SkippedItem[];
  pullRequests: number;
  pages: number;
  waitedMs: number;
}

/** A rate-limit stop, carrying the issues fetched before it (the caller may import them). */
export class PartialFetchError extends GitHubRateLimitError {
  override name = 'PartialFetchError';
  constructor(
    cause: GitHubRateLimitError,
    readonly partial: FetchedIssues,
  ) {
    super(
      `${cause.message} (${partial.issues.length} issues from ${partial.pages} pages were fetched before the stop)`,
      cause.resetAt,
    );
  }
}

export function issuesUrl(options: Pick<FetchIssuesOptions, 'repo' | 'label' | 'baseUrl'>): string {
  const [owner, name] = checkRepo(options.repo);
  const query = new URLSearchParams({ state: 'all', per_page: '100' });
  if (options.label) query.set('labels', options.label);
  return `${baseUrlOf(options)}/repos/${owner}/${name}/issues?${query.toString()}`;
}

export async function fetchGitHubIssues(options: FetchIssuesOptions): Promise<FetchedIssues> {
  const out: FetchedIssues = { repo: options.repo, issues: [], skipped: [], pullRequests: 0, pages: 0, waitedMs: 0 };
  const seen = new Map<number, number>();
  let url: string | null = issuesUrl(options);
  const maxPages = options.maxPages ?? 1000;
  try {
    while (url !== null) {
      if (out.pages >= maxPages)
        throw new GitHubError(`stopped after ${maxPages} pages of issues: the repository has more than expected`);
      const { response, waitedMs } = await githubRequest(url, {}, options, `the issues of ${options.repo}`);
      out.waitedMs += waitedMs;
      let value: unknown;
      try {
        value = await response.json();
      } catch {
        throw new GitHubError(`GitHub sent a page of ${options.repo}'s issues that is not JSON (${url})`);
      }
      if (!Array.isArray(value))
        throw new GitHubError(`GitHub sent something other than a list of issues for ${options.repo} (${url})`);
      out.pages++;
      const page = issuesFromJson(value, url, options.repo);
      out.pullRequests += page.pullRequests;
      out.skipped.push(...page.skipped);
      for (const issue of page.issues) {
        // An issue edited while we page can move to a later page: keep the last copy seen.
        const earlier = seen.get(issue.number);
        if (earlier !== undefined) out.issues[earlier] = issue;
        else {
          seen.set(issue.number, out.issues.length);
          out.issues.push(issue);
        }
      }
      options.onPage?.(out.pages, out.issues.length);
      url = nextLink(response.headers.get('link'));
      if (url !== null) out.waitedMs += await respectRemaining(response, options);
    }
  } catch (error) {
    if (error instanceof GitHubRateLimitError && !(error instanceof PartialFetchError))
      throw new PartialFetchError(error, out);
    throw error;
  }
  return out;
}
