import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importReportFiles, issuesFromJson, readIssuesFile } from '../../../db/reports/index';
import { detectSource } from '../../../db/readers/detect';
import { freshService, tempDir } from '../../support/workspace';

const rest = (number: number, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  url: `https://api.github.com/repos/exa-ai/atlas/issues/${number}`,
  repository_url: 'https://api.github.com/repos/exa-ai/atlas',
  html_url: `https://github.com/exa-ai/atlas/issues/${number}`,
  number,
  title: `Report ${number}`,
  user: { login: 'octo', id: 1 },
  labels: [{ id: 1, name: 'gold-error', color: 'd73a4a' }],
  state: 'open',
  created_at: '2025-05-01T00:00:00Z',
  updated_at: '2025-05-02T00:00:00Z',
  body: 'atlas-0003 row 1 county should be Vestland',
  ...extra,
});

function write(value: unknown): string {
  const path = join(tempDir('atlas-issues-'), 'issues.json');
  writeFileSync(path, JSON.stringify(value));
  return path;
}

describe('saved GitHub issue lists', () => {
  it('reads a REST page, skipping pull requests, and is detected as reports', async () => {
    const path = write([
      rest(1),
      rest(2, { pull_request: { url: 'https://api.github.com/repos/exa-ai/atlas/pulls/2' } }),
      rest(3, { body: null, state: 'closed' }),
    ]);
    const list = readIssuesFile(path);
    expect(list.pullRequests).toBe(1);
    expect(list.skipped).toEqual([]);
    expect(list.issues).toEqual([
      {
        repo: 'exa-ai/atlas',
        number: 1,
        title: 'Report 1',
        body: 'atlas-0003 row 1 county should be Vestland',
        url: 'https://github.com/exa-ai/atlas/issues/1',
        author: 'octo',
        labels: ['gold-error'],
        state: 'open',
        created_at: '2025-05-01T00:00:00Z',
        updated_at: '2025-05-02T00:00:00Z',
      },
      expect.objectContaining({ number: 3, body: '', state: 'closed' }),
    ]);
    expect(await detectSource(path)).toEqual({ kind: 'reports', path });
  });

  it('reads an array of pages; the later copy of an issue listed twice wins', () => {
    const list = issuesFromJson(
      [
        [rest(1), rest(2)],
        [rest(2, { title: 'Edited' }), rest(3)],
      ],
      'pages.json',
    );
    expect(list.issues.map((issue) => [issue.number, issue.title])).toEqual([
      [1, 'Report 1'],
      [2, 'Edited'],
      [3, 'Report 3'],
    ]);
  });

  it('names each bad entry by file and field, and imports the rest', () => {
    const path = write([
      rest(1),
      { ...rest(2), title: undefined },
      rest(3, { state: 'merged' }),
      'not an issue',
      rest(5, { number: -5 }),
    ]);
    const list = readIssuesFile(path);
    expect(list.issues.map((issue) => issue.number)).toEqual([1]);
    expect(list.skipped).toEqual([
      { path, field: '[1].title', reason: 'expected string, but it is missing' },
      { path, field: '[2].state', reason: expect.stringMatching(/open, closed/) as unknown },
      { path, field: '[3]', reason: 'expected an issue object' },
      { path, field: '[4].number', reason: expect.stringMatching(/>0|positive|greater/i) as unknown },
    ]);
    const paged = issuesFromJson([[rest(1)], [{ ...rest(2), number: 'two' }]], 'pages.json');
    expect(paged.skipped[0]).toMatchObject({ path: 'pages.json', field: '[1][0].number' });
  });

  it('says what a present field of the wrong type holds, not that it is missing', () => {
    const path = fileURLToPath(new URL('../../fixtures/hostile/issues-hostile.json', import.meta.url));
    const reasons = Object.fromEntries(readIssuesFile(path).skipped.map((item) => [item.field, item.reason]));
    expect(reasons).toMatchObject({
      '[3].number': 'expected number, got "4"',
      '[4].state': 'expected one of open, closed, got "maybe"',
      '[5].labels': 'expected an array, got "gold-error"',
      '[9].number': 'expected an integer, got 10.5',
    });
    for (const reason of Object.values(reasons)) expect(reason).not.toMatch(/missing/);
  });

  it('keeps only a plain http(s) issue link', () => {
    const [issue] = issuesFromJson(
      [rest(1, { html_url: 'javascript:alert(1)', url: 'javascript:alert(2)' })],
      'x.json',
      'exa-ai/atlas',
    ).issues;
    expect(issue).toMatchObject({ url: null, repo: 'exa-ai/atlas' });
  });

  it('refuses a file with nothing importable and leaves the store unchanged', () => {
    const service = freshService();
    try {
      const path = write([{ number: 1 }]);
      expect(() => importReportFiles(service.store, [path])).toThrow(/no report could be imported: .*\[0\]\.title/);
      expect(service.store.db.prepare('SELECT count(*) AS n FROM reports').get()).toEqual({ n: 0 });
      expect(() => readIssuesFile(write({ message: 'Bad credentials' }))).toThrow(/expected a JSON array/);
    } finally {
      service.close();
    }
  });
});
