import { describe, expect, it, vi } from 'vitest';
import { isEmptyStore, loadDemoIfEmpty } from '../../electron/first-run';
import type { JobState } from '../../shared/api-types';
import { createFakeService, storeInfo } from './fake-service';

const noSleep = () => Promise.resolve();

describe('loadDemoIfEmpty', () => {
  it('leaves a store with data alone', async () => {
    const service = createFakeService({ tasks: 3 });
    expect(await loadDemoIfEmpty(service)).toEqual({ outcome: 'not-empty' });
    expect(service.loadDemo).not.toHaveBeenCalled();
  });

  it('loads the demo into an empty store and waits for the job', async () => {
    const service = createFakeService();
    const states: JobState[] = ['running', 'running', 'done'];
    service.getJob.mockImplementation(({ jobId }) => ({
      id: jobId,
      kind: 'demo',
      state: states.shift() ?? 'done',
      done: 0,
      total: 1,
      message: '',
    }));
    expect(await loadDemoIfEmpty(service, { sleep: noSleep })).toEqual({ outcome: 'loaded' });
    expect(service.loadDemo).toHaveBeenCalledWith({});
    expect(service.getJob).toHaveBeenCalledTimes(3);
  });

  it('reports a failed or endless job', async () => {
    const failed = createFakeService();
    failed.getJob.mockImplementation(({ jobId }) => ({
      id: jobId,
      kind: 'demo',
      state: 'failed',
      done: 0,
      total: 1,
      message: 'failed',
      error: 'disk full',
    }));
    expect(await loadDemoIfEmpty(failed, { sleep: noSleep })).toEqual({ outcome: 'failed', error: 'disk full' });
    const endless = createFakeService();
    endless.getJob.mockImplementation(({ jobId }) => ({
      id: jobId,
      kind: 'demo',
      state: 'running',
      done: 0,
      total: 1,
      message: '',
    }));
    const sleep = vi.fn(noSleep);
    expect(await loadDemoIfEmpty(endless, { sleep, timeoutMs: 1000, pollMs: 100 })).toMatchObject({
      outcome: 'timeout',
    });
    expect(sleep).toHaveBeenCalledTimes(11);
  });

  it('calls a store empty only with no tasks, runs or disputes', () => {
    expect(isEmptyStore(storeInfo(0))).toBe(true);
    expect(isEmptyStore({ ...storeInfo(0), runs: 1 })).toBe(false);
    expect(isEmptyStore(storeInfo(2))).toBe(false);
  });
});
