// Migration 013: the audit's tables come to a store an older version left,
// and its verdicts are append-only.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LATEST_VERSION } from '../../../db/migrations/index';
import { openService } from '../../../db/service';
import { openStore } from '../../../db/store';
import { storeAtVersion } from '../store-at-version';
import { smallWorkspace, tempDir, workspacePaths } from '../../support/workspace';

const tables = (db: ReturnType<typeof openStore>['db']) =>
  db
    .prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'audit_%' ORDER BY name")
    .pluck()
    .all();

describe('migration 013 (gold error-rate audit)', () => {
  it('adds the audit tables to a store at version 12, which then draws and records verdicts', async () => {
    const workspace = await smallWorkspace();
    const dir = tempDir();
    const dbPath = join(dir, 'store.sqlite');
    const first = openService({ dbPath, settingsPath: join(dir, 'settings.json'), engineer: 'mia' });
    await first.importPaths(workspacePaths(workspace));
    first.close();
    const old = storeAtVersion(12, { rowsOf: dbPath });
    expect(tables(old.db)).toEqual([]);
    old.db.close();

    const service = openService({ dbPath: old.path, settingsPath: join(dir, 'settings.json'), engineer: 'mia' });
    try {
      expect(service.store.db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION);
      expect(tables(service.store.db)).toEqual(['audit_cells', 'audit_reveals', 'audit_rounds', 'audit_verdicts']);
      await service.drawAuditSample({ disputed: 1, undisputed: 1, seed: 'm' });
      const [cell] = await service.listAuditCells({});
      await service.ruleAuditCell({ id: cell!.id, verdict: 'correct' });
      expect(() => service.store.db.prepare("UPDATE audit_verdicts SET verdict = 'incorrect'").run()).toThrow(
        'audit verdicts are append-only',
      );
      expect(() => service.store.db.prepare('DELETE FROM audit_verdicts').run()).toThrow(
        'audit verdicts are append-only',
      );
    } finally {
      service.close();
    }
  });

  it('runs again without harm (its statements are IF NOT EXISTS)', () => {
    const old = storeAtVersion(LATEST_VERSION);
    old.db.pragma('user_version = 12');
    old.db.close();
    const reopened = openStore(old.path);
    try {
      expect(tables(reopened.db)).toHaveLength(4);
      expect(reopened.db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION);
    } finally {
      reopened.db.close();
    }
  });
});
