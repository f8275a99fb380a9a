import { describe, expect, it } from 'vitest';
import { METHOD_NAMES } from '../../../shared/api';
import type { ApiCallError } from '../../../shared/api-errors';
import { refusedAs } from '../../../shared/api-errors';
import { createBrowserClient } from '../../../renderer/src/api/browser-client';
import { createBrowserHost } from '../../../renderer/src/api/browser-host';
import { takeToken } from '../../../renderer/src/api/token';

function fakeFetch(answer: unknown, status = 200) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchImpl = (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const body = typeof answer === 'string' ? answer : JSON.stringify(answer);
    return Promise.resolve(new Response(body, { status, headers: { 'Content-Type': 'application/json' } }));
  };
  return { fetchImpl, calls };
}

describe('createBrowserClient', () => {
  it('has every method of the contract', () => {
    const client = createBrowserClient('t', fakeFetch({ ok: true }).fetchImpl);
    for (const name of METHOD_NAMES) expect(typeof client[name]).toBe('function');
  });

  it('posts the input with the bearer token and returns the value', async () => {
    const { fetchImpl, calls } = fakeFetch({ ok: true, value: { index: 7 } });
    const client = createBrowserClient('secret', fetchImpl);
    await expect(client.locateDispute({ id: 'd-1' })).resolves.toEqual({ index: 7 });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/api/locateDispute');
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.headers).toEqual({ 'Content-Type': 'application/json', Authorization: 'Bearer secret' });
    expect(calls[0]?.init.body).toBe('{"id":"d-1"}');
  });

  it('throws the service error', async () => {
    const client = createBrowserClient(
      't',
      fakeFetch({ ok: false, error: 'getDispute: id: unknown dispute' }, 400).fetchImpl,
    );
    await expect(client.getDispute({ id: 'nope' })).rejects.toThrow('getDispute: id: unknown dispute');
  });

  it('throws a refusal with its kind, and drops a kind it does not know', async () => {
    const refused = createBrowserClient(
      't',
      fakeFetch(
        { ok: false, error: 'out: x already exists and is not a patch for v1.1', kind: 'OutputExistsError' },
        409,
      ).fetchImpl,
    );
    const refusal: unknown = await refused.exportPatch({ revision: 'v1.1', out: 'x' }).catch((error: unknown) => error);
    expect(refusedAs(refusal, 'OutputExistsError')).toBe(true);
    expect((refusal as Error).message).toBe('out: x already exists and is not a patch for v1.1');
    const odd = createBrowserClient('t', fakeFetch({ ok: false, error: 'nope', kind: '__proto__' }, 409).fetchImpl);
    expect(((await odd.getInfo({}).catch((error: unknown) => error)) as ApiCallError).kind).toBeUndefined();
  });

  it('explains an answer that is not the envelope', async () => {
    await expect(createBrowserClient('t', fakeFetch('<html>', 502).fetchImpl).getInfo({})).rejects.toThrow(
      'getInfo: HTTP 502',
    );
    await expect(createBrowserClient('t', fakeFetch({ hello: 1 }).fetchImpl).getInfo({})).rejects.toThrow(
      'unexpected answer',
    );
  });
});

describe('takeToken', () => {
  function env(hash: string) {
    const replaced: string[] = [];
    const stored = new Map<string, string>();
    return {
      replaced,
      stored,
      env: {
        location: { hash, pathname: '/', search: '?q=1' },
        history: {
          replaceState: (_d: unknown, _t: string, url?: string | URL | null) => void replaced.push(String(url)),
        },
        storage: {
          getItem: (k: string) => stored.get(k) ?? null,
          setItem: (k: string, v: string) => void stored.set(k, v),
        },
      },
    };
  }

  it('takes the token from the fragment and clears it from the address bar', () => {
    const e = env('#token=abc123');
    expect(takeToken(e.env)).toBe('abc123');
    expect(e.replaced).toEqual(['/?q=1']);
  });

  it('keeps other fragment parameters', () => {
    const e = env('#token=abc&view=export');
    expect(takeToken(e.env)).toBe('abc');
    expect(e.replaced).toEqual(['/?q=1#view=export']);
  });

  it('falls back to the token kept for this tab after a reload', () => {
    const e = env('#token=abc');
    takeToken(e.env);
    const reloaded = { ...e.env, location: { hash: '', pathname: '/', search: '' } };
    expect(takeToken(reloaded)).toBe('abc');
    expect(takeToken({ ...reloaded, storage: null })).toBeNull();
  });
});

describe('createBrowserHost', () => {
  it('opens only safe links, in a new tab without opener', async () => {
    const opened: string[][] = [];
    const host = createBrowserHost((...args) => opened.push(args));
    await host.openExternal('https://example.org/x');
    await expect(host.openExternal('javascript:alert(1)')).rejects.toThrow('unsafe');
    await expect(host.openExternal('file:///etc/passwd')).rejects.toThrow('unsafe');
    expect(opened).toEqual([['https://example.org/x', '_blank', 'noopener,noreferrer']]);
    expect(host.kind).toBe('browser');
    expect('pickPaths' in host).toBe(false);
  });
});
