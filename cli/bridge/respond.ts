// Response helpers: every response carries the security headers and nothing else
// that would widen access (no CORS headers, no caching of API answers).
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { ApiRefusalKind } from '../../shared/api-errors';
import { SECURITY_HEADERS } from './security';

export function send(
  res: ServerResponse,
  status: number,
  body: string | Buffer,
  headers: OutgoingHttpHeaders,
  headOnly = false,
): void {
  const data = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  res.writeHead(status, { ...SECURITY_HEADERS, 'Content-Length': data.length, ...headers });
  res.end(headOnly ? undefined : data);
}

export function sendJson(
  res: ServerResponse,
  status: number,
  payload: unknown,
  headers: OutgoingHttpHeaders = {},
): void {
  send(res, status, JSON.stringify(payload), {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    ...headers,
  });
}

/** The error envelope of the API: a message and, for a refusal of the service, its kind (shared/api-errors.ts); never a stack. */
export function sendError(
  res: ServerResponse,
  status: number,
  message: string,
  headers: OutgoingHttpHeaders = {},
  kind?: ApiRefusalKind,
): void {
  sendJson(
    res,
    status,
    kind === undefined ? { ok: false, error: message } : { ok: false, error: message, kind },
    headers,
  );
}
