// Classifies a URL that came from data (gold sources, system citations,
// evidence) before anything can open it. Only http(s) may ever leave the app;
// everything else is shown as inert text with an "unsafe" marker. Whether a
// URL is safe is decided by shared/host.ts, the same rule the Electron host
// applies before opening, so a link shown as openable is never refused.
import { safeExternalUrl } from '../../../shared/host';

export type UrlClass =
  { safe: true; href: string; host: string; path: string } | { safe: false; text: string; reason: string };

const MAX_PATH_CHARS = 72;

export function classifyUrl(raw: string): UrlClass {
  const text = raw.trim();
  if (text === '') return { safe: false, text: raw, reason: 'empty' };
  const href = safeExternalUrl(text);
  if (href != null) {
    // Only the normalised href is ever handed on, and shown: the host as the
    // parser reads it (punycode included), so a look-alike cannot hide.
    const url = new URL(href);
    return {
      safe: true,
      href,
      host: url.host,
      path: shortenMiddle(url.pathname + url.search + url.hash, MAX_PATH_CHARS),
    };
  }
  return { safe: false, text, reason: unsafeReason(text) };
}

/** Why a URL was refused, for the marker's tooltip. */
function unsafeReason(text: string): string {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f]/.test(text)) return 'control characters';
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(text)?.[1]?.toLowerCase();
  if (scheme == null) return 'not a URL';
  if (scheme !== 'http' && scheme !== 'https') return `${scheme}: link`;
  if (/^https?:\/\/[^/?#]*@/i.test(text)) return 'credentials in URL';
  return 'malformed http(s) link';
}

/** True when the URL may be opened in the system browser. */
export function isSafeUrl(raw: string): boolean {
  return classifyUrl(raw).safe;
}

/** Keeps the start and the end of a long string, which carry the meaning of a URL path. */
export function shortenMiddle(text: string, max: number): string {
  if (text.length <= max) return text;
  const keep = max - 1;
  const head = Math.ceil(keep * 0.6);
  return `${text.slice(0, head)}…${text.slice(text.length - (keep - head))}`;
}
