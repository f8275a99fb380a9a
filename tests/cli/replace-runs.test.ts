// `import --replace-runs`: a re-grade of a system takes the place of the
// store's run of it; without the flag it is refused by name.
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateWorkspace } from '../../demo/generate';
import { runCli, tempDir } from '../e2e/support';

const dir = tempDir('cli-replace-runs-');
const env = {
  ATLAS_ADJUDICATOR_HOME: join(dir.path, 'home'),
  ATLAS_ADJUDICATOR_ENGINEER: 'mia',
  ATLAS_ADJUDICATOR_DB: undefined,
};
afterAll(() => dir.remove());

describe('import --replace-runs', () => {
  it('refuses a second run of a system by name, and replaces the store’s run with the flag', async () => {
    const ws = await generateWorkspace(join(dir.path, 'ws'), {
      seed: 4,
      tasks: 3,
      systems: 2,
      maxRows: 4,
      maxColumns: 3,
    });
    const db = dir.db();
    expect((await runCli(['import', ws.dataset, ws.runsDir, '--db', db], env)).code).toBe(0);
    const regrade = join(dir.path, 'regrade');
    cpSync(ws.runDirs[0]!, regrade, { recursive: true });
    const refused = await runCli(['import', regrade, '--db', db], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'one run per system, so this run was not imported (to re-grade the system, import it with "replace runs": --replace-runs',
    );
    const replaced = await runCli(['import', regrade, '--replace-runs', '--db', db], env);
    expect(replaced.stderr).toBe('');
    expect(replaced.code).toBe(0);
    expect(replaced.stdout).toContain(`Replaced the run of ${ws.systems[0]} (${ws.runDirs[0]}) by ${regrade}.`);
  });
});
