// A tiny workspace built around hostile texts: one task whose gold rows,
// values and column names carry them, and two harness runs that answer with
// them, so every stored place a text can reach is exercised.
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { encryptText } from '../../shared/crypto';

export const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'hostile');

export interface TextFixture {
  name: string;
  about: string;
  stored: 'verbatim' | 'utf8-replacement';
  texts: string[];
}

export function textFixtures(): TextFixture[] {
  return readdirSync(FIXTURES)
    .filter((name) => name.startsWith('text-') && name !== 'text-huge-cell.json')
    .sort()
    .map((name) => ({
      name,
      ...(JSON.parse(readFileSync(join(FIXTURES, name), 'utf8')) as Omit<TextFixture, 'name'>),
    }));
}

/**
 * `actual` is `text` as the store must give it back: exactly, or for lone
 * surrogates either exactly (JSON-encoded fields keep their \u escape) or with
 * U+FFFD in their place (plain fields are UTF-8).
 */
export function storedAs(actual: string | null | undefined, text: string, stored: TextFixture['stored']): boolean {
  if (actual === text) return true;
  const utf8 = (value: string): string => Buffer.from(value, 'utf8').toString('utf8');
  return stored === 'utf8-replacement' && typeof actual === 'string' && utf8(actual) === utf8(text);
}

function write(path: string, content: string | Buffer): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
}

export const TASK_ID = 'hostile/1';
export const CANARY = 'hostile canary';

export interface HostileRow {
  /** The gold entity name (non-empty). */
  entity: string;
  /** Gold value of the City column. */
  gold: string;
  /** What system "alpha" answers for City (graded incorrect, so a dispute exists). */
  response: string;
  /** Source link and judge reasoning given with alpha's answer. */
  source: string;
  reasoning: string;
}

/**
 * Writes dataset/atlas.jsonl and runs/{alpha,beta}/ under `dir`. Beta answers
 * "Kyoto" everywhere (incorrect), so every row has a dispute even when
 * alpha's answer is blank. An extra column may carry a hostile name.
 */
export function writeHostileWorkspace(dir: string, rows: readonly HostileRow[], extraColumn?: string): string[] {
  const columns = [
    { name: 'Entity', rule: { type: 'entity' } },
    { name: 'City', rule: { type: 'text' } },
    ...(extraColumn ? [{ name: extraColumn, rule: { type: 'text' } }] : []),
  ];
  const gold = {
    entity_column: 'Entity',
    columns,
    rows: rows.map((row) => ({
      entity: row.entity,
      aliases: [],
      cells: {
        City: { value: row.gold, sources: [row.source] },
        ...(extraColumn ? { [extraColumn]: { value: row.gold } } : {}),
      },
    })),
  };
  const dataset = join(dir, 'dataset', 'atlas.jsonl');
  write(
    dataset,
    `${JSON.stringify({ id: TASK_ID, question: encryptText(`Which cities? ${rows[0]?.entity ?? ''}`, CANARY), gold: encryptText(JSON.stringify(gold), CANARY), canary: CANARY })}\n`,
  );

  const runs: string[] = [];
  for (const system of ['alpha', 'beta']) {
    const run = join(dir, 'runs', `${system}-atlas-0001`);
    write(join(run, 'config.json'), JSON.stringify({ system: { name: system }, suite: 'atlas' }));
    const grade = {
      task_id: TASK_ID,
      scores: { discovery_f1: 1, item_f1: 0, row_f1: 0 },
      details: {
        rows: rows.map((row, index) => ({
          gold_row: index,
          response_row: index,
          response_entity: system === 'alpha' ? row.entity : `beta ${index}`,
          aligned_by: 'name',
          cells: ['City', ...(extraColumn ? [extraColumn] : [])].map((column) => ({
            column,
            gold: row.gold,
            response: system === 'alpha' ? row.response : 'Kyoto',
            verdict: 'incorrect',
            method: 'llm_judge',
            sources: system === 'alpha' ? [row.source] : ['https://beta.example/'],
            reasoning: system === 'alpha' ? row.reasoning : 'beta',
          })),
        })),
      },
    };
    write(join(run, 'tasks', 'hostile_1', 'result.json'), JSON.stringify({ task_id: TASK_ID, citations: [] }));
    write(join(run, 'tasks', 'hostile_1', 'grade.json'), JSON.stringify(grade));
    runs.push(run);
  }
  return [dataset, ...runs];
}
