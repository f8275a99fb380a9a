// One person is one engineer: a name is recorded without spaces around it, a
// blank one is no name, so "mia " cannot settle alone beside "mia" under a
// two-engineer policy, and an empty $ATLAS_ADJUDICATOR_ENGINEER is unset.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceHandle } from '../../db/service';
import { openService } from '../../db/service';
import { parseInput } from '../../shared/api';
import { freshService, smallWorkspace, tempDir, workspacePaths } from '../support/workspace';
import { harness } from './support/harness';
import type { Harness } from './support/harness';

let service: ServiceHandle;
let cli: Harness;
let blankEnv: Harness;

beforeAll(async () => {
  service = freshService('mia');
  await service.importPaths(workspacePaths(await smallWorkspace()));
  await service.setPolicy({ required: 2 });
  const dir = tempDir('atlas-engineer-names-');
  const open = (): ServiceHandle =>
    openService({ dbPath: service.dbPath, settingsPath: join(dir, 'settings.json'), engineer: undefined });
  cli = harness(open, { cwd: dir });
  blankEnv = harness(open, { cwd: dir, env: { ATLAS_ADJUDICATOR_ENGINEER: '  ' } });
});
afterAll(() => service.close());

const cellIds = (): string[] =>
  [...service.disputeRecords({ kind: 'cell', status: 'open' })].map((record) => record.id);

describe('engineer names', () => {
  it('"mia" and "mia " are one engineer: the second ruling does not settle the dispute under policy 2', async () => {
    const id = cellIds()[0]!;
    expect(
      (await cli.run(['rule', id, '--decision', 'keep_gold', '--engineer', 'mia', '--db', service.dbPath])).code,
    ).toBe(0);
    const again = await cli.run(['rule', id, '--decision', 'keep_gold', '--engineer', 'mia ', '--db', service.dbPath]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('Status: open');
    const engineers = service.store.db
      .prepare<[string], string>('SELECT DISTINCT engineer FROM rulings WHERE dispute_id = ?')
      .pluck()
      .all(id);
    expect(engineers).toEqual(['mia']);
  });

  it('a blank $ATLAS_ADJUDICATOR_ENGINEER is no name: the ruling is recorded under the next name in line, not a blank one', async () => {
    const id = cellIds()[1]!;
    const saved = process.env.ATLAS_ADJUDICATOR_ENGINEER;
    // The service reads the variable itself (the app and `serve` have no flag parser in front of it).
    process.env.ATLAS_ADJUDICATOR_ENGINEER = '  ';
    try {
      const res = await blankEnv.run(['rule', id, '--decision', 'keep_gold', '--db', service.dbPath]);
      expect(res.code, res.stderr).toBe(0);
    } finally {
      if (saved === undefined) delete process.env.ATLAS_ADJUDICATOR_ENGINEER;
      else process.env.ATLAS_ADJUDICATOR_ENGINEER = saved;
    }
    const [engineer] = service.store.db
      .prepare<[string], string>('SELECT engineer FROM rulings WHERE dispute_id = ?')
      .pluck()
      .all(id);
    expect(engineer).toMatch(/^\S(.*\S)?$/u);
  });

  it('the API trims a name and refuses a blank one, for every host', () => {
    expect(parseInput('rule', { disputeId: 'd-x', decision: 'keep_gold', engineer: ' mia ' }).engineer).toBe('mia');
    expect(() => parseInput('rule', { disputeId: 'd-x', decision: 'keep_gold', engineer: '   ' })).toThrow(
      /an engineer needs a name/u,
    );
    expect(() => parseInput('setSettings', { engineer: ' ' })).toThrow(/an engineer needs a name/u);
  });
});
