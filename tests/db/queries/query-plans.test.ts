// The queue's hot queries must walk an index in priority order, never sort
// the whole table (Signal Desktop's habit: check EXPLAIN QUERY PLAN in tests).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementsFor } from '../../../db/disputes/statements';
import { OVERLAP_SQL } from '../../../db/export/export-warnings';
import { SETTLED_SQL } from '../../../db/export/settled-queries';
import { listSql } from '../../../db/queries/list';
import type { ServiceHandle } from '../../../db/service';
import type { DisputeFilter } from '../../../shared/api';
import { freshService, smallWorkspace, workspacePaths } from '../../support/workspace';

let service: ServiceHandle;

beforeAll(async () => {
  service = freshService();
  await service.importPaths(workspacePaths(await smallWorkspace()));
  service.store.db.exec('ANALYZE');
});
afterAll(() => service.close());

function plan(filter: DisputeFilter): string {
  const query = listSql(service.store, { filter, offset: 0, limit: 100 }, 'mia');
  return service.store.db
    .prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
    .all(...query.params)
    .map((row) => (row as { detail: string }).detail)
    .join('\n');
}

describe('query plans of the queue', () => {
  it.each<[string, DisputeFilter, RegExp]>([
    ['first page, default order', {}, /disputes_by_priority/],
    ['status filter', { status: 'open' }, /disputes_by_status/],
    ['column and status filter', { column: 'Critic Metascore', status: 'open' }, /disputes_by_column/],
    ['task filter', { task: 'atlas-0001' }, /disputes_by_task/],
    ['kind filter', { kind: 'missing_row', status: 'open' }, /disputes_by_kind/],
    ['system filter', { system: 'kite-pipeline' }, /disputes_by_priority/],
  ])('%s uses an index and no sort', (_name, filter, index) => {
    const detail = plan(filter);
    expect(detail).toMatch(index);
    expect(detail).not.toMatch(/TEMP B-TREE/);
    expect(detail).toMatch(/SEARCH p USING PRIMARY KEY/); // my decision: one key lookup per row
    expect(detail).not.toMatch(/SCAN p\b/);
  });

  it('a dispute is looked up by primary key', () => {
    const detail = service.store.db
      .prepare('EXPLAIN QUERY PLAN SELECT * FROM disputes WHERE id = ?')
      .all('x')
      .map((row) => (row as { detail: string }).detail)
      .join('\n');
    expect(detail).toMatch(/USING INDEX sqlite_autoindex_disputes_1|USING PRIMARY KEY/);
  });
});

describe('query plan of patch export', () => {
  it('reads the settled disputes through the status index, with key lookups for gold cell, positions and rulings', () => {
    const detail = service.store.db
      .prepare(`EXPLAIN QUERY PLAN ${SETTLED_SQL}`)
      .all()
      .map((row) => (row as { detail: string }).detail)
      .join('\n');
    expect(detail).toMatch(/SEARCH d USING INDEX disputes_by_status \(status=\?\)/);
    expect(detail).toMatch(
      /SEARCH g USING INDEX sqlite_autoindex_gold_cells_1 \(task_id=\? AND row_idx=\? AND column_name=\?\)/,
    );
    expect(detail).toMatch(/SEARCH p USING PRIMARY KEY \(dispute_id=\?\)/);
    expect(detail).toMatch(/SEARCH r USING INDEX sqlite_autoindex_rulings_1 \(id=\?\)/);
    // Only the selected rows are sorted; no table is scanned whole.
    expect(detail).not.toMatch(/\bSCAN\b/);
  });

  it("finds an earlier unimported revision's operations by key, scanning only the revisions table", () => {
    const detail = service.store.db
      .prepare(`EXPLAIN QUERY PLAN ${OVERLAP_SQL}`)
      .all('v2', 'v2')
      .map((row) => (row as { detail: string }).detail)
      .join('\n');
    expect(detail).toMatch(/SEARCH o USING PRIMARY KEY \(revision=\?\)/);
    expect(detail).toMatch(/SEARCH mine USING PRIMARY KEY \(revision=\? AND dispute_id=\?\)/);
    expect(detail).not.toMatch(/SCAN (o|mine)\b/);
  });

  it("derives from one range of the cells' covering index per task, without sorting it", () => {
    const explain = (sql: string): string =>
      service.store.db
        .prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .all('atlas-0001')
        .map((row) => (row as { detail: string }).detail)
        .join('\n');
    const statements = statementsFor(service.store.db);
    const cells = explain(statements.cellsJson.source);
    expect(cells).toMatch(
      /SEARCH system_cells USING COVERING INDEX system_cells_by_gold_cell \(task_id=\? AND gold_row>\?\)/,
    );
    expect(cells).not.toMatch(/TEMP B-TREE/);
    const groups = explain(statements.groupsWithoutGold.source);
    expect(groups).toMatch(/SEARCH c USING COVERING INDEX system_cells_by_gold_cell/);
    expect(groups).toMatch(/SEARCH g USING COVERING INDEX sqlite_autoindex_gold_cells_1/);
    expect(groups).not.toMatch(/TEMP B-TREE/);
    // The ruled disputes: the task's disputes by index, each probed in the rulings by dispute.
    const ruled = explain(statements.ruledDisputes.source);
    expect(ruled).toMatch(/SEARCH d USING INDEX disputes_by_task \(task_id=\?/);
    expect(ruled).toMatch(/SEARCH r (EXISTS )?USING COVERING INDEX rulings_by_dispute \(dispute_id=\?\)/);
    expect(ruled).not.toMatch(/SCAN/);
  });
});
