// `report` disputes (design.md §5): a reported gold cell or row that no other
// dispute covers, so a cell no system contested is reviewable too. Shaped
// like a cell dispute (gold, systems' values in clusters) so the queue and the
// panel show it the same way; the top value is the reporter's proposal.
import type { GoldState, RuleType, Verdict } from '../../shared/domain';
import { disputeId } from '../../shared/dispute-id';
import {
  clusterValues,
  goldKeys,
  GoldAsRecorded,
  Regrader,
  encodeSystems,
  raiseDisputeTextsGeneration,
} from '../disputes';
import type { Store } from '../store';

export interface ReportDisputeKey {
  task_id: string;
  gold_row: number;
  /** null: a report against the whole gold row (e.g. "this entity does not belong"). */
  column: string | null;
}

export function reportDisputeId(key: ReportDisputeKey): string {
  return disputeId({
    kind: 'report',
    task_id: key.task_id,
    gold_row: key.gold_row,
    column: key.column,
    entity_key: null,
  });
}

interface Gold {
  state: GoldState;
  value_s: string | null;
  alternatives: string[];
  /** The dataset's gold cell, not the graders' recording of it: cells graded against other gold are graded again. */
  fromDataset?: true;
}

/** Gold of the cell: from the dataset, else what the grader recorded beside the systems' cells. */
function goldOf(
  store: Store,
  key: ReportDisputeKey,
  column: string,
  cells: readonly { gold_s: string; verdict: Verdict }[],
): Gold {
  const { db, sealer } = store;
  const stored = db
    .prepare<[string, number, string], { state: GoldState; value_s: string | null; alternatives_s: string }>(
      'SELECT state, value_s, alternatives_s FROM gold_cells WHERE task_id = ? AND row_idx = ? AND column_name = ?',
    )
    .get(key.task_id, key.gold_row, column);
  if (stored)
    return {
      state: stored.state,
      value_s: stored.value_s,
      alternatives: sealer.openJson<string[]>(stored.alternatives_s, []),
      fromDataset: true,
    };
  if (cells.some((cell) => cell.verdict === 'ungraded')) return { state: 'ungraded', value_s: null, alternatives: [] };
  const first = cells.map((cell) => sealer.open(cell.gold_s)).find((gold) => gold.trim() !== '');
  return first === undefined
    ? { state: 'blank', value_s: null, alternatives: [] }
    : { state: 'value', value_s: sealer.seal(first), alternatives: [] };
}

/** Creates or refreshes the report dispute; status, priority and settlement are left to their owners. */
export function upsertReportDispute(store: Store, key: ReportDisputeKey, proposedValue: string | null): string {
  const { db, sealer } = store;
  const id = reportDisputeId(key);
  const entity =
    db
      .prepare<[string, number], { entity_s: string }>(
        'SELECT entity_s FROM gold_rows WHERE task_id = ? AND row_idx = ?',
      )
      .get(key.task_id, key.gold_row)?.entity_s ?? sealer.seal(`row ${key.gold_row + 1}`);
  const cells =
    key.column === null
      ? []
      : db
          .prepare<
            [string, number, string],
            { system: string; gold_s: string; response_s: string; response_empty: number; verdict: Verdict }
          >(
            `SELECT s.name AS system, c.gold_s, c.response_s, c.response_empty, c.verdict
               FROM system_cells c
               JOIN run_tasks rt ON rt.run_id = c.run_id AND rt.task_id = c.task_id AND rt.state = 'graded'
               JOIN runs r ON r.id = c.run_id JOIN systems s ON s.id = r.system_id
              WHERE c.task_id = ? AND c.gold_row = ? AND c.column_name = ? ORDER BY s.name`,
          )
          .all(key.task_id, key.gold_row, key.column);
  const ruleType =
    key.column === null
      ? 'entity'
      : (db
          .prepare<[string, string], { rule_type: RuleType }>(
            'SELECT rule_type FROM task_columns WHERE task_id = ? AND name = ?',
          )
          .get(key.task_id, key.column)?.rule_type ?? null);
  // A row-level report is about the entity itself: its "gold" is the entity name.
  const gold: Gold =
    key.column === null ? { state: 'value', value_s: entity, alternatives: [] } : goldOf(store, key, key.column, cells);
  if (key.column !== null && gold.fromDataset) regradeAgainst(store, ruleType ?? undefined, gold, cells);
  const contesting = new Set(
    cells.filter((cell) => cell.verdict === 'incorrect' && cell.response_empty === 0).map((cell) => cell.system),
  ).size;

  db.prepare(
    `INSERT INTO disputes (id, kind, task_id, gold_row, column_name, entity_key, entity_s, rule_type, gold_state, gold_value_s, top_value_s, top_count, contesting, systems)
     VALUES (?, 'report', ?, ?, ?, NULL, ?, ?, ?, ?, ?, 0, ?, ?)
     ON CONFLICT(id) DO UPDATE SET entity_s = excluded.entity_s, rule_type = excluded.rule_type, gold_state = excluded.gold_state,
       gold_value_s = excluded.gold_value_s, top_value_s = excluded.top_value_s, contesting = excluded.contesting, systems = excluded.systems`,
  ).run(
    id,
    key.task_id,
    key.gold_row,
    key.column,
    entity,
    ruleType,
    gold.state,
    gold.value_s,
    sealer.seal(proposedValue),
    contesting,
    encodeSystems(cells.map((cell) => cell.system)),
  );

  db.prepare('DELETE FROM dispute_clusters WHERE dispute_id = ?').run(id);
  if (key.column !== null) {
    const type = ruleType ?? undefined;
    const clusters = clusterValues(
      type,
      cells.map((cell) => ({ system: cell.system, response: sealer.open(cell.response_s), verdict: cell.verdict })),
      goldKeys(type, sealer.open(gold.value_s), gold.alternatives),
    );
    const insertCluster = db.prepare(
      'INSERT INTO dispute_clusters (dispute_id, idx, norm_key, value_s, agrees_with_gold, systems_json) VALUES (?, ?, ?, ?, ?, ?)',
    );
    clusters.forEach((cluster, index) => {
      insertCluster.run(
        id,
        index,
        cluster.key,
        sealer.seal(cluster.value),
        cluster.agreesWithGold ? 1 : 0,
        JSON.stringify(cluster.systems),
      );
    });
  }
  raiseDisputeTextsGeneration(db, [key.task_id]);
  return id;
}

/** Cells graded against other gold than the dataset's now take their verdict from it, as cell disputes do (disputes/regrade.ts). */
function regradeAgainst(
  store: Store,
  ruleType: RuleType | undefined,
  gold: Gold,
  cells: { gold_s: string; response_s: string; response_empty: number; verdict: Verdict }[],
): void {
  const open = (sealed: string): string => store.sealer.open(sealed);
  const recordedForm = GoldAsRecorded.of(ruleType, gold, open);
  if (recordedForm === null || !recordedForm.anyOtherBytes(cells.map((cell) => ({ recorded_s: cell.gold_s })))) return;
  const regrader = new Regrader(
    ruleType,
    recordedForm,
    goldKeys(ruleType, gold.value_s === null ? null : open(gold.value_s), gold.alternatives),
  );
  for (const cell of cells) {
    cell.verdict = regrader.verdict(
      { verdict: cell.verdict, empty: cell.response_empty === 1, recorded_s: cell.gold_s },
      () => open(cell.response_s),
    );
  }
}
