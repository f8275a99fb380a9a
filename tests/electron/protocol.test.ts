import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_SCHEME_PRIVILEGES,
  contentTypeFor,
  createAppProtocolHandler,
  resolveAppPath,
} from '../../electron/protocol';
import { CONTENT_SECURITY_POLICY } from '../../electron/security';

const root = resolve('/srv/app/dist/renderer');

describe('APP_SCHEME_PRIVILEGES', () => {
  it('registers app:// as standard and secure, without bypassing CSP', () => {
    expect(APP_SCHEME_PRIVILEGES.scheme).toBe('app');
    expect(APP_SCHEME_PRIVILEGES.privileges).toMatchObject({ standard: true, secure: true });
    expect(APP_SCHEME_PRIVILEGES.privileges?.bypassCSP).toBeFalsy();
    expect(APP_SCHEME_PRIVILEGES.privileges?.corsEnabled).toBeFalsy();
  });
});

describe('resolveAppPath', () => {
  it.each([
    ['app://atlas/', 'index.html'],
    ['app://atlas', 'index.html'],
    ['app://atlas/index.html', 'index.html'],
    ['app://atlas/assets/index-abc.js', join('assets', 'index-abc.js')],
    ['app://atlas/assets/a%20b.css?v=1#x', join('assets', 'a b.css')],
    // The URL parser removes dot segments before we see them: still inside root.
    ['app://atlas/assets/../index.html', 'index.html'],
    ['app://atlas/../../../index.html', 'index.html'],
    // %2e%2e is a dot segment to the URL parser too: removed, never climbs out.
    ['app://atlas/%2e%2e/%2e%2e/etc/passwd', join('etc', 'passwd')],
    ['app://atlas/%2E%2E/secret', 'secret'],
    ['app://atlas/.', 'index.html'],
  ])('maps %s into the root', (url, rel) => {
    expect(resolveAppPath(root, url)).toBe(join(root, rel));
  });

  it.each([
    'app://atlas/assets/%2e%2e%2f%2e%2e%2fsecret',
    'app://atlas/..%2f..%2fsecret',
    'app://atlas/..%5c..%5csecret',
    'app://atlas/%2fetc%2fpasswd',
    'app://atlas/%5cwindows%5cwin.ini',
    'app://atlas/C:%5cWindows%5cwin.ini',
    'app://atlas/C:/Windows/win.ini',
    'app://atlas/index.html%00.png',
    'app://atlas/%E0%A4%A', // malformed escape
    'app://evil/index.html',
    'app://atlas.evil/index.html',
    'file:///etc/passwd',
    'https://atlas/index.html',
    '/etc/passwd',
    '../../etc/passwd',
    'not a url',
  ])('refuses %s', (url) => {
    expect(resolveAppPath(root, url)).toBeNull();
  });

  it('never resolves outside the root, whatever the path', () => {
    const tricky = ['..', '.', '%2e', '%2e%2e', '%2f', '%5c', '..%2f', 'a', 'C:', '%00', '//', '\\'];
    for (const a of tricky)
      for (const b of tricky)
        for (const c of tricky) {
          const path = resolveAppPath(root, `app://atlas/${a}/${b}/${c}`);
          if (path !== null) expect(path.startsWith(root + sep)).toBe(true);
        }
  });
});

describe('contentTypeFor', () => {
  it('serves scripts and pages with exact types (nosniff needs them)', () => {
    expect(contentTypeFor('/x/index.html')).toBe('text/html; charset=utf-8');
    expect(contentTypeFor('/x/a.JS')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeFor('/x/a.css')).toBe('text/css; charset=utf-8');
    expect(contentTypeFor('/x/font.woff2')).toBe('font/woff2');
    expect(contentTypeFor('/x/unknown.bin')).toBe('application/octet-stream');
  });
});

describe('createAppProtocolHandler', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'atlas-protocol-'));
    mkdirSync(join(dir, 'renderer', 'assets'), { recursive: true });
    writeFileSync(join(dir, 'renderer', 'index.html'), '<!doctype html><title>ok</title>');
    writeFileSync(join(dir, 'renderer', 'assets', 'app.js'), 'console.log(1)');
    writeFileSync(join(dir, 'secret.txt'), 'top secret');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const handler = () => createAppProtocolHandler(join(dir, 'renderer'));

  it('serves index.html for / with the CSP and nosniff headers', async () => {
    const response = await handler()(new Request('app://atlas/'));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<title>ok</title>');
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('serves assets with their type', async () => {
    const response = await handler()(new Request('app://atlas/assets/app.js'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });

  it('answers 404 for missing files, directories and escapes, still with the CSP', async () => {
    for (const url of [
      'app://atlas/missing.js',
      'app://atlas/assets',
      'app://atlas/%2e%2e/secret.txt',
      'app://atlas/..%2fsecret.txt',
    ]) {
      const response = await handler()(new Request(url));
      expect(response.status, url).toBe(404);
      expect(await response.text()).not.toContain('top secret');
      expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    }
  });

  it('answers HEAD without a body and refuses other methods', async () => {
    const head = await handler()(new Request('app://atlas/index.html', { method: 'HEAD' }));
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const post = await handler()(new Request('app://atlas/index.html', { method: 'POST', body: 'x' }));
    expect(post.status).toBe(405);
  });

  it('reports read errors other than not-found as 500', async () => {
    const failing = createAppProtocolHandler(join(dir, 'renderer'), () =>
      Promise.reject(Object.assign(new Error('EACCES'), { code: 'EACCES' })),
    );
    expect((await failing(new Request('app://atlas/index.html'))).status).toBe(500);
  });
});
