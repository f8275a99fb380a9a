// One GitHub issue as the store keeps it, read from either shape GitHub
// gives: the REST API (`html_url`, `user.login`, `created_at`, lower-case
// state) or `gh issue list --json …` (`url`, `author.login`, `createdAt`,
// upper-case state). Unknown fields are ignored.
import { z } from 'zod';
import { safeExternalUrl } from '../../shared/host';

export interface ReportIssue {
  /** 'owner/name'; '' when nothing names the repository. */
  repo: string;
  number: number;
  title: string;
  body: string;
  /** The issue's web page, when it is a plain http(s) link. */
  url: string | null;
  author: string | null;
  labels: string[];
  state: 'open' | 'closed';
  created_at: string | null;
  updated_at: string | null;
}

const login = z.object({ login: z.string() }).nullish();
const label = z.union([z.string(), z.object({ name: z.string() }).transform((l) => l.name)]);

export const issueSchema = z.object({
  number: z.number().int().positive(),
  title: z.string(),
  body: z.string().nullish(),
  html_url: z.string().nullish(),
  url: z.string().nullish(),
  repository_url: z.string().nullish(),
  user: login,
  author: login,
  labels: z.array(label).nullish(),
  state: z
    .string()
    .transform((s) => s.toLowerCase())
    .pipe(z.enum(['open', 'closed'])),
  created_at: z.string().nullish(),
  createdAt: z.string().nullish(),
  updated_at: z.string().nullish(),
  updatedAt: z.string().nullish(),
});

export type RawIssue = z.infer<typeof issueSchema>;

/** A pull request, which the REST issues endpoint lists among issues. */
export function isPullRequest(value: Record<string, unknown>): boolean {
  if (Object.hasOwn(value, 'pull_request')) return true;
  const page = typeof value.html_url === 'string' ? value.html_url : typeof value.url === 'string' ? value.url : '';
  return /\/pull\/\d+\/?$/u.test(page);
}

const WEB_PATH = /^\/([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+)\/issues\/\d+\/?$/u;
const API_PATH = /^\/(?:api\/v3\/)?repos\/([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+)\/?$/u;

/** `owner/name` from the issue's web page or the REST `repository_url`. */
function repoOf(issue: RawIssue, webUrl: string | null): string | null {
  for (const [candidate, pattern] of [
    [webUrl, WEB_PATH],
    [issue.repository_url, API_PATH],
  ] as const) {
    if (!candidate) continue;
    try {
      const match = pattern.exec(new URL(candidate).pathname);
      if (match) return `${match[1]}/${match[2]}`;
    } catch {
      // not a URL: try the next field
    }
  }
  return null;
}

/** The normalised issue. A `repo` given by the caller (the live import's, or one named with a file) wins. */
export function toReportIssue(issue: RawIssue, repo?: string): ReportIssue {
  // REST `url` is the API address; gh's `url` is the web page. Only a web page is kept, and only a plain link.
  const candidates = [issue.html_url, issue.url].filter(
    (u): u is string => typeof u === 'string' && !/^https?:\/\/api\./iu.test(u),
  );
  const url = candidates.map((u) => safeExternalUrl(u)).find((u): u is string => u !== null) ?? null;
  return {
    repo: repo ?? repoOf(issue, url) ?? '',
    number: issue.number,
    title: issue.title,
    body: issue.body ?? '',
    url,
    author: issue.user?.login ?? issue.author?.login ?? null,
    labels: [...new Set(issue.labels ?? [])].sort(),
    state: issue.state,
    created_at: issue.created_at ?? issue.createdAt ?? null,
    updated_at: issue.updated_at ?? issue.updatedAt ?? null,
  };
}
