import { afterEach, describe, expect, it } from 'vitest';
import {
  fetchGitHubIssues,
  GitHubError,
  importReportsFromGitHub,
  listReports,
  overrideReport,
  PartialFetchError,
  getReport,
} from '../../../db/reports/index';
import { freshService } from '../../support/workspace';
import type { FakeGitHub, FakeIssue } from './fake-github';
import { startFakeGitHub } from './fake-github';

const ISSUES: FakeIssue[] = [
  {
    number: 1,
    title: 'atlas-0003: Stord Bridge county',
    body: 'Row: Stord Bridge\nColumn: County\nCorrect value: Vestland',
    labels: ['gold-error'],
  },
  { number: 2, title: 'Question about the benchmark', body: 'How are rows aligned?', labels: ['question'] },
  { number: 3, title: 'Fix typo in README', body: 'Small fix.', pull: true },
  {
    number: 4,
    title: 'atlas-0012 Breuer birth year',
    body: 'Marcel Breuer birth year should be 1902. https://www.bauhaus.de/en/breuer',
    labels: ['gold-error'],
  },
  { number: 5, title: 'Gropius', body: null, labels: ['gold-error'], state: 'closed' },
  {
    number: 6,
    title: 'Hardanger span',
    body: 'Task: atlas-0003\nRow: 1\nColumn: Main span (m)\nCorrect value: 1,310 m',
    labels: ['gold-error'],
  },
];

let fake: FakeGitHub | null = null;
afterEach(async () => {
  await fake?.close();
  fake = null;
});

const clone = (): FakeIssue[] => ISSUES.map((issue) => ({ ...issue }));

describe('live import from the GitHub API (fake server on 127.0.0.1)', () => {
  it('follows Link pagination, skips pull requests, sends the token, and waits when no requests are left', async () => {
    fake = await startFakeGitHub({ issues: clone(), pageSize: 2, exhaustAfterPage: 1, resetInSeconds: 5 });
    const waits: number[] = [];
    const fetched = await fetchGitHubIssues({
      repo: fake.repo,
      token: 't0ken',
      baseUrl: fake.baseUrl,
      sleep: (ms) => Promise.resolve(void waits.push(ms)),
    });
    expect(fetched.issues.map((issue) => issue.number)).toEqual([1, 2, 4, 5, 6]);
    expect(fetched).toMatchObject({ pullRequests: 1, pages: 3, skipped: [] });
    expect(fetched.issues[0]).toMatchObject({
      repo: 'exa-ai/atlas',
      url: 'https://github.com/exa-ai/atlas/issues/1',
      author: 'reporter',
      labels: ['gold-error'],
      state: 'open',
    });
    expect(fetched.issues[3]).toMatchObject({ number: 5, body: '', state: 'closed' });
    // One wait, after page 1 said no requests were left: until the reset (5 s) plus a second of slack.
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(4000);
    expect(waits[0]).toBeLessThanOrEqual(7000);
    expect(fake.requests.map((r) => r.path)).toEqual([
      `/repos/${fake.repo}/issues?state=all&per_page=100`,
      `/repos/${fake.repo}/issues?state=all&per_page=100&page=2`,
      `/repos/${fake.repo}/issues?state=all&per_page=100&page=3`,
    ]);
    for (const request of fake.requests)
      expect(request).toMatchObject({ authorization: 'Bearer t0ken', userAgent: 'atlas-adjudicator' });
  });

  it('retries a page refused for the rate limit after waiting for the reset', async () => {
    fake = await startFakeGitHub({ issues: clone(), pageSize: 3, refuseOncePage: 2, resetInSeconds: 2 });
    const waits: number[] = [];
    const fetched = await fetchGitHubIssues({
      repo: fake.repo,
      baseUrl: fake.baseUrl,
      sleep: (ms) => Promise.resolve(void waits.push(ms)),
    });
    expect(fetched.issues).toHaveLength(5);
    expect(waits).toHaveLength(1);
    expect(fake.requests.filter((r) => r.path.endsWith('page=2'))).toHaveLength(2);
    // No token given: none sent.
    expect(fake.requests[0]!.authorization).toBeNull();
  });

  it('stops with a message naming when to retry when the reset is too far away', async () => {
    fake = await startFakeGitHub({ issues: clone(), pageSize: 2, exhaustAfterPage: 1, resetInSeconds: 3600 });
    const error = await fetchGitHubIssues({
      repo: fake.repo,
      baseUrl: fake.baseUrl,
      maxWaitMs: 60_000,
      sleep: () => Promise.reject(new Error('must not wait')),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PartialFetchError);
    const partial = error as PartialFetchError;
    expect(partial.message).toMatch(
      /rate limit reached .*resets at \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z \(in (60|61) minutes\): retry after that, or set GITHUB_TOKEN/,
    );
    expect(partial.resetAt.getTime()).toBeGreaterThan(Date.now() + 3_500_000);
    expect(partial.partial.issues.map((issue) => issue.number)).toEqual([1, 2]);
    expect(fake.requests).toHaveLength(1);
  });

  it('asks only for the label given', async () => {
    fake = await startFakeGitHub({ issues: clone(), pageSize: 10 });
    const fetched = await fetchGitHubIssues({ repo: fake.repo, baseUrl: fake.baseUrl, label: 'gold-error' });
    expect(fetched.issues.map((issue) => issue.number)).toEqual([1, 4, 5, 6]);
    expect(fake.requests[0]!.path).toBe(`/repos/${fake.repo}/issues?state=all&per_page=100&labels=gold-error`);
  });

  it('never sends the token to another host named in a Link header', async () => {
    fake = await startFakeGitHub({ issues: clone(), pageSize: 2, foreignNext: true });
    await expect(fetchGitHubIssues({ repo: fake.repo, token: 'secret', baseUrl: fake.baseUrl })).rejects.toThrow(
      /refusing to send the GitHub token to http:\/\/localhost/,
    );
    expect(fake.requests).toHaveLength(1);
  });

  it('names a missing repository and refuses a malformed one', async () => {
    fake = await startFakeGitHub({ issues: clone() });
    await expect(fetchGitHubIssues({ repo: 'exa-ai/nope', baseUrl: fake.baseUrl })).rejects.toThrow(
      /not found, or the token cannot see it \(404\)/,
    );
    await expect(fetchGitHubIssues({ repo: '../etc', baseUrl: fake.baseUrl })).rejects.toBeInstanceOf(GitHubError);
  });

  it('re-import updates an edited body and a closed state, duplicates nothing, and keeps hand fixes', async () => {
    fake = await startFakeGitHub({ issues: clone(), pageSize: 2 });
    const service = freshService();
    try {
      const first = await importReportsFromGitHub(service.store, { repo: fake.repo, baseUrl: fake.baseUrl });
      expect(first).toMatchObject({ added: 5, updated: 0, unchanged: 0, pull_requests: 1, pages: 3 });
      overrideReport(service.store, { number: 2 }, { proposed_value: 'by hand' });

      const edited = fake.issues.find((issue) => issue.number === 4)!;
      edited.body =
        'Marcel Breuer birth year should be 1902 (edited: added a second source). https://www.bauhaus.de/en/breuer https://www.moma.org/artists/778';
      edited.updated_at = '2025-03-09T10:00:00Z';
      fake.issues.find((issue) => issue.number === 1)!.state = 'closed';
      fake.issues.find((issue) => issue.number === 2)!.updated_at = '2025-03-10T10:00:00Z'; // a comment: no change we keep

      const second = await importReportsFromGitHub(service.store, { repo: fake.repo, baseUrl: fake.baseUrl });
      expect(second).toMatchObject({ added: 0, updated: 2, unchanged: 3 });
      const reports = listReports(service.store);
      expect(reports.map((r) => [r.number, r.state])).toEqual([
        [1, 'closed'],
        [2, 'open'],
        [4, 'open'],
        [5, 'closed'],
        [6, 'open'],
      ]);
      expect(getReport(service.store, { number: 4 }).urls.map((u) => u.url)).toEqual([
        'https://www.bauhaus.de/en/breuer',
        'https://www.moma.org/artists/778',
      ]);
      expect(getReport(service.store, { number: 2 }).effective.proposed_value).toBe('by hand');

      const third = await importReportsFromGitHub(service.store, { repo: fake.repo, baseUrl: fake.baseUrl });
      expect(third).toMatchObject({ added: 0, updated: 0, unchanged: 5 });
    } finally {
      service.close();
    }
  });
});
