// Every matching dispute as one JSON-ready record (`disputes --json`),
// streamed in priority order with its clusters and systems.
import type { DisputeFilter } from '../../shared/api';
import type { ClusterView, GoldView } from '../../shared/api-types';
import type { DisputeKind, DisputeStatus } from '../../shared/domain';
import { requireColumn, requireSystem, requireTask } from '../not-found';
import type { Store } from '../store';
import { filterSql } from './filter-sql';
import type { DisputeRowSql } from './list';
import { DISPUTE_ROW_COLUMNS, toDisputeRow } from './list';
import { decodeSystems } from '../disputes';
import { goldRowNamed } from '../../shared/gold-row-named';
import type { NamedGoldRow } from '../../shared/gold-row-named';

export interface DisputeRecord {
  id: string;
  kind: DisputeKind;
  task_id: string;
  gold_row: number | null;
  entity: string;
  column: string | null;
  gold: GoldView;
  /**
   * A missing row whose entity the current gold now holds (a revision added it,
   * as a row or an alias, after the runs were graded): that gold row, 0-based,
   * as `show` finds it (shared/gold-row-named.ts). Null otherwise.
   */
  gold_row_now: number | null;
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
 * The records, streamed. A task, column or system the store does not know is
 * a mistake rather than an empty list: NotFoundError is thrown at once, before
 * a record (or a CSV header) is written. (An empty column or system filters
 * nothing, as in filter-sql.ts.)
 */
export function disputeRecords(store: Store, filter: DisputeFilter, engineer: string): Iterable<DisputeRecord> {
  if (filter.task !== undefined) requireTask(store, filter.task);
  if (filter.column) requireColumn(store, filter.column);
  if (filter.system) requireSystem(store, filter.system);
  return streamRecords(store, filter, engineer);
}

function* streamRecords(store: Store, filter: DisputeFilter, engineer: string): Generator<DisputeRecord> {
  const { db, sealer } = store;
  const { where, params } = filterSql(store, filter);
  // Each dispute's clusters come with its row, as one JSON array ([value_s, agrees, systems], in
  // order): one statement for the whole listing rather than one per dispute.
  const rows = db
    .prepare<unknown[], DisputeRowSql & { systems: string; entity_key: string | null; clusters_json: string }>(
      `SELECT ${DISPUTE_ROW_COLUMNS}, d.systems, d.entity_key,
              (SELECT json_group_array(json_array(c.value_s, c.agrees_with_gold, json(c.systems_json)) ORDER BY c.idx)
                 FROM dispute_clusters c WHERE c.dispute_id = d.id) AS clusters_json
         FROM disputes d ${where} ORDER BY d.priority`,
    )
    .iterate(engineer, ...params);
  // Collected first: better-sqlite3 forbids other statements on the connection while iterating.
  const page: (DisputeRowSql & { systems: string; entity_key: string | null; clusters_json: string })[] = [];
  for (const row of rows) page.push(row);
  const goldRowNow = missingRowFinder(store);
  for (const row of page) {
    const base = toDisputeRow(store, row);
    const clusters = (JSON.parse(row.clusters_json) as [string, number, string[]][]).map(
      ([valueSealed, agrees, systems]) => ({
        value: sealer.open(valueSealed),
        systems,
        agrees_with_gold: agrees === 1,
      }),
    );
    const systems = base.kind === 'missing_row' ? (clusters[0]?.systems ?? []) : decodeSystems(row.systems);
    yield {
      id: base.id,
      kind: base.kind,
      task_id: base.task_id,
      gold_row: base.gold_row,
      entity: base.entity,
      column: base.column,
      gold: base.gold,
      gold_row_now: base.kind === 'missing_row' ? goldRowNow(base.id, base.task_id, base.entity, row.entity_key) : null,
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

/**
 * Where the current gold holds a missing row's entity, found as the dispute
 * panel and `show` find it (missingRowInGold): the dispute's entity, any
 * system's spelling of it, or the value of a counted add_row / add_alias
 * ruling, matched against each gold row's entity and aliases. Each task's gold
 * rows are opened once per listing.
 */
function missingRowFinder(
  store: Store,
): (disputeId: string, taskId: string, entity: string, entityKey: string | null) => number | null {
  const { db, sealer } = store;
  const goldRowsOf = db.prepare<[string], { row_idx: number; entity_s: string; aliases_s: string }>(
    'SELECT row_idx, entity_s, aliases_s FROM gold_rows WHERE task_id = ? ORDER BY row_idx',
  );
  const spellingsOf = db.prepare<[string, string], { response_entity_s: string | null }>(
    `SELECT rr.response_entity_s FROM run_rows rr
       JOIN run_tasks rt ON rt.run_id = rr.run_id AND rt.task_id = rr.task_id AND rt.state = 'graded'
      WHERE rr.task_id = ? AND rr.entity_key = ? AND rr.gold_row IS NULL`,
  );
  const ruledOf = db.prepare<[string], { value_s: string | null }>(
    `SELECT r.value_s FROM positions p JOIN rulings r ON r.id = p.ruling_id
      WHERE p.dispute_id = ? AND p.decision IN ('add_row', 'add_alias')`,
  );
  const tasks = new Map<string, NamedGoldRow[]>();
  return (disputeId, taskId, entity, entityKey) => {
    let rows = tasks.get(taskId);
    if (rows === undefined) {
      rows = goldRowsOf.all(taskId).map((row) => ({
        row: row.row_idx,
        entity: sealer.open(row.entity_s),
        aliases: sealer.openJson<string[]>(row.aliases_s, []),
      }));
      tasks.set(taskId, rows);
    }
    if (rows.length === 0) return null;
    const spellings =
      entityKey === null ? [] : spellingsOf.all(taskId, entityKey).map((row) => sealer.open(row.response_entity_s));
    const ruled = ruledOf.all(disputeId).map((row) => sealer.open(row.value_s));
    return goldRowNamed(rows, [entity, ...spellings, ...ruled])?.row ?? null;
  };
}
