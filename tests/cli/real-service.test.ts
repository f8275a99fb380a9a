// The installed command line end to end against the real service and a real
// SQLite file: import a generated workspace, list, show, rule, retract, export,
// serve. Every call is a child process, as a user would run it.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateWorkspace } from '../../db/demo/generate';
import type { GeneratedWorkspace } from '../../db/demo/generate';
import { BIN, REPO_ROOT, runCli, startBridge, tempDir } from '../e2e/support';
import { raw } from '../support/http';

interface Record_ {
  id: string;
  kind: string;
  task_id: string;
  gold_row: number | null;
  entity: string;
  column: string | null;
  gold: { state: string; value: string | null };
  clusters: { value: string; systems: string[]; agrees_with_gold: boolean }[];
  contesting: number;
  systems: string[];
  status: string;
  priority: number;
}

const dir = tempDir('cli-real-');
// Settings and the demo live in the temp folder, never in the user's own.
const env = {
  ATLAS_ADJUDICATOR_HOME: join(dir.path, 'home'),
  ATLAS_ADJUDICATOR_ENGINEER: undefined,
  ATLAS_ADJUDICATOR_DB: undefined,
};
const db = dir.db();
let ws: GeneratedWorkspace;
let paths: string[];

const cli = (args: string[], extra: Record<string, string | undefined> = {}) => runCli(args, { ...env, ...extra });
const records = (stdout: string): Record_[] =>
  stdout
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Record_);

beforeAll(async () => {
  ws = await generateWorkspace(join(dir.path, 'ws'), {
    seed: 11,
    tasks: 6,
    systems: 4,
    maxRows: 8,
    maxColumns: 5,
    includeZelda: true,
    cellsFile: true,
    judges: true,
  });
  paths = [ws.dataset, ws.runsDir, ...(ws.cells ? [ws.cells] : []), ...(ws.judges ? [ws.judges] : [])];
});
afterAll(() => dir.remove());

describe.sequential('a session from import to export', () => {
  let first: Record_;

  it('imports the workspace and prints the report object', async () => {
    const res = await cli(['import', ...paths, '--json', '--db', db]);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const report = JSON.parse(res.stdout) as {
      tasks: number;
      systems: number;
      cells: number;
      disputes: number;
      skipped: Record<string, string>[];
    };
    expect(report.tasks).toBe(ws.taskIds.length);
    expect(report.systems).toBeGreaterThanOrEqual(ws.systems.length);
    expect(report.cells).toBeGreaterThan(0);
    expect(report.disputes).toBeGreaterThan(0);
    for (const s of report.skipped) expect(Object.keys(s).sort()).toEqual(['field', 'path', 'reason']);
  });

  it('imports the same sources again as a no-op', async () => {
    const res = await cli(['import', ...paths, '--json', '--db', db]);
    expect(res.code).toBe(0);
    expect(JSON.parse(res.stdout)).toMatchObject({ tasks: 0, systems: 0, cells: 0, disputes: 0 });
  });

  it('lists every dispute as JSON lines with the contract fields, and the same count as text', async () => {
    const res = await cli(['disputes', '--json', '--db', db]);
    expect(res.code).toBe(0);
    const all = records(res.stdout);
    expect(all.length).toBeGreaterThan(0);
    expect(new Set(all.map((r) => r.id)).size).toBe(all.length);
    for (const r of all) {
      expect(r.id).toMatch(/\S/);
      expect(['cell', 'missing_row', 'report']).toContain(r.kind);
      expect(typeof r.task_id).toBe('string');
      expect(r.kind === 'missing_row' ? r.gold_row === null : typeof r.gold_row === 'number').toBe(true);
      expect(['value', 'blank', 'ungraded']).toContain(r.gold.state);
      expect(Array.isArray(r.clusters) && Array.isArray(r.systems)).toBe(true);
      for (const c of r.clusters)
        expect(Object.keys(c)).toEqual(expect.arrayContaining(['value', 'systems', 'agrees_with_gold']));
      expect(typeof r.contesting).toBe('number');
      expect(['open', 'resolved', 'conflict']).toContain(r.status);
      expect(typeof r.priority).toBe('number');
    }
    first = all[0] as Record_;
    const text = await cli(['disputes', '--db', db]);
    expect(text.stdout).toMatch(new RegExp(`${all.length.toLocaleString('en-US')} disputes?: `));
    const cells = records((await cli(['disputes', '--json', '--kind', 'cell', '--status', 'open', '--db', db])).stdout);
    expect(cells.every((r) => r.kind === 'cell' && r.status === 'open')).toBe(true);
    const task = records((await cli(['disputes', '--json', '--task', first.task_id, '--db', db])).stdout);
    expect(task.length).toBeGreaterThan(0);
    expect(task.every((r) => r.task_id === first.task_id)).toBe(true);
  });

  it('lists the same disputes as CSV for a spreadsheet, one row each, and refuses --json with --csv', async () => {
    const json = records((await cli(['disputes', '--json', '--db', db])).stdout);
    const csv = await cli(['disputes', '--csv', '--db', db]);
    expect(csv.code).toBe(0);
    const lines = csv.stdout.split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe(
      'id,kind,task_id,gold_row,entity,column,gold_state,gold_value,top_value,top_count,contesting,systems,status,priority,has_report',
    );
    const rows = lines.slice(1, -1);
    // Row order and ids follow --json; ids never need quoting.
    expect(rows.map((line) => line.split(',')[0])).toEqual(json.map((r) => r.id));
    const both = await cli(['disputes', '--json', '--csv', '--db', db]);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/--json and --csv/);
  });

  it('shows a dispute as text and as JSON', async () => {
    const json = await cli(['show', first.id, '--json', '--db', db]);
    expect(json.code).toBe(0);
    expect((JSON.parse(json.stdout) as { dispute: { id: string } }).dispute.id).toBe(first.id);
    const text = await cli(['show', first.id, '--db', db]);
    expect(text.stdout).toContain(`Dispute ${first.id}`);
    expect(text.stdout).toMatch(/Clusters \(\d+\):|Systems returning this entity/);
    const unknown = await cli(['show', 'd-0000', '--db', db]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trimEnd().split('\n')).toHaveLength(1);
  });

  it('rules, honours the engineer variable, and retracts', async () => {
    const decision = first.kind === 'missing_row' ? 'reject_row' : 'keep_gold';
    const ruled = await cli(
      [
        'rule',
        first.id,
        '--decision',
        decision,
        '--rationale',
        'checked',
        '--evidence',
        'https://example.org/a',
        '--json',
        '--db',
        db,
      ],
      {
        ATLAS_ADJUDICATOR_ENGINEER: 'mia',
      },
    );
    expect(ruled.stderr).toBe('');
    const result = JSON.parse(ruled.stdout) as {
      ruling: { engineer: string; decision: string; evidence: string[] };
      status: string;
    };
    expect(result.ruling).toMatchObject({ engineer: 'mia', decision, evidence: ['https://example.org/a'] });
    expect(result.status).toBe('resolved');
    const needs = records((await cli(['disputes', '--json', '--needs', 'mia', '--db', db])).stdout);
    expect(needs.some((r) => r.id === first.id)).toBe(false);
    const retracted = await cli(['retract', first.id, '--engineer', 'mia', '--db', db]);
    expect(retracted.code).toBe(0);
    expect(retracted.stdout).toMatch(/^Retracted mia's ruling/);
    expect(retracted.stdout).toContain('Status: open');
    const wrong = await cli([
      'rule',
      first.id,
      '--decision',
      first.kind === 'missing_row' ? 'keep_gold' : 'add_row',
      '--db',
      db,
    ]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/^atlas-adjudicator: rule: .+\n$/);
  });

  it('refuses at ruling time what apply could never use, naming it; the dispute stays open', async () => {
    const missing = records((await cli(['disputes', '--json', '--kind', 'missing_row', '--db', db])).stdout)[0]!;
    const shown = JSON.parse((await cli(['show', missing.id, '--json', '--db', db])).stdout) as {
      entity_column: string;
      columns: { name: string }[];
    };
    const attributes = shown.columns.map((c) => c.name).filter((name) => name !== shown.entity_column);
    const values = JSON.stringify({ 'No such column': 'x', [attributes[0]!]: '12' });
    const unknown = await cli(['rule', missing.id, '--decision', 'add_row', '--values', values, '--db', db]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(
      /^atlas-adjudicator: rule: --values: 1 column is not an attribute column of task .+: "No such column"; its attribute columns are .+\n$/,
    );
    expect(unknown.stderr).toContain(attributes.map((name) => JSON.stringify(name)).join(', '));
    const cell = records(
      (await cli(['disputes', '--json', '--kind', 'cell', '--status', 'open', '--db', db])).stdout,
    ).find((r) => r.clusters.every((c) => c.value !== '12345'))!;
    const stranger = await cli(['rule', cell.id, '--decision', 'accept_system', '--value', '12345', '--db', db]);
    expect(stranger.code).toBe(1);
    expect(stranger.stderr).toMatch(
      /accept_system takes a value a system gave: the value matches none of this dispute's \d+ cluster values?/,
    );
    const extra = await cli(['rule', cell.id, '--decision', 'keep_gold', '--value', '3', '--row', '3', '--db', db]);
    expect(extra.code).toBe(1);
    expect(extra.stderr).toMatch(/rule: decision keep_gold takes no value \(--value\) and no gold row \(--row\)\n$/);
    const after = records((await cli(['disputes', '--json', '--db', db])).stdout);
    expect(after.find((r) => r.id === missing.id)!.status).toBe('open');
    expect(after.find((r) => r.id === cell.id)!.status).toBe('open');
  });

  it('counts rows from 1 in the disputes table; --json keeps the 0-based index', async () => {
    const cell = records((await cli(['disputes', '--json', '--kind', 'cell', '--db', db])).stdout)[0]!;
    const text = (await cli(['disputes', '--kind', 'cell', '--task', cell.task_id, '--db', db])).stdout.split('\n');
    const head = text[0]!;
    const line = text.find((l) => l.startsWith(cell.id))!;
    expect(line.slice(head.indexOf('ROW'), head.indexOf('ENTITY')).trim()).toBe(String(cell.gold_row! + 1));
  });

  it('exports a deterministic patch', async () => {
    await cli([
      'rule',
      first.id,
      '--decision',
      first.kind === 'missing_row' ? 'reject_row' : 'mark_ungraded',
      '--engineer',
      'kai',
      '--db',
      db,
    ]);
    const a = join(dir.path, 'a.json');
    const b = join(dir.path, 'b.json');
    const one = await cli(['export', '--revision', 'v1.1', '--out', a, '--json', '--db', db]);
    expect(one.stderr).toBe('');
    expect(one.code).toBe(0);
    expect(JSON.parse(one.stdout)).toMatchObject({ path: a, revision: 'v1.1', encrypted: true });
    await cli(['export', '--revision', 'v1.1', '--out', b, '--db', db]);
    expect(readFileSync(a, 'utf8')).toBe(readFileSync(b, 'utf8'));
    expect(JSON.parse(readFileSync(a, 'utf8'))).toMatchObject({
      format: 'atlas-gold-patch/1',
      revision: 'v1.1',
      encrypted: true,
    });
  });

  it('survives a closed pipe without noise', async () => {
    const res = await new Promise<{ code: number | null; stderr: string; stdout: string }>((resolve) => {
      const sh = spawn('sh', ['-c', `"${process.execPath}" "${BIN}" disputes --json --db "${db}" | head -n 1`], {
        cwd: REPO_ROOT,
        env: { ...process.env, ...env },
      });
      let stderr = '';
      let stdout = '';
      sh.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      sh.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      sh.on('close', (code) => resolve({ code, stderr, stdout }));
    });
    expect(res.stderr).toBe('');
    expect(res.stdout.trimEnd().split('\n')).toHaveLength(1);
  });
});

describe('imports that go wrong', () => {
  it('skips a task with a truncated grade.json, names the file, and exits 0', async () => {
    const copy = join(dir.path, 'broken-runs');
    cpSync(ws.runsDir, copy, { recursive: true });
    const run = readdirSync(copy)[0] as string;
    const task = readdirSync(join(copy, run, 'tasks')).find((t) =>
      existsSync(join(copy, run, 'tasks', t, 'grade.json')),
    ) as string;
    const grade = join(copy, run, 'tasks', task, 'grade.json');
    writeFileSync(grade, readFileSync(grade, 'utf8').slice(0, 40));
    const res = await cli(['import', ws.dataset, copy, '--json', '--db', dir.db('broken.sqlite')]);
    expect(res.code).toBe(0);
    const report = JSON.parse(res.stdout) as { skipped: { path: string }[]; tasks: number };
    expect(report.tasks).toBeGreaterThan(0);
    expect(report.skipped.some((s) => s.path.includes(run) && s.path.endsWith('grade.json'))).toBe(true);
  });

  it('refuses files above --max-file-size (or the environment’s limit) by name, and a size it cannot read', async () => {
    // The dataset is named: above the limit, it fails the import whole.
    const named = await cli([
      'import',
      ws.dataset,
      ws.runsDir,
      '--max-file-size',
      '2k',
      '--json',
      '--db',
      dir.db('limited-named.sqlite'),
    ]);
    expect(named.code).toBe(1);
    expect(named.stderr).toMatch(
      new RegExp(
        `cannot read ${ws.dataset.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')}: file is .* above the size limit of 2\\.0 KiB`,
        'u',
      ),
    );
    // Run files found in the run directories are skipped and named.
    const limited = await cli([
      'import',
      ws.runsDir,
      '--max-file-size',
      '2k',
      '--json',
      '--db',
      dir.db('limited.sqlite'),
    ]);
    const report = JSON.parse(limited.stdout) as { skipped: { path: string; reason: string }[]; tasks: number };
    const tooLarge = report.skipped.filter((s) =>
      /above the size limit of 2\.0 KiB|above the size limit of .*\(2048 bytes\)/.test(s.reason),
    );
    expect(tooLarge.length).toBeGreaterThan(0);
    expect(tooLarge.every((s) => s.path.startsWith(ws.runsDir))).toBe(true);

    const fromEnv = await cli(['import', ws.runsDir, '--json', '--db', dir.db('limited-env.sqlite')], {
      ATLAS_ADJUDICATOR_MAX_FILE_SIZE: '2048',
    });
    expect((JSON.parse(fromEnv.stdout) as { skipped: unknown[] }).skipped).toHaveLength(report.skipped.length);

    const bad = await cli(['import', ws.dataset, '--max-file-size', 'lots', '--db', dir.db('bad-size.sqlite')]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--max-file-size "lots": expected a size such as 64M/);
  });

  it('exits 1 when nothing could be imported, leaving the store empty', async () => {
    const empty = join(dir.path, 'empty');
    mkdirSync(empty);
    const store = dir.db('empty.sqlite');
    const res = await cli(['import', empty, '--db', store]);
    expect(res.code).toBe(1);
    expect(res.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(res.stderr).toMatch(/^atlas-adjudicator: import: /);
    if (existsSync(store)) expect((await cli(['disputes', '--json', '--db', store])).stdout).toBe('');
  });

  it('cancels on SIGINT with exit 130 and leaves the store unchanged', async () => {
    const big = await generateWorkspace(join(dir.path, 'big'), {
      seed: 5,
      tasks: 80,
      systems: 6,
      includeZelda: false,
      cellsFile: false,
      judges: false,
    });
    const store = dir.db('interrupted.sqlite');
    const child = spawn(process.execPath, [BIN, 'import', big.dataset, big.runsDir, '--db', store], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    // The store file appears when the command opens it, just before the import starts.
    while (!existsSync(store)) await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => setTimeout(r, 300));
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(stderr).toBe('atlas-adjudicator: import cancelled; the store is unchanged\n');
    expect((await cli(['disputes', '--json', '--db', store])).stdout).toBe('');
  });
});

describe('import, interrupted as the store is created', () => {
  it('exits 130 and leaves no store behind', async () => {
    const store = dir.db('created.sqlite');
    const child = spawn(process.execPath, [BIN, 'import', ws.dataset, ws.runsDir, '--db', store], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    // At once: the store is still being created and migrated.
    while (!existsSync(store)) await new Promise((r) => setTimeout(r, 1));
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(stderr).toBe('atlas-adjudicator: import cancelled; the store is unchanged\n');
    expect(existsSync(store)).toBe(false);
  });
});

describe('serve', () => {
  it('serves the real store in browser mode and refuses strangers', async () => {
    const bridge = await startBridge(db, { env });
    try {
      expect(bridge.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#token=[A-Za-z0-9_-]{43}$/);
      const info = await bridge.api('getInfo', {});
      expect(info.tasks).toBe(ws.taskIds.length);
      const listing = await bridge.api('listDisputes', { limit: 5 });
      expect(listing.rows.length).toBeGreaterThan(0);
      expect(
        (
          await raw(bridge.port, {
            method: 'POST',
            path: '/api/getInfo',
            headers: { 'Content-Type': 'application/json' },
            body: '{}',
          })
        ).status,
      ).toBe(401);
      expect((await raw(bridge.port, { path: '/', headers: { Host: `rebind.example:${bridge.port}` } })).status).toBe(
        421,
      );
      const page = await raw(bridge.port, { path: '/' });
      expect(page.status).toBe(200);
      expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    } finally {
      await bridge.close();
    }
    await expect(fetch(`${bridge.origin}/`)).rejects.toThrow();
  });
});
