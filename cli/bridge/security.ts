// The loopback bridge's gatekeeping. Binding to 127.0.0.1 keeps other machines
// out, but not other web pages in the user's own browser: a hostile page can
// point a DNS name at 127.0.0.1 (rebinding) or POST to us cross-origin. So
// every request must name us in Host, must not come from a foreign Origin, and
// /api calls must carry the per-launch token that only the opened URL knows.
import { randomBytes, timingSafeEqual, createHash } from 'node:crypto';
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import { CONTENT_SECURITY_POLICY } from '../../shared/content-security-policy';

/** The renderer's policy, the same as Electron serves it. */
export const CSP = CONTENT_SECURITY_POLICY;

/** Sent on every response, API and static alike. Deliberately no Access-Control-* header: no CORS, ever. */
export const SECURITY_HEADERS: OutgoingHttpHeaders = {
  'Content-Security-Policy': CSP,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/** 32 random bytes, base64url: unguessable and safe in a URL fragment. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function allowedHosts(port: number): Set<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
}

export function allowedOrigins(port: number): Set<string> {
  return new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`]);
}

/** Host must name this server exactly; anything else is a rebinding attempt or a misdirected request. */
export function hostAllowed(headers: IncomingHttpHeaders, port: number): boolean {
  const host = headers.host;
  return typeof host === 'string' && allowedHosts(port).has(host.toLowerCase());
}

/** An absent Origin is fine (same-origin GETs, curl); a present one must be ours ("null" included: refused). */
export function originAllowed(headers: IncomingHttpHeaders, port: number): boolean {
  const origin = headers.origin;
  if (origin === undefined) return true;
  return allowedOrigins(port).has(origin.toLowerCase());
}

/** The token from `Authorization: Bearer …` or `X-Adjudicator-Token`. */
export function presentedToken(headers: IncomingHttpHeaders): string | null {
  const auth = headers.authorization;
  if (typeof auth === 'string') {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(auth);
    if (match?.[1]) return match[1];
  }
  const custom = headers['x-adjudicator-token'];
  if (typeof custom === 'string' && custom.length > 0) return custom;
  return null;
}

/**
 * Constant-time comparison. Hashing both sides first gives equal-length
 * buffers, so neither the content nor the length of the token leaks by timing.
 */
export function tokenMatches(presented: string | null, expected: string): boolean {
  if (presented === null) return false;
  const a = createHash('sha256').update(presented).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}
