// Runs graded against another version of a task's gold than the store holds
// (the audit: v1.1, which removed a row and added one, imported with runs
// graded on v1.0 into a fresh store): every row after the removed one would
// pair the run's cells with another entity's gold, silently. Such run tasks
// are taken back and named; a revision's corrected values are not mistaken
// for that.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServiceHandle } from '../../../db/service';
import type { HandAlignment, HandTask } from '../revisions/support/hand-built';
import { writeDataset, writeRun } from '../revisions/support/hand-built';
import { GoldAlignment, misalignedRunTasks, runTaskTail } from '../../../db/import/gold-alignment';
import { RunTaskPreparer } from '../../../db/import/prepared-run-task';
import { freshService, smallWorkspace, tempDir, workspacePaths } from '../../support/workspace';

type Row = [entity: string, score: string, city: string];
const V10: Row[] = [
  ['Alpha', '10', 'Paris'],
  ['Beta', '20', 'Rome'],
  ['Gamma', '30', 'Oslo'],
  ['Delta', '40', 'Lima'],
];

function task(id: string, rows: readonly Row[]): HandTask {
  return {
    id,
    question: `Which entities (${id})?`,
    canary: `canary ${id}`,
    gold: {
      entity_column: 'Name',
      columns: [
        { name: 'Name', rule: { type: 'entity' } },
        { name: 'Score', rule: { type: 'number', tolerance: 0 } },
        { name: 'City', rule: { type: 'text' } },
      ],
      rows: rows.map(([entity, score, city]) => ({
        entity,
        aliases: [],
        cells: { Score: { value: score }, City: { value: city } },
      })),
    },
  };
}

/** A run graded against v1.0 (the gold each cell was checked against recorded beside it); the system missed nothing. */
function alignment(rows: readonly Row[]): HandAlignment[] {
  return rows.map(([entity, score, city], index) => ({
    gold_row: index,
    response_row: index,
    response_entity: entity,
    cells: [
      { column: 'Score', gold: score, response: score, verdict: 'correct' },
      {
        column: 'City',
        gold: city,
        response: index === 1 ? 'Milan' : city,
        verdict: index === 1 ? 'incorrect' : 'correct',
      },
    ],
  }));
}

const SCORES = { discovery_f1: 1, item_f1: 11 / 12, row_f1: 3 / 4 };

let service: ServiceHandle | undefined;
afterEach(() => service?.close());

async function importWith(revised: readonly Row[]) {
  const dir = tempDir('atlas-alignment-');
  writeDataset(join(dir, 'atlas-test.jsonl'), [task('t/one', revised), task('t/two', V10)]);
  const runs = join(dir, 'runs');
  writeRun(runs, 'sys-a', 'aaaa', [
    { task_id: 't/one', scores: SCORES, rows: alignment(V10) },
    { task_id: 't/two', scores: SCORES, rows: alignment(V10) },
  ]);
  writeRun(runs, 'sys-b', 'bbbb', [{ task_id: 't/one', scores: SCORES, rows: alignment(V10) }]);
  service = freshService('mia');
  const report = await service.importPaths([join(dir, 'atlas-test.jsonl'), runs]);
  const cellsOf = (taskId: string): number =>
    service!.store.db
      .prepare<[string], number>('SELECT count(*) FROM system_cells WHERE task_id = ?')
      .pluck()
      .get(taskId)!;
  return { report, cellsOf };
}

describe('runs graded against other gold', () => {
  it('are taken back and named when a row was removed and another added (rows after it moved)', async () => {
    const { report, cellsOf } = await importWith([V10[0]!, V10[2]!, V10[3]!, ['Epsilon', '50', 'Kyiv']]);
    expect(report.skipped.map((item) => [item.path.replace(/^.*\/(sys-[ab])-atlas-.*$/u, '$1'), item.field])).toEqual([
      ['sys-a', 'details.rows'],
      ['sys-b', 'details.rows'],
    ]);
    expect(report.skipped[0]!.reason).toMatch(
      /^task t\/one: this run was graded against another version of the task's gold: in gold rows 3 and 4, 4 of the 4 gold values it was graded against differ from this store's \(a row removed or moved since\)\. .* \(the run says suite_revision v1\.0\) into a fresh store first/u,
    );
    // No gold value of the revised dataset is quoted (the report may be shared).
    expect(report.skipped[0]!.reason).not.toMatch(/Gamma|Delta|Epsilon|Oslo|Kyiv/u);
    expect(cellsOf('t/one')).toBe(0);
    expect(cellsOf('t/two')).toBe(8);
    expect(report.cells).toBe(8);
    // No dispute pairs a run's values with another entity's gold.
    expect([...service!.disputeRecords({ task: 't/one' })]).toEqual([]);
  });

  it('keep a dataset imported after them from putting other gold under them (runs first, then the revised dataset)', async () => {
    const dir = tempDir('atlas-alignment-runs-first-');
    writeDataset(join(dir, 'revised.jsonl'), [
      task('t/one', [V10[0]!, V10[2]!, V10[3]!, ['Epsilon', '50', 'Kyiv']]),
      task('t/two', V10),
    ]);
    writeDataset(join(dir, 'corrected.jsonl'), [
      task('t/one', [V10[0]!, ['Beta', '20', 'Milan'], V10[2]!, ['Delta', '41', 'Lima']]),
      task('t/two', V10),
    ]);
    const runs = join(dir, 'runs');
    writeRun(runs, 'sys-a', 'aaaa', [
      { task_id: 't/one', scores: SCORES, rows: alignment(V10) },
      { task_id: 't/two', scores: SCORES, rows: alignment(V10) },
    ]);
    service = freshService('mia');
    await service.importPaths([runs]);
    const report = await service.importPaths([join(dir, 'revised.jsonl')]);
    expect(report.skipped.map((item) => item.field)).toEqual(['gold.rows']);
    expect(report.skipped[0]!.reason).toMatch(
      /^task t\/one: 1 graded run in this store was graded against another version of its gold than this dataset's \(.*sys-a-atlas-aaaa.*: in gold rows 3 and 4, 4 of the 4 gold values it was graded against differ from this dataset's \(a row removed or moved since\)\), so the task was left out of this import: import the dataset the runs were graded against \(suite_revision v1\.0\) first/u,
    );
    const goldOf = (taskId: string): number =>
      service!.store.db
        .prepare<[string], number>('SELECT count(*) FROM gold_rows WHERE task_id = ?')
        .pluck()
        .get(taskId)!;
    expect(goldOf('t/one')).toBe(0);
    expect(goldOf('t/two')).toBe(4);
    // A dataset that only corrects values goes in under the same runs.
    const corrected = await service.importPaths([join(dir, 'corrected.jsonl')]);
    expect(corrected.skipped).toEqual([]);
    expect(goldOf('t/one')).toBe(4);
  });

  it('are taken back when the run names a gold row the store does not have (the last rows removed)', async () => {
    const { report, cellsOf } = await importWith([V10[0]!, V10[1]!]);
    expect(report.skipped).toHaveLength(2);
    expect(report.skipped[0]!.reason).toMatch(
      /^task t\/one: .*: its alignment names gold row 4, and this store's gold for the task has 2 rows\./u,
    );
    expect(cellsOf('t/one')).toBe(0);
  });

  it('stay when the revision only corrected values, or added rows at the end', async () => {
    const corrected: Row[] = [
      V10[0]!,
      ['Beta', '20', 'Milan'],
      V10[2]!,
      ['Delta', '41', 'Lima'],
      ['Epsilon', '50', 'Kyiv'],
    ];
    const { report, cellsOf } = await importWith(corrected);
    expect(report.skipped).toEqual([]);
    expect(cellsOf('t/one')).toBe(16);
    // sys-b has no result for t/two, which sys-a has: said, as the score preview counts it 0.
    expect(report.incomplete_runs).toEqual([
      { system: 'sys-b', run: 'sys-b-atlas-bbbb', missing: 1, tasks: ['t/two'] },
    ]);
  });

  it('are taken back when the first row was removed too (every row moved up: the last rows hold earlier rows’ values)', async () => {
    const { report, cellsOf } = await importWith([V10[1]!, V10[2]!, V10[3]!, ['Epsilon', '50', 'Kyiv']]);
    expect(report.skipped.map((item) => item.field)).toEqual(['details.rows', 'details.rows']);
    expect(report.skipped[0]!.reason).toMatch(/^task t\/one: .*in gold rows 3 and 4, 4 of the 4 gold values/u);
    expect(cellsOf('t/one')).toBe(0);
  });

  it('stay when a pipeline records every gold value in another form (94.0 for 94): a difference everywhere is not a moved row', async () => {
    const dir = tempDir('atlas-alignment-form-');
    writeDataset(join(dir, 'atlas-test.jsonl'), [task('t/one', V10)]);
    const otherForm = alignment(V10).map((row) => ({
      ...row,
      cells: row.cells.map((cell) => ({ ...cell, gold: `${cell.gold!} (as graded)` })),
    }));
    writeRun(join(dir, 'runs'), 'sys-a', 'aaaa', [{ task_id: 't/one', scores: SCORES, rows: otherForm }]);
    service = freshService('mia');
    const report = await service.importPaths([join(dir, 'atlas-test.jsonl'), join(dir, 'runs')]);
    expect(report.skipped).toEqual([]);
    expect(
      service.store.db.prepare<[], number>("SELECT count(*) FROM system_cells WHERE task_id = 't/one'").pluck().get(),
    ).toBe(8);
  });

  it('name no incomplete run when every run has every task', async () => {
    const service2 = freshService('mia');
    try {
      const report = await service2.importPaths(workspacePaths(await smallWorkspace()));
      expect(report.incomplete_runs).toBeUndefined();
    } finally {
      service2.close();
    }
  });

  it('are checked too when written before their task’s gold came in (the dataset read alongside the runs)', async () => {
    const dir = tempDir('atlas-alignment-deferred-');
    writeDataset(join(dir, 'atlas-test.jsonl'), [
      task('t/one', [V10[0]!, V10[2]!, V10[3]!, ['Epsilon', '50', 'Kyiv']]),
    ]);
    service = freshService('mia');
    await service.importPaths([join(dir, 'atlas-test.jsonl')]);
    const run = {
      run_key: 'sys-a-atlas-aaaa',
      system: 'sys-a',
      suite_revision: 'v1.0',
      judge_model: null,
      created_at: null,
      source_path: dir,
      format: 'harness' as const,
    };
    const rows = alignment(V10).map((row) => ({
      ...row,
      aligned_by: 'name',
      cells: row.cells.map((cell) => ({
        gold: '',
        method: 'deterministic' as const,
        sources: [],
        reasoning: null,
        ...cell,
      })),
    }));
    const record = {
      run,
      task_id: 't/one',
      state: 'graded' as const,
      content_sha: 'x',
      path: join(dir, 't0'),
      scores: SCORES,
      returned_rows: 4,
      rows,
    };
    const tail = runTaskTail(1, new RunTaskPreparer(service.store.sealer).prepare(record))!;
    const found = misalignedRunTasks(new GoldAlignment(service.store), [tail]);
    expect(found.map((item) => item.reason)).toEqual([
      expect.stringMatching(/^task t\/one: .*in gold rows 3 and 4, 4 of the 4 gold values/u),
    ]);
    // The same run task against the gold it was graded on fits.
    const other = freshService('mia');
    try {
      writeDataset(join(dir, 'v10.jsonl'), [task('t/one', V10)]);
      await other.importPaths([join(dir, 'v10.jsonl')]);
      expect(
        misalignedRunTasks(new GoldAlignment(other.store), [
          runTaskTail(1, new RunTaskPreparer(other.store.sealer).prepare(record))!,
        ]),
      ).toEqual([]);
    } finally {
      other.close();
    }
  });
});
