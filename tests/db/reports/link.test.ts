import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../support/workspace';
import { deriveTaskDisputes } from '../../../db/disputes/derive';
import { disputeId } from '../../../shared/dispute-id';
import {
  getReport,
  importReportFiles,
  issueNumbersByDispute,
  issueNumbersForDispute,
  linkReport,
  listReports,
  overrideReport,
  relinkReports,
  reportsForDispute,
  storeReports,
} from '../../../db/reports/index';
import { readIssuesFile } from '../../../db/reports/github-json';
import type { ReportListItem } from '../../../shared/report-parse';
import type { GhIssue, ReportsFixture } from './store-fixture';
import { reportsFixture, writeGhIssues } from './store-fixture';

let fx: ReportsFixture;
let issues: GhIssue[];
let file: string;
const byNumber = (n: number): ReportListItem => listReports(fx.service.store).find((report) => report.number === n)!;
const cellId = (task: string, row: number, column: string): string =>
  disputeId({ kind: 'cell', task_id: task, gold_row: row, column, entity_key: null });
const reportId = (task: string, row: number, column: string | null): string =>
  disputeId({ kind: 'report', task_id: task, gold_row: row, column, entity_key: null });
const dispute = (id: string): { kind: string; has_report: number; gold_state: string } | undefined =>
  fx.service.store.db
    .prepare<[string], { kind: string; has_report: number; gold_state: string }>(
      'SELECT kind, has_report, gold_state FROM disputes WHERE id = ?',
    )
    .get(id);

beforeAll(async () => {
  fx = await reportsFixture();
  const z = fx.zelda;
  issues = [
    {
      number: 101,
      title: 'Ocarina of Time 3D metascore',
      body: `### Task ID\n\n${z}\n\n### Row\n\nOcarina of Time 3D\n\n### Column\n\nCritic Metascore\n\n### Correct value\n\n93\n\n### Source\n\nhttps://www.metacritic.com/game/3ds/the-legend-of-zelda-ocarina-of-time-3d`,
    },
    {
      number: 102,
      title: `${z}: metascore`,
      body: 'The Critic Metascore of Ocarina of Time 3D should be 93. https://www.metacritic.com/game/x',
      author: 'second-reporter',
    },
    {
      number: 103,
      title: 'Wind Waker HD rating',
      body: `Task: ${z}\nRow: Wind Waker HD\nColumn: Original game's U.S. age rating\nCorrect value: T\nSource: https://www.esrb.org/x`,
    },
    {
      number: 104,
      title: 'Same rating problem',
      body: `In ${z}, row 2: the original game's U.S. age rating is actually T https://www.esrb.org/y`,
    },
    { number: 105, title: 'Something is wrong with the Zelda question', body: 'One of the prices looks off to me.' },
    {
      number: 106,
      title: 'Missing remake',
      body: `### Task ID\n\n${z}\n\n### Missing entity\n\nMajora's Mask 3D\n\n### Source\n\nhttps://en.wikipedia.org/wiki/The_Legend_of_Zelda:_Majora%27s_Mask_3D`,
    },
    {
      number: 107,
      title: 'Not a remake',
      body: `Task: ${z}\nRow: Skyward Sword HD\nColumn: Zelda remake/remaster product title\n\nThis is an HD remaster of a Wii game; it does not meet the conditions. https://example.org/sshd`,
    },
    { number: 108, title: `${z} looks incomplete`, body: 'Please double check this task.' },
  ];
  file = writeGhIssues(issues);
  importReportFiles(fx.service.store, [file]);
});
afterAll(() => fx.service.close());

describe('linking reports to disputes', () => {
  it('reads gh output with repository, author, labels and state', () => {
    const list = readIssuesFile(file);
    expect(list.skipped).toEqual([]);
    expect(list.issues[0]).toMatchObject({
      repo: 'exa-ai/atlas',
      number: 101,
      url: 'https://github.com/exa-ai/atlas/issues/101',
      author: 'reporter',
      labels: ['gold-error'],
      state: 'open',
    });
  });

  it('attaches a report to the existing cell dispute, and a second report on that cell to the same dispute', () => {
    const id = cellId(fx.zelda, 0, 'Critic Metascore');
    expect(dispute(id)).toMatchObject({ kind: 'cell', has_report: 1 });
    expect(byNumber(101)).toMatchObject({
      task_id: fx.zelda,
      row: 0,
      column: 'Critic Metascore',
      dispute_id: id,
      manual_link: false,
    });
    expect(byNumber(102).dispute_id).toBe(id);
    const views = reportsForDispute(fx.service.store, id);
    expect(views.map((v) => [v.number, v.author])).toEqual([
      [101, 'reporter'],
      [102, 'second-reporter'],
    ]);
    expect(views[0]!.url).toBe('https://github.com/exa-ai/atlas/issues/101');
    expect(views[0]!.urls).toEqual([
      expect.objectContaining({
        url: 'https://www.metacritic.com/game/3ds/the-legend-of-zelda-ocarina-of-time-3d',
        safe: true,
      }),
    ]);
    expect(views[0]!.effective).toMatchObject({
      task_id: fx.zelda,
      row: 0,
      column: 'Critic Metascore',
      proposed_value: '93',
    });
    expect(issueNumbersForDispute(fx.service.store, id)).toEqual([101, 102]);
    // The batch export uses gives every linked dispute the same numbers as the one-dispute query.
    const all = issueNumbersByDispute(fx.service.store);
    expect(all.get(id)).toEqual([101, 102]);
    for (const [other, numbers] of all) expect(numbers).toEqual(issueNumbersForDispute(fx.service.store, other));
  });

  it('creates one report dispute for reports on a cell no system contested', async () => {
    const column = "Original game's U.S. age rating";
    expect(dispute(cellId(fx.zelda, 1, column))).toBeUndefined();
    const id = reportId(fx.zelda, 1, column);
    expect(byNumber(103).dispute_id).toBe(id);
    expect(byNumber(104).dispute_id).toBe(id);
    expect(dispute(id)).toMatchObject({ kind: 'report', has_report: 1, gold_state: 'value' });
    const record = [...fx.service.disputeRecords({ kind: 'report' })].find((r) => r.id === id)!;
    expect(record).toMatchObject({
      task_id: fx.zelda,
      gold_row: 1,
      column,
      top_value: 'T',
      status: 'open',
      has_report: true,
    });
    expect(record.entity).toBe('The Legend of Zelda: The Wind Waker HD');
    // The systems' values are there to compare, all agreeing with gold.
    expect(record.clusters.length).toBeGreaterThan(0);
    const listed = await fx.service.listDisputes({ filter: { hasReport: true }, offset: 0, limit: 100 });
    expect(listed.rows.map((row) => row.id)).toEqual(
      expect.arrayContaining([id, cellId(fx.zelda, 0, 'Critic Metascore')]),
    );
  });

  it('attaches a report naming an entity gold lacks to its missing_row dispute', () => {
    const linked = byNumber(106).dispute_id!;
    const row = fx.service.store.db
      .prepare<[string], { kind: string; has_report: number }>('SELECT kind, has_report FROM disputes WHERE id = ?')
      .get(linked)!;
    expect(row).toEqual({ kind: 'missing_row', has_report: 1 });
    expect(getReport(fx.service.store, { number: 106 }).effective.missing_entity).toBe("Majora's Mask 3D");
  });

  it('makes a row-level report dispute when the entity column is named, where remove_row can be ruled', async () => {
    const id = reportId(fx.zelda, 3, null);
    expect(byNumber(107)).toMatchObject({ row: 3, column: 'Zelda remake/remaster product title', dispute_id: id });
    expect(dispute(id)).toMatchObject({ kind: 'report', gold_state: 'value' });
    // No cell to act on: a cell decision would export an operation apply refuses.
    for (const decision of ['accept_both', 'new_value', 'mark_blank', 'mark_ungraded'] as const) {
      await expect(fx.service.rule({ disputeId: id, decision, value: 'x' })).rejects.toThrow(
        `decision ${decision} does not apply to a report about a whole gold row (expected one of keep_gold, remove_row)`,
      );
    }
    expect((await fx.service.getDispute({ id })).rulings).toEqual([]);
    const ruled = await fx.service.rule({
      disputeId: id,
      decision: 'remove_row',
      rationale: 'remaster of a game outside the scope',
    });
    expect(ruled.status).toBe('resolved');
  });

  it('export refuses a cell decision an older version recorded on a whole-row report, naming it, rather than write an operation apply refuses', async () => {
    const id = reportId(fx.zelda, 3, null);
    const { db } = fx.service.store;
    const before = await fx.service.getDispute({ id });
    const ruling = before.rulings.find((r) => r.decision === 'remove_row')!;
    // As a store from before rule refused it would hold: the append-only trigger stands in the way of nothing else here.
    db.exec('DROP TRIGGER rulings_are_append_only_update');
    db.prepare("UPDATE rulings SET decision = 'mark_blank' WHERE id = ?").run(ruling.id);
    const out = join(tempDir(), 'row-report.json');
    try {
      await expect(fx.service.exportPatch({ revision: 'v-row-report', out })).rejects.toThrow(
        new RegExp(
          `^\\d+ settled rulings? do(?:es)? not fit .*\\n  ${fx.zelda} · row 4 “[^”]+” \\(dispute ${id}\\), mark_blank agreed by mia: does not apply to this dispute \\(expected one of keep_gold, remove_row\\)`,
          'u',
        ),
      );
    } finally {
      db.prepare("UPDATE rulings SET decision = 'remove_row' WHERE id = ?").run(ruling.id);
    }
    expect((await fx.service.exportPatch({ revision: 'v-row-report', out })).operations).toBeGreaterThan(0);
  });

  it('keeps reports that name no task, or no cell, in the unlinked list', () => {
    const unlinked = listReports(fx.service.store, { unlinked: true });
    expect(unlinked.map((r) => r.number)).toEqual([105, 108]);
    expect(unlinked[0]).toMatchObject({ task_id: null, row: null, column: null, dispute_id: null });
    expect(unlinked[1]).toMatchObject({ task_id: fx.zelda, row: null, column: null, dispute_id: null });
  });

  it('restores has_report and report disputes after disputes are rebuilt', () => {
    const id = cellId(fx.zelda, 0, 'Critic Metascore');
    deriveTaskDisputes(fx.service.store, fx.zelda, 2);
    expect(dispute(id)!.has_report).toBe(0);
    relinkReports(fx.service.store, [fx.zelda]);
    expect(dispute(id)!.has_report).toBe(1);
    expect(dispute(reportId(fx.zelda, 1, "Original game's U.S. age rating"))!.has_report).toBe(1);
  });

  it('re-importing the same file changes nothing', () => {
    const before = fx.service.store.db.prepare('SELECT count(*) AS n FROM disputes').get();
    const again = importReportFiles(fx.service.store, [file]);
    expect(again).toMatchObject({ added: 0, updated: 0, unchanged: issues.length });
    expect(fx.service.store.db.prepare('SELECT count(*) AS n FROM disputes').get()).toEqual(before);
    expect(fx.service.store.db.prepare('SELECT count(*) AS n FROM reports').get()).toEqual({ n: issues.length });
  });

  it('keeps a hand-made link through relinking, and drops it on request', () => {
    const target = cellId(fx.zelda, 0, 'Critic Metascore');
    linkReport(fx.service.store, { number: 105 }, target);
    relinkReports(fx.service.store);
    expect(byNumber(105)).toMatchObject({ dispute_id: target, manual_link: true });
    // The list shows the cell the report is attached to, the parse beside it.
    expect(byNumber(105)).toMatchObject({
      task_id: fx.zelda,
      row: 0,
      column: 'Critic Metascore',
      column_score: null,
      parsed_task_id: null,
      parsed_row: null,
      parsed_column: null,
    });
    linkReport(fx.service.store, { number: 103 }, target);
    expect(byNumber(103)).toMatchObject({
      task_id: fx.zelda,
      row: 0,
      column: 'Critic Metascore',
      column_score: null,
      parsed_row: 1,
      parsed_column: "Original game's U.S. age rating",
    });
    linkReport(fx.service.store, { number: 103 }, null);
    expect(byNumber(103)).toMatchObject({
      row: 1,
      column: "Original game's U.S. age rating",
      column_score: 1,
      parsed_row: 1,
      manual_link: false,
    });
    linkReport(fx.service.store, { number: 105 }, null);
    expect(byNumber(105)).toMatchObject({ dispute_id: null, manual_link: false });
    expect(() => linkReport(fx.service.store, { number: 105 }, 'd-nope')).toThrow(/no dispute/);
    expect(() => linkReport(fx.service.store, { number: 999 }, target)).toThrow(/no report #999/);
  });

  it('applies hand fixes, keeps them through an edited re-import, and checks them', () => {
    overrideReport(fx.service.store, { number: 108 }, { row: 1, column: 'Critic Metascore', proposed_value: '91' });
    const id = reportId(fx.zelda, 1, 'Critic Metascore');
    expect(byNumber(108)).toMatchObject({
      row: 1,
      column: 'Critic Metascore',
      column_score: 1,
      dispute_id: id,
      overridden: true,
    });

    const edited = issues.map((issue) =>
      issue.number === 108 ? { ...issue, body: 'Edited: please double check this task again.' } : issue,
    );
    const result = storeReports(fx.service.store, readIssuesFile(writeGhIssues(edited)).issues);
    expect(result).toMatchObject({ added: 0, updated: 1, unchanged: issues.length - 1 });
    expect(getReport(fx.service.store, { number: 108 })).toMatchObject({
      body: 'Edited: please double check this task again.',
      override: { row: 1, column: 'Critic Metascore', proposed_value: '91' },
    });
    expect(byNumber(108).dispute_id).toBe(id);

    expect(() => overrideReport(fx.service.store, { number: 108 }, { column: 'Metascore!' })).toThrow(/has no column/);
    expect(() => overrideReport(fx.service.store, { number: 108 }, { row: 99 })).toThrow(/not a gold row/);
    expect(() => overrideReport(fx.service.store, { number: 108 }, { task_id: 'atlas-9999' })).toThrow(/no task/);
    overrideReport(fx.service.store, { number: 108 }, {}, { replace: true });
    expect(byNumber(108)).toMatchObject({ row: null, dispute_id: null, overridden: false });
  });

  it('keeps a report dispute an engineer ruled on when its reports move away, and drops an unruled one', async () => {
    const column = "Original game's U.S. age rating";
    const ruledId = reportId(fx.zelda, 1, column);
    await fx.service.rule({ disputeId: ruledId, decision: 'keep_gold' });
    for (const number of [103, 104])
      overrideReport(fx.service.store, { number }, { row: 0, column: 'Critic Metascore' });
    expect(byNumber(103).dispute_id).toBe(cellId(fx.zelda, 0, 'Critic Metascore'));
    expect(dispute(ruledId)).toMatchObject({ kind: 'report', has_report: 0 });

    const rowId = reportId(fx.zelda, 3, null);
    overrideReport(fx.service.store, { number: 107 }, { task_id: null });
    expect(byNumber(107).dispute_id).toBeNull();
    // 107's row dispute carries a remove_row ruling from an earlier test, so it stays too.
    expect(dispute(rowId)).toBeDefined();

    // The queue's search (answered from memory) follows report disputes as they come and go.
    const searchTask = async (): Promise<string[]> =>
      (await fx.service.listDisputes({ filter: { search: fx.zelda }, offset: 0, limit: 1000 })).rows.map(
        (row) => row.id,
      );
    const unruled = reportId(fx.zelda, 2, 'Critic Metascore');
    expect(await searchTask()).not.toContain(unruled);
    overrideReport(fx.service.store, { number: 105 }, { task_id: fx.zelda, row: 2, column: 'Critic Metascore' });
    expect(dispute(unruled)).toMatchObject({ kind: 'report', has_report: 1 });
    expect(await searchTask()).toContain(unruled);
    overrideReport(fx.service.store, { number: 105 }, {}, { replace: true });
    expect(dispute(unruled)).toBeUndefined();
    expect(await searchTask()).not.toContain(unruled);

    // A hand-made link elsewhere removes the unruled report dispute (and creates none): the search follows.
    overrideReport(fx.service.store, { number: 105 }, { task_id: fx.zelda, row: 2, column: 'Critic Metascore' });
    expect(await searchTask()).toContain(unruled);
    linkReport(fx.service.store, { number: 105 }, cellId(fx.zelda, 0, 'Critic Metascore'));
    expect(dispute(unruled)).toBeUndefined();
    expect(await searchTask()).not.toContain(unruled);
  });
});
