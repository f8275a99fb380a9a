// Derives a task's cell and missing_row disputes from its graded cells
// (DESIGN §5). Disputes are derived data: deleted and rebuilt per task, with
// stable ids, so rulings (keyed by id) are untouched.
//
// Runs once per touched task on import (547 times at full scale), so the
// statements are prepared once per connection, the cells are read from one
// index range without joins (graded runs and system names come from a
// 13-row lookup), and each cell's response is opened only when its gold cell
// is contested.
import type { GoldState } from '../../shared/domain';
import { disputeId } from '../../shared/dispute-id';
import type { Store } from '../store';
import { clusterValues, goldKeys } from './cluster';
import type { Cluster } from './cluster';
import { groupBy, statementsFor } from './statements';
import type { CellRow } from './statements';

interface GoldInfo {
  state: GoldState;
  value: string | null;
  alternatives: string[];
}

type WriteClusters = (id: string, clusters: readonly Cluster[], systems: Iterable<string>) => void;

export function deriveTaskDisputes(store: Store, taskId: string, minSystems: number): string[] {
  const { db, sealer } = store;
  const sql = statementsFor(db);
  sql.deleteTaskDisputes.run(taskId);

  const task = sql.task.get(taskId);
  const ruleTypes = new Map(sql.ruleTypes.all(taskId).map((row) => [row.name, row.rule_type]));
  // run id -> system name, for the runs that graded this task (failed runs contribute nothing).
  const systemOf = new Map(sql.gradedRuns.all(taskId).map((row) => [row.run_id, row.system]));
  if (systemOf.size === 0) return [];

  const goldCells = new Map<string, GoldInfo>();
  for (const row of sql.goldCells.all(taskId)) {
    goldCells.set(`${row.row_idx}\u0000${row.column_name}`, {
      state: row.state,
      value: sealer.open(row.value_s),
      alternatives: sealer.openJson<string[]>(row.alternatives_s, []),
    });
  }
  const goldEntities = new Map(sql.goldRows.all(taskId).map((row) => [row.row_idx, row.entity_s]));

  const created: string[] = [];
  const writeClusters: WriteClusters = (id, clusters, systems) => {
    clusters.forEach((cluster, index) => {
      sql.insertCluster.run(id, index, cluster.key, sealer.seal(cluster.value), cluster.agreesWithGold ? 1 : 0, JSON.stringify(cluster.systems));
    });
    for (const system of new Set(systems)) sql.insertSystem.run(id, system);
  };

  // The index yields cells ordered by (gold_row, column_name): each gold cell's group is contiguous.
  const cells: CellRow[] = [];
  for (const row of sql.cells.all(taskId)) {
    const system = systemOf.get(row.run_id);
    if (system !== undefined) cells.push({ ...row, system });
  }
  for (const group of groupBy(cells, (cell) => `${cell.gold_row}\u0000${cell.column_name}`)) {
    const first = group[0]!;
    if (task && first.column_name === task.entity_column) continue;
    const contestingSystems = new Set<string>();
    for (const cell of group) if (cell.verdict === 'incorrect' && cell.response_empty === 0) contestingSystems.add(cell.system);
    if (contestingSystems.size === 0) continue;
    // Same order as before the rewrite (by system), so ties in the gold fallback break the same way.
    group.sort((a, b) => (a.system < b.system ? -1 : a.system > b.system ? 1 : a.seq - b.seq));
    const gold = goldCells.get(`${first.gold_row}\u0000${first.column_name}`) ?? goldFromCells(group, (sealed) => sealer.open(sealed));
    if (gold.state === 'ungraded') continue;
    const ruleType = ruleTypes.get(first.column_name);
    const clusters = clusterValues(
      ruleType,
      group.map((cell) => ({ system: cell.system, response: sealer.open(cell.response_s), verdict: cell.verdict })),
      goldKeys(ruleType, gold.value, gold.alternatives),
    );
    const top = clusters.find((cluster) => !cluster.agreesWithGold);
    const id = disputeId({ kind: 'cell', task_id: taskId, gold_row: first.gold_row, column: first.column_name, entity_key: null });
    // The gold entity is already sealed with the same key: copied as is.
    const entitySealed = goldEntities.get(first.gold_row) ?? sealer.seal(`row ${first.gold_row + 1}`);
    sql.insertCell.run(
      id, taskId, first.gold_row, first.column_name, entitySealed, ruleType ?? null,
      gold.state, sealer.seal(gold.value), sealer.seal(top?.value ?? null), top?.systems.length ?? 0, contestingSystems.size,
    );
    writeClusters(id, clusters, group.map((cell) => cell.system));
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
    const id = disputeId({ kind: 'missing_row', task_id: taskId, gold_row: null, column: null, entity_key: entityKey });
    const sealed = sealer.seal(entity);
    sql.insertMissingRow.run(id, taskId, entityKey, sealed, sealed, systems.length, systems.length);
    writeClusters(id, [{ key: entityKey, value: entity, systems, agreesWithGold: false }], systems);
    created.push(id);
  }
  return created;
}

/** Without the dataset, gold comes from what the grader recorded beside each cell. */
function goldFromCells(group: readonly CellRow[], open: (sealed: string) => string): GoldInfo {
  if (group.some((cell) => cell.verdict === 'ungraded')) return { state: 'ungraded', value: null, alternatives: [] };
  const counts = new Map<string, number>();
  for (const cell of group) {
    const gold = open(cell.gold_s);
    counts.set(gold, (counts.get(gold) ?? 0) + 1);
  }
  const value = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
  if (value.trim() === '') return { state: 'blank', value: null, alternatives: [] };
  return { state: 'value', value, alternatives: [] };
}
