// What a new user's walkthrough tripped on, run through the command line
// in-process against real SQLite stores: rows named from 1 wherever people
// read them (rule --row, apply's refusals, export's refusals), an unknown
// --task said as such, no "-0.000" in rescore, and a warning (not a refusal)
// for text ruled into a number column.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateWorkspace } from '../../db/demo/generate';
import type { GeneratedWorkspace } from '../../db/demo/generate';
import type { DisputeRecord } from '../../db/queries/dispute-records';
import type { ServiceHandle } from '../../db/service';
import { openService } from '../../db/service';
import type { RuleResult } from '../../shared/api-types';
import type { GoldPatch } from '../../shared/patch';
import type { PatchMismatch, RescoreResult } from '../../shared/revision-types';
import { freshService, smallWorkspace, tempDir, workspacePaths } from '../support/workspace';
import { harness } from './support/harness';
import type { Harness } from './support/harness';

/** The command line on the store at `dbPath`, one connection per command as the installed CLI opens it. */
function cliOn(dbPath: string, dir: string): Harness {
  return harness(() => openService({ dbPath, settingsPath: join(dir, 'settings.json'), engineer: 'mia' }), {
    cwd: dir,
  });
}

describe('a store with the small workspace', () => {
  let ws: GeneratedWorkspace;
  let service: ServiceHandle;
  let dir: string;
  let cli: Harness;
  let records: DisputeRecord[];
  const run = (...argv: string[]) => cli.run([...argv, '--db', service.dbPath]);

  beforeAll(async () => {
    ws = await smallWorkspace();
    service = freshService('mia');
    await service.importPaths(workspacePaths(ws));
    dir = tempDir('atlas-cli-walkthrough-');
    cli = cliOn(service.dbPath, dir);
    records = [...service.disputeRecords({})];
  });
  afterAll(() => service.close());

  describe('rule --row names the row the user typed', () => {
    it('refuses a row past the end as "no gold row 999", counted from 1 like --row', async () => {
      const missing = records.find((record) => record.kind === 'missing_row')!;
      const rows = (await service.getDispute({ id: missing.id })).task_rows.length;
      const res = await run('rule', missing.id, '--decision', 'add_alias', '--row', '999');
      expect(res.code).toBe(1);
      expect(res.stdout).toBe('');
      expect(res.stderr).toBe(
        `atlas-adjudicator: rule: task ${missing.task_id} has no gold row 999 (--row; the task has ${rows} rows)\n`,
      );
      // One past the last row is refused as that number; the last row itself is taken.
      const past = await run('rule', missing.id, '--decision', 'add_alias', '--row', String(rows + 1));
      expect(past.stderr).toContain(`has no gold row ${rows + 1} (--row;`);
      const last = await run('rule', missing.id, '--decision', 'add_alias', '--row', String(rows), '--json');
      expect(last.code).toBe(0);
      expect((JSON.parse(last.stdout) as RuleResult).ruling.row).toBe(rows - 1);
      await run('retract', missing.id);
    });
  });

  describe('disputes --task with a task the store does not have', () => {
    it('says so, names close task ids, exits 1 and prints nothing on stdout, in every format', async () => {
      const task = records[0]!.task_id;
      for (const format of [[], ['--json'], ['--csv']]) {
        const res = await run('disputes', '--task', 'nope', ...format);
        expect(res.code, format.join(' ')).toBe(1);
        expect(res.stdout).toBe('');
        expect(res.stderr).toMatch(
          /^atlas-adjudicator: disputes: --task: this store has no task "nope"[ ;].*leave out --task to list every dispute\n$/u,
        );
      }
      // A typo of a real task id: the id is offered.
      const typo = await run('disputes', '--task', task.slice(0, -1));
      expect(typo.code).toBe(1);
      expect(typo.stderr).toContain(`this store has no task ${JSON.stringify(task.slice(0, -1))} (did you mean `);
      expect(typo.stderr).toContain(task);
      // Like `show` with an unknown id.
      const show = await run('show', 'nope');
      expect([show.code, typo.code]).toEqual([1, 1]);
    });

    it('still lists a known task, and says "No disputes match." when filters leave none of it', async () => {
      const task = records[0]!.task_id;
      const listed = await run('disputes', '--task', task, '--json');
      expect(listed.code).toBe(0);
      expect(listed.stdout.trimEnd().split('\n').length).toBe(
        records.filter((record) => record.task_id === task).length,
      );
      const none = await run('disputes', '--task', task, '--search', 'no such text anywhere 8c1f');
      expect(none.code).toBe(0);
      expect(none.stdout).toContain('No disputes match.');
    });
  });

  describe('rule new_value with text on a number column', () => {
    it('records it, exit 0, with a one-line warning on stderr naming the column and its rule; --json carries it', async () => {
      let target: { record: DisputeRecord; column: string } | null = null;
      for (const record of records.filter((r) => r.kind === 'cell' && r.column !== null)) {
        const detail = await service.getDispute({ id: record.id });
        if (detail.column_rule?.type === 'number') {
          target = { record, column: record.column! };
          break;
        }
      }
      expect(target, 'the small workspace has a number column in dispute').not.toBeNull();
      const { record, column } = target!;
      const res = await run('rule', record.id, '--decision', 'new_value', '--value', 'abc');
      expect(res.code).toBe(0);
      expect(res.stdout).toMatch(/Status: /u);
      const lines = res.stderr.split('\n').filter((line) => line !== '');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^atlas-adjudicator: rule: warning: /u);
      expect(lines[0]).toContain(`column ${JSON.stringify(column)}`);
      expect(lines[0]).toContain('rule number');
      expect(lines[0]).toContain('"abc"');

      const json = await run('rule', record.id, '--decision', 'new_value', '--value', 'abc', '--json');
      expect(json.code).toBe(0);
      const result = JSON.parse(json.stdout) as RuleResult;
      expect(result.ruling.value).toBe('abc');
      expect(result.warnings).toEqual([expect.stringContaining(`column ${JSON.stringify(column)}`)]);
      expect(json.stderr).toBe(res.stderr);

      // A number (with its unit or separators) says nothing, and neither does the JSON.
      const fine = await run('rule', record.id, '--decision', 'new_value', '--value', '1,234 units', '--json');
      expect(fine.stderr).toBe('');
      expect(JSON.parse(fine.stdout)).not.toHaveProperty('warnings');
      await run('retract', record.id);
    });
  });

  describe('apply refusing a patch names rows as CHANGELOG.md does', () => {
    it('lists add_alias and add_row mismatches counted from 1, and keeps the 0-based row in --json', async () => {
      const ruled = freshService('mia');
      try {
        await ruled.importPaths(workspacePaths(ws));
        const missing = [...ruled.disputeRecords({ kind: 'missing_row' })];
        expect(missing.length).toBeGreaterThanOrEqual(2);
        // add_alias to the third gold row (row 3 as people count it, index 2).
        await ruled.rule({ disputeId: missing[0]!.id, decision: 'add_alias', row: 2 });
        await ruled.rule({ disputeId: missing[1]!.id, decision: 'add_row' });
        const out = join(dir, 'ruled');
        const patchPath = (await ruled.exportPatch({ revision: 'v1.1', out: `${out}.patch.json`, plaintext: true }))
          .path;
        const patch = JSON.parse(readFileSync(patchPath, 'utf8')) as GoldPatch;
        const aliasAt = patch.operations.findIndex((op) => op.op === 'add_alias');
        const addAt = patch.operations.findIndex((op) => op.op === 'add_row');
        const alias = patch.operations[aliasAt]!;
        const added = patch.operations[addAt]!;
        expect(alias.row).toBe(2);

        // The changelog of the patch as it stands: the rows people read.
        const ok = await cli.run([
          'apply',
          '--dataset',
          ws.dataset,
          '--patch',
          patchPath,
          '--out',
          `${out}.jsonl`,
          '--changelog',
          `${out}.md`,
          '--db',
          ruled.dbPath,
        ]);
        expect(ok.code).toBe(0);
        const changelog = readFileSync(`${out}.md`, 'utf8');
        expect(changelog).toContain('| 3 | (whole row) | alias added (add_alias) |');
        expect(changelog).toContain(`| ${added.row + 1} | (whole row) | row added (add_row) |`);

        // The same patch, no longer fitting: a stale alias row, and the new row one place too far.
        alias.from = { entity: 'Not the gold entity', aliases: [] };
        alias.to = { entity: 'Not the gold entity', aliases: ['x'] };
        added.row += 1;
        const bad = join(dir, 'bad.patch.json');
        writeFileSync(bad, JSON.stringify(patch));
        const args = [
          'apply',
          '--dataset',
          ws.dataset,
          '--patch',
          bad,
          '--out',
          join(dir, 'never.jsonl'),
          '--db',
          ruled.dbPath,
        ];
        const refused = await cli.run(args);
        expect(refused.code).toBe(1);
        // Operations counted from 1 too; --json keeps the 0-based index.
        expect(refused.stderr).toContain(
          `#${aliasAt + 1} add_alias task ${JSON.stringify(alias.task_id)} row 3: \`from\` differs from the dataset`,
        );
        // The new row belongs at index added.row - 1, row added.row as people count it; it is now at index added.row.
        expect(refused.stderr).toContain(
          `#${addAt + 1} add_row task ${JSON.stringify(added.task_id)} row ${added.row + 1}: the new row would be row ${added.row}, not row ${added.row + 1}`,
        );
        expect(refused.stderr).not.toMatch(/row 2:/u);

        const json = await cli.run([...args, '--json']);
        expect(json.code).toBe(1);
        const { mismatches } = JSON.parse(json.stdout) as { mismatches: PatchMismatch[] };
        expect(mismatches.map((m) => [m.index, m.row])).toEqual(
          [
            [aliasAt, 2],
            [addAt, added.row],
          ].sort((a, b) => a[0]! - b[0]!),
        );
      } finally {
        ruled.close();
      }
    });
  });

  describe('export refusing a stored row ruling that no longer fits', () => {
    it('names the row as counted from 1, with the stored index beside it', async () => {
      const earlyDir = tempDir('atlas-cli-walkthrough-early-');
      const db = join(earlyDir, 'store.sqlite');
      const early = cliOn(db, earlyDir);
      const runIn = (...argv: string[]) => early.run([...argv, '--db', db]);
      // Runs first: without the task's gold, nobody can tell row 999 is past its end, so it is recorded.
      expect((await runIn('import', ws.runsDir)).code).toBe(0);
      const missing = (await runIn('disputes', '--kind', 'missing_row', '--json')).stdout
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as DisputeRecord)[0]!;
      const ruled = await runIn('rule', missing.id, '--decision', 'add_alias', '--row', '999');
      expect(ruled.stderr).toBe('');
      expect(ruled.code).toBe(0);
      expect((await runIn('import', ws.dataset)).code).toBe(0);
      const res = await runIn('export', '--revision', 'v-early', '--out', join(earlyDir, 'early.json'));
      expect(res.code).toBe(1);
      expect(res.stderr).toMatch(
        new RegExp(
          `\\(dispute ${missing.id}\\), add_alias agreed by mia: task ${missing.task_id} has no gold row 999 \\(row index 998; the task has \\d+ rows\\)`,
          'u',
        ),
      );
    });
  });
});

describe('rescore on tasks of 200 rows', () => {
  let service: ServiceHandle;
  let cli: Harness;
  let patch: string;

  beforeAll(async () => {
    const dir = tempDir('atlas-cli-walkthrough-rescore-');
    // Large tasks, so one added row moves a system's Row F1 by less than half a thousandth.
    const ws = await generateWorkspace(join(dir, 'ws'), {
      seed: 5,
      tasks: 4,
      systems: 6,
      minRows: 200,
      maxRows: 200,
      minColumns: 2,
      maxColumns: 2,
      includeZelda: false,
      cellsFile: false,
      judges: false,
    });
    service = freshService('mia');
    await service.importPaths(workspacePaths(ws));
    // The entity fewest systems returned: those that did not are a little worse off once gold has it.
    const missing = [...service.disputeRecords({ kind: 'missing_row' })].sort(
      (a, b) => a.systems.length - b.systems.length,
    )[0]!;
    await service.rule({ disputeId: missing.id, decision: 'add_row' });
    patch = (await service.exportPatch({ revision: 'v1.1', out: join(dir, 'v1.1.patch.json') })).path;
    cli = cliOn(service.dbPath, dir);
  });
  afterAll(() => service.close());

  it('prints a change that rounds to nothing as 0.000, never -0.000', async () => {
    const json = await cli.run(['rescore', '--patch', patch, '--json', '--db', service.dbPath]);
    expect(json.code).toBe(0);
    const result = JSON.parse(json.stdout) as RescoreResult;
    const tiny = result.systems.filter((s) => {
      const change = s.after.row_f1 - s.before.row_f1;
      return change < 0 && change > -0.0005;
    });
    expect(tiny.length, 'some system loses less than 0.0005 Row F1').toBeGreaterThan(0);

    const text = await cli.run(['rescore', '--patch', patch, '--db', service.dbPath]);
    expect(text.code).toBe(0);
    expect(text.stdout).not.toContain('-0.000');
    const header = text.stdout.split('\n')[1]!;
    const at = header.indexOf('Δrow');
    for (const s of tiny) {
      const line = text.stdout.split('\n').find((l) => l.startsWith(`${s.system} `))!;
      expect(line.slice(at).trim().split(/\s+/u)[0]).toBe('0.000');
    }
    // Real moves keep their sign.
    expect(text.stdout).toMatch(/[+-]0\.\d\d[1-9]|[+-]0\.\d[1-9]\d|[+-]0\.[1-9]\d\d/u);
  });
});
