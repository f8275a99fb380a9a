// The demo/fixture generator: deterministic bytes, design.md §4 formats, and every
// feature the importer and dispute tests rely on actually present.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative } from 'node:path';
import { asyncBufferFromFile, parquetReadObjects } from 'hyparquet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptText, encryptText } from '../../shared/crypto';
import type { ColumnRule } from '../../shared/domain';
import { normalizeForRule, normalizeText, parseNumber } from '../../shared/normalize';
import { DEMO_OPTIONS, generateWorkspace } from '../../db/demo/generate';
import type { GenerateOptions, GeneratedWorkspace } from '../../db/demo/generate';
import { safeTaskId } from '../../db/demo/harness-writer';
import { numberKind } from '../../db/demo/values';
import type { Alignment, GoldCellJson, GoldJson } from '../../db/demo/types';

const SMALL: GenerateOptions = { seed: 7, tasks: 8, systems: 4, maxRows: 8, maxColumns: 6, datasetFormat: 'both' };

const roots: string[] = [];
function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'atlas-gen-'));
  roots.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of roots) rmSync(dir, { recursive: true, force: true });
});

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

function hashTree(dir: string): Map<string, string> {
  return new Map(
    walk(dir).map((path) => [relative(dir, path), createHash('sha256').update(readFileSync(path)).digest('hex')]),
  );
}

const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;
const readJsonl = <T>(path: string): T[] =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line) as T);

interface DatasetLine {
  id: string;
  question: string;
  gold: string;
  canary: string;
}

interface TaskFiles {
  system: string;
  dir: string;
  taskId: string;
  grade: {
    task_id: string;
    scores: Record<string, number>;
    details: { rows: Alignment[]; returned_rows: number };
    judge_cost_usd: number;
  } | null;
  result: {
    task_id: string;
    prompt: string;
    answer: string;
    citations: { url: string; title: string; row: number; column: string }[];
  } | null;
  error: { task_id: string } | null;
}

function loadRuns(ws: GeneratedWorkspace): TaskFiles[] {
  return ws.runDirs.flatMap((runDir) => {
    const system = readJson<{ system: { name: string } }>(join(runDir, 'config.json')).system.name;
    return readdirSync(join(runDir, 'tasks')).map((folder): TaskFiles => {
      const dir = join(runDir, 'tasks', folder);
      const files = new Set(readdirSync(dir));
      const maybe = <T>(name: string): T | null => (files.has(name) ? readJson<T>(join(dir, name)) : null);
      const grade = maybe<TaskFiles['grade']>('grade.json');
      const result = maybe<TaskFiles['result']>('result.json');
      const error = maybe<TaskFiles['error']>('error.json');
      return { system, dir, taskId: (grade ?? error)!.task_id, grade, result, error };
    });
  });
}

function loadGold(ws: GeneratedWorkspace): Map<string, GoldJson> {
  return new Map(
    readJsonl<DatasetLine>(ws.dataset).map((line) => [
      line.id,
      JSON.parse(decryptText(line.gold, line.canary)) as GoldJson,
    ]),
  );
}

describe('crypto vector (design.md §4.1)', () => {
  it('encrypts the dataset-card example', () => {
    const cipher = encryptText('The Legend of Zelda: Ocarina of Time 3D — 94', 'ATLAS canary example 0001');
    expect(cipher).toBe('wGylvldPkyoBpD8kPKQkARap6XVy8JQLUAJJT6bIVsTAba37Oxmwb41Ai2tjsA==');
  });
});

describe('determinism', () => {
  it('writes byte-identical workspaces for the same options, different ones for another seed', async () => {
    const [a, b, c] = [scratch(), scratch(), scratch()];
    await generateWorkspace(a, SMALL);
    await generateWorkspace(b, SMALL);
    await generateWorkspace(c, { ...SMALL, seed: 8 });
    const hashesA = hashTree(a);
    expect(hashesA.size).toBeGreaterThan(50);
    expect(hashTree(b)).toEqual(hashesA);
    const hashesC = hashTree(c);
    expect([...hashesA].filter(([path, hash]) => hashesC.get(path) === hash).length).toBeLessThan(hashesA.size / 2);
  });

  it('refuses a non-empty directory, reports progress, and stops on abort', async () => {
    const busy = scratch();
    writeFileSync(join(busy, 'keep.txt'), 'x');
    await expect(generateWorkspace(busy, SMALL)).rejects.toThrow(/non-empty/);

    const seen: [number, number][] = [];
    await generateWorkspace(scratch(), { ...SMALL, onProgress: (done, total) => seen.push([done, total]) });
    expect(seen[0]).toEqual([0, 8]);
    expect(seen.at(-1)).toEqual([8, 8]);

    const controller = new AbortController();
    const aborted = generateWorkspace(scratch(), {
      ...SMALL,
      signal: controller.signal,
      onProgress: (done) => {
        if (done === 2) controller.abort(new Error('stop here'));
      },
    });
    await expect(aborted).rejects.toThrow('stop here');
  });
});

describe('the demo workspace', () => {
  let ws: GeneratedWorkspace;
  let runs: TaskFiles[];
  let gold: Map<string, GoldJson>;
  let rulesByTask: Map<string, Map<string, ColumnRule>>;

  beforeAll(async () => {
    ws = await generateWorkspace(scratch(), DEMO_OPTIONS);
    runs = loadRuns(ws);
    gold = loadGold(ws);
    rulesByTask = new Map([...gold].map(([id, g]) => [id, new Map(g.columns.map((c) => [c.name, c.rule]))]));
  });

  const graded = (): (TaskFiles & { grade: NonNullable<TaskFiles['grade']> })[] =>
    runs.filter((t): t is TaskFiles & { grade: NonNullable<TaskFiles['grade']> } => t.grade !== null);
  const goldCell = (taskId: string, row: number, column: string): GoldCellJson =>
    gold.get(taskId)!.rows[row]!.cells[column]!;

  it('decrypts every dataset line into a well-formed gold table', () => {
    const lines = readJsonl<DatasetLine>(ws.dataset);
    expect(lines.map((l) => l.id)).toEqual(ws.taskIds);
    expect(new Set(lines.map((l) => l.canary)).size).toBe(lines.length);
    for (const line of lines) {
      expect(Object.keys(line)).toEqual(['id', 'question', 'gold', 'canary']);
      expect(decryptText(line.question, line.canary).length).toBeGreaterThan(40);
      const g = JSON.parse(decryptText(line.gold, line.canary)) as GoldJson;
      expect(g.columns[0]).toEqual({ name: g.entity_column, rule: { type: 'entity' } });
      const attributes = g.columns.slice(1).map((c) => c.name);
      expect(attributes.length).toBeGreaterThanOrEqual(2);
      expect(attributes.length).toBeLessThanOrEqual(10);
      expect(g.rows.length).toBeGreaterThanOrEqual(3);
      for (const row of g.rows) {
        expect(typeof row.entity).toBe('string');
        expect(Array.isArray(row.aliases)).toBe(true);
        expect(Object.keys(row.cells).sort()).toEqual([...attributes].sort());
        for (const cell of Object.values(row.cells)) {
          const ok = ('value' in cell && typeof cell.value === 'string') || 'blank' in cell || 'ungraded' in cell;
          expect(ok).toBe(true);
        }
      }
    }
  });

  it('writes the same records to Parquet, readable with hyparquet', async () => {
    expect(ws.datasetParquet).not.toBeNull();
    const rows = await parquetReadObjects({ file: await asyncBufferFromFile(ws.datasetParquet!) });
    expect(rows).toEqual(readJsonl<DatasetLine>(ws.dataset));
  });

  it('lays runs out as the harness does, with safe folder names', () => {
    expect(ws.runDirs).toHaveLength(6);
    ws.runDirs.forEach((runDir, i) => {
      expect(basename(runDir)).toMatch(new RegExp(`^${ws.systems[i]!}-atlas-[0-9a-f]{8}$`));
      const config = readJson<Record<string, unknown>>(join(runDir, 'config.json'));
      expect(config).toMatchObject({ system: { name: ws.systems[i] }, suite: 'atlas', suite_revision: 'v1.0' });
      expect(typeof config.judge_model).toBe('string');
      expect(typeof config.created_at).toBe('string');
      expect(readJson<{ tasks: number }>(join(runDir, 'summary.json')).tasks).toBe(ws.taskIds.length);
    });
    expect(runs).toHaveLength(ws.taskIds.length * 6);
    for (const t of runs) {
      expect(basename(t.dir)).toBe(safeTaskId(t.taskId));
      expect(basename(t.dir)).toMatch(/^[A-Za-z0-9._-]+$/);
    }
    expect(safeTaskId('atlas/0007:zelda remakes')).toBe('atlas_0007_zelda_remakes');
    expect(safeTaskId('::a  b::')).toBe('a_b');
    const renamed = ws.taskIds.filter((id) => safeTaskId(id) !== id);
    expect(renamed).toContain('atlas/0007:zelda remakes');
    for (const t of graded()) {
      expect(t.result!.task_id).toBe(t.taskId);
      expect(t.result!.answer.split('\n')[1]).toMatch(/^\| ---/);
    }
  });

  it('has exactly one failed task, with error.json and no grade', () => {
    const failed = runs.filter((t) => t.error !== null);
    expect(failed).toHaveLength(1);
    expect(failed[0]!.grade).toBeNull();
    expect(failed[0]!.taskId).not.toBe('atlas/0007:zelda remakes');
  });

  it('grades consistently with gold under the shared normalisation', () => {
    let checked = 0;
    for (const t of graded()) {
      const rules = rulesByTask.get(t.taskId)!;
      for (const row of t.grade.details.rows) {
        if (row.gold_row === null) {
          expect(row.cells.every((c) => c.verdict === 'incorrect' && c.gold === '')).toBe(true);
          continue;
        }
        if (row.response_row === null) expect(row.cells).toEqual([]);
        for (const cell of row.cells) {
          const g = goldCell(t.taskId, row.gold_row, cell.column);
          const rule = rules.get(cell.column)!;
          const empty = cell.response.trim() === '';
          checked++;
          if ('ungraded' in g) expect(cell.verdict).toBe('ungraded');
          else if ('blank' in g) expect(cell.verdict).toBe(empty ? 'blank_ok' : 'incorrect');
          else if (empty) expect(cell.verdict).toBe('missing');
          else {
            expect(cell.gold).toBe(g.value);
            if (normalizeForRule(rule.type, cell.response) === normalizeForRule(rule.type, g.value))
              expect(cell.verdict).toBe('correct');
            else expect(['correct', 'incorrect']).toContain(cell.verdict);
          }
          expect(cell.method).toBe(rule.type === 'llm_judge' ? 'llm_judge' : 'deterministic');
          if (cell.method === 'llm_judge') expect(typeof cell.reasoning).toBe('string');
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it('reports scores that follow design.md §7.3 from the verdicts', () => {
    const f1 = (p: number, r: number): number => (p + r === 0 ? 0 : (2 * p * r) / (p + r));
    for (const t of graded()) {
      const g = gold.get(t.taskId)!;
      const rows = t.grade.details.rows;
      const width = (r: number): number => 1 + Object.values(g.rows[r]!.cells).filter((c) => !('ungraded' in c)).length;
      const returned = rows.filter((r) => r.response_row !== null);
      const matched = returned.filter((r) => r.gold_row !== null);
      const good = (r: Alignment): number =>
        1 + r.cells.filter((c) => c.verdict === 'correct' || c.verdict === 'blank_ok').length;
      const correctCells = matched.reduce((n, r) => n + good(r), 0);
      const returnedCells =
        matched.reduce((n, r) => n + width(r.gold_row!), 0) + (returned.length - matched.length) * g.columns.length;
      const goldCells = g.rows.reduce((n, _, r) => n + width(r), 0);
      const correctRows = matched.filter((r) => good(r) === width(r.gold_row!)).length;
      expect(t.grade.details.returned_rows).toBe(returned.length);
      expect(t.grade.scores.discovery_f1).toBeCloseTo(
        f1(matched.length / returned.length, matched.length / g.rows.length),
        9,
      );
      expect(t.grade.scores.item_f1).toBeCloseTo(f1(correctCells / returnedCells, correctCells / goldCells), 9);
      expect(t.grade.scores.row_f1).toBeCloseTo(f1(correctRows / returned.length, correctRows / g.rows.length), 9);
      expect(t.grade.judge_cost_usd).toBeGreaterThan(0);
    }
  });

  it('contains the Zelda task from the dataset card', () => {
    const zelda = gold.get('atlas/0007:zelda remakes')!;
    expect(zelda.entity_column).toBe('Zelda remake/remaster product title');
    const table = zelda.rows.map((row) => [
      row.entity,
      ...zelda.columns.slice(1).map((c) => (row.cells[c.name] as { value: string }).value),
    ]);
    expect(table).toEqual([
      ['The Legend of Zelda: Ocarina of Time 3D', '94', '2006', 'Tokyo', 'E', '25000', '1967', 'Hiroshima'],
      ['The Legend of Zelda: The Wind Waker HD', '90', '1889', 'Kyoto', 'E', '26250', '1973', 'Kyoto'],
      ['The Legend of Zelda: Twilight Princess HD', '86', '1994', 'Melbourne', 'T', '26250', '1973', 'Tokyo'],
      ['The Legend of Zelda: Skyward Sword HD', '81', '1994', 'Melbourne', 'E10+', '32378', '1978', 'Kanagawa'],
    ]);
    expect(zelda.columns.find((c) => c.name === 'Console Japan launch MSRP (JPY)')!.rule).toEqual({
      type: 'number',
      relative_tolerance: 0.01,
    });
    expect(zelda.columns.find((c) => c.name === "Original game's U.S. age rating")!.rule).toEqual({
      type: 'choice',
      options: ['E', 'E10+', 'T', 'M'],
    });
    expect(zelda.columns.find((c) => c.name === 'Hero voice actor home prefecture')!.rule.type).toBe('llm_judge');
    const said93 = graded()
      .filter((t) => t.taskId === 'atlas/0007:zelda remakes')
      .filter((t) =>
        t.grade.details.rows.some(
          (r) =>
            r.gold_row === 0 &&
            r.cells.some((c) => c.column === 'Critic Metascore' && normalizeForRule('number', c.response) === '93'),
        ),
      );
    expect(said93).toHaveLength(3);
  });

  it('covers every feature the importer and dispute tests need', () => {
    const rows = graded().flatMap((t) => t.grade.details.rows.map((row) => ({ t, row })));
    const cells = rows.flatMap(({ t, row }) => row.cells.map((cell) => ({ t, row, cell })));
    const goldRows = [...gold.values()].flatMap((g) => g.rows);
    const goldCells = goldRows.flatMap((row) => Object.values(row.cells));

    expect(goldRows.some((row) => row.aliases.length > 0)).toBe(true);
    expect(goldCells.some((c) => 'blank' in c)).toBe(true);
    expect(goldCells.some((c) => 'ungraded' in c)).toBe(true);
    expect(goldCells.some((c) => 'alternatives' in c)).toBe(true);
    expect(goldCells.some((c) => 'sources' in c)).toBe(true);
    // Unicode entity names: accents, CJK, ß, right-to-left.
    const names = goldRows.map((row) => row.entity);
    expect(names.some((n) => /[À-ž]/u.test(n))).toBe(true);
    expect(names.some((n) => /[\u3040-\u9fff\uac00-\ud7af]/u.test(n))).toBe(true);
    expect(names.some((n) => n.includes('ß'))).toBe(true);
    expect(names.some((n) => /[\u0590-\u06ff]/u.test(n))).toBe(true);

    for (const how of ['name', 'alias', 'llm'] as const)
      expect(rows.some(({ row }) => row.aligned_by === how)).toBe(true);
    expect(rows.some(({ row }) => row.response_row === null)).toBe(true);
    expect(cells.some(({ cell }) => cell.verdict === 'blank_ok')).toBe(true);
    expect(cells.some(({ cell }) => cell.verdict === 'missing')).toBe(true);
    expect(cells.some(({ cell }) => cell.verdict === 'ungraded')).toBe(true);
    expect(
      cells.some(
        ({ cell }) =>
          cell.method === 'llm_judge' &&
          cell.verdict === 'correct' &&
          normalizeText(cell.response) !== normalizeText(cell.gold),
      ),
    ).toBe(true);

    // Values only normalisation makes equal.
    const equalOnlyAfterNormalising = cells.filter(
      ({ cell }) => cell.verdict === 'correct' && cell.response !== cell.gold,
    );
    expect(equalOnlyAfterNormalising.some(({ cell }) => cell.gold === '25000' && cell.response === '25,000')).toBe(
      true,
    );
    expect(equalOnlyAfterNormalising.some(({ cell }) => cell.gold === 'Tokyo' && cell.response === ' tokyo ')).toBe(
      true,
    );
    expect(equalOnlyAfterNormalising.some(({ cell }) => cell.gold.includes('ß') && cell.response.includes('SS'))).toBe(
      true,
    );

    // Sources on the cell, or only in result.json citations.
    expect(cells.some(({ cell }) => cell.sources !== undefined)).toBe(true);
    const citedOnly = cells.some(
      ({ t, row, cell }) =>
        cell.sources === undefined &&
        t.result!.citations.some((c) => c.row === row.response_row && c.column === cell.column),
    );
    expect(citedOnly).toBe(true);

    // Extra entities: the same one, spelled differently, from 2-4 systems of a task.
    const extrasByTask = new Map<string, Map<string, { systems: Set<string>; spellings: Set<string> }>>();
    for (const { t, row } of rows) {
      if (row.gold_row !== null) continue;
      const key = normalizeText(row.response_entity!);
      const perTask = extrasByTask.get(t.taskId) ?? new Map<string, { systems: Set<string>; spellings: Set<string> }>();
      const entry = perTask.get(key) ?? { systems: new Set<string>(), spellings: new Set<string>() };
      entry.systems.add(t.system);
      entry.spellings.add(row.response_entity!);
      perTask.set(key, entry);
      extrasByTask.set(t.taskId, perTask);
    }
    const shared = [...extrasByTask.values()].flatMap((m) => [...m.values()]).filter((e) => e.systems.size >= 2);
    expect(shared.length).toBeGreaterThan(ws.taskIds.length / 2);
    expect(shared.some((e) => e.spellings.size >= 2)).toBe(true);

    // Clusters: several systems on the same wrong value of one gold cell, and systems agreeing with gold.
    const byCell = new Map<string, Map<string, Set<string>>>();
    for (const { t, row, cell } of cells) {
      if (row.gold_row === null || cell.verdict !== 'incorrect' || cell.response.trim() === '') continue;
      const rule = rulesByTask.get(t.taskId)!.get(cell.column)!;
      const cellKey = `${t.taskId}\u0000${row.gold_row}\u0000${cell.column}`;
      const clusters = byCell.get(cellKey) ?? new Map<string, Set<string>>();
      const valueKey = normalizeForRule(rule.type, cell.response);
      clusters.set(valueKey, (clusters.get(valueKey) ?? new Set<string>()).add(t.system));
      byCell.set(cellKey, clusters);
    }
    const biggest = Math.max(...[...byCell.values()].flatMap((clusters) => [...clusters.values()].map((s) => s.size)));
    expect(biggest).toBeGreaterThanOrEqual(3);
    expect(cells.filter(({ cell }) => cell.verdict === 'correct').length).toBeGreaterThan(cells.length / 2);
  });

  it('writes the flat cells file and judge opinions', () => {
    const lines = readJsonl<Record<string, unknown>>(ws.cells!);
    expect(lines.length).toBeGreaterThan(100);
    const keys = [
      'task_id',
      'system',
      'gold_row',
      'entity',
      'response_entity',
      'column',
      'gold',
      'response',
      'verdict',
      'method',
      'sources',
      'reasoning',
    ];
    for (const line of lines) expect(Object.keys(line)).toEqual(keys);
    expect(new Set(lines.map((l) => l.system))).toEqual(new Set(['kite-pipeline']));
    expect(ws.systems).not.toContain('kite-pipeline');
    expect(lines.some((l) => l.gold_row === null)).toBe(true);

    const opinions = readJsonl<Record<string, unknown>>(ws.judges!);
    expect(opinions.length).toBeGreaterThan(5);
    for (const o of opinions) {
      expect(Object.keys(o)).toEqual([
        'task_id',
        'gold_row',
        'entity',
        'column',
        'judge',
        'verdict',
        'value',
        'sources',
        'reasoning',
      ]);
      expect(['gold', 'system', 'both', 'neither', 'unclear']).toContain(o.verdict);
      expect(ws.taskIds).toContain(o.task_id);
    }
    expect(opinions.some((o) => o.gold_row === null)).toBe(true);
  });
});

describe('respellings the generator gives systems', () => {
  it('write the same number another way, so the grader counts them correct (a decimal once got a second point: 17.27.0)', () => {
    const kinds = [
      numberKind({ min: 1, max: 99, decimals: 2 }),
      numberKind({ min: 1, max: 99_999 }),
      numberKind({ min: 1_000, max: 99_999, decimals: 1, unit: 'km' }),
    ];
    for (const kind of kinds) {
      for (const value of ['17.27', '94', '12345.5', '0.5', '99999']) {
        for (const respelled of kind.respell(value))
          expect(parseNumber(respelled), `${value} → ${respelled}`).toBe(parseNumber(value));
      }
    }
  });
});
