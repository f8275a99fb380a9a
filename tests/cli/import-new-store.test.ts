// A first import that fails leaves no store behind: the path stays free, and
// a later command says there is no store rather than listing an empty one.
// A store that existed before is kept, whatever the import did.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateWorkspace } from '../../demo/generate';
import { runCli, tempDir } from '../e2e/support';

const dir = tempDir('atlas-cli-import-new-store-');
const env = {
  ATLAS_ADJUDICATOR_HOME: join(dir.path, 'home'),
  ATLAS_ADJUDICATOR_ENGINEER: 'mia',
  ATLAS_ADJUDICATOR_DB: undefined,
};
afterAll(() => dir.remove());

describe('a failed first import', () => {
  it('removes the store it created, so the next command finds none', async () => {
    const garbage = join(dir.path, 'garbage.jsonl');
    writeFileSync(garbage, 'this is not json\n');
    const db = dir.db('new.sqlite');
    const res = await runCli(['import', garbage, '--db', db], env);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(`cannot read ${garbage}: line 1 is not a JSON record`);
    expect(res.stderr).toContain('nothing was imported');
    for (const suffix of ['', '-wal', '-shm']) expect(existsSync(`${db}${suffix}`)).toBe(false);
    const listed = await runCli(['disputes', '--db', db], env);
    expect(listed.code).toBe(1);
    expect(listed.stderr).toContain(`no store at ${db}`);
  });

  it('keeps a store that was there before', async () => {
    const issues = join(dir.path, 'issues.json');
    writeFileSync(
      issues,
      JSON.stringify([
        { number: 7, title: 'Wrong year', body: 'Task atlas-0001 row 1: the year is 1887.', state: 'open' },
      ]),
    );
    const db = dir.db('kept.sqlite');
    expect((await runCli(['import', issues, '--db', db], env)).code).toBe(0);
    const garbage = join(dir.path, 'garbage2.jsonl');
    writeFileSync(garbage, 'still not json\n');
    await runCli(['import', garbage, '--db', db], env);
    expect(existsSync(db)).toBe(true);
    expect((await runCli(['disputes', '--db', db], env)).code).toBe(0);
  });
});

describe('a dataset cut off in the middle of a record', () => {
  it('is refused whole, before any task, naming the file; a last line without its newline is fine', async () => {
    const ws = await generateWorkspace(join(dir.path, 'ws'), { seed: 3, tasks: 4, systems: 2 });
    const bytes = readFileSync(ws.dataset);
    const cut = join(dir.path, 'cut.jsonl');
    writeFileSync(cut, bytes.subarray(0, bytes.length - 40));
    const db = dir.db('cut.sqlite');
    const res = await runCli(['import', cut, '--db', db], env);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(
      `${cut}: the file ends in the middle of a record (its last line is cut off, as by an interrupted download); nothing of it was imported`,
    );
    expect(existsSync(db)).toBe(false);

    const unterminated = join(dir.path, 'no-final-newline.jsonl');
    writeFileSync(unterminated, bytes.toString('utf8').trimEnd());
    const whole = await runCli(['import', unterminated, '--json', '--db', dir.db('whole.sqlite')], env);
    expect(whole.stderr).toBe('');
    expect((JSON.parse(whole.stdout) as { tasks: number }).tasks).toBe(4);
  });
});
