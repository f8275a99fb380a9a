// Every link a report contains. Only plain http(s) links are offered as links
// (the same rule the hosts use to open one); anything else is listed as
// unsafe so the engineer sees it was there, never a clickable link.
import { safeExternalUrl } from '../host';
import { INVISIBLE_CONTROLS } from './text';

export interface ReportUrl {
  /** Exactly as written in the report. */
  url: string;
  safe: boolean;
  /** The normalised link to open, when safe. */
  href: string | null;
  /** Why it is not offered as a link. */
  reason: string | null;
}

// Schemes worth listing. A scheme must be followed by a non-space so prose
// like "data: 94" or "file: attached" is not taken for a link.
const SCHEME = /(?<![\p{L}\p{N}+.-])(https?|ftps?|file|javascript|vbscript|data|blob|mailto|about|wss?):(?=[^\s])/giu;
// Where a bare link ends: whitespace, markup delimiters, table pipes.
const STOP = /[\s<>"`|\\{}^]/u;
const TRAILING = /[.,;:!?'"*_~]$/u;

export function extractUrls(text: string): ReportUrl[] {
  const found = new Map<string, ReportUrl>();
  for (const match of text.matchAll(SCHEME)) {
    const start = match.index;
    let end = start + match[0].length;
    while (end < text.length && !STOP.test(text[end]!)) end++;
    const url = trimLink(text.slice(start, end));
    if (url.length <= match[0].length || found.has(url)) continue;
    found.set(url, describe(url));
  }
  return [...found.values()];
}

/** Drops sentence punctuation and closing brackets that belong to the prose around a link. */
function trimLink(raw: string): string {
  let url = raw;
  for (;;) {
    if (TRAILING.test(url)) {
      url = url.slice(0, -1);
      continue;
    }
    const last = url.at(-1);
    if ((last === ')' && count(url, '(') < count(url, ')')) || (last === ']' && count(url, '[') < count(url, ']'))) {
      url = url.slice(0, -1);
      continue;
    }
    return url;
  }
}

function count(text: string, char: string): number {
  let n = 0;
  for (const c of text) if (c === char) n++;
  return n;
}

function describe(url: string): ReportUrl {
  if (new RegExp(INVISIBLE_CONTROLS.source, 'u').test(url)) {
    return { url, safe: false, href: null, reason: 'contains invisible or bidirectional control characters' };
  }
  const scheme = /^[a-z][a-z0-9+.-]*:/iu.exec(url)?.[0].toLowerCase() ?? '';
  if (scheme !== 'http:' && scheme !== 'https:') return { url, safe: false, href: null, reason: `${scheme.replace(/:$/u, '')} link, not http(s)` };
  const href = safeExternalUrl(url);
  if (href === null) return { url, safe: false, href: null, reason: 'not a plain http(s) link with a host' };
  return { url, safe: true, href, reason: null };
}

/** The text with every link replaced by a space, so names inside links are not taken for mentions. */
export function withoutUrls(text: string, urls: readonly ReportUrl[]): string {
  let out = text;
  for (const { url } of [...urls].sort((a, b) => b.url.length - a.url.length)) out = out.split(url).join(' ');
  // Brackets that only held a link ("(https://…)", "<https://…>") go too.
  return out.replace(/[(<[]\s*[)>\]]/gu, ' ');
}
