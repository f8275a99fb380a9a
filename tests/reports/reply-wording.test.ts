// A confirmed reply says what was done: "You were right" only when the ruling
// adopted the reporter's proposal (under the column's normalisation), and
// never the ruled value itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftReply, importReportFiles, listReports } from '../../db/reports/index';
import type { ReportsFixture } from './store-fixture';
import { reportsFixture, writeGhIssues } from './store-fixture';

let fx: ReportsFixture;
const disputeOf = (n: number): string => listReports(fx.service.store).find((r) => r.number === n)!.dispute_id!;

beforeAll(async () => {
  fx = await reportsFixture();
  const z = fx.zelda;
  importReportFiles(fx.service.store, [
    writeGhIssues([
      { number: 401, title: 'Metascore', body: `Task: ${z}\nRow: Ocarina of Time 3D\nColumn: Critic Metascore\nCorrect value: 93` },
      { number: 402, title: 'Rating', body: `Task: ${z}\nRow: Wind Waker HD\nColumn: Original game's U.S. age rating\n\nThis looks wrong to me.` },
      { number: 403, title: 'Founding year', body: `Task: ${z}\nRow: 2\nColumn: Lead developer founding year\nCorrect value: 1890.0` },
    ]),
  ]);
});
afterAll(() => fx.service.close());

describe('confirmation wording', () => {
  it('does not say "you were right" when the ruling set another value than the proposal', async () => {
    await fx.service.rule({ disputeId: disputeOf(401), decision: 'new_value', value: '95', evidence: ['https://example.org/a'] });
    const draft = draftReply(fx.service.store, { number: 401 });
    expect(draft.outcome).toBe('confirmed');
    expect(draft.text).not.toMatch(/You were right/);
    expect(draft.text).toMatch(/corrected this cell, though not to the value you proposed/);
    expect(draft.text).not.toMatch(/\b95\b|\b93\b/);
  });

  it('says the cell was marked not gradable when that was the ruling', async () => {
    await fx.service.rule({ disputeId: disputeOf(402), decision: 'mark_ungraded', evidence: ['https://example.org/b'] });
    const draft = draftReply(fx.service.store, { number: 402 });
    expect(draft.text).not.toMatch(/You were right|corrected the dataset/);
    expect(draft.text).toMatch(/marked this cell as not gradable/);
  });

  it('says "you were right" when the ruling adopted the proposal, compared as the column compares values', async () => {
    await fx.service.rule({ disputeId: disputeOf(403), decision: 'new_value', value: '1890', evidence: ['https://example.org/c'] });
    const draft = draftReply(fx.service.store, { number: 403 });
    expect(draft.text).toMatch(/You were right: we checked .* and corrected the dataset to the value you proposed\./);
    expect(draft.text).not.toMatch(/1890/);
  });
});
