// Value kinds: how each column invents gold, respells it (what only
// normalisation makes equal), and gets it wrong.
import { isoToDays, parseDate, parseNumber } from '../shared/normalize';
import type { ValueKind } from './types';
import { STEMS } from './vocab';

const unique = (values: string[], not: string): string[] => [...new Set(values)].filter((v) => v !== not);

/** `25000` -> `25,000`: the spelling that only thousands-separator stripping makes equal. */
export function withThousands(digits: string): string {
  const [whole, fraction] = digits.split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/gu, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

export interface NumberKindOptions {
  min: number;
  max: number;
  decimals?: number;
  /** Currency sign a system may prefix (`¥25,000`). */
  prefix?: string;
  /** Unit a system may append (`25000 yen`). */
  unit?: string;
  /** Wrong answers differ from gold by this share of it, at least `minDelta`. */
  spread?: [number, number];
  minDelta?: number;
}

export function numberKind(options: NumberKindOptions): ValueKind {
  const { min, max, decimals = 0, prefix, unit, spread = [0.03, 0.25], minDelta = 1 } = options;
  const format = (n: number): string => n.toFixed(decimals);
  return {
    gen: (rng) => format(min + rng.next() * (max - min)),
    wrong: (rng, gold) => {
      const n = parseNumber(gold) ?? min;
      const share = spread[0] + rng.next() * (spread[1] - spread[0]);
      const delta = Math.max(minDelta * rng.int(1, 3), Math.abs(n) * share);
      const down = rng.chance(0.5) && n - delta > 0;
      return format(down ? n - delta : n + delta);
    },
    respell: (value) => {
      const grouped = withThousands(value);
      // The same number written another way: a trailing zero (17.27 → 17.270, 94 → 94.0), never a second point.
      const out = [grouped === value ? (value.includes('.') ? `${value}0` : `${value}.0`) : grouped];
      if (prefix) out.push(`${prefix}${grouped}`);
      if (unit) out.push(`${value} ${unit}`);
      return unique(out, value);
    },
  };
}

export function yearKind(min: number, max: number): ValueKind {
  return {
    gen: (rng) => String(rng.int(min, max)),
    wrong: (rng, gold) => String(Number(gold) + (rng.chance(0.5) ? 1 : -1) * rng.int(1, 12)),
    respell: (value) => [` ${value}`, `${value}.0`],
  };
}

/** Text from a pool of `[primary, ...accepted alternatives]`. */
export function poolKind(pool: readonly (readonly string[])[]): ValueKind {
  const primaries = pool.map((entry) => entry[0]!);
  return {
    gen: (rng) => rng.pick(primaries),
    wrong: (rng, gold) => rng.pick(primaries.filter((p) => p !== gold)),
    respell: (value) => unique([value.toUpperCase(), `  ${value.toLowerCase()} `, value.replace(/ /gu, '   ')], value),
    alternatives: (gold) => [...(pool.find((entry) => entry[0] === gold)?.slice(1) ?? [])],
  };
}

export function streetKind(streets: readonly string[]): ValueKind {
  return {
    gen: (rng) => `${rng.pick(streets)} ${rng.int(1, 140)}`,
    wrong: (rng, gold) => {
      const street = gold.replace(/ \d+$/u, '');
      return rng.chance(0.5)
        ? `${rng.pick(streets.filter((s) => s !== street))} ${rng.int(1, 140)}`
        : `${street} ${rng.int(141, 220)}`;
    },
    // Upper-casing turns `ß` into `SS`: `Hauptstraße 5` and `HAUPTSTRASSE 5` are one value.
    respell: (value) => unique([value.toUpperCase(), ` ${value.toLowerCase()}`], value),
  };
}

export function choiceKind(options: readonly string[]): ValueKind {
  return {
    gen: (rng) => rng.pick(options),
    wrong: (rng, gold) => rng.pick(options.filter((o) => o !== gold)),
    respell: (value) => unique([value.toLowerCase(), ` ${value.toUpperCase()} `], value),
  };
}

const MONTHS = [
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
const DAY_MS = 86_400_000;

function isoFromDays(days: number): string {
  return new Date(days * DAY_MS).toISOString().slice(0, 10);
}

export function dateKind(fromYear: number, toYear: number, toleranceDays: number): ValueKind {
  const start = Date.UTC(fromYear, 0, 1) / DAY_MS;
  const end = Date.UTC(toYear, 11, 31) / DAY_MS;
  return {
    gen: (rng) => isoFromDays(rng.int(start, end)),
    wrong: (rng, gold) => {
      const days = isoToDays(parseDate(gold) ?? isoFromDays(start));
      const shift = (toleranceDays + rng.int(5, 400)) * (rng.chance(0.5) ? 1 : -1);
      return isoFromDays(days + shift);
    },
    respell: (value) => {
      const m = /^(\d{4})-(\d{2})-(\d{2})$/u.exec(value);
      if (!m) return [];
      const month = MONTHS[Number(m[2]) - 1]!;
      const day = Number(m[3]);
      return [`${month} ${day}, ${m[1]}`, `${day} ${month} ${m[1]}`];
    },
  };
}

export function urlKind(): ValueKind {
  return {
    gen: (rng) => `https://www.${rng.pick(STEMS.ascii).toLowerCase().replace(/\s+/gu, '-')}-${rng.int(1, 99)}.example/`,
    wrong: (rng, gold) => gold.replace(/\.example\//u, `-${rng.pick(['official', 'shop', 'archive', 'old'])}.example/`),
    // Same host once `www.` is dropped: the url rule accepts it.
    respell: (value) => unique([value.replace('https://www.', 'http://').replace(/\/$/u, '/about')], value),
  };
}

export function listKind(pool: readonly string[]): ValueKind {
  return {
    gen: (rng) => rng.sample(pool, rng.int(2, 4)).join('; '),
    wrong: (rng, gold) => {
      const items = gold.split('; ');
      if (items.length > 2 && rng.chance(0.5)) return items.slice(0, -1).join('; ');
      const replacement = rng.pick(pool.filter((p) => !items.includes(p)));
      return [...items.slice(0, -1), replacement].join('; ');
    },
    // splitList compares sets: order and separators do not matter.
    respell: (value) => {
      const items = value.split('; ').reverse();
      return unique(
        [items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)!}` : items.join('')],
        value,
      );
    },
  };
}

/** Judge-graded text: gold from `[primary, ...spellings a judge accepts]`. */
export function judgedKind(pool: readonly (readonly string[])[]): ValueKind {
  const primaries = pool.map((entry) => entry[0]!);
  return {
    gen: (rng) => rng.pick(primaries),
    wrong: (rng, gold) => rng.pick(primaries.filter((p) => p !== gold)),
    respell: (value) => unique([value.toUpperCase()], value),
    judgeAccepts: (gold) => [...(pool.find((entry) => entry[0] === gold)?.slice(1) ?? [])],
  };
}
