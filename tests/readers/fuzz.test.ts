// Fuzzed input (issue 6): random mutations of valid grade.json, result.json,
// dataset, cells and judges lines either read or are refused with a named
// reason; nothing throws and Object.prototype stays clean.
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { readCellsFile } from '../../db/readers/cells-jsonl';
import { readDataset } from '../../db/readers/dataset';
import { readHarnessRun } from '../../db/readers/harness-run';
import { readJudgeOpinions } from '../../db/readers/judges-jsonl';
import type { SkippedItem } from '../../shared/api-types';
import { cleanTempDirs, collect, datasetRecord, prototypeIsClean, tempDir, write, writeRun, zeldaGold, zeldaGrade, zeldaResult } from './helpers';

afterEach(cleanTempDirs);

const hostileValues: unknown[] = [
  JSON.parse('{"__proto__": {"polluted": true}}'),
  JSON.parse('{"constructor": {"prototype": {"polluted": true}}}'),
  JSON.parse('['.repeat(50_000) + ']'.repeat(50_000)),
  'x'.repeat(300_000),
  '\u202Eevil\u200B',
  -1,
  1.5,
  null,
  [],
  {},
];

const replacement = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom(...hostileValues));

/** Every path to a value inside `value`, up to a few thousand. */
function paths(value: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  if (out.length > 5000) return out;
  out.push(prefix);
  if (Array.isArray(value)) value.forEach((item, i) => paths(item, [...prefix, i], out));
  else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) paths(item, [...prefix, key], out);
  return out;
}

function setAt(root: unknown, path: (string | number)[], value: unknown, remove: boolean): unknown {
  if (path.length === 0) return value;
  const copy = JSON.parse(JSON.stringify(root)) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  if (remove && !Array.isArray(node)) delete node[last];
  else Object.defineProperty(node, last, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

/** One mutation of a JSON document, as the bytes written to disk. */
const mutation = (document: unknown) =>
  fc.oneof(
    fc.record({ path: fc.constantFrom(...paths(document)), value: replacement, remove: fc.boolean() }).map(({ path, value, remove }) => {
      // Deep nesting is only serialisable by hand.
      const text = JSON.stringify(setAt(document, path, value === hostileValues[2] ? '@DEEP@' : value, remove));
      return Buffer.from(text.replace('"@DEEP@"', '['.repeat(50_000) + ']'.repeat(50_000)));
    }),
    fc.nat().map((cut) => {
      const text = Buffer.from(JSON.stringify(document));
      return text.subarray(0, cut % text.length);
    }),
    fc.record({ at: fc.nat(), bytes: fc.uint8Array({ minLength: 1, maxLength: 4 }) }).map(({ at, bytes }) => {
      const text = Buffer.from(JSON.stringify(document));
      const i = at % text.length;
      return Buffer.concat([text.subarray(0, i), Buffer.from(bytes), text.subarray(i)]);
    }),
    fc.constant(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify(document))])),
  );

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
    const cell = { task_id: 't', system: 's', gold_row: 0, column: 'c', gold: 'a', response: 'b', verdict: 'incorrect', method: 'deterministic', sources: ['https://a'] };
    const opinion = { task_id: 't', gold_row: 0, column: 'c', judge: 'j', verdict: 'system', value: 'b', sources: [] };
    await fc.assert(
      fc.asyncProperty(mutation(record), mutation(cell), mutation(opinion), fc.nat(), async (datasetLine, cellLine, judgeLine, n) => {
        const newline = Buffer.from('\n');
        const dataset = write(join(root, `d${n}-${Math.random()}.jsonl`), Buffer.concat([datasetLine, newline, Buffer.from(JSON.stringify(datasetRecord('atlas/2', zeldaGold())))]));
        const cells = write(join(root, `c${n}-${Math.random()}.cells.jsonl`), Buffer.concat([cellLine, newline, Buffer.from(JSON.stringify({ ...cell, system: 'other' }))]));
        const judges = write(join(root, `j${n}-${Math.random()}.judges.jsonl`), judgeLine);
        const d = await collect((await readDataset(dataset)).tasks);
        expect(d.ok.map((task) => task.task_id)).toContain('atlas/2');
        expectNamed(d.skipped);
        const c = await collect((await readCellsFile(cells)).tasks);
        expect(c.ok.some((task) => task.run.system === 'other')).toBe(true);
        expectNamed(c.skipped);
        expectNamed((await collect(readJudgeOpinions(judges))).skipped);
        expect(prototypeIsClean()).toBe(true);
      }),
      { numRuns: 150 },
    );
  });
});
