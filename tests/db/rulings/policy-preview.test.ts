// previewPolicy: what saving a number of agreeing engineers would do, told
// before it is saved, and equal to what saving then does.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceHandle } from '../../../db/service';
import { openService } from '../../../db/service';
import { smallWorkspace, tempDir, workspacePaths } from '../../support/workspace';

let mia: ServiceHandle;
let noor: ServiceHandle;
beforeAll(async () => {
  const dir = tempDir('atlas-policy-');
  const paths = {
    dbPath: join(dir, 'store.sqlite'),
    settingsPath: join(dir, 'settings.json'),
    demoDir: join(dir, 'demo'),
  };
  mia = openService({ ...paths, engineer: 'mia' });
  noor = openService({ ...paths, engineer: 'noor' });
  await mia.importPaths(workspacePaths(await smallWorkspace()));
  const [both, single, conflict, lone] = [...mia.disputeRecords({ kind: 'cell' })];
  await mia.rule({ disputeId: both!.id, decision: 'keep_gold' });
  await noor.rule({ disputeId: both!.id, decision: 'keep_gold' });
  await mia.rule({ disputeId: single!.id, decision: 'keep_gold' });
  await mia.rule({ disputeId: conflict!.id, decision: 'keep_gold' });
  await noor.rule({ disputeId: conflict!.id, decision: 'mark_blank' });
  await noor.rule({ disputeId: lone!.id, decision: 'mark_ungraded' });
});
afterAll(() => {
  mia.close();
  noor.close();
});

const statuses = async () => (await mia.getInfo({})).counts;

describe('previewPolicy', () => {
  it('counts the disputes a higher number reopens and a lower one resolves, as saving it then does', async () => {
    expect((await statuses()).resolved).toBe(3);
    expect(await mia.previewPolicy({ required: 1 })).toEqual({ reopen: 0, resolve: 0 });
    expect(await mia.previewPolicy({ required: 2 })).toEqual({ reopen: 2, resolve: 0 });
    expect(await mia.previewPolicy({ required: 3 })).toEqual({ reopen: 3, resolve: 0 });

    await mia.setPolicy({ required: 2 });
    expect((await statuses()).resolved).toBe(1);
    // Back to one: the two single rulings resolve again; the conflict stays a conflict.
    expect(await mia.previewPolicy({ required: 1 })).toEqual({ reopen: 0, resolve: 2 });
    await mia.setPolicy({ required: 1 });
    expect((await statuses()).resolved).toBe(3);
    expect((await statuses()).conflict).toBe(1);
  });
});
