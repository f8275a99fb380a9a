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
const TRAILING = /^[.,;:!?'"*_~]$/u;

/** Every link with where it sits: one pass, a scheme inside a link already read being part of it. */
function scan(text: string): { url: string; start: number; end: number }[] {
  const spans: { url: string; start: number; end: number }[] = [];
  let consumed = 0;
  for (const match of text.matchAll(SCHEME)) {
    if (match.index < consumed) continue;
    const start = match.index;
    let end = start + match[0].length;
    while (end < text.length && !STOP.test(text[end]!)) end++;
    consumed = end;
    const url = trimLink(text.slice(start, end));
    if (url.length > match[0].length) spans.push({ url, start, end: start + url.length });
  }
  return spans;
}

export function extractUrls(text: string): ReportUrl[] {
  const found = new Map<string, ReportUrl>();
  for (const { url } of scan(text)) if (!found.has(url)) found.set(url, describe(url));
  return [...found.values()];
}

/** Drops sentence punctuation and closing brackets that belong to the prose around a link. */
function trimLink(raw: string): string {
  const open = { ')': count(raw, '('), ']': count(raw, '[') };
  const close = { ')': count(raw, ')'), ']': count(raw, ']') };
  let end = raw.length;
  for (;;) {
    const last = raw[end - 1];
    if (last !== undefined && TRAILING.test(last)) end--;
    else if ((last === ')' || last === ']') && open[last] < close[last]) {
      close[last]--;
      end--;
    } else return raw.slice(0, end);
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
  if (scheme !== 'http:' && scheme !== 'https:')
    return { url, safe: false, href: null, reason: `${scheme.replace(/:$/u, '')} link, not http(s)` };
  const href = safeExternalUrl(url);
  if (href === null) return { url, safe: false, href: null, reason: 'not a plain http(s) link with a host' };
  return { url, safe: true, href, reason: null };
}

/** The text with every link replaced by a space, so names inside links are not taken for mentions. */
export function withoutUrls(text: string): string {
  let out = '';
  let from = 0;
  for (const span of scan(text)) {
    out += `${text.slice(from, span.start)} `;
    from = span.end;
  }
  out += text.slice(from);
  // Brackets that only held a link ("(https://…)", "<https://…>") go too.
  return out.replace(/[(<[]\s*[)>\]]/gu, ' ');
}
