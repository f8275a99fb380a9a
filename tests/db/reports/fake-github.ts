// A fake GitHub REST API on 127.0.0.1 for the reports tests: the issues list
// with Link pagination and rate-limit headers, pull requests mixed in, and
// the comment and close endpoints. Tests never contact the real GitHub.
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeIssue {
  number: number;
  title: string;
  body: string | null;
  state?: 'open' | 'closed';
  labels?: string[];
  user?: string;
  pull?: boolean;
  created_at?: string;
  updated_at?: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | null;
  userAgent: string | null;
  body: unknown;
}

export interface FakeGitHubOptions {
  repo?: string;
  issues: FakeIssue[];
  /** Issues per page, whatever per_page asks (small, to force pagination). */
  pageSize?: number;
  /** 1-based page answered with `X-RateLimit-Remaining: 0` (the next request must wait). */
  exhaustAfterPage?: number;
  /** 1-based page whose first request is refused with 403 and `X-RateLimit-Remaining: 0`. */
  refuseOncePage?: number;
  /** Seconds from now to `X-RateLimit-Reset` when exhausted. */
  resetInSeconds?: number;
  /** A `next` link pointing at another host (the client must refuse it). */
  foreignNext?: boolean;
}

export interface FakeGitHub {
  baseUrl: string;
  repo: string;
  issues: FakeIssue[];
  requests: RecordedRequest[];
  comments: { number: number; body: string }[];
  options: FakeGitHubOptions;
  close(): Promise<void>;
}

function restIssue(base: string, repo: string, issue: FakeIssue): Record<string, unknown> {
  const web = `https://github.com/${repo}/${issue.pull ? 'pull' : 'issues'}/${issue.number}`;
  const login = issue.user ?? 'reporter';
  return {
    url: `${base}/repos/${repo}/issues/${issue.number}`,
    repository_url: `${base}/repos/${repo}`,
    labels_url: `${base}/repos/${repo}/issues/${issue.number}/labels{/name}`,
    comments_url: `${base}/repos/${repo}/issues/${issue.number}/comments`,
    html_url: web,
    id: 1_000_000 + issue.number,
    node_id: `I_kwDO${issue.number}`,
    number: issue.number,
    title: issue.title,
    user: { login, id: 42, node_id: 'U_1', type: 'User', site_admin: false, html_url: `https://github.com/${login}` },
    labels: (issue.labels ?? []).map((name, i) => ({
      id: i + 1,
      node_id: `L_${i}`,
      name,
      color: 'd73a4a',
      default: false,
      description: null,
    })),
    state: issue.state ?? 'open',
    locked: false,
    assignee: null,
    assignees: [],
    milestone: null,
    comments: 0,
    created_at: issue.created_at ?? '2025-03-01T10:00:00Z',
    updated_at: issue.updated_at ?? '2025-03-02T10:00:00Z',
    closed_at: issue.state === 'closed' ? '2025-03-03T10:00:00Z' : null,
    author_association: 'NONE',
    active_lock_reason: null,
    body: issue.body,
    reactions: { url: `${base}/repos/${repo}/issues/${issue.number}/reactions`, total_count: 0 },
    timeline_url: `${base}/repos/${repo}/issues/${issue.number}/timeline`,
    state_reason: null,
    ...(issue.pull
      ? { pull_request: { url: `${base}/repos/${repo}/pulls/${issue.number}`, html_url: web, merged_at: null } }
      : {}),
  };
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text === '' ? null : (JSON.parse(text) as unknown);
}

export async function startFakeGitHub(options: FakeGitHubOptions): Promise<FakeGitHub> {
  const repo = options.repo ?? 'exa-ai/atlas';
  const fake: FakeGitHub = {
    baseUrl: '',
    repo,
    issues: options.issues,
    requests: [],
    comments: [],
    options,
    close: () => Promise.resolve(),
  };
  const refused = new Set<number>();
  let remaining = 60;

  const send = (
    response: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ): void => {
    response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
    response.end(JSON.stringify(body));
  };

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', fake.baseUrl);
      const body = await readBody(request);
      fake.requests.push({
        method: request.method ?? 'GET',
        path: `${url.pathname}${url.search}`,
        authorization: request.headers.authorization ?? null,
        userAgent: request.headers['user-agent'] ?? null,
        body,
      });
      const resetAt = String(Math.floor(Date.now() / 1000) + (options.resetInSeconds ?? 5));
      const limits = (left: number): Record<string, string> => ({
        'X-RateLimit-Limit': '60',
        'X-RateLimit-Remaining': String(left),
        'X-RateLimit-Reset': resetAt,
        'X-RateLimit-Resource': 'core',
      });

      const list = new RegExp(`^/repos/${repo}/issues$`, 'u');
      const one = new RegExp(`^/repos/${repo}/issues/(\\d+)(/comments)?$`, 'u');
      if (request.method === 'GET' && list.test(url.pathname)) {
        const page = Number(url.searchParams.get('page') ?? '1');
        if (options.refuseOncePage === page && !refused.has(page)) {
          refused.add(page);
          send(
            response,
            403,
            { message: 'API rate limit exceeded for 127.0.0.1.', documentation_url: 'https://docs.github.com/rest' },
            limits(0),
          );
          return;
        }
        const label = url.searchParams.get('labels');
        const visible = fake.issues.filter((issue) => label === null || (issue.labels ?? []).includes(label));
        const size = options.pageSize ?? 2;
        const pages = Math.max(1, Math.ceil(visible.length / size));
        const items = visible
          .slice((page - 1) * size, page * size)
          .map((issue) => restIssue(fake.baseUrl, repo, issue));
        const link = (n: number): string => {
          const next = new URL(url);
          next.searchParams.set('page', String(n));
          return next.toString();
        };
        const links: string[] = [];
        if (page < pages)
          links.push(
            `<${options.foreignNext ? link(page + 1).replace('127.0.0.1', 'localhost') : link(page + 1)}>; rel="next"`,
            `<${link(pages)}>; rel="last"`,
          );
        if (page > 1) links.push(`<${link(1)}>; rel="first"`, `<${link(page - 1)}>; rel="prev"`);
        remaining = options.exhaustAfterPage === page ? 0 : Math.max(1, remaining - 1);
        send(response, 200, items, { ...limits(remaining), ...(links.length ? { Link: links.join(', ') } : {}) });
        return;
      }
      const match = one.exec(url.pathname);
      const issue = match ? fake.issues.find((candidate) => candidate.number === Number(match[1])) : undefined;
      if (match && issue && request.method === 'POST' && match[2]) {
        const text = (body as { body?: unknown } | null)?.body;
        if (typeof text !== 'string' || text === '') return send(response, 422, { message: 'Validation Failed' });
        fake.comments.push({ number: issue.number, body: text });
        send(
          response,
          201,
          { id: 7, html_url: `https://github.com/${repo}/issues/${issue.number}#issuecomment-7`, body: text },
          limits(remaining),
        );
        return;
      }
      if (match && issue && request.method === 'PATCH' && !match[2]) {
        const state = (body as { state?: unknown } | null)?.state;
        if (state === 'closed' || state === 'open') issue.state = state;
        send(response, 200, restIssue(fake.baseUrl, repo, issue), limits(remaining));
        return;
      }
      send(response, 404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' });
    })().catch((error: unknown) => {
      response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
  return fake;
}
