// Each command in-process against the fake service: what it asks the service,
// what it prints (text and --json), exit codes, interrupts.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../e2e/support';
import { asHandle, CELL_ID, createFakeService, HOSTILE_VALUE, IMPORT_REPORT, MISSING_ID } from './support/fake-service';
import type { FakeOptions, FakeService } from './support/fake-service';
import { Capture, harness } from './support/harness';

const dir = tempDir('cli-commands-');
const db = dir.db();
writeFileSync(db, '');
const runDir = join(dir.path, 'alpha-atlas-1');
mkdirSync(runDir);
afterAll(() => dir.remove());

function setup(options: FakeOptions & { tty?: boolean; env?: Record<string, string> } = {}) {
  const fakes: FakeService[] = [];
  const h = harness(
    () => {
      const f = createFakeService(options);
      fakes.push(f);
      return asHandle(f);
    },
    { tty: options.tty ?? false, env: options.env ?? {}, cwd: dir.path },
  );
  return { h, fakes, fake: () => fakes[0] as FakeService };
}

// eslint-disable-next-line no-control-regex
const ESC = /\u001b/;

describe('disputes', () => {
  it('--json prints one object per line, every record, and closes the store', async () => {
    const { h, fake } = setup();
    const res = await h.run(['disputes', '--json', '--db', db]);
    expect(res.code).toBe(0);
    const lines = res.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: string });
    expect(lines.map((l) => l.id)).toEqual([CELL_ID, MISSING_ID]);
    expect(fake().closed).toBe(true);
  });

  it('passes the filters through, validated', async () => {
    const { h, fake } = setup();
    const res = await h.run([
      'disputes',
      '--json',
      '--status',
      'open',
      '--kind',
      'cell',
      '--task',
      'zelda-remakes',
      '--needs',
      'mia',
      '--db',
      db,
    ]);
    expect(res.code).toBe(0);
    expect(fake().calls.find((c) => c.method === 'disputeRecords')?.input).toEqual({
      status: 'open',
      kind: 'cell',
      task: 'zelda-remakes',
      needs: 'mia',
    });
    expect(res.stdout.trimEnd().split('\n')).toHaveLength(1);
  });

  it('prints an aligned table with inert values by default', async () => {
    const { h } = setup();
    const res = await h.run(['disputes', '--db', db]);
    expect(res.code).toBe(0);
    const lines = res.stdout.split('\n');
    expect(lines[0]).toMatch(/^ID\s+KIND\s+STATUS\s+TASK/);
    expect(lines[1]?.slice(lines[0]?.indexOf('KIND')).startsWith('cell ')).toBe(true);
    expect(res.stdout).toContain('93 (3)');
    expect(res.stdout).toContain('(not in gold)');
    // Gold row index 0 is the first row: "1" in the table, as people count it (the JSON keeps 0).
    const head = lines[0]!;
    expect(lines[1]!.slice(head.indexOf('ROW'), head.indexOf('ENTITY')).trim()).toBe('1');
    expect(lines[2]!.slice(head.indexOf('ROW'), head.indexOf('ENTITY')).trim()).toBe('');
    expect(res.stdout).toMatch(/2 disputes: 1 open, 1 resolved, 0 conflict/);
    expect(res.stdout).not.toMatch(ESC);
  });

  it('uses $ATLAS_ADJUDICATOR_DB when --db is absent', async () => {
    const { h } = setup({ env: { ATLAS_ADJUDICATOR_DB: db } });
    expect((await h.run(['disputes'])).code).toBe(0);
    const missing = setup({ env: { ATLAS_ADJUDICATOR_DB: join(dir.path, 'absent.sqlite') } });
    const res = await missing.h.run(['disputes']);
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/absent\.sqlite/);
  });
});

describe('show', () => {
  it('prints question, rule, gold, clusters with systems and sources, judges and rulings; nothing raw', async () => {
    const { h } = setup();
    const res = await h.run(['show', CELL_ID, '--db', db]);
    expect(res.code).toBe(0);
    for (const text of [
      'Find every Zelda remake',
      'Critic Metascore · rule: number (tolerance 0)',
      'Gold       94',
      '[a] 93 · 3 systems · contests gold',
      'alpha as "Ocarina of Time 3D": incorrect by deterministic',
      'source: https://example.org/review',
      'judge-1: system · value 93',
      'Rulings (0):',
    ]) {
      expect(res.stdout).toContain(text);
    }
    expect(res.stdout).toContain('javascript:alert(1)  (unsafe: not an http(s) link)');
    expect(res.stdout).toContain('red\\u001b[31m<img src=x onerror=alert(1)>');
    expect(res.stdout).not.toMatch(ESC);
  });

  it('--json prints the DisputeDetail', async () => {
    const { h } = setup();
    const res = await h.run(['show', CELL_ID, '--json', '--db', db]);
    expect(res.code).toBe(0);
    const detail = JSON.parse(res.stdout) as { dispute: { id: string }; clusters: { value: string }[] };
    expect(detail.dispute.id).toBe(CELL_ID);
    expect(detail.clusters[1]?.value).toBe(HOSTILE_VALUE);
  });

  it('reports an unknown dispute in one line with exit 1', async () => {
    const { h } = setup();
    const res = await h.run(['show', 'd-nope', '--db', db]);
    expect(res.code).toBe(1);
    expect(res.stderr).toBe('atlas-adjudicator: show: no dispute d-nope\n');
  });
});

describe('rule and retract', () => {
  it('maps every option onto the rule input and prints ruling and status', async () => {
    const { h, fake } = setup();
    const res = await h.run([
      'rule',
      CELL_ID,
      '--decision',
      'add_row',
      '--value',
      '93',
      '--rationale',
      'seen on the site',
      '--evidence',
      'https://a.example/1',
      '--evidence',
      'https://a.example/2',
      '--engineer',
      'mia',
      '--row',
      '2',
      '--values',
      '{"Critic Metascore": 93, "City": "Kyoto"}',
      '--db',
      db,
    ]);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(fake().calls.find((c) => c.method === 'rule')?.input).toEqual({
      disputeId: CELL_ID,
      decision: 'add_row',
      value: '93',
      rationale: 'seen on the site',
      evidence: ['https://a.example/1', 'https://a.example/2'],
      engineer: 'mia',
      row: 1,
      values: { 'Critic Metascore': '93', City: 'Kyoto' },
    });
    expect(res.stdout).toBe(
      [
        `Recorded add_row value "93" on ${CELL_ID} by mia (ruling r-1).`,
        'Writes: add_row "93"',
        '  "City": "Kyoto"',
        '  "Critic Metascore": "93"',
        'Status: resolved',
        '',
      ].join('\n'),
    );
  });

  it('passes --keep-spelling as keepSpelling, and nothing when it is not given', async () => {
    const keepSpelling = async (...flags: string[]) => {
      const { h, fake } = setup();
      expect(
        (await h.run(['rule', CELL_ID, '--decision', 'accept_system', '--value', '93.0', ...flags, '--db', db])).code,
      ).toBe(0);
      return (fake().calls.find((c) => c.method === 'rule')?.input as { keepSpelling?: boolean }).keepSpelling;
    };
    expect([await keepSpelling('--keep-spelling'), await keepSpelling()]).toEqual([true, undefined]);
  });

  it('takes the engineer from $ATLAS_ADJUDICATOR_ENGINEER, else leaves it to the service', async () => {
    const withEnv = setup({ env: { ATLAS_ADJUDICATOR_ENGINEER: 'kai' } });
    await withEnv.h.run(['rule', CELL_ID, '--decision', 'keep_gold', '--db', db]);
    expect((withEnv.fake().calls.find((c) => c.method === 'rule')?.input as { engineer?: string }).engineer).toBe(
      'kai',
    );
    const plain = setup();
    const res = await plain.h.run(['rule', CELL_ID, '--decision', 'keep_gold', '--json', '--db', db]);
    expect(
      (plain.fake().calls.find((c) => c.method === 'rule')?.input as { engineer?: string }).engineer,
    ).toBeUndefined();
    expect(JSON.parse(res.stdout)).toMatchObject({
      status: 'resolved',
      ruling: { decision: 'keep_gold', engineer: 'fake-engineer' },
    });
  });

  it('retract prints the retraction and the new status', async () => {
    const { h, fake } = setup();
    const res = await h.run(['retract', CELL_ID, '--engineer', 'mia', '--db', db]);
    expect(res.code).toBe(0);
    expect(fake().calls.find((c) => c.method === 'retract')?.input).toEqual({ disputeId: CELL_ID, engineer: 'mia' });
    expect(res.stdout).toMatch(/^Retracted mia's ruling r-1 on d-cell/);
    expect(res.stdout).toContain('Status: open');
  });
});

describe('export', () => {
  it('resolves paths against the working directory and reports the patch', async () => {
    const { h, fake } = setup();
    const res = await h.run([
      'export',
      '--revision',
      'v1.1',
      '--out',
      'patch.json',
      '--base-revision',
      'v1.0',
      '--db',
      db,
    ]);
    expect(res.code).toBe(0);
    expect(fake().calls.find((c) => c.method === 'exportPatch')?.input).toEqual({
      revision: 'v1.1',
      out: join(dir.path, 'patch.json'),
      baseRevision: 'v1.0',
      plaintext: false,
      overwrite: false,
    });
    expect(existsSync(join(dir.path, 'patch.json'))).toBe(true);
    expect(res.stdout).toMatch(/^Wrote v1\.1: 0 operations, encrypted, to /);
  });

  it('names --out and --dataset when they point nowhere', async () => {
    const { h } = setup();
    const out = await h.run(['export', '--revision', 'v1.1', '--out', 'no/such/dir/p.json', '--db', db]);
    expect(out.code).toBe(1);
    expect(out.stderr).toMatch(/^atlas-adjudicator: export: --out: no such directory: /);
    const ds = await h.run([
      'export',
      '--revision',
      'v1.1',
      '--out',
      'p.json',
      '--dataset',
      'missing.jsonl',
      '--db',
      db,
    ]);
    expect(ds.code).toBe(1);
    expect(ds.stderr).toMatch(/^atlas-adjudicator: export: --dataset: no such file: .*missing\.jsonl\n$/);
  });
});

describe('import', () => {
  it('--json prints the contract object, exit 0 even with skipped tasks', async () => {
    const { h, fake } = setup();
    const res = await h.run(['import', 'alpha-atlas-1', '--json', '--db', db]);
    expect(res.code).toBe(0);
    expect(fake().calls.find((c) => c.method === 'importPaths')?.input).toEqual([runDir]);
    const report = JSON.parse(res.stdout) as Record<string, unknown>;
    expect(report).toMatchObject({ tasks: 2, systems: 3, cells: 40, disputes: 2, skipped: IMPORT_REPORT.skipped });
    expect(res.stderr).toBe('');
  });

  it('prints a readable report naming skipped files', async () => {
    const { h } = setup();
    const res = await h.run(['import', runDir, '--db', db]);
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/^Imported 2 tasks, 3 systems, 40 cells, 2 disputes, 1 judge opinion/);
    expect(res.stdout).toContain('/runs/alpha-atlas-1/tasks/t_2/grade.json  scores  truncated JSON');
    expect(res.stdout).toContain('1 failed task');
  });

  it('names the revision a dataset import made the base, what it settled and the tasks left with older gold (--json too)', async () => {
    const revision = { tag: 'v1.1', settled: 4, tasks_left: ['t/2'], recognised_by_gold: false };
    const { h } = setup({ report: { ...IMPORT_REPORT, revision } });
    const res = await h.run(['import', runDir, '--db', db]);
    expect(res.stdout).toContain(
      "Revision v1.1 is now the base: 4 disputes settled by it.\n  1 task it changed kept its older gold here (see the skipped item): the revision's changes to it are settled, but new rulings on it cannot be exported from this store: t/2.",
    );
    const json = setup({ report: { ...IMPORT_REPORT, revision } });
    expect(JSON.parse((await json.h.run(['import', runDir, '--json', '--db', db])).stdout)).toMatchObject({ revision });
  });

  it('prints a long skip reason in full under its file, wrapped, rather than cut to a table cell', async () => {
    const reason = `task t/2: ${'its gold would go from 6 gold rows to 5 while graded runs aligned to the old rows are in this store, '.repeat(2)}so the task was left as it was (runs graded against this dataset need a fresh store)`;
    const { h } = setup({
      report: {
        ...IMPORT_REPORT,
        skipped: [...IMPORT_REPORT.skipped, { path: '/data/atlas-v1.1.jsonl', field: 'gold.rows', reason }],
      },
    });
    const res = await h.run(['import', runDir, '--db', db]);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('  /data/atlas-v1.1.jsonl (gold.rows)\n      task t/2: its gold would go');
    expect(res.stdout.replace(/\n {6}/g, ' ')).toContain(reason);
    expect(res.stdout).toContain('  /runs/alpha-atlas-1/tasks/t_2/grade.json (scores)\n      truncated JSON');
    for (const line of res.stdout.split('\n')) expect(line.length).toBeLessThanOrEqual(110);
  });

  it('exits 0 on a re-import that adds nothing, 1 when nothing could be imported into an empty store', async () => {
    const zero = { ...IMPORT_REPORT, tasks: 0, systems: 0, cells: 0, disputes: 0, judges: 0 };
    const again = setup({ report: zero, tasks: 5 });
    expect((await again.h.run(['import', runDir, '--db', db])).code).toBe(0);
    const nothing = setup({ report: zero, tasks: 0 });
    const res = await nothing.h.run(['import', runDir, '--json', '--db', db]);
    expect(res.code).toBe(1);
    expect(JSON.parse(res.stdout)).toMatchObject({ tasks: 0, skipped: IMPORT_REPORT.skipped });
    expect(res.stderr).toBe(
      'atlas-adjudicator: import: nothing could be imported: every task was skipped (1 in the report)\n',
    );
  });

  it('shows progress on stderr only when it is a terminal', async () => {
    const tty = setup({ tty: true, importDelayMs: 300 });
    const res = await tty.h.run(['import', runDir, '--db', db]);
    expect(res.code).toBe(0);
    expect(res.stderr).toContain('\r\u001b[Kimport ');
    expect(res.stderr).toMatch(/import [▓░]+ \d+% \d+\/10 file \d/);
    expect(res.stderr.endsWith('\r\u001b[K')).toBe(true);
    const pipe = setup({ importDelayMs: 300 });
    expect((await pipe.h.run(['import', runDir, '--db', db])).stderr).toBe('');
  });

  it('cancels on SIGINT: exit 130, store unchanged message, handlers removed', async () => {
    const { h } = setup({ importDelayMs: 2000 });
    const pending = h.run(['import', runDir, '--db', db]);
    await new Promise((r) => setTimeout(r, 200));
    expect(h.listeners()).toBe(1);
    h.signal('SIGINT');
    const res = await pending;
    expect(res.code).toBe(130);
    expect(res.stderr).toBe('atlas-adjudicator: import cancelled; the store is unchanged\n');
    expect(res.stdout).toBe('');
    expect(h.listeners()).toBe(0);
  });
});

describe('demo', () => {
  it('polls the job and prints its report', async () => {
    const { h, fake } = setup();
    const res = await h.run(['demo', '--json', '--db', join(dir.path, 'demo.sqlite')]);
    expect(res.code).toBe(0);
    expect(fake().calls.some((c) => c.method === 'loadDemo')).toBe(true);
    expect(JSON.parse(res.stdout)).toMatchObject({ tasks: 2, disputes: 2 });
  });

  it('cancels the job on SIGINT with exit 130', async () => {
    const { h } = setup();
    const pending = h.run(['demo', '--db', join(dir.path, 'demo.sqlite')]);
    await new Promise((r) => setTimeout(r, 50));
    h.signal('SIGINT');
    const res = await pending;
    expect(res.code).toBe(130);
    expect(res.stderr).toMatch(/^atlas-adjudicator: demo: cancelled/);
  });
});

describe('serve', () => {
  it('prints the URL with its token, answers the API, and stops on SIGTERM', async () => {
    const { h, fake } = setup();
    const out = new Capture();
    const pending = h.run(['serve', '--port', '0', '--db', db], { stdout: out });
    // Poll the output while serve runs: it only returns once signalled.
    while (!out.text.includes('Press Ctrl+C')) await new Promise((r) => setTimeout(r, 20));
    const match = /Open: (http:\/\/127\.0\.0\.1:(\d+)\/#token=([A-Za-z0-9_-]+))/.exec(out.text);
    expect(match).not.toBeNull();
    const [, , port, token] = match as unknown as [string, string, string, string];
    const res = await fetch(`http://127.0.0.1:${port}/api/getFacets`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: '{}',
    });
    expect(res.status).toBe(200);
    h.signal('SIGTERM');
    expect((await pending).code).toBe(0);
    expect(fake().closed).toBe(true);
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
  });
});
