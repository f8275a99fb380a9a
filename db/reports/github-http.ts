// Talking to the GitHub REST API with plain fetch: headers, error messages a
// person can act on, and the rate limit (wait when the reset is near, else
// stop and say when to retry). The token is only ever sent to the base URL's
// origin.
import { setTimeout as delay } from 'node:timers/promises';

export const GITHUB_API = 'https://api.github.com';
const REQUEST_TIMEOUT_MS = 30_000;
const MAX_RETRIES = 3;

export interface GitHubClientOptions {
  /** Sent as `Authorization: Bearer …`; optional for reading public repositories. */
  token?: string;
  /** Default https://api.github.com (GitHub Enterprise: https://HOST/api/v3; tests: a local fake). */
  baseUrl?: string;
  signal?: AbortSignal;
  /** Longest wait for a rate-limit reset before giving up (default 60 s). */
  maxWaitMs?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => number;
}

export class GitHubError extends Error {
  override name = 'GitHubError';
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

export class GitHubRateLimitError extends GitHubError {
  override name = 'GitHubRateLimitError';
  constructor(
    message: string,
    readonly resetAt: Date,
  ) {
    super(message, 403);
  }
}

export function baseUrlOf(options: GitHubClientOptions): string {
  return (options.baseUrl ?? GITHUB_API).replace(/\/+$/u, '');
}

export function checkRepo(repo: string): [string, string] {
  const match = /^([A-Za-z0-9_.-]{1,100})\/([A-Za-z0-9_.-]{1,100})$/u.exec(repo);
  if (!match || match[1] === '.' || match[1] === '..' || match[2] === '.' || match[2] === '..') {
    throw new GitHubError(`expected a repository as OWNER/NAME, got ${JSON.stringify(repo)}`);
  }
  return [match[1]!, match[2]!];
}

/** `rel="next"` of a `Link` header. */
export function nextLink(header: string | null): string | null {
  if (!header) return null;
  for (const part of header.split(',')) {
    const match = /<([^>]*)>\s*;(.*)$/u.exec(part.trim());
    if (match && /\brel\s*=\s*"?(?:[^"]*\s)?next(?:\s[^"]*)?"?/iu.test(match[2]!)) return match[1]!;
  }
  return null;
}

interface RateLimit {
  remaining: number | null;
  limit: number | null;
  /** Epoch ms. */
  resetAt: number | null;
  retryAfterMs: number | null;
}

function rateLimitOf(response: Response): RateLimit {
  const num = (name: string): number | null => {
    const raw = response.headers.get(name);
    const value = raw === null ? NaN : Number(raw);
    return Number.isFinite(value) ? value : null;
  };
  const reset = num('x-ratelimit-reset');
  const retryAfter = num('retry-after');
  return {
    remaining: num('x-ratelimit-remaining'),
    limit: num('x-ratelimit-limit'),
    resetAt: reset === null ? null : reset * 1000,
    retryAfterMs: retryAfter === null ? null : retryAfter * 1000,
  };
}

function minutes(ms: number): string {
  const m = Math.ceil(ms / 60_000);
  return m <= 1 ? 'about a minute' : `${m} minutes`;
}

/**
 * Waits until the rate limit resets when that is within the allowed wait;
 * otherwise throws a message naming when to retry. Returns the time waited.
 */
export async function waitForRateLimit(limit: RateLimit, options: GitHubClientOptions): Promise<number> {
  const now = (options.now ?? Date.now)();
  const resetAt = limit.retryAfterMs !== null ? now + limit.retryAfterMs : (limit.resetAt ?? now + 60_000);
  // One second past the reset: GitHub's clock and ours differ a little.
  const wait = Math.max(0, resetAt - now) + 1000;
  const maxWait = options.maxWaitMs ?? 60_000;
  if (wait > maxWait) {
    const when = new Date(resetAt).toISOString();
    const used = limit.limit !== null ? ` (all ${limit.limit} requests of this hour used)` : '';
    const tokenHint = options.token ? '' : ', or set GITHUB_TOKEN for a higher limit';
    throw new GitHubRateLimitError(
      `GitHub API rate limit reached${used}; it resets at ${when} (in ${minutes(resetAt - now)}): retry after that${tokenHint}`,
      new Date(resetAt),
    );
  }
  await (options.sleep ?? ((ms, signal) => delay(ms, undefined, { signal })))(wait, options.signal);
  return wait;
}

export function githubHeaders(token: string | undefined, json = false): Record<string, string> {
  return {
    Accept: 'application/vnd.github+json',
    'X-GitHub-Api-Version': '2022-11-28',
    'User-Agent': 'atlas-adjudicator',
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
    ...(json ? { 'Content-Type': 'application/json' } : {}),
  };
}

async function errorMessage(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    return typeof body.message === 'string' ? body.message.slice(0, 300) : response.statusText;
  } catch {
    return response.statusText;
  }
}

function describeStatus(status: number, message: string, what: string): string {
  if (status === 401) return `GitHub rejected the token (401 ${message}): check GITHUB_TOKEN or the token in settings`;
  if (status === 404) return `${what}: not found, or the token cannot see it (404)`;
  if (status === 403) return `GitHub refused ${what} (403 ${message}): the token may lack the needed permission`;
  if (status === 410) return `${what}: gone (410 ${message})`;
  if (status === 422) return `GitHub did not accept ${what} (422 ${message})`;
  return `GitHub answered ${status} ${message} for ${what}`;
}

/**
 * One request, retried after a rate-limit wait. `what` names the request in
 * messages. The URL must be on the base URL's origin (the token goes nowhere else).
 */
export async function githubRequest(
  url: string,
  init: { method?: string; body?: unknown },
  options: GitHubClientOptions,
  what: string,
): Promise<{ response: Response; waitedMs: number }> {
  const base = new URL(baseUrlOf(options));
  const target = new URL(url);
  if (target.origin !== base.origin)
    throw new GitHubError(`refusing to send the GitHub token to ${target.origin} (expected ${base.origin})`);
  const doFetch = options.fetch ?? fetch;
  let waitedMs = 0;
  for (let attempt = 0; ; attempt++) {
    options.signal?.throwIfAborted();
    const signals = [AbortSignal.timeout(REQUEST_TIMEOUT_MS), ...(options.signal ? [options.signal] : [])];
    let response: Response;
    try {
      response = await doFetch(target, {
        method: init.method ?? 'GET',
        headers: githubHeaders(options.token, init.body !== undefined),
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        // Redirects (a renamed repository) are followed; fetch drops Authorization on a cross-origin hop.
        signal: AbortSignal.any(signals),
      });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw new GitHubError(
        `cannot reach GitHub for ${what}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    if (response.ok) return { response, waitedMs };
    const limit = rateLimitOf(response);
    const limited =
      (response.status === 403 || response.status === 429) && (limit.remaining === 0 || limit.retryAfterMs !== null);
    if (limited && attempt < MAX_RETRIES) {
      await response.body?.cancel();
      waitedMs += await waitForRateLimit(limit, options);
      continue;
    }
    throw new GitHubError(describeStatus(response.status, await errorMessage(response), what), response.status);
  }
}

/** After a successful page: when no requests are left and more are needed, wait for the reset (or stop). */
export async function respectRemaining(response: Response, options: GitHubClientOptions): Promise<number> {
  const limit = rateLimitOf(response);
  if (limit.remaining !== 0) return 0;
  return waitForRateLimit({ ...limit, retryAfterMs: null }, options);
}
