// A flat cells file is one run per system, keyed by the file's name: an
// edited file re-imports as the same run (its changed tasks re-read), and
// migration 006 re-keys the runs older stores keyed by the file's hash.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../db/migrations/index';
import { openService } from '../../../db/service';
import { openStore } from '../../../db/store';
import { SMALL, smallWorkspace, tempDir, workspacePaths } from '../../support/workspace';
import { storeAtVersion } from '../store-at-version';

const runKeys = (db: { prepare: (sql: string) => { raw: () => { all: () => unknown[] } } }) =>
  db
    .prepare(
      "SELECT r.run_key, s.name FROM runs r JOIN systems s ON s.id = r.system_id WHERE r.format = 'cells' ORDER BY 1",
    )
    .raw()
    .all();

describe('flat cells runs', () => {
  it('take an edited file back as the same run, re-reading only what changed', async () => {
    const workspace = await smallWorkspace({ ...SMALL, cellsFile: true });
    const cells = workspace.cells!;
    const dir = tempDir();
    const service = openService({
      dbPath: join(dir, 'store.sqlite'),
      settingsPath: join(dir, 'settings.json'),
      engineer: 'mia',
    });
    try {
      await service.importPaths(workspacePaths(workspace));
      const keys = runKeys(service.store.db);
      expect(keys.length).toBeGreaterThan(0);
      for (const [key, system] of keys as [string, string][]) expect(key).toBe(`${system}@${cells.split('/').at(-1)}`);
      const lines = readFileSync(cells, 'utf8').split('\n');
      const index = lines.findIndex((line) => line.includes('"response":"') || line.includes('"response": "'));
      const edited = JSON.parse(lines[index]!) as { task_id: string; response: unknown };
      edited.response = 'Edited by hand';
      lines[index] = JSON.stringify(edited);
      writeFileSync(cells, lines.join('\n'));
      const report = await service.importPaths([cells]);
      expect(report.skipped).toEqual([]);
      expect(runKeys(service.store.db)).toEqual(keys);
      const responses = service.store.db
        .prepare(
          "SELECT unseal(c.response_s) FROM system_cells c JOIN runs r ON r.id = c.run_id WHERE r.format = 'cells' AND c.task_id = ?",
        )
        .pluck()
        .all(edited.task_id);
      expect(responses).toContain('Edited by hand');
    } finally {
      service.close();
    }
  });

  it('keyed by the file hash in an older store are re-keyed by migration 006', async () => {
    const workspace = await smallWorkspace({ ...SMALL, cellsFile: true });
    const dir = tempDir();
    const dbPath = join(dir, 'store.sqlite');
    const service = openService({ dbPath, settingsPath: join(dir, 'settings.json'), engineer: 'mia' });
    await service.importPaths(workspacePaths(workspace));
    const keys = runKeys(service.store.db);
    service.close();
    const old = storeAtVersion(5, { rowsOf: dbPath });
    // As 005 left it: keys of the file's hash, and a Windows path.
    old.db.exec(
      "UPDATE runs SET run_key = (SELECT name FROM systems WHERE id = runs.system_id) || '@0123456789ab', source_path = replace(source_path, '/', char(92)) WHERE format = 'cells'",
    );
    old.db.close();
    const reopened = openStore(old.path);
    try {
      expect(reopened.db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
      expect(runKeys(reopened.db)).toEqual(keys);
    } finally {
      reopened.db.close();
    }
  });
});
