// What `--help` promises matches what the commands do: every field
// `disputes --json` writes is listed, `rule` says what --value means for each
// decision, every usage form shows --db, and the options every command takes
// are accepted before the command name too.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_FIELDS } from '../../cli/commands/disputes';
import { COMMANDS } from '../../cli/main';
import type { ServiceHandle } from '../../db/service';
import { openService } from '../../db/service';
import { freshService, smallWorkspace, tempDir, workspacePaths } from '../support/workspace';
import { asHandle, createFakeService } from './support/fake-service';
import { harness } from './support/harness';

const dir = tempDir('atlas-cli-help-');
const fakeDb = join(dir, 'fake.sqlite');
writeFileSync(fakeDb, '');
const opened: string[] = [];
const fakeHarness = harness(() => asHandle(createFakeService()));
/** Runs against the fake service, noting which store each command opened. */
const fake = {
  run: (argv: string[]) =>
    fakeHarness.run(argv, {
      openService: (options) => {
        opened.push(options.dbPath);
        return asHandle(createFakeService());
      },
    }),
};

let service: ServiceHandle;
beforeAll(async () => {
  const ws = await smallWorkspace();
  service = freshService('mia');
  await service.importPaths(workspacePaths(ws));
});
afterAll(() => service.close());

const help = async (name: string): Promise<string> => (await fake.run([name, '--help'])).stdout;

describe('disputes --help', () => {
  it('lists every field of a real --json line, in order', async () => {
    const real = harness(() =>
      openService({ dbPath: service.dbPath, settingsPath: join(dir, 'settings.json'), engineer: 'mia' }),
    );
    const res = await real.run(['disputes', '--json', '--db', service.dbPath]);
    expect(res.code).toBe(0);
    const keys = res.stdout
      .trimEnd()
      .split('\n')
      .map((line) => Object.keys(JSON.parse(line) as object).join(','));
    expect(new Set(keys)).toEqual(new Set([JSON_FIELDS.join(',')]));
    const text = (await help('disputes')).replace(/\s+/g, ' ');
    expect(text).toContain(`one JSON object per line (${JSON_FIELDS.join(', ')})`);
    for (const field of ['top_value', 'top_count', 'has_report']) expect(text).toContain(field);
  });
});

describe('rule --help', () => {
  it('says what --value is for add_row, and that add_alias adds the entity itself', async () => {
    const text = (await help('rule')).replace(/\s+/g, ' ');
    expect(text).toContain("add_row: the new row's entity name");
    expect(text).toContain('add_alias takes no --value');
  });
});

describe('usage lines', () => {
  it.each(COMMANDS.map((c) => c.name))('%s shows [--db FILE] in every form', async (name) => {
    const usage = (await help(name)).split('\n\n')[0]!;
    const forms = usage.split(/\n(?=\s*(?:Usage: )?atlas-adjudicator )/);
    for (const form of forms) expect(form, form).toContain('[--db FILE]');
  });
});

describe('options before the command name', () => {
  it('--db and --json before the command work as after it', async () => {
    opened.length = 0;
    const before = await fake.run(['--db', fakeDb, '--json', 'disputes', '--status', 'open']);
    const after = await fake.run(['disputes', '--status', 'open', '--db', fakeDb, '--json']);
    expect(before).toEqual(after);
    expect(before.code).toBe(0);
    expect(opened).toEqual([fakeDb, fakeDb]);
    expect((await fake.run([`--db=${fakeDb}`, 'disputes'])).code).toBe(0);
  });

  it('a command with an action (rulings export) and one with `--`', async () => {
    const res = await fake.run(['--db', fakeDb, 'rulings', 'export', '--out', join(dir, 'log.rulings.jsonl')]);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const dashed = await fake.run(['--db', fakeDb, 'show', '--', 'd-cell000000000000001']);
    expect(dashed.stderr).toBe('');
    expect(dashed.code).toBe(0);
  });

  it('still reports a missing value and a missing command in one line', async () => {
    const bare = await fake.run(['--db']);
    expect(bare).toMatchObject({ code: 2, stderr: 'atlas-adjudicator: option --db needs a value\n' });
    const none = await fake.run(['--db', fakeDb]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/^atlas-adjudicator: missing command/);
    expect((await fake.run(['--db', fakeDb, '--help'])).stdout).toMatch(/^Usage: atlas-adjudicator COMMAND/);
  });
});
