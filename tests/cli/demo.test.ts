// `demo` in the installed command line: the CLI hands its service the demo
// generator (db/ imports none), so a fresh store gets the demo workspace.
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../e2e/support';

const dir = tempDir('cli-demo-');
afterAll(() => dir.remove());

describe('demo', () => {
  it('loads the demo workspace into a new store and prints its import report', async () => {
    const env = { ATLAS_ADJUDICATOR_HOME: join(dir.path, 'home') };
    const res = await runCli(['demo', '--json', '--db', join(dir.path, 'store.sqlite')], env);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const report = JSON.parse(res.stdout) as { tasks: number; disputes: number };
    expect(report.tasks).toBeGreaterThan(0);
    expect(report.disputes).toBeGreaterThan(0);
  });
});
