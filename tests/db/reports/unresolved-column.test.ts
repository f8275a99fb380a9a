// A report naming a column its task lacks ("Founding yr" where no column is
// close) stays unlinked with the parse's reasons, never a whole-row report
// whose only decisions are keep gold and remove row; picking the column by
// hand links it to that cell.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disputeId } from '../../../shared/dispute-id';
import { getReport, importReportFiles, listReports, overrideReport } from '../../../db/reports/index';
import type { ReportsFixture } from './store-fixture';
import { reportsFixture, writeGhIssues } from './store-fixture';

let fx: ReportsFixture;

beforeAll(async () => {
  fx = await reportsFixture();
  const body = `### Task ID\n\n${fx.zelda}\n\n### Row\n\nOcarina of Time 3D\n\n### Column\n\nBox art colour\n\n### Correct value\n\n1997\n`;
  importReportFiles(fx.service.store, [writeGhIssues([{ number: 301, title: 'Wrong value', body }])]);
});
afterAll(() => fx.service.close());

describe('a report whose column does not resolve', () => {
  it('stays unlinked, with the column it wrote and the reason', () => {
    const item = listReports(fx.service.store).find((r) => r.number === 301)!;
    expect(item).toMatchObject({
      task_id: fx.zelda,
      row: 0,
      column: null,
      column_unresolved: 'Box art colour',
      dispute_id: null,
    });
    const view = getReport(fx.service.store, { number: 301 });
    expect(view.effective.column_unresolved).toBe('Box art colour');
    expect(view.parsed!.notes).toContain('no column of the task is close to "Box art colour"');
    const rowReport = disputeId({ kind: 'report', task_id: fx.zelda, gold_row: 0, column: null, entity_key: null });
    expect(fx.service.store.db.prepare('SELECT 1 FROM disputes WHERE id = ?').get(rowReport)).toBeUndefined();
  });

  it('links to the cell once the engineer picks the column', () => {
    overrideReport(fx.service.store, { number: 301 }, { column: 'Critic Metascore' });
    const item = listReports(fx.service.store).find((r) => r.number === 301)!;
    expect(item.dispute_id).toBe(
      disputeId({ kind: 'cell', task_id: fx.zelda, gold_row: 0, column: 'Critic Metascore', entity_key: null }),
    );
    expect(getReport(fx.service.store, { number: 301 }).effective.column_unresolved).toBeNull();
  });

  it('becomes a whole-row report only when the engineer says so', () => {
    overrideReport(fx.service.store, { number: 301 }, { column: null });
    const item = listReports(fx.service.store).find((r) => r.number === 301)!;
    expect(item.dispute_id).toBe(
      disputeId({ kind: 'report', task_id: fx.zelda, gold_row: 0, column: null, entity_key: null }),
    );
  });
});
