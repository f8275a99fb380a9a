// The queue's search compares text as normalizeText does on both sides: case
// beyond ASCII, compatibility forms and runs of spaces do not hide a match.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { ServiceHandle } from '../../../db/service';
import { openService } from '../../../db/service';
import { normalizeText } from '../../../shared/normalize';
import { freshService, SMALL, smallWorkspace, tempDir, workspacePaths } from '../../support/workspace';

let service: ServiceHandle;
beforeAll(async () => {
  service = freshService();
  await service.importPaths(workspacePaths(await smallWorkspace({ ...SMALL, seed: 2026, tasks: 12 })));
});
afterAll(() => service.close());

const found = async (search: string): Promise<string[]> =>
  (await service.listDisputes({ filter: { search }, offset: 0, limit: 1000 })).rows.map((row) => row.id);

describe('queue search', () => {
  it('finds an entity whatever the case and spacing of the query and of the stored name', async () => {
    const rows = (await service.listDisputes({ filter: {}, offset: 0, limit: 1000 })).rows;
    const spaced = rows.find((row) => /\S\s+\S/u.test(row.entity))!;
    const query = `  ${spaced.entity.trim().toUpperCase().replace(/\s+/gu, '   ')} `;
    expect(await found(query)).toContain(spaced.id);
    const stored = rows.find((row) => /\S {2,}\S/u.test(row.entity) || /[^ -~]/u.test(row.entity));
    expect(stored).toBeDefined();
    const words = stored!.entity.trim().split(/\s+/u);
    expect(await found(words.join(' ').toLocaleUpperCase('en'))).toContain(stored!.id);
  });

  it('finds a dispute by its id, as messages name it', async () => {
    const rows = (await service.listDisputes({ filter: {}, offset: 0, limit: 1000 })).rows;
    const target = rows[Math.floor(rows.length / 2)]!;
    expect(await found(target.id.toUpperCase())).toEqual([target.id]);
  });

  it('matches ß with SS and full-width letters with plain ones, as normalizeText does', async () => {
    const rows = (await service.listDisputes({ filter: {}, offset: 0, limit: 1000 })).rows;
    const target = rows.find((row) => /[a-z]{4}/iu.test(row.entity))!;
    const word = /[a-z]{4}/iu.exec(target.entity)![0];
    const fullWidth = [...word].map((c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0)).join('');
    expect(await found(fullWidth)).toContain(target.id);
    const withEszett = rows.find((row) => /ß/u.test(row.entity));
    if (withEszett) expect(await found(withEszett.entity.replace(/ß/gu, 'SS'))).toContain(withEszett.id);
  });
});

describe('queue search after the store changes', () => {
  it('finds disputes imported since the last search, by this connection or by another process', async () => {
    const workspace = await smallWorkspace({ ...SMALL, seed: 2027, tasks: 8 });
    const dir = tempDir('atlas-search-');
    const paths = {
      dbPath: join(dir, 'store.sqlite'),
      settingsPath: join(dir, 'settings.json'),
      demoDir: join(dir, 'demo'),
    };
    const app = openService({ ...paths, engineer: 'mia' });
    const cli = openService({ ...paths, engineer: 'noor' });
    try {
      const search = async (text: string): Promise<number> =>
        (await app.listDisputes({ filter: { search: text }, offset: 0, limit: 1000 })).total;
      // The dataset alone makes no dispute: every search is empty, and the index is built on that.
      await app.importPaths([workspace.dataset]);
      const task = 'atlas-0003';
      expect(await search(task)).toBe(0);

      // Another connection (the command line beside the app) imports the runs.
      await cli.importPaths([workspace.runsDir]);
      const listed = await cli.listDisputes({ filter: { task }, offset: 0, limit: 1000 });
      expect(listed.total).toBeGreaterThan(0);
      expect(await search(task)).toBe(listed.total);
      const entity = listed.rows[0]!.entity;
      const byEntity = await cli.listDisputes({ filter: { search: entity }, offset: 0, limit: 1000 });
      expect(await search(entity.toUpperCase())).toBe(byEntity.total);

      // This connection imports the flat cells file after searching: every search answers for the new store,
      // as a plain scan of every dispute's texts does.
      await app.importPaths([workspace.cells!]);
      const all = (await app.listDisputes({ filter: {}, offset: 0, limit: 100_000 })).rows;
      const texts = new Map<string, string[]>();
      for (const row of all) {
        const detail = await app.getDispute({ id: row.id });
        const values = [
          row.id,
          row.task_id,
          row.column ?? '',
          row.entity,
          row.gold.value ?? '',
          ...detail.clusters.map((cluster) => cluster.value),
        ];
        texts.set(row.id, values.map(normalizeText));
      }
      // Rare needles (values) and common ones (a letter, the task prefix): queries take few matches as a list
      // of rows and many by testing each row, and both must agree with the scan.
      const values = [
        ...new Set([...texts.values()].flatMap((values) => values.slice(3)).filter((text) => text.length >= 3)),
      ].slice(0, 40);
      expect(values.length).toBeGreaterThan(10);
      const needles = [...values, 'a', 'e', 'atlas-', 'zz-nothing'];
      for (const needle of needles) {
        const expected = all
          .filter((row) => texts.get(row.id)!.some((text) => text.includes(needle)))
          .map((row) => row.id);
        const found = (await app.listDisputes({ filter: { search: needle }, offset: 0, limit: 100_000 })).rows.map(
          (row) => row.id,
        );
        // The queue's order, where locating a dispute must agree.
        const last = found.at(-1);
        if (last)
          expect((await app.locateDispute({ id: last, filter: { search: needle } })).index).toBe(found.length - 1);
        expect([...found].sort(), needle).toEqual([...expected].sort());
        // Counting, locating and paging with another filter take the same matches.
        expect((await app.listDisputes({ filter: { search: needle }, offset: 0, limit: 1 })).total).toBe(
          expected.length,
        );
        const open = all.filter((row) => row.status === 'open' && expected.includes(row.id)).map((row) => row.id);
        const openFound = (
          await app.listDisputes({ filter: { search: needle, status: 'open' }, offset: 0, limit: 100_000 })
        ).rows.map((row) => row.id);
        expect(openFound.sort()).toEqual(open.sort());
      }
      expect(
        needles.filter(
          (needle) =>
            all.filter((row) => texts.get(row.id)!.some((text) => text.includes(needle))).length > all.length / 2,
        ),
      ).toContain('atlas-');
    } finally {
      app.close();
      cli.close();
    }
  });
});
