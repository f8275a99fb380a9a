// One line per cluster for the panel's comparison: the value in the column's
// format and as the systems spelled it, how many systems gave it, their
// verdicts and grading method, and how it differs from gold. Pure, so the
// panel only lays it out.
import type { ClusterDetail, DisputeDetail } from '../../../shared/api-types';
import { clusterSpellings } from '../../../shared/clusters';
import type { ColumnRule, GradingMethod, Verdict } from '../../../shared/domain';
import { isoToDays, normalizeText, parseDate, parseNumber, splitList, urlHost } from '../../../shared/normalize';
import { tidySpelling } from '../../../shared/spelling';
import { writtenSpellings } from './gold-spelling';

export type DiffTone = 'same' | 'differs' | 'muted';

export interface ComparisonLine {
  /** The value written the way the column's gold writes such values (ISO dates, gold's number style). */
  value: string;
  /**
   * The systems' own spellings, most given first, other than `value` itself;
   * `also` when some systems wrote it exactly as `value`.
   */
  spellings: { text: string; count: number }[];
  also: boolean;
  count: number;
  verdicts: { verdict: Verdict; count: number }[];
  methods: GradingMethod[];
  /** Some cells were graded against gold a revision has changed since. */
  gradedAgainstOlder: boolean;
  diff: { text: string; tone: DiffTone };
}

const VERDICT_ORDER: readonly Verdict[] = ['incorrect', 'missing', 'correct', 'blank_ok', 'ungraded'];

/** Gold's value when it has one, else null. */
function goldValue(detail: Pick<DisputeDetail, 'gold'>): string | null {
  return detail.gold.state === 'value' ? detail.gold.value : null;
}

/** Whether gold writes numbers with thousands separators ("26,250"). */
function groupsThousands(gold: string): boolean {
  return /\d{1,3}(,\d{3})+(?!\d)/u.test(gold);
}

function formatNumber(n: number, grouped: boolean): string {
  if (!grouped) return String(n);
  return n.toLocaleString('en-US', { maximumFractionDigits: 20 });
}

/**
 * A value in the column's format, for reading beside gold: a date in ISO
 * 8601, a number without a trailing ".0" (grouped when gold groups
 * thousands), a choice as its option; anything else as the systems wrote it.
 */
export function inColumnFormat(value: string, rule: ColumnRule | null, gold: string | null): string {
  const tidy = tidySpelling(value);
  switch (rule?.type) {
    case 'date':
      return parseDate(tidy) ?? tidy;
    case 'number': {
      const n = parseNumber(tidy);
      // Only a value that is just a number: "26250 JPY" keeps its unit.
      if (n === null || !/^[-+\u2212]?[\d.,\s\u00a0\u202f']+$/u.test(tidy)) return tidy;
      return formatNumber(n, gold != null && groupsThousands(gold));
    }
    case 'choice':
      return rule.options?.find((option) => normalizeText(option) === normalizeText(tidy)) ?? tidy;
    default:
      return tidy;
  }
}

const signed = (n: number, text: string): string => (n > 0 ? `+${text}` : n < 0 ? `−${text.replace(/^-/u, '')}` : text);

/** Rounds to a few significant digits for reading: 0.1234 → "0.123", 1234.5 → "1234.5". */
function readable(n: number): string {
  const abs = Math.abs(n);
  if (abs >= 100 || Number.isInteger(n)) return String(Math.round(n * 10) / 10);
  return String(Number(n.toPrecision(3)));
}

function numberDiff(value: string, gold: string): string | null {
  const v = parseNumber(value);
  const g = parseNumber(gold);
  if (v === null || g === null) return null;
  const delta = v - g;
  if (delta === 0) return null;
  const share = Math.abs((delta / g) * 100);
  // A tenth of a percent is as fine as a reader needs; a smaller share keeps one significant digit.
  const shareText = share >= 0.1 ? String(Math.round(share * 10) / 10) : share.toPrecision(1);
  const percent = g !== 0 ? ` (${signed(delta, `${shareText}%`)})` : '';
  return `${signed(delta, readable(Math.abs(delta)))}${percent}`;
}

/** "+3 days", "−2 months", "+1 year", "+1.4 years": at the precision both dates are written in. */
function dateDiff(value: string, gold: string): string | null {
  const v = parseDate(value);
  const g = parseDate(gold);
  if (v === null || g === null || v === g) return null;
  const precision = Math.min(v.split('-').length, g.split('-').length);
  const [vy, vm] = v.split('-').map(Number) as [number, number?];
  const [gy, gm] = g.split('-').map(Number) as [number, number?];
  const unit = (n: number, word: string) =>
    signed(n, `${readable(Math.abs(n))} ${word}${Math.abs(n) === 1 ? '' : 's'}`);
  if (precision === 1) return unit(vy - gy, 'year');
  if (precision === 2) return unit((vy - gy) * 12 + ((vm ?? 1) - (gm ?? 1)), 'month');
  const days = isoToDays(v) - isoToDays(g);
  if (Math.abs(days) < 90) return unit(days, 'day');
  return `${unit(days, 'day')} (${unit(Math.round((days / 365.25) * 10) / 10, 'year')})`;
}

function listDiff(value: string, gold: string): string | null {
  const v = new Set(splitList(value));
  const g = new Set(splitList(gold));
  const added = [...v].filter((item) => !g.has(item)).length;
  const lacking = [...g].filter((item) => !v.has(item)).length;
  if (added === 0 && lacking === 0) return null;
  return [added > 0 ? `+${added}` : '', lacking > 0 ? `−${lacking}` : ''].filter(Boolean).join(' ') + ' items';
}

/** How a cluster's value differs from gold, in the column's own terms. */
export function diffFromGold(
  cluster: Pick<ClusterDetail, 'value' | 'agrees_with_gold'>,
  rule: ColumnRule | null,
  detail: Pick<DisputeDetail, 'gold'>,
): { text: string; tone: DiffTone } {
  const value = tidySpelling(cluster.value);
  if (detail.gold.state === 'ungraded') return { text: 'gold ungraded', tone: 'muted' };
  if (detail.gold.state === 'blank')
    return value === '' ? { text: '= gold (blank)', tone: 'same' } : { text: 'gold is blank', tone: 'differs' };
  if (value === '') return { text: 'no answer', tone: 'muted' };
  const gold = goldValue(detail) ?? '';
  const measured =
    rule?.type === 'number'
      ? numberDiff(value, gold)
      : rule?.type === 'date'
        ? dateDiff(value, gold)
        : rule?.type === 'list'
          ? listDiff(value, gold)
          : null;
  if (cluster.agrees_with_gold) return { text: measured ? `= gold, ${measured}` : '= gold', tone: 'same' };
  if (measured) return { text: measured, tone: 'differs' };
  if (rule?.type === 'url') {
    const host = urlHost(value);
    if (host && host !== urlHost(gold)) return { text: `other host`, tone: 'differs' };
  }
  return { text: '≠ gold', tone: 'differs' };
}

/**
 * `written`: what accepting the cluster writes (gold's format, lib/gold-spelling),
 * so the line shows the value the form would write; without it, a reading of
 * the column's format from gold's value alone.
 */
export function comparisonLine(
  cluster: ClusterDetail,
  detail: Pick<DisputeDetail, 'gold' | 'column_rule'>,
  written?: string,
): ComparisonLine {
  const rule = detail.column_rule;
  const gold = goldValue(detail);
  const value = written ?? inColumnFormat(cluster.value, rule, gold);
  const spellings = clusterSpellings(cluster, rule)
    .filter((s) => s.count > 0)
    .map(({ text, count }) => ({ text, count }));
  const verdictCounts = new Map<Verdict, number>();
  for (const cell of cluster.cells) verdictCounts.set(cell.verdict, (verdictCounts.get(cell.verdict) ?? 0) + 1);
  const methods = [...new Set(cluster.cells.map((cell) => cell.method))].sort();
  return {
    value,
    // A spelling that reads as the formatted value says nothing more.
    spellings: spellings.filter((s) => s.text !== value),
    also: spellings.some((s) => s.text === value),
    count: cluster.systems.length,
    verdicts: VERDICT_ORDER.filter((v) => verdictCounts.has(v)).map((verdict) => ({
      verdict,
      count: verdictCounts.get(verdict)!,
    })),
    methods,
    gradedAgainstOlder: cluster.cells.some((cell) => cell.graded_against != null),
    diff: diffFromGold(cluster, rule, detail),
  };
}

/** Each detail's lines, worked out once: a detail fetched ahead has them before the key that shows it. */
const linesOf = new WeakMap<DisputeDetail, ComparisonLine[]>();

/** The panel's lines, each value as accepting its cluster would write it (the form's prefill). */
export function comparisonLines(detail: DisputeDetail): ComparisonLine[] {
  let lines = linesOf.get(detail);
  if (!lines) {
    lines = detail.clusters.map((cluster, index) =>
      comparisonLine(cluster, detail, writtenSpellings(detail, index)[0]?.text),
    );
    linesOf.set(detail, lines);
  }
  return lines;
}

/** "rule" (the column's deterministic rule), "LLM judge", or both. */
export function methodsText(methods: readonly GradingMethod[]): string {
  return methods.map((m) => (m === 'llm_judge' ? 'LLM judge' : 'rule')).join(' + ') || '—';
}
