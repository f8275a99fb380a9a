// What a CLI audit found, each run in-process against a real SQLite store in a
// temp folder: unknown --column/--system said as such and close task ids found
// by their number, a file that is no ruling log refused in one line, validator
// wording in the tool's own words, a repeated option refused, one export
// warning for every earlier revision, the store named when it is too new,
// blind review counting only rulings that stand, and a missing row that a
// revision added shown where gold now has it.
import Database from 'better-sqlite3';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedWorkspace } from '../../db/demo/generate';
import type { DisputeRecord } from '../../db/queries/dispute-records';
import type { ServiceHandle } from '../../db/service';
import { openService } from '../../db/service';
import type { DisputeDetail, ExportResult } from '../../shared/api-types';
import { freshService, smallWorkspace, tempDir, workspacePaths } from '../support/workspace';
import { harness } from './support/harness';
import type { Harness } from './support/harness';

/** The command line on the store at `dbPath`, one connection per command as the installed CLI opens it. */
function cliOn(dbPath: string, dir: string): Harness {
  return harness(() => openService({ dbPath, settingsPath: join(dir, 'settings.json'), engineer: 'mia' }), {
    cwd: dir,
  });
}

const jsonLines = <T>(stdout: string): T[] =>
  stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as T);

let ws: GeneratedWorkspace;
const stores: ServiceHandle[] = [];

/** A fresh store with the small workspace imported, and the CLI on it. */
async function store(
  prefix: string,
): Promise<{ service: ServiceHandle; dir: string; run: (...argv: string[]) => ReturnType<Harness['run']> }> {
  const service = freshService('mia');
  stores.push(service);
  await service.importPaths(workspacePaths(ws));
  const dir = tempDir(prefix);
  const cli = cliOn(service.dbPath, dir);
  return { service, dir, run: (...argv) => cli.run([...argv, '--db', service.dbPath]) };
}

beforeAll(async () => {
  ws = await smallWorkspace();
});
afterAll(() => {
  for (const service of stores) service.close();
});

describe('disputes: filters naming what the store does not have', () => {
  let run: (...argv: string[]) => ReturnType<Harness['run']>;
  let service: ServiceHandle;
  beforeAll(async () => {
    ({ run, service } = await store('atlas-audit-filters-'));
  });

  it('--task atlas-0006 suggests the task with that number first: atlas/0006:zelda remakes', async () => {
    const zelda = ws.taskIds.find((id) => id.includes('zelda'))!;
    expect(zelda).toBe('atlas/0006:zelda remakes');
    const res = await run('disputes', '--task', 'atlas-0006');
    expect(res.code).toBe(1);
    expect(res.stdout).toBe('');
    expect(res.stderr).toContain(`this store has no task "atlas-0006" (did you mean "${zelda}", `);
    // The typed text inside an id finds it too.
    expect((await run('disputes', '--task', 'zelda')).stderr).toContain(`(did you mean "${zelda}"?)`);
  });

  it('an unknown --column exits 1 naming it (and close columns), rather than "No disputes match."', async () => {
    const res = await run('disputes', '--column', 'nonexistent col');
    expect(res.code).toBe(1);
    expect(res.stdout).toBe('');
    expect(res.stderr).toBe(
      'atlas-adjudicator: disputes: --column: this store has no column named "nonexistent col"; leave out --column to list every dispute\n',
    );
    const typo = await run('disputes', '--column', 'critic metascor');
    expect(typo.code).toBe(1);
    expect(typo.stderr).toContain('(did you mean "Critic Metascore"?)');
  });

  it('an unknown --system exits 1 naming it and close systems', async () => {
    const res = await run('disputes', '--system', 'nosuch');
    expect(res.code).toBe(1);
    expect(res.stdout).toBe('');
    expect(res.stderr).toMatch(/^atlas-adjudicator: disputes: --system: this store has no system named "nosuch"/u);
    const system = [...service.disputeRecords({ kind: 'cell' })][0]!.systems[0]!;
    const typo = await run('disputes', '--system', system.slice(0, -1));
    expect(typo.code).toBe(1);
    expect(typo.stderr).toContain(`did you mean ${system}`);
  });

  it('a column and system the store has, with no dispute matching, are still an empty list (exit 0)', async () => {
    const cell = [...service.disputeRecords({ kind: 'cell' })][0]!;
    const res = await run('disputes', '--column', cell.column!, '--system', cell.systems[0]!, '--kind', 'missing_row');
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toBe('No disputes match.\n');
  });
});

describe('rulings import and validator wording', () => {
  let run: (...argv: string[]) => ReturnType<Harness['run']>;
  let service: ServiceHandle;
  let dir: string;
  beforeAll(async () => {
    ({ run, service, dir } = await store('atlas-audit-rulings-'));
  });

  it('refuses a file that is no ruling log in one line naming it and what was expected', async () => {
    const judges = ws.judges!;
    const res = await run('rulings', 'import', judges);
    expect(res.code).toBe(1);
    expect(res.stdout).toBe('');
    expect(res.stderr).toBe(
      `atlas-adjudicator: rulings import: ${judges}: not a ruling log (line 1 has no "format": "atlas-rulings/3"); expected a *.rulings.jsonl file written by \`rulings export\`\n`,
    );
  });

  it('keeps per-line reasons for a real log with a bad line', async () => {
    const cell = [...service.disputeRecords({ kind: 'cell' })][0]!;
    await service.rule({ disputeId: cell.id, decision: 'keep_gold' });
    const log = join(dir, 'mia.rulings.jsonl');
    await service.exportRulings({ out: log, plaintext: true });
    writeFileSync(log, `\n${readFileSync(log, 'utf8')}not json\n`);
    const res = await run('rulings', 'import', log);
    // The good line is taken; the refused one fails the command, so a script merging logs notices it.
    expect(res.code).toBe(1);
    expect(res.stdout).toMatch(
      /^Added 0 rulings, 1 already present, 1 refused\n {2}refused .*mia\.rulings\.jsonl:3: not JSON/u,
    );
  });

  it('says a bad choice and an empty value in its own words, naming the option', async () => {
    const cell = [...service.disputeRecords({ kind: 'cell' })][0]!;
    const bad = await run('rule', cell.id, '--decision', 'bogus');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(
      /^atlas-adjudicator: rule: --decision: expected one of keep_gold, accept_system, accept_both, new_value, .*, got "bogus" \(see /u,
    );
    expect(bad.stderr).not.toMatch(/Invalid option|"\|"/u);
    const status = await run('disputes', '--status', 'closed');
    expect(status.stderr).toMatch(
      /^atlas-adjudicator: disputes: --status: expected one of open, resolved, conflict, got "closed" \(see /u,
    );
    const empty = await run('show', '');
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/^atlas-adjudicator: show: DISPUTE_ID: must not be empty \(see /u);
    expect(empty.stderr).not.toMatch(/Too small|>=1/u);
  });
});

describe('a repeated option', () => {
  let run: (...argv: string[]) => ReturnType<Harness['run']>;
  let service: ServiceHandle;
  beforeAll(async () => {
    ({ run, service } = await store('atlas-audit-repeat-'));
  });

  it('is refused as a usage error, recording nothing, where it takes one value', async () => {
    const cell = [...service.disputeRecords({ kind: 'cell', status: 'open' })][0]!;
    const res = await run('rule', cell.id, '--decision', 'keep_gold', '--decision', 'new_value', '--value', '3');
    expect(res.code).toBe(2);
    expect(res.stdout).toBe('');
    expect(res.stderr).toMatch(/^atlas-adjudicator: rule: --decision given twice/u);
    expect((await service.getDispute({ id: cell.id })).rulings).toEqual([]);
    const filter = await run('disputes', '--kind', 'cell', '--kind', 'missing_row');
    expect(filter.code).toBe(2);
    expect(filter.stderr).toMatch(/^atlas-adjudicator: disputes: --kind given twice/u);
  });

  it('stays repeatable where documented so (rule --evidence), and a repeated flag is harmless', async () => {
    const cell = [...service.disputeRecords({ kind: 'cell', status: 'open' })][0]!;
    const res = await run(
      'rule',
      cell.id,
      '--decision',
      'keep_gold',
      '--evidence',
      'https://a.example/1',
      '--evidence',
      'https://b.example/2',
      '--json',
      '--json',
    );
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect((JSON.parse(res.stdout) as { ruling: { evidence: string[] } }).ruling.evidence).toEqual([
      'https://a.example/1',
      'https://b.example/2',
    ]);
  });
});

describe('export: earlier revisions not imported yet, in one warning', () => {
  it('names every earlier revision in one line, and --json keeps one warning', async () => {
    const { run, service, dir } = await store('atlas-audit-export-');
    const cells = [...service.disputeRecords({ kind: 'cell', status: 'open' })];
    for (const [i, tag] of ['v1.1', 'v1.2', 'v1.3'].entries()) {
      await service.rule({ disputeId: cells[i]!.id, decision: 'new_value', value: `Value ${i}` });
      await service.exportPatch({ revision: tag, out: join(dir, `${tag}.patch.json`) });
    }
    await service.rule({ disputeId: cells[3]!.id, decision: 'new_value', value: 'Value 3' });
    const text = await run('export', '--revision', 'v1.4', '--out', join(dir, 'v1.4.patch.json'));
    expect(text.code).toBe(0);
    // What the patch leaves out (the open disputes nobody ruled on) is said first, on a line of its own.
    const warnings = text.stderr
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('left out of the patch:'));
    // v1.4 carries the three rulings v1.3 carries (v1.3 carries v1.2's, which carries v1.1's).
    expect(warnings).toEqual([
      'warning: 3 operations of v1.4 are also in v1.1, v1.2, v1.3 (not imported as the base yet): apply only one of these patches, or import the revised dataset of the one you apply first so its changes settle and leave later exports.',
    ]);
    const json = await run('export', '--revision', 'v1.5', '--out', join(dir, 'v1.5.patch.json'), '--json');
    expect(json.code).toBe(0);
    const result = JSON.parse(json.stdout) as ExportResult;
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings![0]).toMatch(
      /^4 operations of v1\.5 are also in v1\.1, v1\.2, v1\.3, v1\.4 \(not imported as the base yet\): /u,
    );
  });
});

describe('a store written by a newer version', () => {
  it('is refused naming the store file', async () => {
    const dir = tempDir('atlas-audit-newer-');
    const path = join(dir, 'future.sqlite');
    const db = new Database(path);
    db.pragma('user_version = 999');
    db.close();
    const res = await cliOn(path, dir).run(['disputes', '--db', path]);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(`store ${path}: written by a newer ATLAS Adjudicator (schema 999;`);
  });
});

describe('blind review counts only rulings that stand', () => {
  it('leaves out an engineer who retracted her only ruling', async () => {
    const { run, service } = await store('atlas-audit-blind-');
    expect((await run('policy', '--required', '3', '--blind', 'on')).code).toBe(0);
    const cell = [...service.disputeRecords({ kind: 'cell', status: 'open' })][0]!;
    for (const engineer of ['ann', 'bea', 'cat'])
      expect((await run('rule', cell.id, '--decision', 'keep_gold', '--engineer', engineer)).code).toBe(0);
    expect((await run('retract', cell.id, '--engineer', 'cat')).code).toBe(0);
    const shown = await run('show', cell.id, '--engineer', 'dan');
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain(
      '  (2 other engineers have ruled; blind review hides their rulings until you rule)\n',
    );
    const json = JSON.parse((await run('show', cell.id, '--engineer', 'dan', '--json')).stdout) as DisputeDetail;
    expect(json.hidden_engineers).toBe(2);
    // Once the last standing ruling of one of them is withdrawn too, one is left.
    expect((await run('retract', cell.id, '--engineer', 'bea')).code).toBe(0);
    expect((await run('show', cell.id, '--engineer', 'dan')).stdout).toContain('  (1 other engineer has ruled;');
  });
});

describe('a missing row a revision added', () => {
  it('reads "in gold now" in the disputes table, as show says, with its row in --json', async () => {
    const { run, service, dir } = await store('atlas-audit-missing-');
    const missing = [...service.disputeRecords({ kind: 'missing_row' })][0]!;
    await service.rule({ disputeId: missing.id, decision: 'add_row' });
    const patch = join(dir, 'v1.1.patch.json');
    await service.exportPatch({ revision: 'v1.1', out: patch });
    const revised = join(dir, 'revised.jsonl');
    expect((await run('apply', '--dataset', ws.dataset, '--patch', patch, '--out', revised)).code).toBe(0);
    expect((await run('import', revised)).code).toBe(0);

    const show = await run('show', missing.id);
    const row = /in gold now: row (\d+) · /u.exec(show.stdout)?.[1];
    expect(row, show.stdout).toBeDefined();
    const table = await run('disputes', '--kind', 'missing_row', '--task', missing.task_id);
    expect(table.code).toBe(0);
    const line = table.stdout.split('\n').find((l) => l.startsWith(missing.id))!;
    expect(line).toContain(`(in gold now: row ${row})`);
    expect(line).not.toContain('(not in gold)');
    const record = jsonLines<DisputeRecord>((await run('disputes', '--kind', 'missing_row', '--json')).stdout).find(
      (r) => r.id === missing.id,
    )!;
    expect(record.gold_row_now).toBe(Number(row) - 1);
    // The other missing rows gold still lacks say so.
    const others = jsonLines<DisputeRecord>((await run('disputes', '--kind', 'missing_row', '--json')).stdout).filter(
      (r) => r.id !== missing.id,
    );
    expect(others.length).toBeGreaterThan(0);
    expect(others.every((r) => r.gold_row_now === null)).toBe(true);
  });
});
