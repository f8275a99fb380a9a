// The gold check before a reply leaves the machine: it must follow the
// dispute a report is linked to (by hand, possibly on another task than the
// parser found), check every task when the report is tied to none, and see
// gold spelt out in percent-encoded links.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  draftReply,
  importReportsFromGitHub,
  linkReport,
  listReports,
  postReportReply,
} from '../../../db/reports/index';
import { decodedVariants, findLeaks, goldTerms } from '../../../db/reports/gold-terms';
import type { FakeGitHub } from './fake-github';
import { startFakeGitHub } from './fake-github';
import type { ReportsFixture } from './store-fixture';
import { reportsFixture } from './store-fixture';

let fx: ReportsFixture;
let fake: FakeGitHub;
/** A cell dispute of another task than the Zelda one, and an entity name of that task. */
let other: { id: string; task_id: string };
const CLUB = 'Straßberg Schachklub';

beforeAll(async () => {
  fx = await reportsFixture();
  const z = fx.zelda;
  fake = await startFakeGitHub({
    issues: [
      { number: 301, title: 'Something is off', body: 'I think one of the tables has a typo.', user: 'anna' },
      {
        number: 302,
        title: 'Ocarina of Time 3D metascore',
        body: `Task: ${z}\nRow: Ocarina of Time 3D\nColumn: Critic Metascore\nCorrect value: 93`,
        user: 'ben',
      },
      { number: 303, title: 'Bad data', body: 'Your benchmark has mistakes.', user: 'carl' },
    ],
  });
  await importReportsFromGitHub(fx.service.store, { repo: fake.repo, baseUrl: fake.baseUrl });
  other = fx.service.store.db
    .prepare<[string], { id: string; task_id: string }>(
      "SELECT id, task_id FROM disputes WHERE kind = 'cell' AND task_id <> ? ORDER BY task_id, id LIMIT 1",
    )
    .get(z)!;
  expect(goldTerms(fx.service.store, other.task_id)).toContain(CLUB);
  expect(goldTerms(fx.service.store, z)).not.toContain(CLUB);
  linkReport(fx.service.store, { number: 301 }, other.id);
  linkReport(fx.service.store, { number: 302 }, other.id);
});
afterAll(async () => {
  fx.service.close();
  await fake.close();
});

async function postError(number: number, body: string): Promise<string> {
  return postReportReply(
    fx.service.store,
    { number },
    { token: 'tok', confirm: true, baseUrl: fake.baseUrl, body, close: false },
  ).then(
    () => 'posted',
    (error: unknown) => (error as Error).message,
  );
}

describe('gold check of a posted reply', () => {
  it('checks the gold of the dispute a report naming no task was linked to by hand', async () => {
    const message = await postError(301, `The gold value ${CLUB} is right.`);
    expect(message).toMatch(/quotes 1 gold value or name of atlas-/);
    expect(message).not.toContain(CLUB);
    expect(fake.comments).toEqual([]);
  });

  it("checks the linked dispute's task as well as the parsed one when they differ", async () => {
    expect(listReports(fx.service.store).find((r) => r.number === 302)).toMatchObject({
      task_id: other.task_id,
      manual_link: true,
      parsed_task_id: fx.zelda,
      parsed_row: 0,
    });
    expect(await postError(302, `We keep ${CLUB}.`)).toMatch(/quotes 1 gold value/);
    expect(await postError(302, 'We keep Ocarina of Time 3D.')).toMatch(/quotes 1 gold value/);
    expect(fake.comments).toEqual([]);
  });

  it('checks every task when the report is tied to no task, and still posts the draft asking for details', async () => {
    expect(await postError(303, `Is it ${CLUB}?`)).toMatch(/quotes 1 gold value or name of this store's tasks/);
    expect(await postError(303, 'Is it Ocarina of Time 3D?')).toMatch(/quotes 1 gold value/);
    expect(fake.comments).toEqual([]);
    const draft = draftReply(fx.service.store, { number: 303 });
    expect(draft.outcome).toBe('needs_details');
    await postReportReply(
      fx.service.store,
      { number: 303 },
      { token: 'tok', confirm: true, baseUrl: fake.baseUrl, close: false },
    );
    expect(fake.comments).toEqual([{ number: 303, body: draft.text }]);
  });

  it('sees gold spelt out in a percent-encoded link, however it is encoded', async () => {
    for (const link of [
      'https://de.wikipedia.org/wiki/Stra%C3%9Fberg_Schachklub',
      'https://example.org/wiki/Stra%25C3%259Fberg%2520Schachklub',
      'https://example.org/search?q=Stra%C3%9Fberg+Schachklub',
      'https://example.org/alt/Stra%DFberg%20Schachklub',
    ]) {
      expect(await postError(301, `See ${link} for the source.`), link).toMatch(/quotes 1 gold value/);
    }
    expect(fake.comments.filter((c) => c.number === 301)).toEqual([]);
  });

  it('withholds an encoded source link from the draft', async () => {
    await fx.service.rule({
      disputeId: other.id,
      decision: 'keep_gold',
      evidence: ['https://example.org/registry', 'https://de.wikipedia.org/wiki/Stra%C3%9Fberg_Schachklub'],
    });
    const draft = draftReply(fx.service.store, { number: 301 });
    expect(draft.outcome).toBe('not_confirmed');
    expect(draft.sources).toContain('https://example.org/registry');
    expect(draft.withheld_sources).toBeGreaterThanOrEqual(1);
    expect(draft.sources).not.toContainEqual(expect.stringContaining('Stra'));
    expect(draft.text).not.toMatch(/%C3%9F|Straßberg/u);
  });
});

describe('findLeaks on encoded text', () => {
  it('compares raw and decoded text, and survives malformed escapes', () => {
    expect(findLeaks('https://de.wikipedia.org/wiki/M%C3%BCnchen', ['München'])).toEqual(['München']);
    expect(findLeaks('https://example.org/?city=M%C3%BCnchen+Stadt', ['München Stadt'])).toEqual(['München Stadt']);
    expect(findLeaks('https://example.org/M%FCnchen', ['München'])).toEqual(['München']);
    expect(findLeaks('100%25 sure: München', ['München'])).toEqual(['München']);
    expect(findLeaks('https://example.org/%E0%A4%A/%ZZ/M%C3%BCnchen%', ['München'])).toEqual(['München']);
    expect(findLeaks('https://example.org/Berlin', ['München'])).toEqual([]);
    expect(decodedVariants('%E0%A4%A')).toContain('%E0%A4%A');
  });
});
