// The queue's search compares text as normalizeText does on both sides: case
// beyond ASCII, compatibility forms and runs of spaces do not hide a match.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceHandle } from '../../db/service';
import { freshService, SMALL, smallWorkspace, workspacePaths } from './workspace';

let service: ServiceHandle;
beforeAll(async () => {
  service = freshService();
  await service.importPaths(workspacePaths(await smallWorkspace({ ...SMALL, seed: 2026, tasks: 12 })));
});
afterAll(() => service.close());

const found = async (search: string): Promise<string[]> => (await service.listDisputes({ filter: { search }, offset: 0, limit: 1000 })).rows.map((row) => row.id);

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
