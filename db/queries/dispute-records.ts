// Every matching dispute as one JSON-ready record (`disputes --json`),
// streamed in priority order with its clusters and systems.
import type { DisputeFilter } from '../../shared/api';
import type { ClusterView, GoldView } from '../../shared/api-types';
import type { DisputeKind, DisputeStatus } from '../../shared/domain';
import { requireTask } from '../not-found';
import type { Store } from '../store';
import { filterSql } from './filter-sql';
import type { DisputeRowSql } from './list';
import { DISPUTE_ROW_COLUMNS, toDisputeRow } from './list';
import { decodeSystems } from '../disputes/systems-column';

export interface DisputeRecord {
  id: string;
  kind: DisputeKind;
  task_id: string;
  gold_row: number | null;
  entity: string;
  column: string | null;
  gold: GoldView;
  clusters: ClusterView[];
  /** The leading value that disagrees with gold, and how many systems give it. */
  top_value: string | null;
  top_count: number;
  contesting: number;
  systems: string[];
  status: DisputeStatus;
  priority: number;
  has_report: boolean;
}

/**
 * The records, streamed. A task the store does not know is a mistake rather
 * than an empty list: NotFoundError is thrown at once, before a record (or a
 * CSV header) is written.
 */
export function disputeRecords(store: Store, filter: DisputeFilter, engineer: string): Iterable<DisputeRecord> {
  if (filter.task !== undefined) requireTask(store, filter.task);
  return streamRecords(store, filter, engineer);
}

function* streamRecords(store: Store, filter: DisputeFilter, engineer: string): Generator<DisputeRecord> {
  const { db, sealer } = store;
  const { where, params } = filterSql(store, filter);
  const clustersOf = db.prepare<[string], { value_s: string; agrees_with_gold: number; systems_json: string }>(
    'SELECT value_s, agrees_with_gold, systems_json FROM dispute_clusters WHERE dispute_id = ? ORDER BY idx',
  );
  const rows = db
    .prepare<unknown[], DisputeRowSql & { systems: string }>(`SELECT ${DISPUTE_ROW_COLUMNS}, d.systems FROM disputes d ${where} ORDER BY d.priority`)
    .iterate(engineer, ...params);
  // Collected first: better-sqlite3 forbids other statements on the connection while iterating.
  const page: (DisputeRowSql & { systems: string })[] = [];
  for (const row of rows) page.push(row);
  for (const row of page) {
    const base = toDisputeRow(store, row);
    const clusters = clustersOf.all(row.id).map((cluster) => ({
      value: sealer.open(cluster.value_s),
      systems: JSON.parse(cluster.systems_json) as string[],
      agrees_with_gold: cluster.agrees_with_gold === 1,
    }));
    const systems =
      base.kind === 'missing_row'
        ? (clusters[0]?.systems ?? [])
        : decodeSystems(row.systems);
    yield {
      id: base.id,
      kind: base.kind,
      task_id: base.task_id,
      gold_row: base.gold_row,
      entity: base.entity,
      column: base.column,
      gold: base.gold,
      clusters,
      top_value: base.top_value,
      top_count: base.top_count,
      contesting: base.contesting,
      systems,
      status: base.status,
      priority: base.priority,
      has_report: base.has_report,
    };
  }
}
