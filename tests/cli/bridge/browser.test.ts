// The bridge from a real browser (headless Chromium): the page gets its token
// from the URL fragment and can call the API; a page of another origin cannot,
// even knowing the token; a rebound DNS name gets nothing; inline script is blocked by CSP.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../../cli/server';
import type { RunningServer } from '../../../cli/server';
import { launchBrowser } from '../../e2e/support';
import type { LaunchedBrowser } from '../../e2e/support';
import { createFakeService } from '../support/fake-service';
import type { FakeService } from '../support/fake-service';

const APP_JS = `
const token = new URLSearchParams(location.hash.slice(1)).get('token');
history.replaceState(null, '', location.pathname);
fetch('/api/getInfo', { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: 'Bearer ' + token }, body: '{}' })
  .then((r) => r.json())
  .then((body) => { document.getElementById('out').textContent = body.ok ? 'engineer:' + body.value.engineer : 'error:' + body.error; });
`;

let root: string;
let bridge: RunningServer;
let fake: FakeService;
let browser: LaunchedBrowser;
let evil: Server;
let evilOrigin: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'bridge-browser-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html><html><head><link rel="icon" href="data:,"><script type="module" src="/assets/app.js"></script></head>' +
      '<body><p id="out">waiting</p><script>window.inlineRan = true</script></body></html>',
  );
  writeFileSync(join(root, 'assets', 'app.js'), APP_JS);
  fake = createFakeService();
  bridge = await startServer({ dbPath: ':unused:', service: fake, rendererDir: root });
  // A hostile page on another loopback port: a different origin.
  evil = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end('<!doctype html><link rel="icon" href="data:,"><title>evil</title>');
  });
  await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve));
  evilOrigin = `http://127.0.0.1:${(evil.address() as AddressInfo).port}`;
  browser = await launchBrowser({ extraArgs: ['--host-resolver-rules=MAP rebind.test 127.0.0.1'] });
});

afterAll(async () => {
  await browser?.close();
  await bridge?.close();
  await new Promise<void>((resolve) => (evil ? evil.close(() => resolve()) : resolve()));
  rmSync(root, { recursive: true, force: true });
});

const calls = (method: string): number => fake.calls.filter((c) => c.method === method).length;

describe('in Chromium', () => {
  it('the page reads its token from the fragment and calls the API; inline script stays blocked', async () => {
    const { page } = browser;
    await page.goto(bridge.url);
    await page.waitForFunction(() => document.getElementById('out')?.textContent !== 'waiting');
    expect(await page.textContent('#out')).toBe('engineer:fake-engineer');
    expect(page.url()).toBe(`${bridge.origin}/`);
    expect(await page.evaluate(() => (window as unknown as { inlineRan?: boolean }).inlineRan ?? false)).toBe(false);
  });

  it('a page of another origin cannot call the API, even with the token', async () => {
    const { page } = browser;
    await page.goto(evilOrigin);
    const before = calls('getInfo');
    const outcome = await page.evaluate(
      async ({ origin, token }) => {
        const results: string[] = [];
        // A preflighted JSON call, and a "simple" text/plain one that skips preflight.
        for (const type of ['application/json', 'text/plain']) {
          try {
            const r = await fetch(`${origin}/api/getInfo`, {
              method: 'POST',
              headers: { 'Content-Type': type, Authorization: `Bearer ${token}` },
              body: '{}',
            });
            results.push(`status ${r.status}`);
          } catch {
            results.push('blocked');
          }
        }
        try {
          await fetch(`${origin}/api/getInfo`, {
            method: 'POST',
            mode: 'no-cors',
            headers: { 'Content-Type': 'text/plain' },
            body: '{}',
          });
          results.push('sent');
        } catch {
          results.push('blocked');
        }
        return results;
      },
      { origin: bridge.origin, token: bridge.token },
    );
    expect(outcome.slice(0, 2)).toEqual(['blocked', 'blocked']);
    expect(calls('getInfo')).toBe(before);
  });

  it('a rebound DNS name reaches the port but is refused', async () => {
    const { page } = browser;
    const response = await page.goto(`http://rebind.test:${bridge.port}/`);
    expect(response?.status()).toBe(421);
    const before = calls('getInfo');
    const status = await page.evaluate(async (token) => {
      const r = await fetch('/api/getInfo', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: '{}',
      });
      return r.status;
    }, bridge.token);
    expect(status).toBe(421);
    expect(calls('getInfo')).toBe(before);
  });
});
