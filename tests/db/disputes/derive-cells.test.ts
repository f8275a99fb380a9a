// Derivation reads a task's graded cells as one JSON array built by SQLite
// (statements.ts: cellsJson) and, without a dataset, the (row, column)
// groups that lack a gold cell (groupsWithoutGold). Both must give exactly
// what reading the rows one by one gave: the cells in (gold_row,
// column_name, run_id, seq) order, and every group without gold once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedWorkspace } from '../../../db/demo/generate';
import { compareCells, goldCellKey, parseCells, readTaskInput } from '../../../db/disputes/derive-input';
import type { CellTuple } from '../../../db/disputes/statements';
import { importPaths } from '../../../db/import/import-paths';
import type { Store } from '../../../db/store';
import { tempStores } from '../../support/store-digest';
import { smallWorkspace, workspacePaths } from '../../support/workspace';

let workspace: GeneratedWorkspace;
const stores = tempStores('atlas-derive-cells-');
afterAll(stores.closeAll);

beforeAll(async () => {
  workspace = await smallWorkspace({
    seed: 31,
    tasks: 12,
    systems: 4,
    maxRows: 8,
    maxColumns: 5,
    includeZelda: true,
    cellsFile: true,
    judges: true,
  });
});

async function imported(paths: string[]): Promise<Store> {
  const store = stores.open();
  await importPaths(store, paths, { threads: 'never' });
  return store;
}

const taskIds = (store: Store): string[] =>
  store.db.prepare<[], string>('SELECT DISTINCT task_id FROM run_tasks ORDER BY task_id').pluck().all();

/** The cells as derivation used to read them: a row array each, ordered by SQL. */
function rowByRow(store: Store, taskId: string): CellTuple[] {
  return store.db
    .prepare<[string], CellTuple>(
      `SELECT run_id, seq, gold_row, column_name, verdict, response_empty, response_s, gold_s FROM system_cells
        WHERE task_id = ? AND gold_row IS NOT NULL ORDER BY gold_row, column_name, run_id, seq`,
    )
    .raw(true)
    .all(taskId);
}

describe("derivation's reading of the graded cells", () => {
  it('gives every task the same cells, in the same order, as reading them row by row', async () => {
    const store = await imported(workspacePaths(workspace));
    let cells = 0;
    for (const taskId of taskIds(store)) {
      const expected = rowByRow(store, taskId);
      expect(parseCells(readTaskInput(store, taskId, 2))).toEqual(expected);
      cells += expected.length;
    }
    expect(cells).toBeGreaterThan(500);
  });

  it('without a dataset, lists each (row, column) group once with the gold its graders recorded', async () => {
    const store = await imported(workspacePaths(workspace).filter((path) => path !== workspace.dataset));
    let groups = 0;
    for (const taskId of taskIds(store)) {
      const expectedKeys = [...new Set(rowByRow(store, taskId).map((cell) => goldCellKey(cell[2], cell[3])))];
      const input = readTaskInput(store, taskId, 2);
      expect(input.goldCells).toEqual([]);
      expect(input.recordedGold.map(([key]) => key)).toEqual(expectedKeys);
      for (const [, recorded] of input.recordedGold) expect(recorded.length).toBeGreaterThan(0);
      groups += expectedKeys.length;
    }
    expect(groups).toBeGreaterThan(50);
  });

  it('puts cells in order when SQLite gives them in another, keeping each group together', () => {
    const cells: CellTuple[] = [
      [2, 0, 1, 'b', 'correct', 0, 's1', 'g'],
      [1, 3, 0, 'z', 'incorrect', 0, 's2', 'g'],
      [1, 1, 1, 'b', 'correct', 0, 's3', 'g'],
      [1, 0, 1, '\u{1F600}', 'correct', 0, 's4', 'g'],
      [3, 2, 1, '\uE000', 'correct', 1, 's5', 'g'],
      [1, 2, 1, 'b', 'correct', 0, 's6', 'g'],
      [2, 1, 1, '\u{1F600}', 'correct', 0, 's7', 'g'],
    ];
    const parsed = parseCells({ cellsJson: JSON.stringify(cells) });
    expect(parsed.map((cell) => cell[6])).toEqual(['s2', 's3', 's6', 's1', 's4', 's7', 's5']);
    for (let i = 1; i < parsed.length; i++) expect(compareCells(parsed[i - 1]!, parsed[i]!)).toBeLessThanOrEqual(0);
    const sorted = JSON.stringify(parsed);
    expect(JSON.stringify(parseCells({ cellsJson: sorted }))).toBe(sorted);
  });
});
