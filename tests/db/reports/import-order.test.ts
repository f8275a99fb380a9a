// Saved issue files imported out of order: an older copy of an issue must not
// undo a later edit or close that the store already holds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getReport, importReportFiles, listReports } from '../../../db/reports/index';
import type { GhIssue, ReportsFixture } from './store-fixture';
import { reportsFixture, writeGhIssues } from './store-fixture';

let fx: ReportsFixture;
let older: string;
let newer: string;

beforeAll(async () => {
  fx = await reportsFixture();
  const z = fx.zelda;
  const base: GhIssue[] = [
    {
      number: 102,
      title: 'Old title',
      body: `Task: ${z}\nRow 4, column "Lead developer founding year" should be 1995.`,
      updatedAt: '2025-05-01T10:00:00Z',
    },
    {
      number: 106,
      title: 'Missing remake',
      body: `Task: ${z}\nMissing entity: Majora's Mask 3D`,
      updatedAt: '2025-05-01T10:00:00Z',
    },
  ];
  older = writeGhIssues(base);
  newer = writeGhIssues([
    {
      ...base[0]!,
      title: 'New title',
      body: `Task: ${z}\nRow 4, column "Lead developer founding year" should be 1996 (edited).`,
      updatedAt: '2025-05-03T10:00:00Z',
    },
    { ...base[1]!, state: 'CLOSED', updatedAt: '2025-05-02T10:00:00Z' },
  ]);
});
afterAll(() => fx.service.close());

describe('importing an older saved copy', () => {
  it('keeps the newer edit and the close, counting the older copies as unchanged', () => {
    expect(importReportFiles(fx.service.store, [newer])).toMatchObject({ added: 2, updated: 0, unchanged: 0 });
    expect(importReportFiles(fx.service.store, [older])).toMatchObject({ added: 0, updated: 0, unchanged: 2 });
    expect(getReport(fx.service.store, { number: 102 })).toMatchObject({
      title: 'New title',
      updated_at: '2025-05-03T10:00:00Z',
    });
    expect(getReport(fx.service.store, { number: 102 }).body).toContain('(edited)');
    expect(listReports(fx.service.store).find((r) => r.number === 106)!.state).toBe('closed');
  });

  it('still takes a newer copy, and a copy without updated_at as before', () => {
    const newest = writeGhIssues([
      { number: 102, title: 'Newest title', body: 'Edited again.', updatedAt: '2025-06-01T10:00:00Z' },
    ]);
    expect(importReportFiles(fx.service.store, [newest])).toMatchObject({ updated: 1 });
    expect(getReport(fx.service.store, { number: 102 }).title).toBe('Newest title');
    const undated = writeGhIssues([{ number: 106, title: 'Missing remake', body: 'Reopened without a date.' }]);
    expect(importReportFiles(fx.service.store, [undated])).toMatchObject({ updated: 1 });
    expect(listReports(fx.service.store).find((r) => r.number === 106)!.state).toBe('open');
  });
});

describe('the import report', () => {
  it('counts the disputes that issue files make, as it counts the others', async () => {
    // A report about a whole gold row makes a dispute of its own (kind report).
    const file = writeGhIssues([
      {
        number: 401,
        title: 'Not an entity',
        body: `Task: ${fx.zelda}\nRow: 2\n\nThis row does not meet the conditions; it should be removed.`,
      },
    ]);
    const before = [...fx.service.disputeRecords({ kind: 'report' })].length;
    const report = await fx.service.importPaths([file]);
    const after = [...fx.service.disputeRecords({ kind: 'report' })].length;
    expect(after).toBe(before + 1);
    expect(report.disputes).toBe(1);
    // The same file again adds nothing.
    expect((await fx.service.importPaths([file])).disputes).toBe(0);
  });
});
