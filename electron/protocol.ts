// Serves the built renderer (dist/renderer) on app://atlas/. A custom scheme
// rather than file:// gives the page a real origin for CSP and the IPC sender
// check, and keeps every other file on disk out of the page's reach.
import { readFile } from 'node:fs/promises';
import { isAbsolute, relative, resolve } from 'node:path';
import type { CustomScheme } from 'electron';
import { contentTypeFor } from '../shared/content-types';
import { APP_HOST, APP_SCHEME, CONTENT_SECURITY_POLICY } from './security';

/**
 * standard: relative URLs and origins work as for https; secure: a secure
 * context like https; supportFetchAPI: Vite's module scripts and preloads are
 * fetched. Deliberately not bypassCSP and not corsEnabled.
 */
export const APP_SCHEME_PRIVILEGES: CustomScheme = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true },
};

export { contentTypeFor };

/**
 * The file under rootDir that an app:// URL names, or null when the URL is not
 * ours or would leave rootDir (../, %2e%2e, encoded slashes, drive letters).
 */
export function resolveAppPath(rootDir: string, requestUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return null;
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return null;
  const pathname = url.pathname === '' || url.pathname === '/' ? '/index.html' : url.pathname;
  const segments: string[] = [];
  for (const raw of pathname.split('/')) {
    if (raw === '') continue;
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    // Checked after decoding: "%2e%2e" and "%2f" must not smuggle what the
    // URL parser already removed or never saw as a separator.
    if (segment === '.' || segment === '..' || /[/\\:\0]/.test(segment)) return null;
    segments.push(segment);
  }
  if (segments.length === 0) return null;
  const root = resolve(rootDir);
  const full = resolve(root, ...segments);
  const rel = relative(root, full);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return null;
  return full;
}

const BASE_HEADERS = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-cache',
};

function plain(status: number, text: string): Response {
  return new Response(text, { status, headers: { ...BASE_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' } });
}

export type ReadFile = (path: string) => Promise<Uint8Array>;

/** The protocol.handle handler for app://: GET/HEAD of files under rootDir only. */
export function createAppProtocolHandler(
  rootDir: string,
  read: ReadFile = readFile,
): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return plain(405, 'method not allowed');
    const path = resolveAppPath(rootDir, request.url);
    if (path === null) return plain(404, 'not found');
    let body: Uint8Array;
    try {
      body = await read(path);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') return plain(404, 'not found');
      return plain(500, 'could not read file');
    }
    const headers = { ...BASE_HEADERS, 'Content-Type': contentTypeFor(path) };
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers });
  };
}
