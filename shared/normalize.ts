// One place for how values compare (design.md §5): clusters, dispute derivation,
// ruling agreement and rescoring all call these functions.
import type { RuleType } from './domain';

/** NFKC, full case folding (ß = ss), trimmed, inner whitespace collapsed. */
export function normalizeText(value: string): string {
  // Upper- then lower-casing applies Unicode's full case mappings (ß -> SS -> ss, ς -> Σ -> σ).
  return value.normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKC').replace(/\s+/gu, ' ').trim();
}

const SCALE_WORDS: Record<string, number> = { thousand: 1e3, million: 1e6, billion: 1e9, trillion: 1e12 };

/** Parses a number written with thousands separators, currency signs or units; null when none is found. */
export function parseNumber(value: string): number | null {
  const text = normalizeText(value).replace(/[\u2212\u2012\u2013]/gu, '-');
  const match = /-?\d[\d.,'\u00a0\u202f ]*(?:e[+-]?\d+)?/u.exec(text);
  if (!match) return null;
  let digits = match[0].replace(/[\s'\u00a0\u202f]/gu, '');
  // Trailing separators belong to the sentence, not the number ("25,000.").
  digits = digits.replace(/[.,]+$/u, '');
  const lastComma = digits.lastIndexOf(',');
  const lastDot = digits.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) {
    digits = lastComma > lastDot ? digits.replace(/\./gu, '').replace(',', '.') : digits.replace(/,/gu, '');
  } else if (lastComma >= 0) {
    const thousands = /^-?\d{1,3}(,\d{3})+$/u.test(digits);
    digits = thousands ? digits.replace(/,/gu, '') : digits.replace(',', '.');
  } else if ((digits.match(/\./gu) ?? []).length > 1) {
    digits = digits.replace(/\./gu, '');
  }
  let number = Number(digits);
  if (!Number.isFinite(number)) return null;
  const rest = text.slice(match.index + match[0].length).trim();
  const scale = /^([a-z]+)/u.exec(rest)?.[1];
  if (scale && SCALE_WORDS[scale]) number *= SCALE_WORDS[scale];
  return number;
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

function monthIndex(word: string): number | null {
  const index = MONTHS.findIndex((month) => month === word || (word.length >= 3 && month.startsWith(word)));
  return index >= 0 ? index + 1 : null;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

function isoDate(year: number, month?: number | null, day?: number | null): string | null {
  if (year < 1 || year > 9999) return null;
  if (month === undefined || month === null) return pad(year, 4);
  if (month < 1 || month > 12) return null;
  if (day === undefined || day === null) return `${pad(year, 4)}-${pad(month)}`;
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** ISO form of a date (`YYYY`, `YYYY-MM` or `YYYY-MM-DD`), or null when the text is not a date. */
export function parseDate(value: string): string | null {
  const text = normalizeText(value)
    .replace(/(\d)(st|nd|rd|th)\b/gu, '$1')
    .replace(/,/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
  let m = /^(\d{4})(?:[-/.](\d{1,2})(?:[-/.](\d{1,2}))?)?(?:t[\d:.z+-]*)?$/u.exec(text);
  if (m) return isoDate(Number(m[1]), m[2] ? Number(m[2]) : null, m[3] ? Number(m[3]) : null);
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/u.exec(text);
  if (m) {
    const first = Number(m[1]),
      second = Number(m[2]);
    // Day-first only when the first part cannot be a month (13/06/2011); else US month/day.
    return first > 12 ? isoDate(Number(m[3]), second, first) : isoDate(Number(m[3]), first, second);
  }
  m = /^([a-z]+)\.? (\d{1,2}) (\d{4})$/u.exec(text);
  if (m && monthIndex(m[1]!)) return isoDate(Number(m[3]), monthIndex(m[1]!), Number(m[2]));
  m = /^(\d{1,2}) ([a-z]+)\.? (\d{4})$/u.exec(text);
  if (m && monthIndex(m[2]!)) return isoDate(Number(m[3]), monthIndex(m[2]!), Number(m[1]));
  m = /^([a-z]+)\.? (\d{4})$/u.exec(text);
  if (m && monthIndex(m[1]!)) return isoDate(Number(m[2]), monthIndex(m[1]!));
  return null;
}

/** Days since 1970-01-01 of an ISO date (missing month/day taken as the first). */
export function isoToDays(iso: string): number {
  const [year, month, day] = iso.split('-').map(Number);
  return Date.UTC(year!, (month ?? 1) - 1, day ?? 1) / 86_400_000;
}

export function splitList(value: string): string[] {
  const items = value
    .split(/[;,|\n]|\s+and\s+|\s*&\s*/u)
    .map((item) => normalizeText(item))
    .filter((item) => item.length > 0);
  return [...new Set(items)].sort();
}

export function urlHost(value: string): string | null {
  try {
    const url = new URL(value.trim());
    return url.hostname.toLowerCase().replace(/^www\./u, '');
  } catch {
    return null;
  }
}

/**
 * The comparison key of a value under a column's rule type: two values with the
 * same key fall in the same cluster and count as the same decision value.
 */
export function normalizeForRule(ruleType: RuleType | undefined, value: string): string {
  switch (ruleType) {
    case 'number': {
      const n = parseNumber(value);
      return n === null ? normalizeText(value) : String(n);
    }
    case 'date':
      return parseDate(value) ?? normalizeText(value);
    case 'list':
      return splitList(value).join('\u001f');
    case 'url':
      return urlHost(value) ?? normalizeText(value);
    default:
      return normalizeText(value);
  }
}
