// Writes a system's value the way the column's gold already writes its values
// (docs/formats.md, "Gold's format"): a date in gold's date style, a number
// with gold's decimals, thousands separator and unit, text in gold's case or
// gold's own spelling of the same value, a list with gold's separator. The
// result always compares equal to the system's value under the column's rule
// (normalizeForRule); where gold's style is unclear, or keeping the meaning
// would need a guess, the value is left as the system wrote it.
import type { ColumnRule } from './domain';
import { normalizeForRule, normalizeText, parseDate, parseNumber } from './normalize';

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** The most common of these styles (ties to the first seen), or null when none is given. */
function dominant<T>(styles: readonly (T | null)[], key: (style: T) => string = String): T | null {
  const counts = new Map<string, { style: T; n: number }>();
  for (const style of styles) {
    if (style === null) continue;
    const k = key(style);
    const seen = counts.get(k);
    if (seen) seen.n++;
    else counts.set(k, { style, n: 1 });
  }
  let best: { style: T; n: number } | null = null;
  for (const entry of counts.values()) if (best === null || entry.n > best.n) best = entry;
  return best?.style ?? null;
}

// ---- dates -----------------------------------------------------------------

type DateStyle = 'iso' | 'month-day-year' | 'day-month-year' | 'short-month-day-year' | 'short-day-month-year';

function dateStyleOf(text: string): DateStyle | null {
  const t = text.trim();
  if (/^\d{4}-\d{2}-\d{2}$/u.test(t) || /^\d{4}-\d{2}$/u.test(t)) return 'iso';
  if (/^[A-Za-z]{4,}\.? \d{1,2}, \d{4}$/u.test(t)) return 'month-day-year';
  if (/^\d{1,2} [A-Za-z]{4,}\.? \d{4}$/u.test(t)) return 'day-month-year';
  if (/^[A-Za-z]{3}\.? \d{1,2}, \d{4}$/u.test(t)) return 'short-month-day-year';
  if (/^\d{1,2} [A-Za-z]{3}\.? \d{4}$/u.test(t)) return 'short-day-month-year';
  return null;
}

function writeDate(iso: string, style: DateStyle): string {
  if (style === 'iso') return iso;
  const [year, month, day] = iso.split('-');
  if (month === undefined) return year!;
  const long = MONTH_NAMES[Number(month) - 1]!;
  const name = style.startsWith('short') ? long.slice(0, 3) : long;
  if (day === undefined) return `${name} ${year}`;
  const d = String(Number(day));
  return style.endsWith('month-day-year') ? `${name} ${d}, ${year}` : `${d} ${name} ${year}`;
}

function formatDate(gold: readonly string[], raw: string): string {
  const iso = parseDate(raw);
  const style = dominant(gold.map(dateStyleOf));
  if (iso === null || style === null) return raw;
  return writeDate(iso, style);
}

// ---- numbers ---------------------------------------------------------------

interface NumberStyle {
  prefix: string;
  suffix: string;
  /** Digits after the decimal point gold writes. */
  decimals: number;
  /** ',' or ' ' between thousands, '' for none, null when gold shows no number of 1,000 or more. */
  thousands: string | null;
}

const NUMBER_TEXT = /^(.*?)(-?)(\d{1,3}(?:([, ])\d{3})+|\d+)(?:\.(\d+))?(.*)$/su;
const SCALE_OR_EXPONENT = /^\s*(thousand|million|billion|trillion|e[+-]?\d)/iu;

/** A gold number's style, or null when it is not a plain number with an optional unit around it. */
function numberStyleOf(text: string): NumberStyle | null {
  const m = NUMBER_TEXT.exec(text.trim());
  if (!m) return null;
  const [, prefix = '', , digits = '', separator, fraction, suffix = ''] = m;
  if (/\d/u.test(prefix) || /\d/u.test(suffix) || SCALE_OR_EXPONENT.test(suffix) || /^[.,]/u.test(suffix)) return null;
  const integer = digits.replace(/[, ]/gu, '');
  const thousands = separator ?? (integer.length >= 4 ? '' : null);
  return { prefix, suffix, decimals: fraction?.length ?? 0, thousands };
}

/** The fewest decimals that write `n` exactly, or null when plain decimals cannot (very large or very small). */
function decimalsOf(n: number): number | null {
  if (!Number.isFinite(n) || Math.abs(n) >= 1e15) return null;
  for (let d = 0; d <= 12; d++) if (Number(n.toFixed(d)) === n) return d;
  return null;
}

function groupThousands(integer: string, separator: string): string {
  return separator === '' ? integer : integer.replace(/\B(?=(\d{3})+$)/gu, separator);
}

/** The unit words of a number's text (what is left around the number), compared as text. */
function unitOf(text: string): string | null {
  const style = numberStyleOf(text);
  return style === null ? null : normalizeText(`${style.prefix} ${style.suffix}`);
}

function formatNumber(gold: readonly string[], raw: string): string {
  const n = parseNumber(raw);
  const styles = gold.map(numberStyleOf);
  const affix = dominant(styles, (s) => `${s.prefix}\u0000${s.suffix}`);
  if (n === null || affix === null) return raw;
  // A value that is not a plain number with a unit around it ("1.2 million", "about 5") is left as written.
  const rawUnit = unitOf(raw);
  if (rawUnit === null) return raw;
  // Gold writing no unit implies the column's ("€17.27" is 17.27 in "Entry fee (EUR)"); a unit other than
  // the one gold writes ("5 miles" in a km column) is left as written: it is not ours to convert.
  const goldUnit = normalizeText(`${affix.prefix} ${affix.suffix}`);
  if (goldUnit !== '' && rawUnit !== '' && rawUnit !== goldUnit) return raw;
  const needed = decimalsOf(n);
  if (needed === null) return raw;
  const goldDecimals = dominant(styles.map((s) => (s === null ? null : s.decimals))) ?? 0;
  const decimals = Math.max(needed, goldDecimals);
  const thousands = dominant(styles.map((s) => s?.thousands ?? null)) ?? (/\d[, ]\d{3}/u.test(raw) ? ',' : '');
  const [integer, fraction] = Math.abs(n).toFixed(decimals).split('.');
  const number = `${n < 0 ? '-' : ''}${groupThousands(integer!, thousands)}${fraction ? `.${fraction}` : ''}`;
  return `${affix.prefix}${number}${affix.suffix}`;
}

// ---- text, entities, choices -----------------------------------------------

type CaseStyle = 'upper' | 'lower' | 'mixed';

function caseOf(text: string): CaseStyle | null {
  const hasUpper = text !== text.toLowerCase();
  const hasLower = text !== text.toUpperCase();
  if (hasUpper && hasLower) return 'mixed';
  if (hasUpper) return 'upper';
  if (hasLower) return 'lower';
  return null;
}

/** Gold's own spelling of the same text (an option, or a value gold holds elsewhere in the column), else gold's case. */
function formatText(spellings: readonly string[], gold: readonly string[], raw: string): string {
  const key = normalizeText(raw);
  const own = spellings.find((spelling) => normalizeText(spelling) === key);
  if (own !== undefined) return own;
  const style = dominant(gold.map(caseOf));
  if (style === 'upper') return raw.toUpperCase();
  if (style === 'lower') return raw.toLowerCase();
  return raw;
}

// ---- lists -----------------------------------------------------------------

const LIST_SEPARATORS = ['; ', ', ', ' | ', '\n'] as const;
const LIST_SPLIT = /[;,|\n]|\s+and\s+|\s*&\s*/u;

function separatorOf(text: string): string | null {
  return (
    LIST_SEPARATORS.find((separator) => text.includes(separator.trim() === '' ? separator : separator.trim())) ?? null
  );
}

function formatList(gold: readonly string[], raw: string): string {
  const separator = dominant(gold.map(separatorOf));
  if (separator === null) return raw;
  const items = raw
    .split(LIST_SPLIT)
    .map((item) => item.trim())
    .filter((item) => item !== '');
  const goldItems = gold.flatMap((value) => value.split(LIST_SPLIT).map((item) => item.trim()));
  return items.map((item) => formatText(goldItems, [], item)).join(separator);
}

// ---- the rule per column type ------------------------------------------------

/**
 * `raw` (a system's spelling) written the way gold writes the column's values.
 * `gold` is every value the column's gold holds now (values, not blank or
 * ungraded cells); with none, the value is left as it is. The result always
 * normalises equal to `raw` under the column's rule.
 */
export function formatLikeGold(rule: ColumnRule, gold: readonly string[], raw: string): string {
  const values = gold.filter((value) => value.trim() !== '');
  let written: string;
  switch (rule.type) {
    case 'date':
      written = values.length === 0 ? raw : formatDate(values, raw);
      break;
    case 'number':
      written = values.length === 0 ? raw : formatNumber(values, raw);
      break;
    case 'list':
      written = values.length === 0 ? raw : formatList(values, raw);
      break;
    case 'choice':
      written = formatText([...(rule.options ?? []), ...values], values, raw);
      break;
    case 'entity':
    case 'text':
    case 'llm_judge':
      written = formatText(values, values, raw);
      break;
    case 'url':
      written = raw;
      break;
  }
  // A style that would change what the value means under the rule is no style: keep the system's spelling.
  return normalizeForRule(rule.type, written) === normalizeForRule(rule.type, raw) ? written : raw;
}
