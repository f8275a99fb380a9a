// Fuzzed input (issue 6): random mutations of valid grade.json, result.json,
// dataset, cells and judges lines either read or are refused with a named
// reason; nothing throws and Object.prototype stays clean.
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { readCellsFile } from '../../../db/readers/cells-jsonl';
import { readDataset } from '../../../db/readers/dataset';
import { readHarnessRun } from '../../../db/readers/harness-run';
import { readJudgeOpinions } from '../../../db/readers/judges-jsonl';
import type { SkippedItem } from '../../../shared/api-types';
import { mutation } from '../support/mutate';
import {
  cleanTempDirs,
  collect,
  datasetRecord,
  prototypeIsClean,
  tempDir,
  write,
  writeRun,
  zeldaGold,
  zeldaGrade,
  zeldaResult,
} from './helpers';

afterEach(cleanTempDirs);

function expectNamed(skipped: SkippedItem[]): void {
  for (const item of skipped) {
    expect(item.path).not.toBe('');
    expect(item.reason.length).toBeGreaterThan(0);
  }
}

describe('fuzzed input', () => {
  it('grade.json and result.json', async () => {
    const root = tempDir();
    await fc.assert(
      fc.asyncProperty(mutation(zeldaGrade()), mutation(zeldaResult()), fc.nat(), async (grade, result, n) => {
        const runDir = writeRun(root, `run-${n}-${Math.random().toString(36).slice(2)}`, [
          { folder: 'g', result: zeldaResult(), raw: { 'grade.json': grade } },
          { folder: 'r', grade: zeldaGrade(), raw: { 'result.json': result } },
        ]);
        const { ok, skipped } = await collect((await readHarnessRun(runDir)).tasks);
        expect(ok.length + skipped.length).toBe(2);
        expectNamed(skipped);
        expect(prototypeIsClean()).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('dataset, cells and judges lines', async () => {
    const root = tempDir();
    const record = datasetRecord('atlas/1', zeldaGold());
    const cell = {
      task_id: 't',
      system: 's',
      gold_row: 0,
      column: 'c',
      gold: 'a',
      response: 'b',
      verdict: 'incorrect',
      method: 'deterministic',
      sources: ['https://a'],
    };
    const opinion = { task_id: 't', gold_row: 0, column: 'c', judge: 'j', verdict: 'system', value: 'b', sources: [] };
    await fc.assert(
      fc.asyncProperty(
        mutation(record),
        mutation(cell),
        mutation(opinion),
        fc.nat(),
        async (datasetLine, cellLine, judgeLine, n) => {
          const newline = Buffer.from('\n');
          const dataset = write(
            join(root, `d${n}-${Math.random()}.jsonl`),
            Buffer.concat([datasetLine, newline, Buffer.from(JSON.stringify(datasetRecord('atlas/2', zeldaGold())))]),
          );
          const cells = write(
            join(root, `c${n}-${Math.random()}.cells.jsonl`),
            Buffer.concat([cellLine, newline, Buffer.from(JSON.stringify({ ...cell, system: 'other' }))]),
          );
          const judges = write(join(root, `j${n}-${Math.random()}.judges.jsonl`), judgeLine);
          const d = await collect((await readDataset(dataset)).tasks);
          expect(d.ok.map((task) => task.task_id)).toContain('atlas/2');
          expectNamed(d.skipped);
          const c = await collect((await readCellsFile(cells)).tasks);
          expect(c.ok.some((task) => task.run.system === 'other')).toBe(true);
          expectNamed(c.skipped);
          expectNamed((await collect(readJudgeOpinions(judges))).skipped);
          expect(prototypeIsClean()).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  });
});
