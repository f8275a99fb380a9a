// `import` given ruling logs and GitHub issue files, as a user runs it: what
// they added or refused is in the report, and the exit status says whether
// anything was taken.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../e2e/support';

const dir = tempDir('cli-import-logs-');
const env = {
  ATLAS_ADJUDICATOR_HOME: join(dir.path, 'home'),
  ATLAS_ADJUDICATOR_ENGINEER: 'mia',
  ATLAS_ADJUDICATOR_DB: undefined,
};
const cli = (args: string[]) => runCli(args, env);
afterAll(() => dir.remove());

describe('import of ruling logs and issue files', () => {
  it('reports the GitHub issues it stored, and exits 0 even into an empty store', async () => {
    const issues = join(dir.path, 'issues.json');
    writeFileSync(
      issues,
      JSON.stringify([
        { number: 101, title: 'Wrong founding year', body: 'Task atlas-0001 row 2: the year is 1887.', state: 'open' },
      ]),
    );
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
    expect(res.stderr).toMatch(
      /^atlas-adjudicator: import: nothing could be imported: every item was refused \(2 in the report\)\n$/u,
    );
  });

  it('lists the first 10 refused lines of a file that is no ruling log, then counts the rest; --json keeps every one', async () => {
    // A `disputes --json` dump saved under a ruling log's name for `import` to find.
    const content = Array.from({ length: 25 }, (_, index) => JSON.stringify({ id: `d-${index}`, status: 'open' })).join(
      '\n',
    );
    const db = dir.db('not-a-log.sqlite');
    const dump = join(dir.path, 'disputes.rulings.jsonl');
    writeFileSync(dump, content);
    const res = await cli(['import', dump, '--db', db]);
    expect(res.code).toBe(1);
    const listed = res.stdout.split('\n').filter((line) => line.startsWith('  refused '));
    expect(listed).toHaveLength(10);
    expect(listed[9]).toContain(`refused ${dump}:10:`);
    expect(res.stdout).toContain('  … and 15 more refused lines (--json lists every one)\n');
    const json = await cli(['import', dump, '--json', '--db', db]);
    expect((JSON.parse(json.stdout) as { rulings: { refused: unknown[] } }).rulings.refused).toHaveLength(25);
  });

  it('rulings import refuses a file that is no ruling log in one line, naming it', async () => {
    // The same dump given to `rulings import` under its own name: one line, not one per line of it.
    const dump = join(dir.path, 'disputes.json');
    writeFileSync(
      dump,
      Array.from({ length: 25 }, (_, index) => JSON.stringify({ id: `d-${index}`, status: 'open' })).join('\n'),
    );
    for (const extra of [[], ['--json']]) {
      const res = await cli(['rulings', 'import', dump, ...extra, '--db', dir.db('not-a-log-2.sqlite')]);
      expect(res.code).toBe(1);
      expect(res.stdout).toBe('');
      expect(res.stderr).toBe(
        `atlas-adjudicator: rulings import: ${dump}: not a ruling log (line 1 has no "format": "atlas-rulings/3"); expected a *.rulings.jsonl file written by \`rulings export\`\n`,
      );
    }
  });
});
