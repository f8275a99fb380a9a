// The disputes an export leaves out: in conflict, or open with rulings that
// do not settle them yet. Named before anything is written (the app shows them
// before the engineer confirms; the CLI prints them first), so a patch never
// ships without the engineer knowing what it lacks.
import type { LeftOutDispute, LeftOutSummary } from '../../shared/api-types';
import type { DisputeKind, DisputeStatus } from '../../shared/domain';
import { disputeName } from '../../shared/dispute-name';
import type { Store } from '../store';

/** Named one by one up to here; the rest are counted. */
export const MAX_LEFT_OUT_NAMED = 200;

interface Row {
  id: string;
  kind: DisputeKind;
  status: DisputeStatus;
  task_id: string;
  gold_row: number | null;
  column_name: string | null;
  entity_s: string;
  rulings: number;
}

export function leftOutDisputes(store: Store): LeftOutSummary {
  const { db, sealer } = store;
  const rows = db
    .prepare<[], Row>(
      `SELECT d.id, d.kind, d.status, d.task_id, d.gold_row, d.column_name, d.entity_s,
              (SELECT count(*) FROM positions p WHERE p.dispute_id = d.id) AS rulings
         FROM disputes d
        WHERE d.status = 'conflict' OR (d.status = 'open' AND EXISTS (SELECT 1 FROM positions p WHERE p.dispute_id = d.id))
        ORDER BY d.status = 'open', d.task_id, d.gold_row, d.column_name, d.id`,
    )
    .all();
  const counts = db
    .prepare<[], { conflicts: number; open: number }>(
      `SELECT count(*) FILTER (WHERE status = 'conflict') AS conflicts, count(*) FILTER (WHERE status = 'open') AS open FROM disputes`,
    )
    .get()!;
  const ruledOpen = rows.filter((row) => row.status === 'open').length;
  const disputes: LeftOutDispute[] = rows.slice(0, MAX_LEFT_OUT_NAMED).map((row) => {
    const entity = sealer.open(row.entity_s);
    return {
      id: row.id,
      status: row.status === 'conflict' ? 'conflict' : 'open',
      kind: row.kind,
      task_id: row.task_id,
      entity,
      column: row.column_name,
      rulings: row.rulings,
      name: disputeName({
        kind: row.kind,
        task_id: row.task_id,
        gold_row: row.gold_row,
        column: row.column_name,
        entity,
      }),
    };
  });
  return { conflicts: counts.conflicts, open_ruled: ruledOpen, open_unruled: counts.open - ruledOpen, disputes };
}

/** The left-out disputes in lines for a terminal or a notice: counts, then up to `max` named. */
export function leftOutLines(summary: LeftOutSummary, max = 20): string[] {
  const named = summary.conflicts + summary.open_ruled;
  if (named === 0 && summary.open_unruled === 0) return [];
  const lines: string[] = [];
  const parts = [
    summary.conflicts > 0 ? `${summary.conflicts} in conflict` : null,
    summary.open_ruled > 0
      ? `${summary.open_ruled} open with rulings that do not settle ${summary.open_ruled === 1 ? 'it' : 'them'} yet`
      : null,
    summary.open_unruled > 0 ? `${summary.open_unruled} open that nobody ruled on` : null,
  ].filter((part): part is string => part !== null);
  lines.push(`left out of the patch: ${parts.join(', ')}`);
  for (const dispute of summary.disputes.slice(0, max)) {
    lines.push(`  ${dispute.status === 'conflict' ? 'conflict' : 'open    '}  ${dispute.name} (${dispute.id})`);
  }
  if (named > Math.min(max, summary.disputes.length))
    lines.push(`  … and ${named - Math.min(max, summary.disputes.length)} more`);
  return lines;
}
