// Command-line mistakes: exactly one line on stderr, `atlas-adjudicator: …`,
// naming the argument, exit 2 — and never a store opened.
import { writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../cli/main';
import { runCli, tempDir } from '../e2e/support';
import { createFakeService, asHandle } from './support/fake-service';
import { harness } from './support/harness';

const dir = tempDir('cli-usage-');
const db = dir.db();
writeFileSync(db, '');
afterAll(() => dir.remove());

let opened = 0;
const cli = harness(() => {
  opened += 1;
  return asHandle(createFakeService());
});

const CASES: [string[], RegExp][] = [
  [[], /missing command/],
  [['frobnicate'], /unknown command 'frobnicate'/],
  [['import'], /import: missing PATH/],
  [['import', 'x', '--frob'], /import: unknown option --frob/],
  [['disputes', '--status'], /disputes: option --status needs a value/],
  [['disputes', '--status', 'pending'], /disputes: --status: /],
  [['disputes', '--kind', 'row'], /disputes: --kind: /],
  [['disputes', 'extra'], /disputes: unexpected argument 'extra'/],
  [['disputes', '--limit', '5'], /disputes: unknown option --limit/],
  [['show'], /show: missing DISPUTE_ID/],
  [['show', 'a', 'b'], /show: unexpected argument 'b'/],
  [['rule', 'd-1'], /rule: missing --decision/],
  [['rule', '--decision', 'keep_gold'], /rule: missing DISPUTE_ID/],
  [['rule', 'd-1', '--decision', 'overrule'], /rule: --decision: /],
  [['rule', 'd-1', '--decision', 'add_alias', '--row', 'two'], /rule: --row must be a whole number/],
  [['rule', 'd-1', '--decision', 'add_alias', '--row', '0'], /rule: --row must be a whole number ≥ 1, got '0'/],
  [['rule', 'd-1', '--decision', 'add_alias', '--row', '-1'], /rule: option --row needs a value/],
  [['rule', 'd-1', '--decision', 'add_row', '--values', '{oops'], /rule: --values is not valid JSON/],
  [['rule', 'd-1', '--decision', 'add_row', '--values', '[1]'], /rule: --values must be a JSON object/],
  [
    ['rule', 'd-1', '--decision', 'add_row', '--values', '{"a":{"b":1}}'],
    /rule: --values: column "a" must be a string/,
  ],
  [['rule', 'd-1', '--decision', 'keep_gold', '--engineer', ''], /--engineer needs a name/],
  [['retract'], /retract: missing DISPUTE_ID/],
  [['export', '--out', 'x.json'], /export: missing --revision/],
  [['export', '--revision', 'v1.1'], /export: missing --out/],
  [['export', '--revision', 'v1.1', '--out', 'p.json', '--plaintext=yes'], /export: option --plaintext takes no value/],
  [['serve', '--port', 'http'], /serve: --port must be a whole number/],
  [['serve', '--port', '70000'], /serve: --port must be at most 65535/],
  [['demo', 'now'], /demo: unexpected argument 'now'/],
  [['help', 'frob'], /help: unknown command 'frob'/],
];

describe('usage errors (in-process)', () => {
  it.each(CASES)('%j', async (argv, message) => {
    const before = opened;
    const res = await cli.run([...argv, ...(argv.length > 0 && argv[0] !== 'help' ? ['--db', db] : [])]);
    expect(res.code).toBe(2);
    expect(res.stdout).toBe('');
    expect(res.stderr.endsWith('\n')).toBe(true);
    expect(res.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(res.stderr).toMatch(/^atlas-adjudicator: /);
    expect(res.stderr).toMatch(message);
    expect(opened).toBe(before);
  });
});

describe('--help', () => {
  it.each(COMMANDS.map((c) => c.name))(
    '%s --help prints its usage and exits 0, even beside bad options',
    async (name) => {
      const res = await cli.run([name, '--help', '--no-such-option']);
      expect(res.code).toBe(0);
      expect(res.stderr).toBe('');
      expect(res.stdout).toMatch(new RegExp(`^Usage: atlas-adjudicator ${name}`));
      expect(res.stdout).toContain('--db FILE');
    },
  );

  it('lists every command at the top level', async () => {
    for (const argv of [['--help'], ['-h'], ['help']]) {
      const res = await cli.run(argv);
      expect(res.code).toBe(0);
      for (const c of COMMANDS) expect(res.stdout).toContain(`  ${c.name}`);
    }
    expect((await cli.run(['help', 'rule'])).stdout).toMatch(/^Usage: atlas-adjudicator rule/);
  });

  it('before the command name gives that command’s help, as after it does', async () => {
    for (const argv of [
      ['--help', 'disputes'],
      ['-h', 'rule'],
      ['--db', '/nowhere/x.sqlite', '--help', 'export'],
    ]) {
      const res = await cli.run(argv);
      expect(res.code, argv.join(' ')).toBe(0);
      expect(res.stdout).toMatch(new RegExp(`^Usage: atlas-adjudicator ${argv.at(-1)!}`, 'u'));
    }
    const unknown = await cli.run(['--help', 'dispute']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^atlas-adjudicator: unknown command 'dispute'/u);
  });
});

describe('the installed binary', () => {
  it('prints help and exits 0', async () => {
    const res = await runCli(['--help']);
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/^Usage: atlas-adjudicator COMMAND/);
  });

  it('reports an unknown option in one line with exit 2', async () => {
    const res = await runCli(['disputes', '--bogus', '--db', db]);
    expect(res.code).toBe(2);
    expect(res.stderr).toBe(
      "atlas-adjudicator: disputes: unknown option --bogus (see 'atlas-adjudicator disputes --help')\n",
    );
    expect(res.stdout).toBe('');
  });

  it('reports a missing store and a missing import path in one line with exit 1', async () => {
    const missing = await runCli(['disputes', '--db', `${dir.path}/nope.sqlite`]);
    expect(missing.code).toBe(1);
    expect(missing.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(missing.stderr).toMatch(/^atlas-adjudicator: --db: no store at .*nope\.sqlite/);
    const absent = await runCli(['import', `${dir.path}/no-such-run`, '--db', dir.db('import.sqlite')]);
    expect(absent.code).toBe(1);
    expect(absent.stderr).toMatch(/^atlas-adjudicator: import: no such file or directory: .*no-such-run\n$/);
  });
});
