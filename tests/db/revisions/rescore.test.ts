// Score preview (design.md §7.3) on hand-built runs whose every figure is worked
// out below by hand. Notation per task: R returned rows, G gold rows, M
// matched; a row's cells are its entity cell plus its gradable (not ungraded)
// columns, an extra row counts every column. F1(p, r) = 2pr / (p + r).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceHandle } from '../../../db/service';
import { PatchMismatchError } from '../../../db/revisions/errors';
import { rescore } from '../../../db/revisions/rescore';
import type { GoldPatch, PatchOperation } from '../../../shared/patch';
import { mapOperationText } from '../../../shared/patch';
import type { SystemRescore } from '../../../shared/revision-types';
import type { Scores } from '../../../shared/score';
import { rankByScores } from '../../../shared/score';
import { freshService, smallWorkspace, tempDir, workspacePaths } from '../../support/workspace';
import { canaryEncrypt } from './support';
import type { HandRunTask, HandTask } from './support/hand-built';
import { writeDataset, writeRun } from './support/hand-built';

// ---- the dataset ----
// hand/1: Name (entity) | Score (number, tolerance 0) | City (text) | Voice (llm_judge)
//   r0 Alpha 10 Paris Hiro · r1 Beta 20 Rome Kyo · r2 Gamma 30 Oslo Nara
// hand/2: Name (entity) | Year (date) | Tags (list)
//   r0 Delta 2001-01-01 "a, b" · r1 Epsilon 2002-02-02 "c"
const v = (value: string) => ({ value });
const TASKS: HandTask[] = [
  {
    id: 'hand/1',
    question: 'Which hand-made entities?',
    canary: 'canary one',
    gold: {
      entity_column: 'Name',
      columns: [
        { name: 'Name', rule: { type: 'entity' } },
        { name: 'Score', rule: { type: 'number', tolerance: 0 } },
        { name: 'City', rule: { type: 'text' } },
        { name: 'Voice', rule: { type: 'llm_judge', criterion: 'same place' } },
      ],
      rows: [
        { entity: 'Alpha', aliases: [], cells: { Score: v('10'), City: v('Paris'), Voice: v('Hiro') } },
        { entity: 'Beta', aliases: [], cells: { Score: v('20'), City: v('Rome'), Voice: v('Kyo') } },
        { entity: 'Gamma', aliases: [], cells: { Score: v('30'), City: v('Oslo'), Voice: v('Nara') } },
      ],
    },
  },
  {
    id: 'hand/2',
    question: 'Which other hand-made entities?',
    canary: 'canary two',
    gold: {
      entity_column: 'Name',
      columns: [
        { name: 'Name', rule: { type: 'entity' } },
        { name: 'Year', rule: { type: 'date' } },
        { name: 'Tags', rule: { type: 'list' } },
      ],
      rows: [
        { entity: 'Delta', aliases: [], cells: { Year: v('2001-01-01'), Tags: v('a, b') } },
        { entity: 'Epsilon', aliases: [], cells: { Year: v('2002-02-02'), Tags: v('c') } },
      ],
    },
  },
];

// ---- the patch ----
const op = (
  o: Partial<PatchOperation> & Pick<PatchOperation, 'op' | 'task_id' | 'row' | 'from' | 'to'>,
): PatchOperation => ({
  entity: '',
  column: null,
  evidence: [],
  rulings: [],
  issues: [],
  dispute_id: '',
  ...o,
});
const OPERATIONS: PatchOperation[] = [
  op({ op: 'set_cell', task_id: 'hand/1', row: 0, column: 'Score', from: v('10'), to: v('11') }),
  op({
    op: 'add_alternative',
    task_id: 'hand/1',
    row: 1,
    column: 'City',
    from: v('Rome'),
    to: { value: 'Rome', alternatives: ['Roma'] },
  }),
  op({ op: 'set_cell', task_id: 'hand/1', row: 2, column: 'Voice', from: v('Nara'), to: v('Nara Prefecture') }),
  // Voice is not given: the new row's Voice is ungraded.
  op({
    op: 'add_row',
    task_id: 'hand/1',
    row: 3,
    from: null,
    to: { entity: 'Zeta', aliases: [], cells: { Score: v('40'), City: v('Lima') } },
  }),
  op({ op: 'remove_row', task_id: 'hand/2', row: 0, from: { entity: 'Delta', aliases: [] }, to: null }),
  op({
    op: 'add_alias',
    task_id: 'hand/2',
    row: 1,
    from: { entity: 'Epsilon', aliases: [] },
    to: { entity: 'Epsilon', aliases: ['Eps'] },
  }),
  op({ op: 'set_blank', task_id: 'hand/2', row: 1, column: 'Tags', from: v('c'), to: { blank: true } }),
];
const PATCH: GoldPatch = {
  format: 'atlas-gold-patch/1',
  dataset: 'exa-ai/ATLAS',
  base_revision: 'v1.0',
  base_sha256: null,
  revision: 'v1.1',
  created_at: null,
  created_by: 'test',
  encrypted: false,
  operations: OPERATIONS,
};

const c = (
  column: string,
  response: string,
  verdict: 'correct' | 'incorrect' | 'missing',
  method: 'deterministic' | 'llm_judge' = 'deterministic',
) => ({ column, response, verdict, method });
const s3 = (d: number, i: number, r: number) => ({ discovery_f1: d, item_f1: i, row_f1: r });

/** sys-two's answer to hand/1 (every figure below is worked out from it). */
const SYS_TWO_HAND_1: HandRunTask = {
  task_id: 'hand/1',
  scores: s3(1, 11 / 12, 2 / 3),
  rows: [
    {
      gold_row: 0,
      response_row: 0,
      response_entity: 'Alpha',
      cells: [c('Score', '10', 'correct'), c('City', 'Paris', 'correct'), c('Voice', 'Hiro', 'correct', 'llm_judge')],
    },
    {
      gold_row: 1,
      response_row: 1,
      response_entity: 'Beta',
      cells: [c('Score', '20', 'correct'), c('City', 'Rome', 'correct'), c('Voice', 'Kyo', 'correct', 'llm_judge')],
    },
    {
      gold_row: 2,
      response_row: 2,
      response_entity: 'Gamma',
      cells: [
        c('Score', '30', 'correct'),
        c('City', 'Oslo', 'correct'),
        c('Voice', 'Nara Prefecture', 'incorrect', 'llm_judge'),
      ],
    },
  ],
};

let service: ServiceHandle;
let systems: Map<string, SystemRescore>;

beforeAll(async () => {
  const dir = tempDir('atlas-rescore-');
  writeDataset(join(dir, 'atlas-test.jsonl'), TASKS);
  const runs = join(dir, 'runs');
  writeRun(runs, 'sys-one', 'aaaa1111', [
    {
      task_id: 'hand/1',
      scores: s3(6 / 7, 5 / 7, 2 / 7),
      rows: [
        {
          gold_row: 0,
          response_row: 0,
          response_entity: 'Alpha',
          cells: [
            c('Score', '11', 'incorrect'),
            c('City', 'Paris', 'correct'),
            c('Voice', 'Hiro', 'correct', 'llm_judge'),
          ],
        },
        {
          gold_row: 1,
          response_row: 1,
          response_entity: 'Beta',
          cells: [
            c('Score', '20', 'correct'),
            c('City', 'Roma', 'incorrect'),
            c('Voice', 'Kyo', 'correct', 'llm_judge'),
          ],
        },
        {
          gold_row: 2,
          response_row: 2,
          response_entity: 'Gamma',
          cells: [
            c('Score', '30', 'correct'),
            c('City', 'Oslo', 'correct'),
            c('Voice', 'Nara', 'correct', 'llm_judge'),
          ],
        },
        {
          gold_row: null,
          response_row: 3,
          response_entity: 'Zeta',
          cells: [
            c('Score', '40', 'incorrect'),
            c('City', 'Lima', 'incorrect'),
            c('Voice', 'x', 'incorrect', 'llm_judge'),
          ],
        },
      ],
    },
    {
      task_id: 'hand/2',
      scores: s3(1, 5 / 6, 1 / 2),
      rows: [
        {
          gold_row: 0,
          response_row: 0,
          response_entity: 'Delta',
          cells: [c('Year', '2001-01-01', 'correct'), c('Tags', 'a, b', 'correct')],
        },
        {
          gold_row: 1,
          response_row: 1,
          response_entity: 'Epsilon',
          cells: [c('Year', '2002-02-02', 'correct'), c('Tags', '', 'missing')],
        },
      ],
    },
  ]);
  writeRun(runs, 'sys-two', 'bbbb2222', [SYS_TWO_HAND_1, { task_id: 'hand/2', failed: true }]);
  writeRun(runs, 'sys-three', 'cccc3333', [
    {
      task_id: 'hand/1',
      scores: s3(2 / 5, 2 / 5, 2 / 5),
      rows: [
        {
          gold_row: 0,
          response_row: 0,
          response_entity: 'Alpha',
          cells: [
            c('Score', '10', 'correct'),
            c('City', 'Paris', 'correct'),
            c('Voice', 'Hiro', 'correct', 'llm_judge'),
          ],
        },
        { gold_row: null, response_row: 1, response_entity: 'Omega', cells: [c('Score', '1', 'incorrect')] },
        { gold_row: 1, response_row: null, response_entity: null, cells: [] },
        { gold_row: 2, response_row: null, response_entity: null, cells: [] },
      ],
    },
    {
      task_id: 'hand/2',
      // The grader's row F1 is off on purpose (0.4 where 1/2 is right): the preview flags it.
      scores: s3(1 / 2, 1 / 2, 0.4),
      rows: [
        {
          gold_row: null,
          response_row: 0,
          response_entity: 'Eps',
          cells: [c('Year', '2002-02-02', 'incorrect'), c('Tags', 'c', 'incorrect')],
        },
        {
          gold_row: 0,
          response_row: 1,
          response_entity: 'Delta',
          cells: [c('Year', '2001-01-01', 'correct'), c('Tags', 'a, b', 'correct')],
        },
        { gold_row: 1, response_row: null, response_entity: null, cells: [] },
      ],
    },
  ]);
  service = freshService('mia');
  const report = await service.importPaths([join(dir, 'atlas-test.jsonl'), runs]);
  expect(report.skipped).toEqual([]);
  const result = await rescore(service.store, PATCH);
  systems = new Map(result.systems.map((s) => [s.system, s]));
});
afterAll(() => service.close());

/** Each F1 equal to the hand-computed fraction (to floating-point noise). */
const close = (actual: Scores, expected: Scores) => {
  for (const key of ['discovery_f1', 'item_f1', 'row_f1'] as const)
    expect(actual[key], key).toBeCloseTo(expected[key], 12);
};

describe('rescore: sys-one', () => {
  // BEFORE
  // hand/1: R=4 (Zeta extra), G=3, M=3. Cells: gold 3 rows × (1+3) = 12; returned 12 + extra (1+3) = 16.
  //   correct: Alpha 1+City+Voice = 3, Beta 1+Score+Voice = 3, Gamma 4 → 10; correct rows: Gamma → 1.
  //   discovery F1(3/4, 3/3) = 6/7; item F1(10/16, 10/12) = 5/7; row F1(1/4, 1/3) = 2/7.
  // hand/2: R=2, G=2, M=2. Cells 6 / 6; correct Delta 3 + Epsilon 2 (Tags missing) = 5; rows 1.
  //   discovery 1; item 5/6; row F1(1/2, 1/2) = 1/2.
  // average: discovery (6/7+1)/2 = 13/14; item (5/7+5/6)/2 = 65/84; row (2/7+1/2)/2 = 11/28.
  //
  // AFTER
  // hand/1: Score 11 makes Alpha right; Roma is now an accepted City; Gamma's Voice "Nara" vs
  //   "Nara Prefecture" goes to the judge (provisionally wrong, listed); the extra "Zeta" is now
  //   gold row 3 (Score 40 ✓, City Lima ✓, Voice ungraded → excluded): 3 of 3 cells.
  //   R=4, G=4, M=4. Cells: gold 4+4+4+3 = 15, returned 15; correct 4+4+3+3 = 14; rows Alpha, Beta, Zeta = 3.
  //   discovery 1; item 14/15; row F1(3/4, 3/4) = 3/4.
  // hand/2: Delta removed → its returned row is an extra (1+2 cells); Epsilon's Tags blank and left
  //   empty → blank_ok: 3 of 3. R=2, G=1, M=1. Cells: returned 3+3 = 6, gold 3, correct 3; rows 1.
  //   discovery F1(1/2, 1) = 2/3; item F1(3/6, 3/3) = 2/3; row F1(1/2, 1/1) = 2/3.
  // average: discovery (1+2/3)/2 = 5/6; item (14/15+2/3)/2 = 4/5; row (3/4+2/3)/2 = 17/24.
  it('before and after, per task and averaged', () => {
    const one = systems.get('sys-one')!;
    const [t1, t2] = one.tasks;
    close(t1!.before, s3(6 / 7, 5 / 7, 2 / 7));
    close(t2!.before, s3(1, 5 / 6, 1 / 2));
    close(t1!.after, s3(1, 14 / 15, 3 / 4));
    close(t2!.after, s3(2 / 3, 2 / 3, 2 / 3));
    close(one.before, s3(13 / 14, 65 / 84, 11 / 28));
    close(one.after, s3(5 / 6, 4 / 5, 17 / 24));
    expect(one.needs_regrade).toEqual([{ task_id: 'hand/1', row: 2, column: 'Voice' }]);
    expect(one.failed_tasks).toEqual([]);
    expect(one.differing_tasks).toEqual([]);
    close(one.grader!, s3(13 / 14, 65 / 84, 11 / 28));
    expect(one.run).toBe('sys-one-atlas-aaaa1111');
  });
});

describe('rescore: sys-two (a failed task)', () => {
  // BEFORE hand/1: R=G=M=3; cells 12/12; correct 4+4+3 (Gamma's Voice judged wrong) = 11; rows 2.
  //   discovery 1; item 11/12; row 2/3. hand/2 failed: 0, counted apart.
  //   average: discovery 1/2; item 11/24; row 1/3.
  // AFTER hand/1: Alpha's "10" is now wrong (gold 11); "Nara Prefecture" equals the new gold
  //   (provisionally right, listed for regrade). Zeta added and missed: G=4, R=M=3.
  //   Cells: returned 12, gold 15; correct 3+4+4 = 11; rows Beta, Gamma = 2.
  //   discovery F1(3/3, 3/4) = 6/7; item F1(11/12, 11/15) = 22/27; row F1(2/3, 2/4) = 4/7.
  //   average: discovery 3/7; item 11/27; row 2/7.
  it('scores the failed task 0 and lists it apart', () => {
    const two = systems.get('sys-two')!;
    expect(two.failed_tasks).toEqual(['hand/2']);
    expect(two.tasks[1]).toMatchObject({ task_id: 'hand/2', state: 'failed', grader: null, differs: false });
    close(two.tasks[0]!.before, s3(1, 11 / 12, 2 / 3));
    close(two.tasks[0]!.after, s3(6 / 7, 22 / 27, 4 / 7));
    close(two.before, s3(1 / 2, 11 / 24, 1 / 3));
    close(two.after, s3(3 / 7, 11 / 27, 2 / 7));
    close(two.grader!, s3(1 / 2, 11 / 24, 1 / 3));
    expect(two.needs_regrade).toEqual([{ task_id: 'hand/1', row: 2, column: 'Voice' }]);
  });
});

describe('rescore: sys-three (aliases, removed rows, a grader that differs)', () => {
  // BEFORE hand/1: R=2 (Alpha, extra Omega), G=3, M=1. Cells: returned 4+4 = 8, gold 12, correct 4; rows 1.
  //   discovery F1(1/2, 1/3) = 2/5; item F1(4/8, 4/12) = 2/5; row F1(1/2, 1/3) = 2/5.
  // hand/2: R=2 (extra "Eps", Delta), G=2, M=1. Cells: returned 3+3 = 6, gold 6, correct 3; rows 1.
  //   discovery F1(1/2, 1/2) = 1/2; item 1/2; row 1/2 (grade.json says 0.4: flagged).
  //   average: 9/20 each.
  // AFTER hand/1: Alpha's "10" now wrong (3 of 4); Omega is still an extra; G=4.
  //   discovery F1(1/2, 1/4) = 1/3; item F1(3/8, 3/15) = 6/23; row 0.
  // hand/2: Delta removed → extra; "Eps" is Epsilon's new alias → matched and regraded:
  //   Year ✓, Tags "c" against blank ✗ → 2 of 3. R=2, G=1, M=1. Cells: returned 3+3 = 6, gold 3, correct 2.
  //   discovery F1(1/2, 1) = 2/3; item F1(2/6, 2/3) = 4/9; row 0.
  //   average: discovery (1/3+2/3)/2 = 1/2; item (6/23+4/9)/2 = 73/207; row 0.
  it('matches an extra row through a new alias and drops a removed row', () => {
    const three = systems.get('sys-three')!;
    close(three.tasks[0]!.before, s3(2 / 5, 2 / 5, 2 / 5));
    close(three.tasks[1]!.before, s3(1 / 2, 1 / 2, 1 / 2));
    close(three.tasks[0]!.after, s3(1 / 3, 6 / 23, 0));
    close(three.tasks[1]!.after, s3(2 / 3, 4 / 9, 0));
    close(three.before, s3(9 / 20, 9 / 20, 9 / 20));
    close(three.after, s3(1 / 2, 73 / 207, 0));
    expect(three.needs_regrade).toEqual([]);
  });

  it("flags tasks where the grader's own scores differ from the recomputation", () => {
    const three = systems.get('sys-three')!;
    expect(three.differing_tasks).toEqual(['hand/2']);
    expect(three.tasks[1]).toMatchObject({ differs: true, grader: s3(1 / 2, 1 / 2, 0.4) });
    // Grader average: row (2/5 + 0.4)/2 = 0.4.
    close(three.grader!, s3(9 / 20, 9 / 20, 0.4));
  });
});

describe('rescore: ranks and totals', () => {
  // Row F1 before: sys-three 0.45 > sys-one 11/28 ≈ 0.393 > sys-two 1/3.
  // Row F1 after:  sys-one 17/24 ≈ 0.708 > sys-two 2/7 ≈ 0.286 > sys-three 0.
  it('ranks every run before and after by row F1', () => {
    expect([...systems.values()].map((s) => [s.system, s.before.rank, s.after.rank])).toEqual([
      ['sys-one', 2, 1],
      ['sys-two', 3, 2],
      ['sys-three', 1, 3],
    ]);
  });

  it('breaks row-F1 ties by item F1 and gives equal runs the same rank', () => {
    const ranks = rankByScores([
      { key: 'a', scores: s3(0, 0.5, 0.5) },
      { key: 'b', scores: s3(0, 0.7, 0.5) },
      { key: 'c', scores: s3(1, 0.5, 0.5) },
      { key: 'd', scores: s3(0, 0.1, 0.2) },
    ]);
    expect(Object.fromEntries(ranks)).toEqual({ b: 1, a: 2, c: 2, d: 4 });
  });

  it('reports the patch and the regrade total', async () => {
    const result = await rescore(service.store, PATCH);
    expect(result).toMatchObject({
      revision: 'v1.1',
      base_revision: 'v1.0',
      operations: 7,
      touched_tasks: ['hand/1', 'hand/2'],
      needs_regrade: 2,
    });
  });

  it('reads an encrypted patch the same way', async () => {
    const canaries = new Map(TASKS.map((t) => [t.id, t.canary]));
    const encrypted: GoldPatch = {
      ...PATCH,
      encrypted: true,
      operations: OPERATIONS.map((o) => mapOperationText(o, (text) => canaryEncrypt(text, canaries.get(o.task_id)!))),
    };
    expect(await rescore(service.store, encrypted)).toEqual(await rescore(service.store, PATCH));
  });

  it('refuses a patch whose `from` does not match the imported gold', async () => {
    const wrong: GoldPatch = { ...PATCH, operations: [{ ...OPERATIONS[0]!, from: v('12') }] };
    await expect(rescore(service.store, wrong)).rejects.toThrow(PatchMismatchError);
  });
});

describe('rescore: a run without a task other runs have', () => {
  // sys-short answered hand/1 exactly as sys-two did and has no directory for hand/2 at all.
  // Averages are over the same tasks for every system: hand/2 scores 0 for it, as a failure
  // would (before: hand/1 1, 11/12, 2/3 and hand/2 0 → 1/2, 11/24, 1/3; after: 3/7, 11/27, 2/7).
  it('scores the absent task 0 in every average, the grader’s too, and lists it apart', async () => {
    const dir = tempDir('atlas-rescore-short-');
    writeDataset(join(dir, 'atlas-test.jsonl'), TASKS);
    const runs = join(dir, 'runs');
    const hand1 = (name: string, id: string) =>
      writeRun(runs, name, id, [
        SYS_TWO_HAND_1,
        ...(name === 'sys-full' ? [{ task_id: 'hand/2', failed: true as const }] : []),
      ]);
    hand1('sys-full', 'dddd4444');
    hand1('sys-short', 'eeee5555');
    const other = freshService();
    try {
      await other.importPaths([join(dir, 'atlas-test.jsonl'), runs]);
      const result = await rescore(other.store, PATCH);
      const short = result.systems.find((system) => system.system === 'sys-short')!;
      const full = result.systems.find((system) => system.system === 'sys-full')!;
      expect(short.missing_tasks).toEqual(['hand/2']);
      expect(short.failed_tasks).toEqual([]);
      expect(full.missing_tasks).toEqual([]);
      expect(short.tasks.map((task) => [task.task_id, task.state])).toEqual([
        ['hand/1', 'graded'],
        ['hand/2', 'missing'],
      ]);
      expect(short.tasks[1]).toMatchObject({ touched: true, grader: null, differs: false });
      close(short.before, s3(1 / 2, 11 / 24, 1 / 3));
      close(short.after, s3(3 / 7, 11 / 27, 2 / 7));
      close(short.grader!, s3(1 / 2, 11 / 24, 1 / 3));
      // The same answers as a run that failed hand/2: the same scores and rank.
      close(short.before, full.before);
      expect(short.before.rank).toBe(full.before.rank);
    } finally {
      other.close();
    }
  });
});

describe('rescore as a job', () => {
  it('reports progress over tasks and ends with the same preview; a cancelled one ends cancelled', async () => {
    const patchPath = join(tempDir(), 'v1.1.json');
    writeFileSync(patchPath, JSON.stringify(PATCH));
    const expected = await service.rescore({ patch: patchPath });
    const { jobId } = await service.startRescore({ patch: patchPath });
    const seen = new Set<string>();
    let status = await service.getJob({ jobId });
    while (status.state === 'running') {
      seen.add(`${status.done}/${status.total}`);
      await new Promise((resolve) => setTimeout(resolve, 1));
      status = await service.getJob({ jobId });
    }
    expect(status).toMatchObject({ kind: 'rescore', state: 'done', total: 2, done: 2 });
    expect(status.rescore).toEqual(expected);
    expect(seen.size).toBeGreaterThan(0);

    const cancelled = await service.startRescore({ patch: patchPath });
    await service.cancelJob({ jobId: cancelled.jobId });
    await service.idle();
    expect(await service.getJob({ jobId: cancelled.jobId })).toMatchObject({
      state: 'cancelled',
      error: 'cancelled: the preview was stopped; nothing was written',
    });
    expect((await service.getJob({ jobId: cancelled.jobId })).rescore).toBeUndefined();
  });
});

describe('rescore: agreement with the grader', () => {
  // The fixture generator's grade.json follows design.md §7.3; with no changes the
  // recomputation must reproduce it for every task of every harness run.
  it('reproduces grade.json on a generated workspace, and an empty patch changes nothing', async () => {
    const ws = await smallWorkspace({
      seed: 11,
      tasks: 30,
      systems: 6,
      maxRows: 20,
      maxColumns: 10,
      includeZelda: true,
    });
    const other = freshService();
    try {
      await other.importPaths(workspacePaths(ws));
      const result = await rescore(other.store, { ...PATCH, operations: [] });
      const harness = result.systems.filter((s) => ws.systems.includes(s.system));
      expect(harness).toHaveLength(6);
      for (const system of harness) {
        expect(system.differing_tasks).toEqual([]);
        expect(system.tasks.filter((t) => t.state === 'graded').length).toBeGreaterThan(25);
        close(system.grader!, system.before);
        expect(system.after).toEqual(system.before);
      }
      expect(harness.flatMap((s) => s.failed_tasks)).toHaveLength(1);
      // The flat cells file carries no grader scores.
      expect(result.systems.find((s) => !ws.systems.includes(s.system))!.grader).toBeNull();
    } finally {
      other.close();
    }
  });
});
