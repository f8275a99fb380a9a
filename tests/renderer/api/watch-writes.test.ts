import { describe, expect, it } from 'vitest';
import { apiMethods, methodKind, METHOD_NAMES, type AdjudicatorApi, type MethodName } from '../../../shared/api';
import type { JobStatus } from '../../../shared/api-types';
import { watchWrites } from '../../../renderer/src/api/watch-writes';

/** The contract's writes, and its jobs but those it declares read-only (a score preview). */
const CONTRACT_WRITES = METHOD_NAMES.filter(
  (name) => methodKind(name) === 'write' || (methodKind(name) === 'job' && !apiMethods[name].readsOnly),
);

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
    expect(wrote).toEqual(CONTRACT_WRITES);
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
    // The score preview is a job that only reads.
    expect(wrote).not.toContain('rescore');
  });

  it("treats exactly the contract's writes and jobs as writes: no read, and no job the contract says only reads", async () => {
    const wrote: MethodName[] = [];
    const client = watchWrites(fakeApi(false), (name) => wrote.push(name));
    for (const name of METHOD_NAMES) if (name !== 'getJob') await call(client, name);
    expect(wrote.filter((name) => methodKind(name) === 'read')).toEqual([]);
    expect(new Set(wrote)).toEqual(new Set(CONTRACT_WRITES));
    expect(CONTRACT_WRITES).toEqual(expect.arrayContaining(['setSettings', 'cancelJob', 'exportPatch', 'startImport']));
  });

  it("counts a job's end as a write unless the method starting it says the job only reads", async () => {
    const jobMethods = METHOD_NAMES.filter((name) => methodKind(name) === 'job');
    const kindOf = (name: MethodName): JobStatus['kind'] => apiMethods[name].job!;
    const answers = jobMethods.map((name, i) => job(`j${i}`, kindOf(name), 'done'));
    const wrote: MethodName[] = [];
    const client = watchWrites(fakeApi(false, [...answers]), (name) => wrote.push(name));
    const ended: JobStatus['kind'][] = [];
    for (const answer of answers) {
      const before = wrote.length;
      await call(client, 'getJob');
      if (wrote.length > before) ended.push(answer.kind);
    }
    expect(ended).toEqual(jobMethods.filter((name) => !apiMethods[name].readsOnly).map(kindOf));
    expect(ended).not.toContain('rescore');
    expect(ended).toEqual(expect.arrayContaining(['import', 'export', 'apply']));
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
