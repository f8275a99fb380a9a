// Two engineers adding the same row agree when their values are equal under
// each column's rule ("1987" and "1,987" in a number column), and when one
// names the dispute's entity and the other leaves it to the default. A store
// whose positions were computed by the older rule is brought up to date once,
// when it is opened.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceHandle } from '../../../db/service';
import { openService } from '../../../db/service';
import { freshService, smallWorkspace, workspacePaths } from '../../support/workspace';

let service: ServiceHandle;
let missing: { id: string; entity: string; column: string }[];

beforeAll(async () => {
  service = freshService('mia');
  await service.importPaths(workspacePaths(await smallWorkspace()));
  await service.setPolicy({ required: 2 });
  const records = [...service.disputeRecords({ kind: 'missing_row' })];
  const columnOf = service.store.db
    .prepare<[string], string>(
      "SELECT name FROM task_columns WHERE task_id = ? AND rule_type = 'number' ORDER BY idx LIMIT 1",
    )
    .pluck();
  missing = records.flatMap((record) => {
    const column = columnOf.get(record.task_id);
    return column === undefined ? [] : [{ id: record.id, entity: record.entity, column }];
  });
  expect(missing.length).toBeGreaterThanOrEqual(2);
});
afterAll(() => {
  if (service.store.db.open) service.close();
});

const status = async (id: string): Promise<string> => (await service.getDispute({ id })).dispute.status;

describe('add_row agreement', () => {
  it('"1987" and "1,987" in a number column agree; naming the entity agrees with leaving it out', async () => {
    const [first, second] = missing;
    await service.rule({ disputeId: first!.id, decision: 'add_row', values: { [first!.column]: '1987' } });
    await service.rule({
      disputeId: first!.id,
      decision: 'add_row',
      value: first!.entity,
      values: { [first!.column]: '1,987' },
      engineer: 'noah',
    });
    expect(await status(first!.id)).toBe('resolved');
    await service.rule({ disputeId: second!.id, decision: 'add_row', values: { [second!.column]: '1987' } });
    await service.rule({
      disputeId: second!.id,
      decision: 'add_row',
      values: { [second!.column]: '1988' },
      engineer: 'noah',
    });
    expect(await status(second!.id)).toBe('conflict');
  });

  it('positions of an older store are computed again when it is opened', async () => {
    const [first] = missing;
    const { db } = service.store;
    db.prepare("UPDATE positions SET agreement_key = 'old-' || engineer WHERE dispute_id = ?").run(first!.id);
    db.prepare("UPDATE disputes SET status = 'conflict' WHERE id = ?").run(first!.id);
    db.prepare("DELETE FROM meta WHERE key = 'agreement_keys'").run();
    const path = service.dbPath;
    service.close();
    service = openService({ dbPath: path, settingsPath: join(path, '..', 'settings.json'), engineer: 'mia' });
    expect(await status(first!.id)).toBe('resolved');
  });
});
