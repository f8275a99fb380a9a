// Saved GitHub issue lists (design.md §4.5): a REST `GET /repos/{o}/{r}/issues`
// page, a JSON array of such pages, or `gh issue list --json …` output. Pull
// requests are skipped; an entry that fails validation is reported with its
// file and field and the rest still import.
import type { SkippedItem } from '../../shared/api-types';
import {
  describeZodError,
  decodeUtf8,
  maxBytesOf,
  parseJson,
  readFileLimited,
  ReaderError,
  isPlainObject,
} from '../readers';
import type { ReportIssue } from './issue';
import { isPullRequest, issueSchema, toReportIssue } from './issue';

export interface IssueList {
  issues: ReportIssue[];
  skipped: SkippedItem[];
  pullRequests: number;
}

/** Issues from an already parsed JSON value (a page or an array of pages); `path` names the source in skipped items. */
export function issuesFromJson(value: unknown, path: string, repo?: string): IssueList {
  if (!Array.isArray(value))
    throw new ReaderError(path, '', 'expected a JSON array of GitHub issues (or an array of pages of issues)');
  const paged = value.length > 0 && value.every((page) => Array.isArray(page));
  const pages: unknown[][] = paged ? (value as unknown[][]) : [value];
  const out: IssueList = { issues: [], skipped: [], pullRequests: 0 };
  const seen = new Map<string, number>();
  pages.forEach((page, pageIndex) => {
    page.forEach((entry, index) => {
      const at = paged ? `[${pageIndex}][${index}]` : `[${index}]`;
      if (!isPlainObject(entry)) {
        out.skipped.push({ path, field: at, reason: 'expected an issue object' });
        return;
      }
      if (isPullRequest(entry)) {
        out.pullRequests++;
        return;
      }
      // reportInput keeps the offending value on each issue, so a wrong type reads "got …", not "missing".
      const parsed = issueSchema.safeParse(entry, { reportInput: true });
      if (!parsed.success) {
        const problem = describeZodError(parsed.error, at);
        out.skipped.push({ path, field: problem.field, reason: problem.reason });
        return;
      }
      const issue = toReportIssue(parsed.data, repo);
      // Pages fetched while issues change can list one issue twice: the later copy wins.
      const key = `${issue.repo}#${issue.number}`;
      const earlier = seen.get(key);
      if (earlier !== undefined) out.issues[earlier] = issue;
      else {
        seen.set(key, out.issues.length);
        out.issues.push(issue);
      }
    });
  });
  return out;
}

export function readIssuesFile(path: string, options: { repo?: string; maxFileBytes?: number } = {}): IssueList {
  const outcome = readFileLimited(path, maxBytesOf(options));
  if (!('bytes' in outcome)) throw new ReaderError(path, '', 'file not found');
  return issuesFromJson(parseJson(decodeUtf8(outcome.bytes, path), path), path, options.repo);
}
