// The `disputes` listing as an aligned table.
import type { DisputeRecord } from '../../db/queries';
import type { GoldView } from '../../shared/api-types';
import { plural, table } from '../format';

/**
 * The GOLD column. A missing row the current gold holds by now (a revision
 * added it) says where, counted from 1, as `show` does.
 */
export function goldText(gold: GoldView, kind: string, goldRowNow: number | null = null): string {
  if (kind === 'missing_row') return goldRowNow === null ? '(not in gold)' : `(in gold now: row ${goldRowNow + 1})`;
  if (gold.state === 'value') return gold.value ?? '';
  return `(${gold.state})`;
}

/** The value most systems propose instead of gold (the service's top_value, else the largest disagreeing cluster). */
export function leading(record: DisputeRecord): { value: string; count: number } | null {
  if (record.top_value !== null && record.top_value !== undefined)
    return { value: record.top_value, count: record.top_count };
  let best: { value: string; count: number } | null = null;
  for (const c of record.clusters) {
    if (!c.agrees_with_gold && (best === null || c.systems.length > best.count))
      best = { value: c.value, count: c.systems.length };
  }
  return best;
}

export function disputeTable(records: DisputeRecord[]): string {
  if (records.length === 0) return 'No disputes match.\n';
  const rows = records.map((r) => {
    const lead = leading(r);
    return [
      r.id,
      r.kind,
      r.status,
      r.task_id,
      // Counted from 1 as people (and reporters) count; --json and --csv keep the 0-based index.
      r.gold_row === null ? '' : String(r.gold_row + 1),
      r.entity,
      r.column ?? '',
      goldText(r.gold, r.kind, r.gold_row_now),
      r.kind === 'missing_row' ? plural(r.systems.length, 'system') : lead ? `${lead.value} (${lead.count})` : '',
      String(r.contesting),
      formatPriority(r.priority),
    ];
  });
  const counts = { open: 0, resolved: 0, conflict: 0 };
  for (const r of records) counts[r.status] += 1;
  const head = [
    'ID',
    'KIND',
    'STATUS',
    'TASK',
    'ROW',
    'ENTITY',
    'COLUMN',
    'GOLD',
    'LEADING VALUE (N)',
    'CONTESTING',
    'PRIORITY',
  ];
  return `${table(head, rows, 32)}\n\n${plural(records.length, 'dispute')}: ${n(counts.open)} open, ${n(counts.resolved)} resolved, ${n(counts.conflict)} conflict\n`;
}

const n = (x: number): string => x.toLocaleString('en-US');

function formatPriority(p: number): string {
  return Number.isInteger(p) ? String(p) : p.toFixed(2);
}
