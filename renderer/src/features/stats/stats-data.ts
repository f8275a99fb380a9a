// Shapes AgreementStats for the tables and charts: the scopes one can look at
// (overall, each rule type, each dispute kind), rulings per engineer per day
// on a gap-free calendar, and the pairwise kappa matrix.
import type { AgreementStats, AgreementSummary } from '../../../../shared/api-types';
import type { DisputeKind } from '../../../../shared/domain';
import { KIND_LABELS, oneLine, plural } from '../../lib/format';

export interface Scope {
  id: string;
  label: string;
  group: 'overall' | 'rule type' | 'kind';
  summary: AgreementSummary;
}

export const OVERALL_SCOPE = 'overall';

function sortedEntries(record: Record<string, AgreementSummary>): [string, AgreementSummary][] {
  return Object.entries(record).sort(([a], [b]) => a.localeCompare(b));
}

const RULE_LABELS: Record<string, string> = { llm_judge: 'LLM judge', url: 'URL' };

/** A rule type by name; one the dataset made up is shown as written, controls marked. */
export function ruleTypeLabel(type: string): string {
  return RULE_LABELS[type] ?? oneLine(type);
}

export function kindLabel(kind: string): string {
  return KIND_LABELS[kind as DisputeKind] ?? kind;
}

/** Every slice of the statistics, overall first. */
export function scopesOf(stats: AgreementStats): Scope[] {
  return [
    { id: OVERALL_SCOPE, label: 'All disputes', group: 'overall', summary: stats.overall },
    ...sortedEntries(stats.by_rule_type).map(([type, summary]): Scope => ({
      id: `rule:${type}`,
      label: ruleTypeLabel(type),
      group: 'rule type',
      summary,
    })),
    ...sortedEntries(stats.by_kind).map(([kind, summary]): Scope => ({
      id: `kind:${kind}`,
      label: kindLabel(kind),
      group: 'kind',
      summary,
    })),
  ];
}

export function findScope(scopes: readonly Scope[], id: string): Scope {
  return scopes.find((s) => s.id === id) ?? scopes[0]!;
}

const DAY_MS = 86_400_000;

/** Every UTC day from the first to the last given ("YYYY-MM-DD"), so quiet days show as zero. */
export function calendarDays(days: readonly string[], maxDays = 366): string[] {
  const times = days.map((d) => Date.parse(`${d}T00:00:00Z`)).filter((t) => Number.isFinite(t));
  if (times.length === 0) return [];
  const last = Math.max(...times);
  const first = Math.max(Math.min(...times), last - (maxDays - 1) * DAY_MS);
  const out: string[] = [];
  for (let t = first; t <= last; t += DAY_MS) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

export interface DailyRulings {
  days: string[];
  /** One row per engineer, counts aligned with `days`. */
  series: { engineer: string; counts: number[]; total: number }[];
  /** Rulings per day, all engineers. */
  totals: number[];
}

export function dailyRulings(stats: Pick<AgreementStats, 'engineers' | 'per_day'>): DailyRulings {
  const days = calendarDays(stats.per_day.map((d) => d.day));
  const index = new Map(days.map((d, i) => [d, i]));
  const engineers = [...new Set([...stats.engineers, ...stats.per_day.map((d) => d.engineer)])].sort((a, b) =>
    a.localeCompare(b),
  );
  const series = engineers.map((engineer) => ({ engineer, counts: days.map(() => 0), total: 0 }));
  const byEngineer = new Map(series.map((s) => [s.engineer, s]));
  for (const entry of stats.per_day) {
    const i = index.get(entry.day);
    const s = byEngineer.get(entry.engineer);
    if (i === undefined || !s) continue;
    s.counts[i]! += entry.rulings;
    s.total += entry.rulings;
  }
  const totals = days.map((_, i) => series.reduce((n, s) => n + s.counts[i]!, 0));
  return { days, series: series.filter((s) => s.total > 0), totals };
}

export interface KappaCell {
  /** Column (x) and row (y) index into the engineer list. */
  x: number;
  y: number;
  kappa: number | null;
  percent: number | null;
  n: number;
}

/** The symmetric pair matrix of one scope (the diagonal stays empty). */
export function kappaMatrix(summary: AgreementSummary, engineers: readonly string[]): KappaCell[] {
  const at = new Map(engineers.map((e, i) => [e, i]));
  const cells: KappaCell[] = [];
  for (const pair of summary.pairs) {
    const a = at.get(pair.a);
    const b = at.get(pair.b);
    if (a === undefined || b === undefined) continue;
    const base = { kappa: pair.kappa, percent: pair.percent, n: pair.n };
    cells.push({ x: a, y: b, ...base }, { x: b, y: a, ...base });
  }
  return cells;
}

/** Engineers that appear in at least one pair of the scope, in the stats' order. */
export function pairedEngineers(summary: AgreementSummary, engineers: readonly string[]): string[] {
  const inPairs = new Set(summary.pairs.flatMap((p) => [p.a, p.b]));
  return engineers.filter((e) => inPairs.has(e));
}

export function totalRulings(stats: Pick<AgreementStats, 'per_day'>): number {
  return stats.per_day.reduce((n, d) => n + d.rulings, 0);
}

/**
 * The page header's count, from the same figures as Activity: "3 rulings by
 * 2 engineers". `stats.engineers` holds only engineers whose ruling counts
 * now (latest, not retracted), the ones agreement is computed over; when that
 * is fewer (a retracted ruling), it is named as such rather than passed off
 * as the number of engineers.
 */
export function rulingSummary(stats: Pick<AgreementStats, 'engineers' | 'per_day'>): string {
  const total = totalRulings(stats);
  if (total === 0) return 'no rulings yet';
  const ruled = new Set(stats.per_day.filter((d) => d.rulings > 0).map((d) => d.engineer)).size;
  const text = `${plural(total, 'ruling')} by ${plural(ruled, 'engineer')}`;
  return stats.engineers.length === ruled
    ? text
    : `${text} · ${plural(stats.engineers.length, 'engineer')} with a counted ruling`;
}
