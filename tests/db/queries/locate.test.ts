// Where a dispute sits in a listing, so the queue keeps it after a new filter:
// the index the listing's own pages give it, in the default order and under
// every column sort (ties, NULL columns and sealed entities included).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceHandle } from '../../../db/service';
import { SORTABLE_FIELDS } from '../../../shared/api';
import type { DisputeFilter, ListDisputesInput } from '../../../shared/api';
import { freshService, smallWorkspace, workspacePaths } from '../../support/workspace';

let service: ServiceHandle;

beforeAll(async () => {
  service = freshService('mia');
  await service.importPaths(workspacePaths(await smallWorkspace()));
});
afterAll(() => service.close());

async function listing(filter: DisputeFilter, sort: ListDisputesInput['sort']): Promise<string[]> {
  const ids: string[] = [];
  for (let offset = 0; ; offset += 1000) {
    const page = await service.listDisputes({ filter, ...(sort ? { sort } : {}), offset, limit: 1000 });
    ids.push(...page.rows.map((row) => row.id));
    if (ids.length >= page.total) return ids;
  }
}

describe('locateDispute', () => {
  const sorts: ListDisputesInput['sort'][] = [
    undefined,
    ...SORTABLE_FIELDS.flatMap((field) => (['asc', 'desc'] as const).map((dir) => ({ field, dir }))),
  ];

  it.each(sorts.map((sort) => [sort ? `${sort.field} ${sort.dir}` : 'default order', sort] as const))(
    'gives each dispute its index in the listing: %s',
    async (_name, sort) => {
      for (const filter of [{}, { kind: 'cell' as const }, { status: 'open' as const, search: 'a' }]) {
        const ids = await listing(filter, sort);
        expect(ids.length).toBeGreaterThan(0);
        // Every 7th, the first and the last: ties on the sorted column fall as the pages show them.
        const probes = [...ids.filter((_, i) => i % 7 === 0), ids.at(-1)!];
        for (const id of probes) {
          expect((await service.locateDispute({ id, filter, ...(sort ? { sort } : {}) })).index).toBe(ids.indexOf(id));
        }
      }
    },
  );

  it('answers null for a dispute the filter leaves out, under a sort too', async () => {
    const missing = (await listing({ kind: 'missing_row' }, undefined))[0]!;
    expect(
      (await service.locateDispute({ id: missing, filter: { kind: 'cell' }, sort: { field: 'entity', dir: 'asc' } }))
        .index,
    ).toBeNull();
    expect(
      (await service.locateDispute({ id: 'd-nope', filter: {}, sort: { field: 'task_id', dir: 'desc' } })).index,
    ).toBeNull();
  });
});
