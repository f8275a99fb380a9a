import { describe, expect, it } from 'vitest';
import { METHOD_NAMES, type AdjudicatorApi, type MethodName } from '../../shared/api';
import { READ_ONLY_METHODS, watchWrites } from '../../renderer/src/api/watch-writes';

function fakeApi(fail: boolean): AdjudicatorApi {
  const methods = Object.fromEntries(METHOD_NAMES.map((name) => [name, () => (fail ? Promise.reject(new Error(name)) : Promise.resolve(name))]));
  return methods as unknown as AdjudicatorApi;
}

async function call(client: AdjudicatorApi, name: MethodName): Promise<unknown> {
  return (client[name] as (input: unknown) => Promise<unknown>)({});
}

describe('watchWrites', () => {
  it('reports every call that may write, and no read', async () => {
    const wrote: MethodName[] = [];
    const client = watchWrites(fakeApi(false), (name) => wrote.push(name));
    for (const name of METHOD_NAMES) await expect(call(client, name)).resolves.toBe(name);
    expect(wrote).toEqual(METHOD_NAMES.filter((name) => !READ_ONLY_METHODS.has(name)));
    for (const name of ['rule', 'retract', 'setPolicy', 'importRulings', 'linkReport', 'overrideReport', 'exportPatch', 'postReply'] as const) {
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
});
