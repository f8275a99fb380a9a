// A workspace where every kind of imported text carries a bidi override or a
// zero-width character (tests/fixtures/hostile/): the question, column names
// and rules, gold values, aliases and alternatives, system names, responses,
// entity names, judge reasoning, sources, a missing row, and a GitHub report.
// The ruling with a hostile engineer and rationale is added through the API.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { encryptText } from '../../../shared/crypto';

const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures', 'hostile');

function corpus(name: string): string[] {
  return (JSON.parse(readFileSync(join(FIXTURES, name), 'utf8')) as { texts: string[] }).texts;
}

const bidi = corpus('text-bidi-controls.json');
const zeroWidth = corpus('text-zero-width.json').filter((t) => t.trim().replace(/[\u200b\ufeff]/gu, '') !== '');

/** One hostile text per use, cycling through the corpus: "<label> <hostile>". */
let next = 0;
function hostile(label: string): string {
  const pool = next % 2 === 0 ? bidi : zeroWidth;
  const text = pool[Math.floor(next / 2) % pool.length]!;
  next += 1;
  return `${label} ${text}`;
}

export const TASK_ID = 'hostile/1';
const CANARY = 'hostile canary';

export const H = {
  question: `Which cities? ${hostile('question')}\nSecond line ${hostile('question')}`,
  city: hostile('City'),
  criterion: hostile('criterion'),
  entity: hostile('Alpha'),
  alias: hostile('alias'),
  gold: hostile('gold'),
  alternative: hostile('alt'),
  goldSource: `javascript:${hostile('src')}`,
  systemA: hostile('sysA'),
  systemB: hostile('sysB'),
  responseEntity: hostile('named'),
  responseA: hostile('respA'),
  responseB: hostile('respB'),
  reasoning: `${hostile('reason')}\n${hostile('reason')}`,
  unsafeSource: `ftp://${hostile('host')}`,
  missing: hostile('Gamma'),
  judge: hostile('judge'),
  judgeValue: hostile('jvalue'),
  judgeReasoning: hostile('jreason'),
  reportTitle: hostile('Wrong city'),
  reportAuthor: `rep${'\u200b'}orter`,
  engineer: hostile('mallory'),
  rationale: `${hostile('why')}\n${hostile('why')}`,
};

function write(path: string, content: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
}

/** Writes the workspace under `dir`; returns the paths to import. */
export function writeHostileStore(dir: string): string[] {
  const gold = {
    entity_column: 'Entity',
    columns: [
      { name: 'Entity', rule: { type: 'entity' } },
      { name: H.city, rule: { type: 'llm_judge', criterion: H.criterion } },
    ],
    rows: [
      {
        entity: H.entity,
        aliases: [H.alias],
        cells: { [H.city]: { value: H.gold, alternatives: [H.alternative], sources: [H.goldSource] } },
      },
    ],
  };
  const dataset = join(dir, 'dataset', 'atlas.jsonl');
  write(
    dataset,
    `${JSON.stringify({ id: TASK_ID, question: encryptText(H.question, CANARY), gold: encryptText(JSON.stringify(gold), CANARY), canary: CANARY })}\n`,
  );

  const runs = [H.systemA, H.systemB].map((system, index) => {
    const run = join(dir, 'runs', `run${index}-atlas-000${index}`);
    write(join(run, 'config.json'), JSON.stringify({ system: { name: system }, suite: 'atlas' }));
    const cell = (response: string) => ({
      column: H.city,
      gold: H.gold,
      response,
      verdict: 'incorrect',
      method: 'llm_judge',
      sources: [H.unsafeSource, 'https://example.org/ok'],
      reasoning: H.reasoning,
    });
    const grade = {
      task_id: TASK_ID,
      scores: { discovery_f1: 0.5, item_f1: 0, row_f1: 0 },
      details: {
        rows: [
          {
            gold_row: 0,
            response_row: 0,
            response_entity: H.responseEntity,
            aligned_by: 'alias',
            cells: [cell(index === 0 ? H.responseA : H.responseB)],
          },
          // Both systems return the same entity gold lacks: a missing-row dispute.
          { gold_row: null, response_row: 1, response_entity: H.missing, aligned_by: null, cells: [cell(H.responseA)] },
        ],
      },
    };
    write(join(run, 'tasks', 'hostile_1', 'result.json'), JSON.stringify({ task_id: TASK_ID, citations: [] }));
    write(join(run, 'tasks', 'hostile_1', 'grade.json'), JSON.stringify(grade));
    return run;
  });

  const judges = join(dir, 'round.judges.jsonl');
  write(
    judges,
    `${JSON.stringify({ task_id: TASK_ID, gold_row: 0, entity: H.entity, column: H.city, judge: H.judge, verdict: 'system', value: H.judgeValue, sources: [H.unsafeSource], reasoning: H.judgeReasoning })}\n`,
  );

  const issues = join(dir, 'issues.json');
  write(
    issues,
    JSON.stringify([
      {
        number: 7,
        title: H.reportTitle,
        body: `Task: ${TASK_ID}\nRow: 1\nColumn: ${H.city}\nCorrect value: ${H.responseA}\nSource: https://example.org/s`,
        html_url: 'https://github.com/exa-ai/ATLAS/issues/7',
        user: { login: H.reportAuthor },
        labels: [{ name: hostile('label') }],
        state: 'open',
        created_at: '2026-01-02T03:04:05Z',
      },
    ]),
  );
  return [dataset, ...runs, judges, issues];
}
