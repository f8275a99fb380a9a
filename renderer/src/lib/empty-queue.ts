// What an empty listing says (pure; the component is features/queue/EmptyQueue).
// When the filter bar hides everything the view would list — the Conflicts view
// keeps the Queue's filters — it says so with the count, names the filters, and
// offers to clear them in one click, rather than "no conflicts here".
import type { DisputeFilter } from '../../../shared/api';
import { formatCount, KIND_LABELS, oneLine, STATUS_LABELS } from './format';

export interface EmptyQueueText {
  headline: string;
  /** The filters in force, as "Kind: missing row · Task: atlas-0003". */
  filters: string | null;
  /** The way out: clear every filter, or only "needs my ruling". */
  action: { kind: 'clear' | 'needs'; label: string } | null;
}

/** The filter bar's choices in words, in the bar's order. */
export function describeFilter(filter: DisputeFilter): string[] {
  const out: string[] = [];
  if (filter.search) out.push(`Search: “${oneLine(filter.search)}”`);
  if (filter.needs) out.push('Needs my ruling');
  if (filter.hasReport) out.push('Has report');
  if (filter.status) out.push(`Status: ${STATUS_LABELS[filter.status]}`);
  if (filter.kind) out.push(`Kind: ${KIND_LABELS[filter.kind]}`);
  if (filter.task) out.push(`Task: ${oneLine(filter.task)}`);
  if (filter.column) out.push(`Column: ${oneLine(filter.column)}`);
  if (filter.system) out.push(`System: ${oneLine(filter.system)}`);
  return out;
}

/**
 * @param filter what the filter bar holds (the view's own preset excluded)
 * @param conflicts the Conflicts view (its preset: status conflict)
 * @param unfiltered how many disputes the view lists with no filter (the store's counts), null when unknown
 */
export function emptyQueueText(filter: DisputeFilter, conflicts: boolean, unfiltered: number | null): EmptyQueueText {
  const noun = (n: number) => (conflicts ? (n === 1 ? 'conflict' : 'conflicts') : n === 1 ? 'dispute' : 'disputes');
  const words = describeFilter(filter);
  if (words.length === 0 || unfiltered === 0) {
    return {
      headline: conflicts ? 'No conflicts: no engineers disagree on any dispute.' : 'No disputes.',
      filters: null,
      action: null,
    };
  }
  const filters = words.join(' · ');
  const all =
    unfiltered == null
      ? 'all'
      : unfiltered === 1
        ? `the ${noun(1)}`
        : `all ${formatCount(unfiltered)} ${noun(unfiltered)}`;
  if (filter.needs != null && words.length === 1) {
    const why = conflicts ? 'you have ruled on every conflict.' : 'every dispute is ruled by you or resolved.';
    return {
      headline: `Nothing here needs your ruling: ${why}`,
      filters,
      action: { kind: 'needs', label: `Show ${all}` },
    };
  }
  if (unfiltered == null)
    return { headline: `No ${noun(2)} match the filters.`, filters, action: { kind: 'clear', label: 'Clear filters' } };
  return {
    headline: `The filters hide ${all}.`,
    filters,
    action: { kind: 'clear', label: `Clear filters: show ${all}` },
  };
}
