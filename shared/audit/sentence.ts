// The estimate as one Markdown sentence for a dataset card, and percentages
// as people read them (one decimal; two below 0.1%).
import type { StratifiedEstimate } from './estimate';

export function percent(fraction: number): string {
  const value = fraction * 100;
  const decimals = value !== 0 && Math.abs(value) < 0.1 ? 2 : 1;
  return `${value.toFixed(decimals)}%`;
}

/** "0.6–1.4%": the unit once, after the upper bound. */
export function percentRange(low: number, high: number): string {
  return `${percent(low).slice(0, -1)}–${percent(high)}`;
}

/** 1200 → "1,200", the same on every machine (no locale). */
export function grouped(count: number): string {
  return String(Math.round(count)).replace(/\B(?=(\d{3})+(?!\d))/gu, ',');
}

export interface SentenceContext {
  /** The estimate is for the dataset after this revision (audited errors it fixed count as correct). */
  revision?: string | null;
  unsure: number;
  pending: number;
  /** Settled cells whose systems' values an engineer asked to see before the verdict. */
  unblinded: number;
}

/** Null while no cell is settled: there is nothing to state yet. */
export function datasetCardSentence(estimate: StratifiedEstimate, context: SentenceContext): string | null {
  if (estimate.rate === null || estimate.ci_low === null || estimate.ci_high === null) return null;
  const after = context.revision ? ` after ${context.revision}` : '';
  const cells = estimate.n === 1 ? 'cell' : 'cells';
  const strata = estimate.strata.filter((s) => s.frame > 0).map((s) => s.name);
  let sentence =
    `We estimate that ${percent(estimate.rate)} of gold values${after} are incorrect (95% CI ${percentRange(estimate.ci_low, estimate.ci_high)}), ` +
    `from ${grouped(estimate.n)} audited ${cells} drawn at random from ${grouped(estimate.frame)} gold cells` +
    `${strata.length > 1 ? ` in ${strata.length} strata (${strata.join(' and ')} cells)` : ''} and reviewed blind to the systems' answers${context.unblinded > 0 ? ` (${grouped(context.unblinded)} shown them on request)` : ''}`;
  const left: string[] = [];
  if (context.unsure > 0) left.push(`${grouped(context.unsure)} marked unsure`);
  if (context.pending > 0) left.push(`${grouped(context.pending)} not yet settled`);
  if (left.length > 0) sentence += `; ${left.join(' and ')} left out`;
  if (estimate.covered < estimate.frame)
    sentence += `; the estimate covers ${grouped(estimate.covered)} of the ${grouped(estimate.frame)} cells (a stratum has no settled cell)`;
  return `${sentence}.`;
}
