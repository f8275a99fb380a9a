// Small fixture builders for the reader tests: each test writes what it needs
// into its own temp folder.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect } from 'vitest';
import { encryptText } from '../../../shared/crypto';
import type { SkippedItem } from '../../../shared/api-types';
import type { ReaderItem } from '../../../db/readers/types';

const made: string[] = [];

export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'atlas-readers-'));
  made.push(dir);
  return dir;
}

export function cleanTempDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export function write(path: string, content: string | Uint8Array): string {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
  return path;
}

export const json = (value: unknown): string => JSON.stringify(value, null, 1);

export const ZELDA_ID = 'atlas/0007:zelda remakes';
export const ZELDA_CANARY = 'ATLAS canary example 0001';

export function zeldaGold(): Record<string, unknown> {
  return {
    entity_column: 'Zelda remake/remaster product title',
    columns: [
      { name: 'Zelda remake/remaster product title', rule: { type: 'entity' } },
      { name: 'Critic Metascore', rule: { type: 'number', tolerance: 0 } },
      { name: 'Lead developer headquarters city', rule: { type: 'text' } },
      { name: "Original game's U.S. age rating", rule: { type: 'choice', options: ['E', 'E10+', 'T', 'M'] } },
      { name: 'Hero voice actor home prefecture', rule: { type: 'llm_judge', criterion: 'Prefecture name' } },
    ],
    rows: [
      {
        entity: 'The Legend of Zelda: Ocarina of Time 3D',
        aliases: ['Ocarina of Time 3D'],
        cells: {
          'Critic Metascore': { value: '94', sources: ['https://www.metacritic.com/game/oot3d/'] },
          'Lead developer headquarters city': { value: 'Tokyo' },
          "Original game's U.S. age rating": { value: 'E' },
          'Hero voice actor home prefecture': { value: 'Hiroshima' },
        },
      },
      {
        entity: 'The Legend of Zelda: The Wind Waker HD',
        aliases: [],
        cells: {
          'Critic Metascore': { value: 90 },
          'Lead developer headquarters city': { blank: true },
          "Original game's U.S. age rating": { value: 'E', alternatives: ['Everyone'] },
          'Hero voice actor home prefecture': { ungraded: true },
        },
      },
      { entity: 'Twilight Princess HD', aliases: [], cells: { 'Critic Metascore': { value: '86' } } },
      { entity: 'Skyward Sword HD', aliases: [], cells: { 'Critic Metascore': { value: '81' } } },
    ],
  };
}

export function datasetRecord(
  id: string,
  gold: unknown,
  canary = `canary ${id}`,
  question = `Question for ${id}`,
): Record<string, unknown> {
  return { id, question: encryptText(question, canary), gold: encryptText(JSON.stringify(gold), canary), canary };
}

export interface TaskFiles {
  folder: string;
  result?: unknown;
  grade?: unknown;
  error?: unknown;
  /** Raw file contents, written as given (for truncation and encoding tests). */
  raw?: Partial<Record<'result.json' | 'grade.json' | 'error.json', string | Uint8Array>>;
}

export function writeRun(parent: string, name: string, tasks: TaskFiles[], config: unknown = defaultConfig()): string {
  const dir = join(parent, name);
  write(join(dir, 'config.json'), json(config));
  mkdirSync(join(dir, 'tasks'), { recursive: true });
  for (const task of tasks) {
    const taskDir = join(dir, 'tasks', task.folder);
    mkdirSync(taskDir, { recursive: true });
    if (task.result !== undefined) write(join(taskDir, 'result.json'), json(task.result));
    if (task.grade !== undefined) write(join(taskDir, 'grade.json'), json(task.grade));
    if (task.error !== undefined) write(join(taskDir, 'error.json'), json(task.error));
    for (const [file, content] of Object.entries(task.raw ?? {})) write(join(taskDir, file), content);
  }
  write(join(dir, 'summary.json'), '{}');
  return dir;
}

export function defaultConfig(system = 'exa'): Record<string, unknown> {
  return {
    system: { name: system, version: '1' },
    suite: 'atlas',
    suite_revision: 'v1.0',
    judge_model: 'judge-1',
    created_at: '2025-06-01T00:00:00Z',
  };
}

export function zeldaGrade(taskId = ZELDA_ID): Record<string, unknown> {
  return {
    task_id: taskId,
    scores: { discovery_f1: 0.8, item_f1: 0.7, row_f1: 0.5 },
    judge_cost_usd: 0.01,
    details: {
      rows: [
        {
          gold_row: 0,
          response_row: 2,
          response_entity: 'Ocarina of Time 3D',
          aligned_by: 'alias',
          cells: [
            {
              column: 'Critic Metascore',
              gold: '94',
              response: '93',
              verdict: 'incorrect',
              method: 'deterministic',
              sources: ['https://cell.example/94'],
            },
            {
              column: 'Lead developer headquarters city',
              gold: 'Tokyo',
              response: 'Tokyo',
              verdict: 'correct',
              method: 'deterministic',
            },
            {
              column: 'Hero voice actor home prefecture',
              gold: '',
              response: 'Hiroshima',
              verdict: 'incorrect',
              method: 'llm_judge',
              reasoning: 'gold marks this blank',
            },
          ],
        },
        { gold_row: 1, response_row: null, response_entity: null, aligned_by: null, cells: [] },
        {
          gold_row: null,
          response_row: 0,
          response_entity: 'Link’s Awakening',
          aligned_by: null,
          cells: [
            { column: 'Critic Metascore', gold: '', response: 87, verdict: 'incorrect', method: 'deterministic' },
          ],
        },
      ],
    },
  };
}

export function zeldaResult(taskId = ZELDA_ID): Record<string, unknown> {
  return {
    task_id: taskId,
    prompt: 'Find every Zelda remake…',
    answer: '| title | … |',
    citations: [
      { url: 'https://row2.example/city', title: 'city', row: 2, column: 'Lead developer headquarters city' },
      { url: 'https://row2.example/general', title: 'general', row: 2 },
      { url: 'https://row0.example/awakening', row: 0, column: null },
    ],
  };
}

export async function collect<T>(items: AsyncIterable<ReaderItem<T>>): Promise<{ ok: T[]; skipped: SkippedItem[] }> {
  const ok: T[] = [];
  const skipped: SkippedItem[] = [];
  for await (const item of items) {
    if ('ok' in item) ok.push(item.ok);
    else skipped.push(item.skipped);
  }
  return { ok, skipped };
}

/** Object.prototype must never gain properties from input. */
export function prototypeIsClean(): boolean {
  const probe: Record<string, unknown> = {};
  return Object.keys(Object.prototype).length === 0 && probe.polluted === undefined && probe.isAdmin === undefined;
}

/** Typed asymmetric matchers (vitest's return `any`, which strict lint refuses in object literals). */
export const matching = (pattern: RegExp): string => expect.stringMatching(pattern) as string;
export const containing = (text: string): string => expect.stringContaining(text) as string;
