import { describe, expect, it } from 'vitest';
import type { DisputeListing, DisputeRow } from '../../../shared/api-types';
import { findNextOpen } from '../../../renderer/src/lib/next-open';
import { row } from '../fixtures';

function listing(rows: DisputeRow[]) {
  const calls: { offset: number; limit: number }[] = [];
  const list = (input: { offset?: number; limit?: number }): Promise<DisputeListing> => {
    const offset = input.offset ?? 0;
    const limit = input.limit ?? 100;
    calls.push({ offset, limit });
    return Promise.resolve({ rows: rows.slice(offset, offset + limit), total: rows.length });
  };
  return { list, calls };
}

const rows = [
  row({ id: 'r0' }),
  row({ id: 'r1', status: 'resolved' }),
  row({ id: 'r2' }),
  row({ id: 'r3', my_decision: 'keep_gold' }),
  row({ id: 'r4', status: 'conflict' }),
  row({ id: 'r5' }),
];

describe('findNextOpen', () => {
  it('skips the current, resolved, conflicting and already-ruled rows', async () => {
    const { list } = listing(rows);
    expect(await findNextOpen(list, { filter: {}, from: 2, currentId: 'r2', pageSize: 2 })).toEqual({
      id: 'r5',
      index: 5,
    });
  });

  it('finds the next at the same position when the ruled row left the listing', async () => {
    const { list } = listing(rows.filter((r) => r.id !== 'r0'));
    expect(await findNextOpen(list, { filter: {}, from: 0, currentId: 'r0' })).toEqual({ id: 'r2', index: 1 });
  });

  it('wraps to the start', async () => {
    const { list } = listing(rows);
    expect(await findNextOpen(list, { filter: {}, from: 5, currentId: 'r5', pageSize: 2 })).toEqual({
      id: 'r0',
      index: 0,
    });
  });

  it('returns null when nothing needs me', async () => {
    const { list } = listing([row({ id: 'x', status: 'resolved' }), row({ id: 'y' })]);
    expect(await findNextOpen(list, { filter: {}, from: 1, currentId: 'y' })).toBeNull();
  });

  it('pages instead of loading everything', async () => {
    const many = Array.from({ length: 1000 }, (_, i) => row({ id: `m${i}`, status: i === 450 ? 'open' : 'resolved' }));
    const { list, calls } = listing(many);
    expect(await findNextOpen(list, { filter: {}, from: 400, currentId: 'm400', pageSize: 100 })).toEqual({
      id: 'm450',
      index: 450,
    });
    expect(calls).toEqual([{ offset: 400, limit: 100 }]);
  });
});
