// The Stats view's data is kept while the store's data version stays put:
// opening the view again asks the version only, and reads the statistics
// again once it moved (a ruling made elsewhere, an import).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdjudicatorApi } from '../../../shared/api';
import type { AgreementStats } from '../../../shared/api-types';
// The store imports the API client, which reads the preload's globals: their declaration comes into this program too.
import type {} from '../../../renderer/src/api/globals';

const service = vi.hoisted(() => ({ version: 1, statsCalls: 0, versionCalls: 0 }));

vi.mock('../../../renderer/src/api/client', () => {
  const api = {
    getDataVersion: () => {
      service.versionCalls++;
      return Promise.resolve({ version: service.version });
    },
    getStats: () => {
      service.statsCalls++;
      return Promise.resolve({ progress: { total: service.version } } as unknown as AgreementStats);
    },
  };
  return {
    api: api as unknown as AdjudicatorApi,
    errorMessage: (error: unknown) => String(error),
    onApiWrite: () => () => undefined,
  };
});

const { useStatsStore } = await import('../../../renderer/src/stores/stats-store');

beforeEach(() => {
  service.version = 1;
  service.statsCalls = 0;
  service.versionCalls = 0;
  useStatsStore.setState({ stats: null, version: null, error: null, loading: false, loadedAt: null });
});

describe('opening the Stats view', () => {
  it('reads the statistics the first time, and again only once the data version moved', async () => {
    await useStatsStore.getState().open();
    expect(service.statsCalls).toBe(1);
    expect(useStatsStore.getState().stats?.progress.total).toBe(1);

    await useStatsStore.getState().open();
    await useStatsStore.getState().open();
    expect(service.statsCalls).toBe(1);
    expect(service.versionCalls).toBeGreaterThanOrEqual(3);

    service.version = 2;
    await useStatsStore.getState().open();
    expect(service.statsCalls).toBe(2);
    expect(useStatsStore.getState().stats?.progress.total).toBe(2);
  });

  it('reloads after a write it was told of, whatever the version', async () => {
    await useStatsStore.getState().open();
    await useStatsStore.getState().refresh();
    expect(service.statsCalls).toBe(2);
  });
});
