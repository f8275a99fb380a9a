// Counts printed by the commands agree with their nouns and verbs: "1
// operation", "1 agreeing engineer settles", "1 operation does not match".
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedWorkspace } from '../../demo/generate';
import type { ServiceHandle } from '../../db/service';
import type { GoldPatch } from '../../shared/patch';
import { storeWithOneChange } from './support/one-change';
import type { Harness } from './support/harness';

let ws: GeneratedWorkspace;
let service: ServiceHandle;
let dir: string;
let patch: string;
let cli: Harness;

beforeAll(async () => {
  ({ ws, service, dir, patch, cli } = await storeWithOneChange('atlas-cli-counts-'));
});
afterAll(() => service.close());

const run = (...argv: string[]) => cli.run([...argv, '--db', service.dbPath]);

describe('counts in words that agree', () => {
  it('policy and stats: one agreeing engineer settles, two settle', async () => {
    expect((await run('policy')).stdout).toBe('Policy: 1 agreeing engineer settles a dispute; blind review off\n');
    expect((await run('stats')).stdout).toContain('Policy: 1 agreeing engineer settles a dispute; blind review off\n');
    // The one settled change goes back to open under double review, and is said so.
    expect((await run('policy', '--required', '2')).stdout).toMatch(
      /^Policy: 2 agreeing engineers settle a dispute; blind review on\n1 resolved dispute went back to open\.\n$/,
    );
    expect((await run('stats')).stdout).toContain('Policy: 2 agreeing engineers settle a dispute;');
    expect((await run('policy', '--required', '1')).stdout).toMatch(/\n1 open dispute resolved\.\n$/);
    expect(JSON.parse((await run('policy', '--required', '1', '--json')).stdout)).toEqual({
      required: 1,
      blind: false,
    });
  });

  it('rescore: 1 operation on 1 task', async () => {
    const res = await run('rescore', '--patch', patch);
    expect(res.code).toBe(0);
    expect(res.stdout.split('\n')[0]).toMatch(
      /^v1\.1 on v1\.0: 1 operation on 1 task; (1 llm_judge cell needs|\d+ llm_judge cells need) regrading$/,
    );
  });

  it('apply refusing one operation: "1 operation does not match"', async () => {
    const target = (JSON.parse(readFileSync(patch, 'utf8')) as GoldPatch).operations[0]!.task_id;
    const other = join(dir, 'without-the-task.jsonl');
    const lines = readFileSync(ws.dataset, 'utf8')
      .split('\n')
      .filter((line) => line !== '' && (JSON.parse(line) as { id: string }).id !== target);
    writeFileSync(other, `${lines.join('\n')}\n`);
    const res = await run('apply', '--dataset', other, '--patch', patch, '--out', join(dir, 'out.jsonl'));
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('1 operation does not match the dataset: #1 ');
    expect(res.stderr).not.toMatch(/1 operations|operation do not/);
  });
});
