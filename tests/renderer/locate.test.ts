// Finding the selected dispute in a new listing (the filter changed), so the
// queue keeps it: the service's index in the default order, a bounded scan
// under a column sort.
import { describe, expect, it, vi } from 'vitest';
import type { ListDisputesInput } from '../../shared/api';
import { locateInListing, type LocateApi } from '../../renderer/src/features/queue/locate';
import { row } from './fixtures';

function fakeApi(ids: string[], located: number | null = null) {
  const rows = ids.map((id) => row({ id }));
  const list = vi.fn((input: Partial<ListDisputesInput>) => {
    const offset = input.offset ?? 0;
    return Promise.resolve({ rows: rows.slice(offset, offset + (input.limit ?? 100)), total: rows.length });
  });
  const locate = vi.fn(() => Promise.resolve({ index: located }));
  const api: LocateApi = { listDisputes: list, locateDispute: locate };
  return { api, list, locate };
}

describe('locateInListing', () => {
  it('asks the service in the default order', async () => {
    const { api, list, locate } = fakeApi([], 41);
    expect(await locateInListing(api, { id: 'd-x', filter: { search: 'x' } })).toBe(41);
    expect(locate).toHaveBeenCalledWith({ id: 'd-x', filter: { search: 'x' } });
    expect(list).not.toHaveBeenCalled();
  });

  it('passes on “not in this listing”', async () => {
    const { api } = fakeApi([], null);
    expect(await locateInListing(api, { id: 'd-x', filter: {} })).toBeNull();
  });

  it('scans the sorted listing page by page', async () => {
    const ids = Array.from({ length: 25 }, (_, i) => `d-${i}`);
    const { api, list, locate } = fakeApi(ids);
    const sort = { field: 'entity' as const, dir: 'asc' as const };
    expect(await locateInListing(api, { id: 'd-17', filter: {}, sort, pageSize: 10 })).toBe(17);
    expect(list).toHaveBeenCalledTimes(2);
    expect(list.mock.calls[1]![0]).toMatchObject({ sort, offset: 10, limit: 10 });
    expect(locate).not.toHaveBeenCalled();
    expect(await locateInListing(api, { id: 'd-missing', filter: {}, sort, pageSize: 10 })).toBeNull();
  });

  it('gives up past its bound', async () => {
    const ids = Array.from({ length: 50 }, (_, i) => `d-${i}`);
    const { api, list } = fakeApi(ids);
    expect(await locateInListing(api, { id: 'd-45', filter: {}, sort: { field: 'task_id', dir: 'desc' }, pageSize: 10, maxRows: 30 })).toBeNull();
    expect(list).toHaveBeenCalledTimes(3);
  });
});
