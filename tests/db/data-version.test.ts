// The data version the app polls to follow writes it did not make: it must
// move for every write, through this service or another connection, and
// never for a read (a read that moved it would refresh the app forever).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openService, type ServiceHandle } from '../../db/service';
import { parseInput } from '../../shared/api';
import { freshService, smallWorkspace, workspacePaths } from '../support/workspace';

let service: ServiceHandle;
let other: ServiceHandle;
let ids: string[];

const version = async (handle: ServiceHandle): Promise<number> => (await handle.getDataVersion({})).version;
const external = async (handle: ServiceHandle): Promise<number> => (await handle.getDataVersion({})).external;

beforeAll(async () => {
  service = freshService('mia');
  await service.importPaths(workspacePaths(await smallWorkspace()));
  other = openService({ dbPath: service.dbPath, engineer: 'noah' });
  ids = [...service.disputeRecords({})].filter((record) => record.kind === 'cell').map((record) => record.id);
});
afterAll(() => {
  other?.close();
  service?.close();
});

describe('the data version', () => {
  it('stays put while the app only reads', async () => {
    const before = await version(service);
    await service.getInfo(parseInput('getInfo', {}));
    await service.listDisputes(parseInput('listDisputes', { filter: {}, offset: 0, limit: 100 }));
    await service.listDisputes(
      parseInput('listDisputes', { filter: { status: 'open', kind: 'cell' }, offset: 0, limit: 10 }),
    );
    await service.locateDispute(parseInput('locateDispute', { id: ids[3]! }));
    for (const id of ids.slice(0, 5)) await service.getDispute(parseInput('getDispute', { id }));
    await service.getFacets(parseInput('getFacets', {}));
    await service.getStats(parseInput('getStats', {}));
    await service.previewPolicy(parseInput('previewPolicy', { required: 2 }));
    await service.listRevisions(parseInput('listRevisions', {}));
    await service.listReports(parseInput('listReports', {}));
    await service.getSettings(parseInput('getSettings', {}));
    expect(await version(service)).toBe(before);
  });

  it('moves for a ruling made through this very service (another client of a running app’s bridge)', async () => {
    const before = await version(service);
    await service.rule({ disputeId: ids[0]!, decision: 'keep_gold' });
    const afterRule = await version(service);
    expect(afterRule).not.toBe(before);
    await service.retract({ disputeId: ids[0]! });
    expect(await version(service)).not.toBe(afterRule);
  });

  it('moves for a ruling another connection commits', async () => {
    const before = await version(service);
    await other.rule({ disputeId: ids[1]!, decision: 'keep_gold' });
    expect(await version(service)).not.toBe(before);
  });

  it('tells writes on another connection apart: only they move its external part', async () => {
    const before = await external(service);
    await service.rule({ disputeId: ids[2]!, decision: 'keep_gold' });
    expect(await external(service)).toBe(before);
    await other.rule({ disputeId: ids[3]!, decision: 'keep_gold' });
    const afterOther = await external(service);
    expect(afterOther).not.toBe(before);
    await service.retract({ disputeId: ids[2]! });
    expect(await external(service)).toBe(afterOther);
  });

  it('moves for an import, which writes on a connection of its own', async () => {
    const fresh = freshService('mia');
    try {
      const before = await version(fresh);
      await fresh.importPaths(workspacePaths(await smallWorkspace()));
      expect(await version(fresh)).not.toBe(before);
    } finally {
      fresh.close();
    }
  });
});
