// Hostile whole files (issue 6): each grade.json of the corpus, as task
// hostile/1 of a run beside a valid task, either imports or is skipped with
// its file and a reason; the valid task always imports, nothing throws, and
// Object.prototype stays clean.
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServiceHandle } from '../../../db/service';
import { parseInput } from '../../../shared/api';
import { encryptText } from '../../../shared/crypto';
import { freshService, tempDir } from '../../support/workspace';
import { FIXTURES } from '../../support/hostile-workspace';
import { prototypeIsClean } from '../support/mutate';

type Outcome = { imports: true } | { skipped: RegExp };

const CASES: Record<string, Outcome> = {
  'grade-proto-keys.json': { imports: true },
  'grade-bom.json': { imports: true },
  'grade-duplicate-keys.json': { imports: true },
  'grade-invalid-utf8.json': { skipped: /not valid UTF-8/ },
  'grade-overlong-utf8.json': { skipped: /not valid UTF-8/ },
  'grade-truncated.json': { skipped: /truncated JSON/ },
  'grade-not-json.json': { skipped: /invalid JSON/ },
  'grade-deep-nesting.json': { skipped: /response/ },
  'grade-wrong-types.json': { skipped: /task_id|scores|details/ },
  'grade-huge-numbers.json': { skipped: /gold_row|response_row/ },
  'grade-unknown-verdict.json': { skipped: /verdict/ },
  'grade-empty.json': { skipped: /task_id|scores|details/ },
};

function gold(): Record<string, unknown> {
  return {
    entity_column: 'Entity',
    columns: [
      { name: 'Entity', rule: { type: 'entity' } },
      { name: 'City', rule: { type: 'text' } },
      { name: 'Score', rule: { type: 'number', tolerance: 0 } },
    ],
    rows: [{ entity: 'Alpha', aliases: [], cells: { City: { value: 'Tokyo' }, Score: { value: '94' } } }],
  };
}

function validGrade(taskId: string): unknown {
  return {
    task_id: taskId,
    scores: { discovery_f1: 1, item_f1: 0.5, row_f1: 0 },
    details: {
      rows: [
        {
          gold_row: 0,
          response_row: 0,
          response_entity: 'Alpha',
          aligned_by: 'name',
          cells: [
            {
              column: 'City',
              gold: 'Tokyo',
              response: 'Osaka',
              verdict: 'incorrect',
              method: 'deterministic',
              sources: ['https://example.org/'],
            },
          ],
        },
      ],
    },
  };
}

/** dataset (hostile/1, hostile/2) and one run: hostile/1's grade.json is the fixture. */
function workspace(fixture: string): { paths: string[]; gradePath: string } {
  const dir = tempDir('atlas-hostile-files-');
  const dataset = join(dir, 'atlas.jsonl');
  writeFileSync(
    dataset,
    ['hostile/1', 'hostile/2']
      .map((id) =>
        JSON.stringify({
          id,
          question: encryptText(`q ${id}`, id),
          gold: encryptText(JSON.stringify(gold()), id),
          canary: id,
        }),
      )
      .join('\n'),
  );
  const run = join(dir, 'run-atlas-1');
  mkdirSync(join(run, 'tasks', 'hostile_1'), { recursive: true });
  mkdirSync(join(run, 'tasks', 'hostile_2'), { recursive: true });
  writeFileSync(join(run, 'config.json'), JSON.stringify({ system: { name: 'alpha' }, suite: 'atlas' }));
  const gradePath = join(run, 'tasks', 'hostile_1', 'grade.json');
  copyFileSync(join(FIXTURES, fixture), gradePath);
  writeFileSync(
    join(run, 'tasks', 'hostile_1', 'result.json'),
    JSON.stringify({ task_id: 'hostile/1', citations: [] }),
  );
  writeFileSync(join(run, 'tasks', 'hostile_2', 'grade.json'), JSON.stringify(validGrade('hostile/2')));
  writeFileSync(
    join(run, 'tasks', 'hostile_2', 'result.json'),
    JSON.stringify({ task_id: 'hostile/2', citations: [] }),
  );
  return { paths: [dataset, run], gradePath };
}

let service: ServiceHandle | null = null;
afterEach(() => {
  service?.close();
  service = null;
});

describe('hostile grade.json files', () => {
  it.each(Object.entries(CASES))('%s', async (fixture, outcome) => {
    const { paths, gradePath } = workspace(fixture);
    service = freshService();
    const report = await service.importPaths(paths);
    const graded = (
      service.store.db.prepare("SELECT task_id FROM run_tasks WHERE state = 'graded' ORDER BY task_id").all() as {
        task_id: string;
      }[]
    ).map((row) => row.task_id);
    if ('imports' in outcome) {
      expect(report.skipped).toEqual([]);
      expect(graded).toEqual(['hostile/1', 'hostile/2']);
    } else {
      expect(report.skipped).toHaveLength(1);
      const [item] = report.skipped;
      expect(item!.path).toBe(gradePath);
      expect(`${item!.field} ${item!.reason}`).toMatch(outcome.skipped);
      expect(graded).toEqual(['hostile/2']);
    }
    expect(prototypeIsClean()).toBe(true);
  });

  it.each(Object.keys(CASES))('%s read on the import thread: the same report and the same cells', async (fixture) => {
    const { paths } = workspace(fixture);
    const outcomes: unknown[] = [];
    for (const threads of ['never', 'always'] as const) {
      service = freshService();
      const report = await service.importPaths(paths, { threads });
      const { db, sealer } = service.store;
      const cells = db
        .prepare<[], { task_id: string; column_name: string; verdict: string; response_s: string }>(
          'SELECT task_id, column_name, verdict, response_s FROM system_cells ORDER BY task_id, seq, column_name',
        )
        .all()
        .map((cell) => [cell.task_id, cell.column_name, cell.verdict, sealer.open(cell.response_s)]);
      outcomes.push({ report, cells });
      service.close();
      service = null;
    }
    expect(outcomes[1]).toEqual(outcomes[0]);
    expect(prototypeIsClean()).toBe(true);
  });

  it('__proto__ and constructor keys stay data: names and values kept, verdicts not overridden', async () => {
    const { paths } = workspace('grade-proto-keys.json');
    service = freshService();
    await service.importPaths(paths);
    const listing = await service.listDisputes(parseInput('listDisputes', { filter: { task: 'hostile/1' } }));
    const city = listing.rows.find((row) => row.column === 'City')!;
    const detail = await service.getDispute(parseInput('getDispute', { id: city.id }));
    const cell = detail.clusters.flatMap((cluster) => cluster.cells)[0]!;
    expect(cell.response).toBe('constructor');
    expect(cell.response_entity).toBe('__proto__');
    // The row's own __proto__ key ({"verdict": "correct"}) did not become the cell's prototype or verdict.
    expect(cell.verdict).toBe('incorrect');
    expect(prototypeIsClean()).toBe(true);
  });
});
