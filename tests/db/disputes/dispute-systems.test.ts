// A dispute's systems live in one column (migration 004): the encoding must
// match whole names only, whatever the names contain, and the migration must
// carry the rows of the former dispute_systems table over.
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeSystems, encodeSystems, systemNeedle } from '../../../db/disputes/systems-column';
import { MIGRATIONS } from '../../../db/migrations/index';
import { openService } from '../../../db/service';
import { openStore } from '../../../db/store';
import { parseInput } from '../../../shared/api';
import { freshService, smallWorkspace, tempDir, workspacePaths } from '../../support/workspace';
import { migrateStore, storeAtVersion } from '../store-at-version';

const name = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('a', 'b', 'a,b', '"a"', 'a","b', ',"a",', '\\', 'x\n', '', ',', '\n', '"\n"', '\\n'),
);

describe('the systems column', () => {
  it('round-trips any set of names, sorted and without duplicates', () => {
    fc.assert(
      fc.property(fc.array(name, { maxLength: 8 }), (names) => {
        const expected = [...new Set(names)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        expect(decodeSystems(encodeSystems(names))).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('finds a name exactly when it is one of the set (no match inside another name)', () => {
    fc.assert(
      fc.property(fc.array(name, { maxLength: 8 }), name, (names, probe) => {
        expect(encodeSystems(names).includes(systemNeedle(probe))).toBe(names.includes(probe));
      }),
      { numRuns: 5000 },
    );
  });

  it('writes the same text as SQLite json_quote, which the migration uses', () => {
    const db = new Database(':memory:');
    fc.assert(
      fc.property(fc.array(name, { minLength: 1, maxLength: 4 }), (names) => {
        const sorted = [...new Set(names)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        const quoted = sorted.map((n) => (db.prepare('SELECT json_quote(?) AS q').get(n) as { q: string }).q);
        expect(`\n${quoted.map((q) => `${q}\n`).join('')}`).toBe(encodeSystems(names));
      }),
      { numRuns: 200 },
    );
    db.close();
  });
});

describe('migrations 004 and 005', () => {
  it('004 moves dispute_systems rows into disputes.systems and drops the table', () => {
    const { db } = storeAtVersion(3);
    const insert = db.prepare(
      "INSERT INTO disputes (id, kind, task_id, entity_s, gold_state, top_count, contesting) VALUES (?, 'cell', 't', 'e', 'value', 0, 0)",
    );
    insert.run('d-1');
    insert.run('d-2');
    const system = db.prepare('INSERT INTO dispute_systems (dispute_id, system) VALUES (?, ?)');
    system.run('d-1', 'orion');
    system.run('d-1', 'a "quoted", name');
    system.run('d-1', 'kestrel');
    migrateStore(db, 4);
    const migrated = db;
    try {
      const systems = (id: string): string =>
        (migrated.prepare('SELECT systems FROM disputes WHERE id = ?').get(id) as { systems: string }).systems;
      expect(systems('d-1')).toBe(',"a \\"quoted\\", name","kestrel","orion",');
      expect(systems('d-2')).toBe(',');
      expect(decodeSystems(systems('d-2'))).toEqual([]);
      expect(migrated.prepare("SELECT count(*) AS n FROM sqlite_schema WHERE name = 'dispute_systems'").get()).toEqual({
        n: 0,
      });
    } finally {
      migrated.close();
    }
  });

  it('005 rewrites the column one name a line, from the graded cells, as derivation writes it', async () => {
    const dir = tempDir();
    const service = openService({
      dbPath: join(dir, 'store.sqlite'),
      settingsPath: join(dir, 'settings.json'),
      engineer: 'mia',
    });
    await service.importPaths(workspacePaths(await smallWorkspace()));
    const derived = service.store.db.prepare('SELECT id, systems FROM disputes ORDER BY id').all() as {
      id: string;
      systems: string;
    }[];
    expect(derived.some((row) => decodeSystems(row.systems).length > 1)).toBe(true);
    service.close();
    const old = storeAtVersion(4, { rowsOf: join(dir, 'store.sqlite') });
    // A store as 004 left it: commas.
    old.db.exec("UPDATE disputes SET systems = ','");
    old.db.close();
    const reopened = openStore(old.path);
    try {
      expect(reopened.db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
      expect(reopened.db.prepare('SELECT id, systems FROM disputes ORDER BY id').all()).toEqual(derived);
    } finally {
      reopened.db.close();
    }
  });
});

describe('the queue filtered by system', () => {
  it('lists exactly the cell disputes the system answered, by the graded cells themselves', async () => {
    const service = freshService();
    try {
      await service.importPaths(workspacePaths(await smallWorkspace()));
      const { db } = service.store;
      const systems = (db.prepare('SELECT name FROM systems ORDER BY name').all() as { name: string }[]).map(
        (row) => row.name,
      );
      expect(systems.length).toBeGreaterThan(2);
      const expectedFor = db.prepare(
        `SELECT d.id FROM disputes d WHERE d.kind = 'cell' AND EXISTS (
           SELECT 1 FROM system_cells c JOIN run_tasks rt ON rt.run_id = c.run_id AND rt.task_id = c.task_id AND rt.state = 'graded'
             JOIN runs r ON r.id = c.run_id JOIN systems s ON s.id = r.system_id
            WHERE c.task_id = d.task_id AND c.gold_row = d.gold_row AND c.column_name = d.column_name AND s.name = ?)
         ORDER BY d.id`,
      );
      for (const system of systems) {
        const listed = (
          await service.listDisputes(
            parseInput('listDisputes', { filter: { system, kind: 'cell' }, offset: 0, limit: 1000 }),
          )
        ).rows
          .map((row) => row.id)
          .sort();
        const expected = (expectedFor.all(system) as { id: string }[]).map((row) => row.id);
        expect(expected.length).toBeGreaterThan(0);
        expect(expected.length).toBeLessThan(1000);
        expect(listed).toEqual(expected);
      }
    } finally {
      service.close();
    }
  });
});
