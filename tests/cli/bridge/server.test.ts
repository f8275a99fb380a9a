// The loopback bridge's HTTP layer against a fake service: token, Host, Origin,
// no CORS, methods, body limits, static files without traversal, concurrency.
import { CONTENT_SECURITY_POLICY } from '../../../shared/content-security-policy';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { connect } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../../cli/server';
import type { RunningServer } from '../../../cli/server';
import { CELL_ID, createFakeService, MISSING_ID } from '../support/fake-service';
import type { FakeService } from '../support/fake-service';
import { api, raw } from '../../support/http';
import type { RawResponse } from '../../support/http';

const run = promisify(execFile);

let root: string;
let server: RunningServer;
let fake: FakeService;
const responses: RawResponse[] = [];

/** Every response a test sees is checked for CORS headers at the end. */
async function track(p: Promise<RawResponse>): Promise<RawResponse> {
  const res = await p;
  responses.push(res);
  return res;
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'bridge-'));
  const renderer = join(root, 'renderer');
  mkdirSync(join(renderer, 'assets'), { recursive: true });
  writeFileSync(
    join(renderer, 'index.html'),
    '<!doctype html><title>app</title><script type="module" src="/assets/app.js"></script>',
  );
  writeFileSync(join(renderer, 'assets', 'app.js'), 'console.log(location.hash)');
  writeFileSync(join(root, 'package.json'), '{"secret": "outside the renderer"}');
  fake = createFakeService();
  server = await startServer({ dbPath: ':unused:', service: fake, rendererDir: renderer, maxBodyBytes: 64 * 1024 });
});

afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

describe('address and token', () => {
  it('listens on 127.0.0.1 only and hands out the token in the URL fragment', () => {
    expect(server.origin).toBe(`http://127.0.0.1:${server.port}`);
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/#token=${server.token}`);
    // 32 random bytes, base64url.
    expect(server.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('cannot be reached on any other interface', async () => {
    const others = Object.values(networkInterfaces())
      .flat()
      .flatMap((i) => (i !== undefined && !i.internal ? [i.address] : []));
    for (const address of others) {
      const outcome = await new Promise<string>((resolve) => {
        const socket = connect({ host: address, port: server.port, timeout: 2000 });
        socket.once('connect', () => {
          socket.destroy();
          resolve('connected');
        });
        socket.once('timeout', () => {
          socket.destroy();
          resolve('timeout');
        });
        socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
      });
      expect(outcome, address).not.toBe('connected');
    }
  });

  it('uses a fresh token per launch', async () => {
    const other = await startServer({ dbPath: ':unused:', service: fake });
    try {
      expect(other.token).not.toBe(server.token);
      expect(other.port).not.toBe(server.port);
    } finally {
      await other.close();
    }
  });
});

describe('API', () => {
  it('answers an authorised call with {ok:true,value}', async () => {
    const res = await track(api(server.port, server.token, 'getDispute', { id: CELL_ID }));
    expect(res.status).toBe(200);
    const body = res.json<{ ok: boolean; value: { dispute: { id: string } } }>();
    expect(body.ok).toBe(true);
    expect(body.value.dispute.id).toBe(CELL_ID);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('accepts the token in X-Adjudicator-Token too', async () => {
    const res = await track(
      raw(server.port, {
        method: 'POST',
        path: '/api/getFacets',
        headers: { 'Content-Type': 'application/json', 'X-Adjudicator-Token': server.token },
        body: '{}',
      }),
    );
    expect(res.status).toBe(200);
  });

  it('refuses a request without the token: 401', async () => {
    const res = await track(
      raw(server.port, {
        method: 'POST',
        path: '/api/getInfo',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      }),
    );
    expect(res.status).toBe(401);
    expect(res.json()).toEqual({ ok: false, error: 'missing or wrong token' });
  });

  it('refuses a wrong token, including one of a different length: 401', async () => {
    // The last character changed to one it is not (a random token ends in 'A' one time in 64).
    const changed = `${server.token.slice(0, -1)}${server.token.endsWith('A') ? 'B' : 'A'}`;
    for (const wrong of [changed, 'short', `${server.token}x`]) {
      const res = await track(api(server.port, wrong, 'getInfo', {}));
      expect(res.status).toBe(401);
    }
  });

  it('answers GET on the API with 405', async () => {
    for (const path of ['/api', '/api/getInfo']) {
      const res = await track(raw(server.port, { path, headers: { Authorization: `Bearer ${server.token}` } }));
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe('POST');
    }
  });

  it('answers an unknown method with 404 (after the token check)', async () => {
    expect((await track(api(server.port, server.token, 'dropTables', {}))).status).toBe(404);
    expect((await track(api(server.port, server.token, 'constructor', {}))).status).toBe(404);
    expect((await track(api(server.port, server.token, '__proto__', {}))).status).toBe(404);
    expect((await track(api(server.port, 'nope', 'dropTables', {}))).status).toBe(401);
  });

  it('answers invalid input with 400 naming the field', async () => {
    const res = await track(api(server.port, server.token, 'rule', { disputeId: CELL_ID, decision: 'overrule' }));
    expect(res.status).toBe(400);
    const body = res.json();
    expect(body.ok).toBe(false);
    expect(body.error).toMatch(/^rule: decision: /);
    const extra = await track(api(server.port, server.token, 'listDisputes', { filter: { status: 'maybe' } }));
    expect(extra.status).toBe(400);
    expect(extra.json().error).toMatch(/filter\.status/);
  });

  it('refuses a body that is not a JSON object: 400, or not JSON at all: 415', async () => {
    const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${server.token}` };
    expect(
      (await track(raw(server.port, { method: 'POST', path: '/api/getInfo', headers, body: '{not json' }))).status,
    ).toBe(400);
    expect((await track(raw(server.port, { method: 'POST', path: '/api/getInfo', headers, body: '[1]' }))).status).toBe(
      400,
    );
    const plain = await track(
      raw(server.port, {
        method: 'POST',
        path: '/api/getInfo',
        headers: { ...headers, 'Content-Type': 'text/plain' },
        body: '{}',
      }),
    );
    expect(plain.status).toBe(415);
  });

  it('answers a service error with 500 and the message only', async () => {
    const res = await track(api(server.port, server.token, 'getDispute', { id: 'd-unknown' }));
    expect(res.status).toBe(500);
    expect(res.json()).toEqual({ ok: false, error: 'no dispute d-unknown' });
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it('refuses a body over the limit with 413, declared or streamed', async () => {
    const big = JSON.stringify({ id: 'x'.repeat(70 * 1024) });
    expect((await track(api(server.port, server.token, 'getDispute', JSON.parse(big)))).status).toBe(413);
    // Chunked: no Content-Length to trust, so the limit is counted while reading.
    const chunked = await track(
      raw(server.port, {
        method: 'POST',
        path: '/api/getDispute',
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${server.token}`,
          'Transfer-Encoding': 'chunked',
        },
        body: big,
      }),
    );
    expect(chunked.status).toBe(413);
  });
});

describe('Host and Origin', () => {
  it('refuses a foreign Host (DNS rebinding), even with the token', async () => {
    for (const host of [
      `evil.example:${server.port}`,
      '127.0.0.1',
      `127.0.0.1:${server.port + 1}`,
      `localhost.evil.example:${server.port}`,
    ]) {
      const res = await track(api(server.port, server.token, 'getInfo', {}, { Host: host }));
      expect(res.status).toBe(421);
      const page = await track(raw(server.port, { path: '/', headers: { Host: host } }));
      expect(page.status).toBe(421);
    }
  });

  it('accepts localhost:<port> as Host', async () => {
    const res = await track(api(server.port, server.token, 'getInfo', {}, { Host: `localhost:${server.port}` }));
    expect(res.status).toBe(200);
  });

  it('refuses a foreign Origin with 403, even with the token', async () => {
    for (const origin of [
      'http://evil.example',
      'null',
      `http://127.0.0.1:${server.port + 1}`,
      `https://127.0.0.1:${server.port}`,
    ]) {
      const res = await track(api(server.port, server.token, 'getInfo', {}, { Origin: origin }));
      expect(res.status).toBe(403);
    }
  });

  it('accepts its own Origin', async () => {
    for (const origin of [server.origin, `http://localhost:${server.port}`]) {
      const res = await track(api(server.port, server.token, 'getInfo', {}, { Origin: origin }));
      expect(res.status).toBe(200);
    }
  });

  it('answers a CORS preflight without any CORS header', async () => {
    const res = await track(
      raw(server.port, {
        method: 'OPTIONS',
        path: '/api/getInfo',
        headers: { Origin: 'http://evil.example', 'Access-Control-Request-Method': 'POST' },
      }),
    );
    expect(res.status).toBe(403);
  });
});

describe('static files', () => {
  it('serves index.html for / with the strict CSP and hardening headers', async () => {
    const res = await track(raw(server.port, { path: '/' }));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<title>app</title>');
    const csp = res.headers['content-security-policy'];
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    // The same policy as the Electron host serves.
    expect(csp).toBe(CONTENT_SECURITY_POLICY);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('serves assets with their type, and HEAD without a body', async () => {
    const res = await track(raw(server.port, { path: '/assets/app.js?v=1' }));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    const head = await track(raw(server.port, { method: 'HEAD', path: '/assets/app.js' }));
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
  });

  it('refuses path traversal in every spelling', async () => {
    for (const path of [
      '/../package.json',
      '/%2e%2e/package.json',
      '/%2E%2E/package.json',
      '/assets/../../package.json',
      '/assets/%2e%2e/%2e%2e/package.json',
      '/..%2fpackage.json',
      '/..%5cpackage.json',
      '/%00',
      '/%zz',
    ]) {
      const res = await track(raw(server.port, { path }));
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.body, path).not.toContain('outside the renderer');
    }
  });

  it('answers a missing file with 404 and POST to a page with 405', async () => {
    expect((await track(raw(server.port, { path: '/nope.js' }))).status).toBe(404);
    expect((await track(raw(server.port, { method: 'POST', path: '/' }))).status).toBe(405);
  });
});

describe('load', () => {
  it('answers 200 concurrent requests from another process, each correctly', async () => {
    const hammer = fileURLToPath(new URL('./support/hammer.mjs', import.meta.url));
    const { stdout } = await run(process.execPath, [hammer, server.origin, server.token, '200', CELL_ID, MISSING_ID]);
    const summary = JSON.parse(stdout) as { total: number; ok: number; failed: unknown[] };
    expect(summary.failed).toEqual([]);
    expect(summary.ok).toBe(200);
  });
});

describe('no CORS', () => {
  it('sent no Access-Control-* header on any response above', () => {
    expect(responses.length).toBeGreaterThan(30);
    for (const res of responses) {
      expect(Object.keys(res.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
    }
  });
});
