// getDisputes answers several disputes in one call, each as getDispute
// answers it alone, in the order asked; an id the store does not hold is left
// out. The panel fetches the disputes ahead of the selection with it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceHandle } from '../../../db/service';
import { MAX_DISPUTES_PER_CALL, parseInput } from '../../../shared/api';
import { freshService, SMALL, smallWorkspace, workspacePaths } from '../../support/workspace';

let service: ServiceHandle;
beforeAll(async () => {
  service = freshService();
  await service.importPaths(workspacePaths(await smallWorkspace({ ...SMALL, seed: 31, tasks: 6 })));
});
afterAll(() => service.close());

describe('several disputes in one call', () => {
  it('answers each as getDispute does, in the order asked', async () => {
    const { rows } = await service.listDisputes({ filter: {}, offset: 0, limit: 1000 });
    const ids = [rows[5]!.id, rows[0]!.id, rows.at(-1)!.id];
    const alone = ids.map((id) => service.getDispute({ id }));
    expect(await service.getDisputes({ ids })).toEqual(alone);
  });

  it('leaves out an id the store does not hold', async () => {
    const { rows } = await service.listDisputes({ filter: {}, offset: 0, limit: 2 });
    const details = await service.getDisputes({ ids: [rows[0]!.id, 'no-such-dispute', rows[1]!.id] });
    expect(details.map((d) => d.dispute.id)).toEqual([rows[0]!.id, rows[1]!.id]);
  });

  it('takes between one and MAX_DISPUTES_PER_CALL ids', () => {
    expect(() => parseInput('getDisputes', { ids: [] })).toThrow(/ids/);
    const many = Array.from({ length: MAX_DISPUTES_PER_CALL + 1 }, (_, i) => `d-${i}`);
    expect(() => parseInput('getDisputes', { ids: many })).toThrow(/ids/);
    expect(parseInput('getDisputes', { ids: many.slice(1) }).ids).toHaveLength(MAX_DISPUTES_PER_CALL);
  });
});
