// Migration 011: a store made before rulings kept the spelling they accepted
// gains the columns; its rulings read as writing what they accepted, and new
// rulings keep both.
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LATEST_VERSION } from '../../../db/migrations/index';
import { openService } from '../../../db/service';
import type { ServiceHandle } from '../../../db/service';
import { storeAtVersion } from '../store-at-version';
import { freshService, smallWorkspace, tempDir, workspacePaths } from '../../support/workspace';

const open: ServiceHandle[] = [];
afterAll(() => {
  for (const service of open) if (service.store.db.open) service.close();
});

const columnsOf = (service: ServiceHandle): string[] =>
  service.store.db
    .prepare<[], { name: string }>("SELECT name FROM pragma_table_info('rulings')")
    .all()
    .map((row) => row.name);

describe('migration 011: the spelling a ruling accepted', () => {
  it('a store at 010 gains accepted_s and accepted_values_s; its rulings read with nothing else accepted, and new ones keep both', async () => {
    const mia = freshService('mia');
    open.push(mia);
    await mia.importPaths(workspacePaths(await smallWorkspace()));
    const [first, second] = [...mia.disputeRecords({ kind: 'cell' })];
    await mia.rule({ disputeId: first!.id, decision: 'new_value', value: 'as typed' });
    mia.close();
    const old = storeAtVersion(10, { rowsOf: mia.store.path });
    expect(old.db.prepare<[], string>("SELECT name FROM pragma_table_info('rulings')").pluck().all()).not.toContain(
      'accepted_s',
    );
    old.db.close();

    const reopened = openService({ dbPath: old.path, settingsPath: join(tempDir(), 'settings.json'), engineer: 'mia' });
    open.push(reopened);
    expect(reopened.store.db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION);
    expect(columnsOf(reopened)).toEqual(expect.arrayContaining(['accepted_s', 'accepted_values_s']));
    expect(
      (await reopened.getDispute({ id: first!.id })).rulings.map((r) => [r.value, r.accepted, r.accepted_values]),
    ).toEqual([['as typed', null, null]]);
    // A ruling after the migration is recorded with the new columns (the insert names them).
    const cluster = second!.clusters.find((c) => !c.agrees_with_gold)!;
    const result = await reopened.rule({
      disputeId: second!.id,
      decision: 'accept_system',
      value: cluster.value,
      keepSpelling: true,
    });
    expect(
      reopened.store.db
        .prepare<[string], { accepted_s: string | null }>('SELECT accepted_s FROM rulings WHERE id = ?')
        .get(result.ruling.id),
    ).toEqual({ accepted_s: null });
    const log = await reopened.exportRulings({ out: join(tempDir(), 'all.rulings.jsonl'), plaintext: true });
    expect(log.rulings).toBe(2);
  });
});
