// `import` given ruling logs and GitHub issue files, as a user runs it: what
// they added or refused is in the report, and the exit status says whether
// anything was taken.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../e2e/support';

const dir = tempDir('cli-import-logs-');
const env = { ATLAS_ADJUDICATOR_HOME: join(dir.path, 'home'), ATLAS_ADJUDICATOR_ENGINEER: 'mia', ATLAS_ADJUDICATOR_DB: undefined };
const cli = (args: string[]) => runCli(args, env);
afterAll(() => dir.remove());

describe('import of ruling logs and issue files', () => {
  it('reports the GitHub issues it stored, and exits 0 even into an empty store', async () => {
    const issues = join(dir.path, 'issues.json');
    writeFileSync(issues, JSON.stringify([{ number: 101, title: 'Wrong founding year', body: 'Task atlas-0001 row 2: the year is 1887.', state: 'open' }]));
    const db = dir.db('reports.sqlite');
    const text = await cli(['import', issues, '--db', db]);
    expect(text.stderr).toBe('');
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('GitHub reports: 1 added, 0 updated, 0 unchanged;');
    const json = await cli(['import', issues, '--json', '--db', db]);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ files: 1, reports: { added: 0, unchanged: 1 } });
  });

  it('lists every refused ruling line and exits 1 when the whole log was refused', async () => {
    const log = join(dir.path, 'broken.rulings.jsonl');
    writeFileSync(log, '{"decision": "keep_gold", "engineer": "mia"}\n{"truncated": \n');
    const res = await cli(['import', log, '--db', dir.db('rulings.sqlite')]);
    expect(res.code).toBe(1);
    expect(res.stdout).toMatch(/^Ruling logs: 0 rulings added, 0 already present, 2 refused\.$/mu);
    expect(res.stdout).toContain(`refused ${log}:1`);
    expect(res.stdout).toContain(`refused ${log}:2`);
    expect(res.stderr).toMatch(/^atlas-adjudicator: import: nothing could be imported: every item was refused \(2 in the report\)\n$/u);
  });
});
