// Derives a task's cell and missing_row disputes from its graded cells
// (DESIGN §5). Disputes are derived data: deleted and rebuilt per task, with
// stable ids, so rulings (keyed by id) are untouched.
//
// Runs once per touched task on import (547 times at full scale), so the
// statements are prepared once per connection, the cells come from one
// covering index range as raw rows (graded runs and system names from a
// 13-row lookup), and each distinct answer is opened once.
import type { GoldState, Verdict } from '../../shared/domain';
import { disputeId } from '../../shared/dispute-id';
import { sha256Hex } from '../hash';
import type { Store } from '../store';
import { clusterValues, goldKeys } from './cluster';
import type { Cluster } from './cluster';
import { encodeSystems } from './systems-column';
import { COLUMN, EMPTY, GOLD_ROW, groupBy, RESPONSE, RUN_ID, SEQ, statementsFor, VERDICT } from './statements';
import type { CellTuple, DeriveStatements } from './statements';

interface GoldInfo {
  state: GoldState;
  value: string | null;
  alternatives: string[];
}

/** A graded cell of a run that graded this task, with its system's name. */
interface SystemCell {
  system: string;
  seq: number;
  run_id: number;
  verdict: Verdict;
  empty: boolean;
  response_s: string;
}

type WriteClusters = (id: string, clusters: readonly Cluster[]) => void;

export function deriveTaskDisputes(store: Store, taskId: string, minSystems: number): string[] {
  const { db, sealer } = store;
  const sql = statementsFor(db);
  sql.deleteTaskDisputes.run(taskId);

  // run id -> system name, for the runs that graded this task (failed runs contribute nothing).
  const systemOf = new Map(sql.gradedRuns.all(taskId).map((row) => [row.run_id, row.system]));
  if (systemOf.size === 0) return [];
  const task = sql.task.get(taskId);
  const ruleTypes = new Map(sql.ruleTypes.all(taskId).map((row) => [row.name, row.rule_type]));
  const goldCells = new Map<string, GoldInfo>();
  for (const row of sql.goldCells.all(taskId)) {
    goldCells.set(`${row.row_idx}\u0000${row.column_name}`, {
      state: row.state,
      value: sealer.open(row.value_s),
      alternatives: sealer.openJson<string[]>(row.alternatives_s, []),
    });
  }
  const goldEntities = new Map(sql.goldRows.all(taskId).map((row) => [row.row_idx, row.entity_s]));

  // Identical answers are identical ciphertexts (same key, same bytes): open each once per task.
  const opened = new Map<string, string>();
  const open = (sealed: string): string => {
    let text = opened.get(sealed);
    if (text === undefined) {
      text = sealer.open(sealed);
      opened.set(sealed, text);
    }
    return text;
  };

  const created: string[] = [];
  const writeClusters: WriteClusters = (id, clusters) => {
    clusters.forEach((cluster, index) => {
      sql.insertCluster.run(id, index, cluster.key, sealer.seal(cluster.value), cluster.agreesWithGold ? 1 : 0, JSON.stringify(cluster.systems));
    });
  };

  // The index yields cells ordered by (gold_row, column_name): each gold cell's group is contiguous.
  const rows: CellTuple[] = sql.cells.all(taskId);
  for (const group of groupBy(rows, (row) => `${row[GOLD_ROW]}\u0000${row[COLUMN]}`)) {
    const goldRow = group[0]![GOLD_ROW];
    const column = group[0]![COLUMN];
    if (task && column === task.entity_column) continue;
    const cells: SystemCell[] = [];
    const contestingSystems = new Set<string>();
    for (const row of group) {
      const system = systemOf.get(row[RUN_ID]);
      if (system === undefined) continue;
      const empty = row[EMPTY] === 1;
      cells.push({ system, seq: row[SEQ], run_id: row[RUN_ID], verdict: row[VERDICT], empty, response_s: row[RESPONSE] });
      if (row[VERDICT] === 'incorrect' && !empty) contestingSystems.add(system);
    }
    if (contestingSystems.size === 0) continue;
    // By system, as the clusters list them; ties in the gold fallback break the same way every time.
    cells.sort((a, b) => (a.system < b.system ? -1 : a.system > b.system ? 1 : a.seq - b.seq));
    const gold = goldCells.get(`${goldRow}\u0000${column}`) ?? goldFromCells(sql, taskId, goldRow, column, cells, open);
    if (gold.state === 'ungraded') continue;
    const ruleType = ruleTypes.get(column);
    const clusters = clusterValues(
      ruleType,
      // Blank answers form no cluster: they are not opened at all.
      cells.map((cell) => ({ system: cell.system, response: cell.empty ? '' : open(cell.response_s), verdict: cell.verdict })),
      goldKeys(ruleType, gold.value, gold.alternatives),
    );
    const top = clusters.find((cluster) => !cluster.agreesWithGold);
    const id = disputeId({ kind: 'cell', task_id: taskId, gold_row: goldRow, column, entity_key: null }, sha256Hex);
    // The gold entity is already sealed with the same key: copied as is.
    const entitySealed = goldEntities.get(goldRow) ?? sealer.seal(`row ${goldRow + 1}`);
    sql.insertCell.run(
      id, taskId, goldRow, column, entitySealed, ruleType ?? null,
      gold.state, sealer.seal(gold.value), sealer.seal(top?.value ?? null), top?.systems.length ?? 0, contestingSystems.size,
      encodeSystems(cells.map((cell) => cell.system)),
    );
    writeClusters(id, clusters);
    created.push(id);
  }

  created.push(...deriveMissingRows(store, taskId, minSystems, systemOf, writeClusters));
  return created;
}

function deriveMissingRows(store: Store, taskId: string, minSystems: number, systemOf: ReadonlyMap<number, string>, writeClusters: WriteClusters): string[] {
  const { db, sealer } = store;
  const sql = statementsFor(db);
  const extras: { entity_key: string; response_entity_s: string; system: string }[] = [];
  for (const row of sql.extras.all(taskId)) {
    const system = systemOf.get(row.run_id);
    if (system !== undefined) extras.push({ entity_key: row.entity_key, response_entity_s: row.response_entity_s, system });
  }
  const created: string[] = [];
  for (const group of groupBy(extras, (row) => row.entity_key)) {
    const systems = [...new Set(group.map((row) => row.system))].sort();
    if (systems.length < minSystems) continue;
    group.sort((a, b) => (a.system < b.system ? -1 : a.system > b.system ? 1 : 0));
    const names = new Map<string, number>();
    for (const row of group) {
      const name = sealer.open(row.response_entity_s).trim();
      names.set(name, (names.get(name) ?? 0) + 1);
    }
    const entity = [...names.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0];
    const entityKey = group[0]!.entity_key;
    const id = disputeId({ kind: 'missing_row', task_id: taskId, gold_row: null, column: null, entity_key: entityKey }, sha256Hex);
    const sealed = sealer.seal(entity);
    sql.insertMissingRow.run(id, taskId, entityKey, sealed, sealed, systems.length, systems.length, encodeSystems(systems));
    writeClusters(id, [{ key: entityKey, value: entity, systems, agreesWithGold: false }]);
    created.push(id);
  }
  return created;
}

/** Without the dataset, gold comes from what the grader recorded beside each cell (the most common value). */
function goldFromCells(
  sql: DeriveStatements,
  taskId: string,
  goldRow: number,
  column: string,
  cells: readonly SystemCell[],
  open: (sealed: string) => string,
): GoldInfo {
  if (cells.some((cell) => cell.verdict === 'ungraded')) return { state: 'ungraded', value: null, alternatives: [] };
  const recorded = new Map(sql.goldOfCell.all(taskId, goldRow, column).map((row) => [`${row.run_id}:${row.seq}`, row.gold_s]));
  const counts = new Map<string, number>();
  for (const cell of cells) {
    const gold = open(recorded.get(`${cell.run_id}:${cell.seq}`) ?? '');
    counts.set(gold, (counts.get(gold) ?? 0) + 1);
  }
  const value = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
  if (value.trim() === '') return { state: 'blank', value: null, alternatives: [] };
  return { state: 'value', value, alternatives: [] };
}
