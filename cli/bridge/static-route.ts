// Static files of the built renderer. Paths are checked segment by segment on
// the raw (decoded) request path rather than trusting URL normalisation, and the
// final real path must still lie inside the renderer folder (symlinks included).
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, sep } from 'node:path';
import { contentTypeFor } from '../../shared/content-types';
import { send, sendError } from './respond';
import { SECURITY_HEADERS } from './security';

/** Shown when the renderer has not been built, so `serve` still explains itself. */
const NOT_BUILT_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>ATLAS Adjudicator</title><link rel="icon" href="data:,"></head>
<body><h1>ATLAS Adjudicator</h1><p>The user interface is not built yet. Run <code>npm run build</code> in the checkout, then reload.</p></body></html>`;

/** Decoded path segments, or null when the path tries to leave the folder or is malformed. */
export function safeSegments(rawPath: string): string[] | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const segments = decoded.split('/').filter((s) => s.length > 0);
  // Dot-segments would climb out; dotfiles are never part of a build.
  if (segments.some((s) => s.startsWith('.') || s.includes(':'))) return null;
  return segments;
}

export async function serveStatic(
  req: IncomingMessage,
  res: ServerResponse,
  rawPath: string,
  rendererDir: string,
): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    sendError(res, 405, 'method not allowed', { Allow: 'GET, HEAD' });
    return;
  }
  const headOnly = req.method === 'HEAD';
  const segments = safeSegments(rawPath);
  if (segments === null) {
    sendError(res, 400, 'bad path');
    return;
  }
  const wantsIndex = segments.length === 0 || (segments.length === 1 && segments[0] === 'index.html');
  const file = await resolveInside(rendererDir, segments.length === 0 ? ['index.html'] : segments);
  if (file === null) {
    if (wantsIndex)
      send(
        res,
        200,
        NOT_BUILT_PAGE,
        { 'Content-Type': contentTypeFor('index.html'), 'Cache-Control': 'no-store' },
        headOnly,
      );
    else sendError(res, 404, 'not found');
    return;
  }
  const type = contentTypeFor(file.path);
  res.writeHead(200, {
    ...SECURITY_HEADERS,
    'Content-Type': type,
    'Content-Length': file.size,
    'Cache-Control': 'no-cache',
  });
  if (headOnly) {
    res.end();
    return;
  }
  const stream = createReadStream(file.path);
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}

async function resolveInside(root: string, segments: string[]): Promise<{ path: string; size: number } | null> {
  try {
    const realRoot = await realpath(root);
    const real = await realpath(join(realRoot, ...segments));
    if (!real.startsWith(realRoot + sep)) return null;
    const info = await stat(real);
    return info.isFile() ? { path: real, size: info.size } : null;
  } catch {
    return null;
  }
}
