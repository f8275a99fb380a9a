// The command line as a user runs it (bin/atlas-adjudicator.mjs on the
// bundle in dist-cli/, rebuilt first when a source is newer): `help` beside
// `node -e 0`, the floor of any Node process, and `disputes --json` on the
// demo store. Each is the median of several runs, alternated so both see the
// same machine.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ensureCliBuilt } from '../scripts/build-cli';
import { REPO_ROOT } from './paths';
import { median } from './stats';

const BIN = join(REPO_ROOT, 'bin', 'atlas-adjudicator.mjs');

export interface CliFigures {
  nodeMs: number;
  helpMs: number;
  disputesMs: number;
  disputes: number;
}

/** Wall time of one child process, from spawn to exit; throws when it fails. */
function timed(args: string[]): { ms: number; stdout: string } {
  const started = performance.now();
  const run = spawnSync(process.execPath, args, {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    maxBuffer: 256 << 20,
    env: { ...process.env, ATLAS_ADJUDICATOR_ENGINEER: 'bench' },
  });
  const ms = performance.now() - started;
  if (run.status !== 0) throw new Error(`node ${args.join(' ')} exited ${String(run.status)}: ${run.stderr}`);
  return { ms, stdout: run.stdout };
}

export async function measureCli(scratch: string, runs: number): Promise<CliFigures> {
  await ensureCliBuilt();
  const demo = join(scratch, 'demo.sqlite');
  if (!existsSync(demo)) timed([BIN, 'demo', '--db', demo]);
  const node: number[] = [];
  const help: number[] = [];
  const disputes: number[] = [];
  let lines = 0;
  // One of each first, unmeasured: the page cache then holds Node, the bundle and the store.
  for (let i = -1; i < runs; i++) {
    const n = timed(['-e', '0']).ms;
    const h = timed([BIN, 'help']).ms;
    const d = timed([BIN, 'disputes', '--json', '--db', demo]);
    lines = d.stdout.trimEnd().split('\n').length;
    if (i < 0) continue;
    node.push(n);
    help.push(h);
    disputes.push(d.ms);
  }
  return { nodeMs: median(node), helpMs: median(help), disputesMs: median(disputes), disputes: lines };
}
