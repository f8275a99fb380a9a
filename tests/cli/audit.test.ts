// `audit sample|list|rule|estimate` in-process against the real service and a
// real store: the exact --json shapes other tools read, text output, refusals.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../cli/main';
import type { ServiceOptions } from '../../db/service';
import { openService } from '../../db/service';
import { smallWorkspace, tempDir, workspacePaths } from '../support/workspace';
import { Capture } from './support/harness';

const dir = tempDir('cli-audit-');
const db = join(dir, 'store.sqlite');

async function cli(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout = new Capture();
  const stderr = new Capture();
  const code = await run(args, {
    stdout,
    stderr,
    env: { ATLAS_ADJUDICATOR_ENGINEER: 'mia', ...env },
    cwd: dir,
    openService: (options: ServiceOptions) => openService({ ...options, settingsPath: join(dir, 'settings.json') }),
    onSignal: () => () => undefined,
  });
  return { code, stdout: stdout.text, stderr: stderr.text };
}

const jsonLines = (text: string) =>
  text
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

beforeAll(async () => {
  const workspace = await smallWorkspace();
  const res = await cli(['import', ...workspacePaths(workspace), '--db', db, '--json']);
  expect(res.code).toBe(0);
});

describe.sequential('audit on the command line', () => {
  let ids: string[] = [];

  it('sample draws a round and says how much of each stratum it took', async () => {
    const res = await cli([
      'audit',
      'sample',
      '--disputed',
      '2',
      '--undisputed',
      '4',
      '--seed',
      'cli-seed',
      '--db',
      db,
    ]);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/^Round 1 \(seed cli-seed\): 2 of \d+ disputed and 4 of \d+ undisputed cells drawn\./u);
    const again = await cli(['audit', 'sample', '--disputed', '0', '--undisputed', '1', '--json', '--db', db]);
    const round = JSON.parse(again.stdout) as {
      round: number;
      seed: string;
      drawn: { disputed: number; undisputed: number };
    };
    expect(round.round).toBe(2);
    expect(round.seed).toMatch(/^[0-9a-f]{8}$/u);
    expect(round.drawn).toEqual({ disputed: 0, undisputed: 1 });
  });

  it('list --json prints one object a line with exactly the documented keys', async () => {
    const res = await cli(['audit', 'list', '--json', '--db', db]);
    expect(res.code).toBe(0);
    const lines = jsonLines(res.stdout);
    expect(lines).toHaveLength(7);
    for (const line of lines) {
      expect(Object.keys(line)).toEqual(['id', 'task_id', 'gold_row', 'column', 'stratum', 'status', 'verdict']);
      expect(line).toMatchObject({ status: 'pending', verdict: null });
    }
    expect(lines.slice(0, 2).map((l) => l.stratum)).toEqual(['disputed', 'disputed']);
    ids = lines.map((line) => line.id as string);
  });

  it('rule records verdicts; list --status filters; a settled incorrect cell names its dispute', async () => {
    const res = await cli([
      'audit',
      'rule',
      ids[0]!,
      '--verdict',
      'incorrect',
      '--rationale',
      'the source disagrees',
      '--evidence',
      'https://example.org/x',
      '--db',
      db,
    ]);
    expect(res.stderr).toBe('');
    expect(res.stdout).toContain(
      `Audit ${ids[0]}: incorrect recorded.\nStatus: settled (incorrect)\nDispute for the fix: d-`,
    );
    for (const id of ids.slice(1, 5))
      expect((await cli(['audit', 'rule', id, '--verdict', 'correct', '--db', db])).code).toBe(0);
    const unsure = await cli(['audit', 'rule', ids[5]!, '--verdict', 'unsure', '--json', '--db', db]);
    expect(JSON.parse(unsure.stdout)).toMatchObject({
      id: ids[5],
      status: 'settled',
      verdict: 'unsure',
      mine: 'unsure',
    });
    const settled = jsonLines((await cli(['audit', 'list', '--status', 'settled', '--json', '--db', db])).stdout);
    expect(settled.map((l) => l.id)).toEqual(ids.slice(0, 6));
    expect(
      jsonLines((await cli(['audit', 'list', '--status', 'pending', '--json', '--db', db])).stdout).map((l) => l.id),
    ).toEqual([ids[6]]);
  });

  it('estimate --json has exactly the documented keys, unrounded fractions, and counts unsure and pending apart', async () => {
    const res = await cli(['audit', 'estimate', '--json', '--db', db]);
    expect(res.code).toBe(0);
    const estimate = JSON.parse(res.stdout) as {
      rate: number;
      ci_low: number;
      ci_high: number;
      n: number;
      n_eff: number;
      unsure: number;
      pending: number;
      method: string;
      strata: {
        name: string;
        frame: number;
        n: number;
        incorrect: number;
        rate: number;
        ci_low: number;
        ci_high: number;
      }[];
    };
    expect(Object.keys(estimate)).toEqual([
      'rate',
      'ci_low',
      'ci_high',
      'n',
      'n_eff',
      'unsure',
      'pending',
      'strata',
      'method',
    ]);
    for (const stratum of estimate.strata)
      expect(Object.keys(stratum)).toEqual(['name', 'frame', 'n', 'incorrect', 'rate', 'ci_low', 'ci_high']);
    expect(estimate).toMatchObject({ n: 5, unsure: 1, pending: 1 });
    expect(estimate.strata.map((s) => [s.name, s.n, s.incorrect])).toEqual([
      ['disputed', 2, 1],
      ['undisputed', 3, 0],
    ]);
    // W_d p_d with p_d = 1/2 and W_d = N_d / N: unrounded.
    const [d, u] = estimate.strata;
    expect(estimate.rate).toBe((d!.frame / (d!.frame + u!.frame)) * 0.5);
    expect(estimate.ci_low).toBeLessThan(estimate.rate);
    expect(estimate.method).toContain('Wilson');
  });

  it('estimate as text gives the rate, the strata and the dataset-card sentence', async () => {
    const res = await cli(['audit', 'estimate', '--db', db]);
    expect(res.stdout).toMatch(
      /^Incorrect gold: \d+\.\d+% \(95% CI \d+\.\d+–\d+\.\d+%\), from 5 settled cells \(n_eff \d+\.\d\)\./u,
    );
    expect(res.stdout).toContain('Left out: 1 unsure, 1 not settled.');
    expect(res.stdout).toMatch(/\nWe estimate that \d+\.\d+% of gold values are incorrect/u);
  });

  it('refuses bad input in one line naming the option', async () => {
    const cases: [string[], string][] = [
      [['audit', 'sample', '--undisputed', '1'], 'audit sample: missing --disputed N (0 for none)'],
      [
        ['audit', 'sample', '--disputed', 'x', '--undisputed', '1'],
        "audit sample: --disputed must be a whole number, got 'x'",
      ],
      [
        ['audit', 'rule', ids[6]!, '--verdict', 'maybe'],
        'audit rule: --verdict: expected one of correct, incorrect, unsure',
      ],
      [['audit', 'rule', ids[6]!], 'audit rule: missing --verdict (one of correct, incorrect, unsure)'],
      [['audit', 'list', '--status', 'open'], 'audit list: --status: expected one of pending, settled, conflict'],
      [['audit', 'rule', 'a-nope', '--verdict', 'correct'], 'no audited cell with id a-nope'],
      [['audit', 'estimate', '--revision', 'v7'], '--revision v7: not a revision this store exported'],
      [['audit', 'frobnicate'], "audit: unknown action 'frobnicate'"],
    ];
    for (const [args, message] of cases) {
      const res = await cli([...args, '--db', db]);
      expect(res.code, args.join(' ')).not.toBe(0);
      expect(res.stderr).toContain(message);
      expect(res.stderr.trimEnd().split('\n')).toHaveLength(1);
    }
  });

  it('--help describes the four actions and the JSON shapes', async () => {
    const res = await cli(['audit', '--help']);
    expect(res.stdout).toContain('audit sample --disputed N --undisputed M [--seed S]');
    expect(res.stdout).toContain('{"id","task_id","gold_row","column","stratum","status","verdict"}');
  });
});
