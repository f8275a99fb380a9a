import type { DisputeFilter, ListDisputesInput } from '../../shared/api';
import type { DisputeListing, DisputeRow } from '../../shared/api-types';
import type { Decision, DisputeKind, DisputeStatus, GoldState } from '../../shared/domain';
import type { Store } from '../store';
import { filterSql } from './filter-sql';

export interface DisputeRowSql {
  id: string;
  kind: DisputeKind;
  task_id: string;
  gold_row: number | null;
  column_name: string | null;
  entity_s: string;
  gold_state: GoldState;
  gold_value_s: string | null;
  top_value_s: string | null;
  top_count: number;
  contesting: number;
  status: DisputeStatus;
  priority: number;
  has_report: number;
  my_decision: Decision | null;
}

const SORT_COLUMNS: Record<string, string> = {
  priority: 'd.priority',
  task_id: 'd.task_id',
  entity: 'unseal(d.entity_s)',
  column: 'd.column_name',
  contesting: 'd.contesting',
  top_count: 'd.top_count',
  status: 'd.status',
  kind: 'd.kind',
};

export const DISPUTE_ROW_COLUMNS = `d.id, d.kind, d.task_id, d.gold_row, d.column_name, d.entity_s, d.gold_state, d.gold_value_s,
  d.top_value_s, d.top_count, d.contesting, d.status, d.priority, d.has_report,
  (SELECT p.decision FROM positions p WHERE p.dispute_id = d.id AND p.engineer = ?) AS my_decision`;

/** Grid rows carry at most this much of a value: a 10 MB cell must not travel 100 times per page. */
export const LISTING_VALUE_CHARS = 2_000;

function clip(value: string | null, max: number | undefined): string | null {
  if (value === null || max === undefined || value.length <= max) return value;
  return `${value.slice(0, max)}… (${value.length.toLocaleString('en-US')} characters; open the dispute for all)`;
}

export function toDisputeRow(store: Store, row: DisputeRowSql, maxValueChars?: number): DisputeRow {
  const { sealer } = store;
  return {
    id: row.id,
    kind: row.kind,
    task_id: row.task_id,
    gold_row: row.gold_row,
    entity: clip(sealer.open(row.entity_s), maxValueChars)!,
    column: row.column_name,
    gold: { state: row.gold_state, value: clip(sealer.open(row.gold_value_s), maxValueChars) },
    top_value: clip(sealer.open(row.top_value_s), maxValueChars),
    top_count: row.top_count,
    contesting: row.contesting,
    status: row.status,
    priority: row.priority,
    my_decision: row.my_decision,
    has_report: row.has_report === 1,
  };
}

/** The listing's ORDER BY: the sorted column, ties by priority; priority alone by default. */
function orderBy(sort: ListDisputesInput['sort']): string {
  if (sort && sort.field !== 'priority')
    return `${SORT_COLUMNS[sort.field]} ${sort.dir === 'desc' ? 'DESC' : 'ASC'}, d.priority`;
  return `d.priority ${sort?.dir === 'desc' ? 'DESC' : 'ASC'}`;
}

/** The page query and its parameters (exported so tests can check its plan). */
export function listSql(
  store: Store,
  input: ListDisputesInput,
  engineer: string,
): { sql: string; countSql: string; params: unknown[]; countParams: unknown[] } {
  const { where, params } = filterSql(store, input.filter);
  const order = orderBy(input.sort);
  return {
    sql: `SELECT ${DISPUTE_ROW_COLUMNS} FROM disputes d ${where} ORDER BY ${order} LIMIT ? OFFSET ?`,
    params: [engineer, ...params, input.limit, input.offset],
    countSql: `SELECT count(*) AS n FROM disputes d ${where}`,
    countParams: params,
  };
}

export function listDisputes(store: Store, input: ListDisputesInput, engineer: string): DisputeListing {
  const { db } = store;
  const query = listSql(store, input, engineer);
  const rows = db.prepare<unknown[], DisputeRowSql>(query.sql).all(...query.params);
  const total = db.prepare<unknown[], { n: number }>(query.countSql).get(...query.countParams)!.n;
  return { rows: rows.map((row) => toDisputeRow(store, row, LISTING_VALUE_CHARS)), total };
}

/** Index of a dispute within the filtered listing (default order, or `sort`), or null when the filter excludes it. */
export function locateDispute(
  store: Store,
  id: string,
  filter: DisputeFilter,
  sort?: ListDisputesInput['sort'],
): number | null {
  if (sort && !(sort.field === 'priority' && sort.dir === 'asc')) return locateSorted(store, id, filter, sort);
  const { where, params } = filterSql(store, filter);
  const target = store.db.prepare<[string], { priority: number }>('SELECT priority FROM disputes WHERE id = ?').get(id);
  if (!target) return null;
  const included = store.db
    .prepare<unknown[], { n: number }>(
      `SELECT count(*) AS n FROM disputes d ${where ? `${where} AND` : 'WHERE'} d.id = ?`,
    )
    .get(...params, id)!.n;
  if (included === 0) return null;
  return store.db
    .prepare<unknown[], { n: number }>(
      `SELECT count(*) AS n FROM disputes d ${where ? `${where} AND` : 'WHERE'} d.priority < ?`,
    )
    .get(...params, target.priority)!.n;
}

/**
 * Under a column sort: the dispute's row number in the listing's own ORDER BY
 * (the same expression listSql pages with, ties by priority), so ties and
 * NULLs fall exactly as the pages show them. Sorts the filtered disputes once.
 */
function locateSorted(
  store: Store,
  id: string,
  filter: DisputeFilter,
  sort: NonNullable<ListDisputesInput['sort']>,
): number | null {
  const { where, params } = filterSql(store, filter);
  const order = orderBy(sort);
  const row = store.db
    .prepare<unknown[], { n: number }>(
      `SELECT n FROM (SELECT d.id, row_number() OVER (ORDER BY ${order}) - 1 AS n FROM disputes d ${where}) WHERE id = ?`,
    )
    .get(...params, id);
  return row ? row.n : null;
}
