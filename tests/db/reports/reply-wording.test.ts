// A confirmed reply says what was done, never the ruled value, and never
// whether the value the reporter proposed is the one gold now holds: the
// reply is public, so that would confirm gold to anyone reading the issue.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftReply, importReportFiles, listReports } from '../../../db/reports/index';
import type { ReportsFixture } from './store-fixture';
import { reportsFixture, writeGhIssues } from './store-fixture';

let fx: ReportsFixture;
const disputeOf = (n: number): string => listReports(fx.service.store).find((r) => r.number === n)!.dispute_id!;

beforeAll(async () => {
  fx = await reportsFixture();
  const z = fx.zelda;
  importReportFiles(fx.service.store, [
    writeGhIssues([
      {
        number: 401,
        title: 'Metascore',
        body: `Task: ${z}\nRow: Ocarina of Time 3D\nColumn: Critic Metascore\nCorrect value: 93`,
      },
      {
        number: 402,
        title: 'Rating',
        body: `Task: ${z}\nRow: Wind Waker HD\nColumn: Original game's U.S. age rating\n\nThis looks wrong to me.`,
      },
      {
        number: 403,
        title: 'Founding year',
        body: `Task: ${z}\nRow: 2\nColumn: Lead developer founding year\nCorrect value: 1890.0`,
      },
    ]),
  ]);
});
afterAll(() => fx.service.close());

describe('confirmation wording', () => {
  const confirmationOf = (text: string): string => text.split('\n\n')[1]!.replace(/\(task `[^`]+`, row \d+\)/u, '(…)');

  it('says the same whether the ruling set the proposed value or another one', async () => {
    await fx.service.rule({
      disputeId: disputeOf(401),
      decision: 'new_value',
      value: '95',
      evidence: ['https://example.org/a'],
    });
    await fx.service.rule({
      disputeId: disputeOf(403),
      decision: 'new_value',
      value: '1890',
      evidence: ['https://example.org/c'],
    });
    const other = draftReply(fx.service.store, { number: 401 });
    const adopted = draftReply(fx.service.store, { number: 403 });
    for (const draft of [other, adopted]) {
      expect(draft.outcome).toBe('confirmed');
      expect(draft.text).toMatch(
        /We confirmed your report: we checked the cell you reported .* against your sources and corrected this cell\./u,
      );
      expect(draft.text).not.toMatch(/propos|You were right|\b95\b|\b93\b|1890/u);
    }
    expect(confirmationOf(adopted.text)).toBe(confirmationOf(other.text));
  });

  it('says the cell was marked not gradable when that was the ruling, and nothing of the proposal', async () => {
    await fx.service.rule({
      disputeId: disputeOf(402),
      decision: 'mark_ungraded',
      evidence: ['https://example.org/b'],
    });
    const draft = draftReply(fx.service.store, { number: 402 });
    expect(draft.text).not.toMatch(/propos|corrected the dataset/u);
    expect(draft.text).toMatch(/We confirmed your report: .* marked this cell as not gradable/u);
  });
});
