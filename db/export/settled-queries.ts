// What export reads about the settled disputes, in one set-based query (one
// query per dispute was most of export's time at 10k operations): each
// dispute with its current gold cell and the counted rulings on it. Rows come
// as arrays (better-sqlite3's raw mode), a third cheaper than row objects at
// this size. The SQL is exported so tests can check its plan.
import type { Decision, DisputeKind, GoldState } from '../../shared/domain';
import type { Store } from '../store';

export interface CountedRuling {
  engineer: string;
  decision: Decision;
  value_s: string | null;
  values_s: string | null;
  row_idx: number | null;
  evidence_s: string;
  created_at: string;
  /** The entity keys of the dispute's gold row and of row_idx when ruled (db/rulings/row-identity.ts); null for older rulings. */
  gold_row_entity_key: string | null;
  row_entity_key: string | null;
  /** The gold row's entity when ruled, sealed by this store: compared with the dispute's without hashing. */
  gold_row_entity_s: string | null;
}

export interface SettledDispute {
  id: string;
  kind: DisputeKind;
  task_id: string;
  gold_row: number | null;
  column_name: string | null;
  entity_s: string;
  /** The stored gold cell's state at (task, row, column), else the state the dispute recorded. */
  cell_state: GoldState;
  /** Its sealed value, likewise. */
  cell_value_s: string | null;
  /** Its sealed alternatives; null when no gold cell is stored there. */
  cell_alternatives_s: string | null;
  /** Counted rulings (one per engineer), oldest first: the last one is the agreed ruling. Never empty. */
  rulings: CountedRuling[];
}

type SettledRow = [
  id: string,
  taskId: string,
  goldRow: number | null,
  columnName: string | null,
  entity: string,
  cellState: GoldState,
  cellValue: string | null,
  cellAlternatives: string | null,
  engineer: string,
  decision: Decision,
  value: string | null,
  values: string | null,
  rowIdx: number | null,
  evidence: string,
  createdAt: string,
  kind: DisputeKind,
  goldRowEntityKey: string | null,
  rowEntityKey: string | null,
  goldRowEntitySealed: string | null,
];

/**
 * Resolved disputes not yet carried out by a revision, in (task, id) order,
 * one row per counted ruling: key lookups per dispute (gold cell, positions,
 * ruling), and a sort of the ~10k selected rows only.
 */
export const SETTLED_SQL = `SELECT d.id, d.task_id, d.gold_row, d.column_name, d.entity_s,
       coalesce(g.state, d.gold_state), CASE WHEN g.state IS NULL THEN d.gold_value_s ELSE g.value_s END, g.alternatives_s,
       r.engineer, r.decision, r.value_s, r.values_s, r.row_idx, r.evidence_s, r.created_at, d.kind,
       r.gold_row_entity_key, r.row_entity_key, r.gold_row_entity_s
  FROM disputes d
  LEFT JOIN gold_cells g ON g.task_id = d.task_id AND g.row_idx = d.gold_row AND g.column_name = d.column_name
  JOIN positions p ON p.dispute_id = d.id
  JOIN rulings r ON r.id = p.ruling_id
 WHERE d.status = 'resolved' AND d.settled_by_revision IS NULL
 ORDER BY d.task_id, d.id, r.created_at, r.id`;

/** The settled disputes that have counted rulings, in (task, id) order. */
export function settledDisputes(store: Store): SettledDispute[] {
  const disputes: SettledDispute[] = [];
  let current: SettledDispute | undefined;
  for (const row of store.db.prepare<[], SettledRow>(SETTLED_SQL).raw().all()) {
    const ruling: CountedRuling = {
      engineer: row[8],
      decision: row[9],
      value_s: row[10],
      values_s: row[11],
      row_idx: row[12],
      evidence_s: row[13],
      created_at: row[14],
      gold_row_entity_key: row[16],
      row_entity_key: row[17],
      gold_row_entity_s: row[18],
    };
    if (current?.id === row[0]) {
      current.rulings.push(ruling);
      continue;
    }
    current = {
      id: row[0],
      kind: row[15],
      task_id: row[1],
      gold_row: row[2],
      column_name: row[3],
      entity_s: row[4],
      cell_state: row[5],
      cell_value_s: row[6],
      cell_alternatives_s: row[7],
      rulings: [ruling],
    };
    disputes.push(current);
  }
  return disputes;
}
