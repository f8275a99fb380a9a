import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftReply, importReportsFromGitHub, listReports, postReportReply } from '../../../db/reports/index';
import { goldTerms } from '../../../db/reports/gold-terms';
import { tempDir } from '../../support/workspace';
import type { ReplyDraft } from '../../../db/reports/index';
import type { FakeGitHub } from './fake-github';
import { startFakeGitHub } from './fake-github';
import type { ReportsFixture } from './store-fixture';
import { reportsFixture } from './store-fixture';

let fx: ReportsFixture;
let fake: FakeGitHub;
let terms: string[];

beforeAll(async () => {
  fx = await reportsFixture();
  const z = fx.zelda;
  fake = await startFakeGitHub({
    pageSize: 10,
    issues: [
      {
        number: 201,
        title: 'Ocarina of Time 3D metascore',
        body: `Task: ${z}\nRow: Ocarina of Time 3D\nColumn: Critic Metascore\nCorrect value: 93\nSource: https://www.metacritic.com/game/x`,
        user: 'mario',
      },
      {
        number: 202,
        title: 'Wind Waker HD developer founding year',
        body: `Task: ${z}\nRow: 2\nColumn: Lead developer founding year\nCorrect value: 1890`,
        user: 'luigi',
      },
      { number: 203, title: `${z}: something off`, body: 'Not sure which row, but a price looks wrong.' },
      { number: 204, title: 'Bad data', body: 'Your benchmark has mistakes.' },
    ],
  });
  await importReportsFromGitHub(fx.service.store, { repo: fake.repo, baseUrl: fake.baseUrl });
  terms = goldTerms(fx.service.store, z);
});
afterAll(async () => {
  fx.service.close();
  await fake.close();
});

/** No gold value, entity name, alias or the question, compared as plainly as possible. */
function expectNoGold(draft: ReplyDraft): void {
  expect(terms.length).toBeGreaterThan(20);
  const text = draft.text.toLowerCase();
  for (const term of terms) {
    if (term.length >= 3) expect(text, `draft quotes ${JSON.stringify(term)}`).not.toContain(term.toLowerCase());
    else
      expect(draft.text, `draft quotes ${JSON.stringify(term)}`).not.toMatch(
        new RegExp(`(?<![\\p{L}\\p{N}])${term.replace(/[+]/gu, '\\+')}(?![\\p{L}\\p{N}])`, 'u'),
      );
  }
}

const disputeOf = (n: number): string => listReports(fx.service.store).find((r) => r.number === n)!.dispute_id!;

describe('reply drafts', () => {
  it('asks for details when the report names no task, and says "under review" before a ruling', () => {
    const vague = draftReply(fx.service.store, { number: 204 });
    expect(vague).toMatchObject({ outcome: 'needs_details', closes: false });
    expect(vague.text).toMatch(/task id, the row .* the column's name and a link/);
    expect(draftReply(fx.service.store, { number: 203 })).toMatchObject({ outcome: 'under_review', closes: false });
    const pending = draftReply(fx.service.store, { number: 201 });
    expect(pending).toMatchObject({ outcome: 'under_review', dispute_id: disputeOf(201) });
    expectNoGold(pending);
  });

  it('confirms a fix with its revision, quoting no gold', async () => {
    await fx.service.rule({
      disputeId: disputeOf(201),
      decision: 'new_value',
      value: '93',
      evidence: ['https://www.metacritic.com/game/x'],
    });
    expect(() => draftReply(fx.service.store, { number: 201 }, { revision: 'v1.1' })).toThrow(
      `no revision "v1.1" in this store's revision history (none yet: export the patch first)`,
    );
    await fx.service.exportPatch({ revision: 'v1.1', out: join(tempDir('atlas-reply-'), 'v1.1.patch.json') });
    expect(() => draftReply(fx.service.store, { number: 201 }, { revision: 'v99-nonexistent' })).toThrow(
      `no revision "v99-nonexistent" in this store's revision history (known: v1.1)`,
    );
    // The tag must carry a change for the report's own dispute.
    expect(() => draftReply(fx.service.store, { number: 202 }, { revision: 'v1.1' })).toThrow(
      `revision "v1.1" carries no change for dispute ${disputeOf(202)} (report #202): no revision in this store changes it yet`,
    );
    expect(() => draftReply(fx.service.store, { number: 204 }, { revision: 'v1.1' })).toThrow(
      /report #204 is linked to no dispute, so revision "v1.1" cannot have fixed it/,
    );
    await expect(
      postReportReply(
        fx.service.store,
        { number: 202 },
        { token: 'tok', confirm: true, baseUrl: fake.baseUrl, revision: 'v1.1' },
      ),
    ).rejects.toThrow(/carries no change/);
    const draft = draftReply(fx.service.store, { number: 201 }, { revision: 'v1.1' });
    expect(draft).toMatchObject({ outcome: 'confirmed', revision: 'v1.1', closes: true, close_reason: 'completed' });
    expect(draft.text).toContain('@mario');
    expect(draft.text).toContain('`v1.1`');
    expect(draft.text).toContain(`the cell you reported (task \`${fx.zelda}\`, row 1)`);
    expectNoGold(draft);
    const unreleased = draftReply(fx.service.store, { number: 201 });
    expect(unreleased).toMatchObject({ revision: null, closes: false });
    expect(unreleased.text).toMatch(/next tagged dataset revision/);

    // The list names the revision a reply should: the one that carried the report's dispute.
    const fixedIn = (n: number): string | null => listReports(fx.service.store).find((r) => r.number === n)!.fixed_in;
    expect([fixedIn(201), fixedIn(202), fixedIn(204)]).toEqual(['v1.1', null, null]);
    // A plain-text copy exported later under another tag carries it too: the newest exported is named…
    await fx.service.exportPatch({
      revision: 'v1.1p',
      out: join(tempDir('atlas-reply-'), 'v1.1p.patch.json'),
      plaintext: true,
    });
    expect(fixedIn(201)).toBe('v1.1p');
    // …until one is imported as the base: what shipped is named, whatever was exported after it.
    fx.service.store.db
      .prepare("UPDATE revisions SET imported_at = '2026-12-01T00:00:00.000Z' WHERE tag = 'v1.1'")
      .run();
    expect(fixedIn(201)).toBe('v1.1');
  });

  it('declines with the sources that support gold, withholding any that spell out a gold value', async () => {
    await fx.service.rule({
      disputeId: disputeOf(202),
      decision: 'keep_gold',
      evidence: ['https://example.org/company-history', 'https://www.nintendo.co.jp/corporate/history/1889/'],
    });
    const draft = draftReply(fx.service.store, { number: 202 });
    expect(draft).toMatchObject({
      outcome: 'not_confirmed',
      sources: ['https://example.org/company-history'],
      withheld_sources: 1,
      closes: true,
      close_reason: 'not_planned',
    });
    expect(draft.text).toContain('- https://example.org/company-history');
    expect(draft.text).toContain(`row 2`);
    expectNoGold(draft);
  });
});

describe('posting a reply', () => {
  it('needs explicit confirmation and a token, and sends nothing without them', async () => {
    await expect(
      postReportReply(fx.service.store, { number: 201 }, { token: 'tok', confirm: false, baseUrl: fake.baseUrl }),
    ).rejects.toThrow(/explicit confirmation/);
    await expect(
      postReportReply(fx.service.store, { number: 201 }, { token: '', confirm: true, baseUrl: fake.baseUrl }),
    ).rejects.toThrow(/needs a token/);
    expect(fake.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('refuses a text that quotes gold, without repeating it', async () => {
    const error = await postReportReply(
      fx.service.store,
      { number: 202 },
      { token: 'tok', confirm: true, baseUrl: fake.baseUrl, body: 'We keep 1889 for Wind Waker HD.' },
    ).then(
      () => new Error('posted'),
      (e: unknown) => e as Error,
    );
    expect(error.message).toMatch(/quotes 2 gold values or names/);
    expect(error.message).not.toMatch(/1889|Wind Waker/);
    expect(fake.comments).toEqual([]);
  });

  it('comments, closes the issue, and the next import sees no change', async () => {
    const result = await postReportReply(
      fx.service.store,
      { number: 201 },
      { token: 'tok', confirm: true, baseUrl: fake.baseUrl, revision: 'v1.1' },
    );
    expect(result).toEqual({
      number: 201,
      repo: fake.repo,
      comment_url: `https://github.com/${fake.repo}/issues/201#issuecomment-7`,
      closed: true,
    });
    expect(fake.comments).toEqual([
      { number: 201, body: draftReply(fx.service.store, { number: 201 }, { revision: 'v1.1' }).text },
    ]);
    const patch = fake.requests.find((r) => r.method === 'PATCH')!;
    expect(patch).toMatchObject({
      path: `/repos/${fake.repo}/issues/201`,
      authorization: 'Bearer tok',
      body: { state: 'closed', state_reason: 'completed' },
    });
    expect(listReports(fx.service.store).find((r) => r.number === 201)!.state).toBe('closed');
    const again = await importReportsFromGitHub(fx.service.store, { repo: fake.repo, baseUrl: fake.baseUrl });
    expect(again).toMatchObject({ added: 0, updated: 0, unchanged: 4 });
  });
});
