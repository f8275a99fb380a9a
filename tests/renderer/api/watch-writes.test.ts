import { describe, expect, it } from 'vitest';
import { METHOD_NAMES, type AdjudicatorApi, type MethodName } from '../../../shared/api';
import type { JobStatus } from '../../../shared/api-types';
import { READ_ONLY_METHODS, watchWrites } from '../../../renderer/src/api/watch-writes';

function fakeApi(fail: boolean, jobs: JobStatus[] = []): AdjudicatorApi {
  const methods = Object.fromEntries(
    METHOD_NAMES.map((name) => [
      name,
      () =>
        fail
          ? Promise.reject(new Error(name))
          : Promise.resolve(name === 'getJob' ? (jobs.shift() ?? job('j0', 'import', 'running')) : name),
    ]),
  );
  return methods as unknown as AdjudicatorApi;
}

function job(id: string, kind: JobStatus['kind'], state: JobStatus['state']): JobStatus {
  return { id, kind, state, done: 0, total: 1, message: '' };
}

async function call(client: AdjudicatorApi, name: MethodName): Promise<unknown> {
  return (client[name] as (input: unknown) => Promise<unknown>)({});
}

describe('watchWrites', () => {
  it('reports every call that may write, and no read', async () => {
    const wrote: MethodName[] = [];
    const client = watchWrites(fakeApi(false), (name) => wrote.push(name));
    for (const name of METHOD_NAMES) if (name !== 'getJob') await expect(call(client, name)).resolves.toBe(name);
    await call(client, 'getJob');
    expect(wrote).toEqual(METHOD_NAMES.filter((name) => !READ_ONLY_METHODS.has(name)));
    for (const name of [
      'rule',
      'retract',
      'setPolicy',
      'importRulings',
      'linkReport',
      'overrideReport',
      'exportPatch',
      'postReply',
    ] as const) {
      expect(wrote).toContain(name);
    }
    expect(wrote).not.toContain('getDispute');
    // The release desk checks paths before prefilling them: that must not drop the dispute cache.
    expect(wrote).not.toContain('existingFiles');
  });

  it('reports a failed write too, before the caller resumes', async () => {
    const wrote: MethodName[] = [];
    const client = watchWrites(fakeApi(true), (name) => wrote.push(name));
    await expect(call(client, 'rule')).rejects.toThrow('rule');
    expect(wrote).toEqual(['rule']);
  });

  it('the caller resumes after the listener has run', async () => {
    let seen = false;
    const client = watchWrites(fakeApi(false), () => {
      seen = true;
    });
    await call(client, 'retract');
    expect(seen).toBe(true);
  });

  it('reports a job that may write once, when getJob first says it ended, whichever view asks', async () => {
    const answers = [
      job('a', 'import', 'running'),
      job('a', 'import', 'done'),
      job('a', 'import', 'done'),
      job('b', 'export', 'failed'),
      job('c', 'rescore', 'done'),
      job('d', 'apply', 'cancelled'),
    ];
    const wrote: MethodName[] = [];
    const client = watchWrites(fakeApi(false, answers), (name) => wrote.push(name));
    const seen: number[] = [];
    for (let i = 0; i < 6; i++) {
      await call(client, 'getJob');
      seen.push(wrote.length);
    }
    // Running: nothing. Ended: once per job. A score preview only reads.
    expect(seen).toEqual([0, 1, 1, 2, 2, 3]);
    expect(wrote).toEqual(['getJob', 'getJob', 'getJob']);
  });
});
