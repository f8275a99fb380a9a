// The release checks before a tag is taken, on the command line: `rescore`
// without --patch previews the settled rulings as a dry run (no tag, nothing
// written), `export` names the disputes its patch leaves out before it writes,
// and warnings name a dispute by task, entity and column.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceHandle } from '../../db/service';
import { openService } from '../../db/service';
import type { DisputeRecord } from '../../db/queries/dispute-records';
import type { ExportResult } from '../../shared/api-types';
import type { RescoreResult } from '../../shared/revision-types';
import { freshService, smallWorkspace, tempDir, workspacePaths } from '../support/workspace';
import { harness } from './support/harness';
import type { Harness } from './support/harness';

let service: ServiceHandle;
let cli: Harness;
let dir: string;
let changed: DisputeRecord;
let conflict: DisputeRecord;
const names = (d: DisputeRecord): string => `${d.task_id} · “${d.entity}” › ${d.column}`;

beforeAll(async () => {
  const ws = await smallWorkspace();
  service = freshService('mia');
  await service.importPaths(workspacePaths(ws));
  const cells = [...service.disputeRecords({ kind: 'cell' })].filter((record) => record.gold.state === 'value');
  changed = cells[0]!;
  conflict = cells[1]!;
  await service.rule({ disputeId: changed.id, decision: 'new_value', value: 'Zanzibar Quarterly Review' });
  await service.rule({ disputeId: conflict.id, decision: 'keep_gold', engineer: 'noah' });
  await service.rule({ disputeId: conflict.id, decision: 'mark_blank', engineer: 'bob' });
  dir = tempDir('atlas-cli-dry-run-');
  cli = harness(
    () => openService({ dbPath: service.dbPath, settingsPath: join(dir, 'settings.json'), engineer: 'mia' }),
    { cwd: dir },
  );
});
afterAll(() => service.close());

describe('rescore without --patch', () => {
  it('previews the settled rulings as a dry run and takes no tag', async () => {
    const json = await cli.run(['rescore', '--json', '--db', service.dbPath]);
    expect(json.code, json.stderr).toBe(0);
    const result = JSON.parse(json.stdout) as RescoreResult;
    expect(result).toMatchObject({ dry_run: true, operations: 1, touched_tasks: [changed.task_id] });
    const text = await cli.run(['rescore', '--db', service.dbPath]);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain(
      'Dry run: the settled rulings not exported yet; nothing written, no revision tag taken.',
    );
    const revisions = await cli.run(['revisions', '--json', '--db', service.dbPath]);
    expect(revisions.code, revisions.stderr).toBe(0);
    expect(revisions.stdout.trim()).toBe('');
  });
});

describe('export', () => {
  it('names the disputes in conflict it leaves out before writing, by task, entity and column', async () => {
    const out = join(dir, 'v1.1.patch.json');
    const run = await cli.run(['export', '--revision', 'v1.1', '--out', out, '--db', service.dbPath]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/^left out of the patch: 1 in conflict, \d+ open that nobody ruled on\n/u);
    expect(run.stderr).toContain(`  conflict  ${names(conflict)} (${conflict.id})\n`);
    expect(existsSync(out)).toBe(true);

    const json = await cli.run(['export', '--revision', 'v1.1', '--out', out, '--json', '--db', service.dbPath]);
    expect(json.code, json.stderr).toBe(0);
    const result = JSON.parse(json.stdout) as ExportResult;
    expect(result.left_out).toMatchObject({
      conflicts: 1,
      open_ruled: 0,
      disputes: [{ id: conflict.id, status: 'conflict', rulings: 2, name: names(conflict) }],
    });
  });
});

describe('warnings', () => {
  it('name the dispute a ruling warning is about by task, entity and column', async () => {
    const numberIds = new Set(
      service.store.db
        .prepare<[], string>("SELECT id FROM disputes WHERE kind = 'cell' AND rule_type = 'number' AND status = 'open'")
        .pluck()
        .all(),
    );
    const numberCell = [...service.disputeRecords({ kind: 'cell' })].find((record) => numberIds.has(record.id))!;
    const run = await cli.run([
      'rule',
      numberCell.id,
      '--decision',
      'new_value',
      '--value',
      'undisclosed',
      '--engineer',
      'mia',
      '--db',
      service.dbPath,
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(
      `warning: ${names(numberCell)} (dispute ${numberCell.id}): column ${JSON.stringify(numberCell.column)} is graded as a number`,
    );
  });
});
