// A stand-in for db/service's ServiceHandle: every contract method is a spy
// that echoes its (already validated) input.
import { vi } from 'vitest';
import { METHOD_NAMES } from '../../shared/api';
import type { AdjudicatorService } from '../../shared/api';
import type { StoreInfo } from '../../shared/api-types';

export function storeInfo(tasks: number): StoreInfo {
  return {
    store_path: '/tmp/atlas.sqlite',
    engineer: 'ada',
    revision: null,
    dataset_sha256: null,
    dataset_path: null,
    counts: { open: 0, resolved: 0, conflict: 0, total: tasks === 0 ? 0 : 3 },
    tasks,
    runs: tasks === 0 ? 0 : 2,
    policy: { required: 1, blind: false },
    version: '0.1.0',
  };
}

export function createFakeService(options: { tasks?: number } = {}) {
  const methods = Object.fromEntries(
    METHOD_NAMES.map((name) => [name, vi.fn((input: unknown) => ({ method: name, input }))]),
  );
  const service = {
    ...methods,
    getInfo: vi.fn(() => storeInfo(options.tasks ?? 0)),
    loadDemo: vi.fn(() => ({ jobId: 'demo-1' })),
    getJob: vi.fn(({ jobId }: { jobId: string }) => ({
      id: jobId,
      kind: 'demo',
      state: 'done',
      done: 1,
      total: 1,
      message: '',
    })),
    listDisputes: vi.fn(() => {
      throw new Error('store is locked');
    }),
    dbPath: '/tmp/atlas.sqlite',
    importPaths: vi.fn(),
    disputeRecords: vi.fn(() => []),
    close: vi.fn(),
  };
  return service as typeof service & AdjudicatorService;
}
