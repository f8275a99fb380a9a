// Derives a task's cell and missing_row disputes from its graded cells
// (DESIGN §5). Disputes are derived data: deleted and rebuilt per task, with
// stable ids, so rulings (keyed by id) are untouched.
import type { GoldState, RuleType, Verdict } from '../../shared/domain';
import { disputeId } from '../../shared/dispute-id';
import type { Store } from '../store';
import { clusterValues, goldKeys } from './cluster';
import type { Cluster } from './cluster';

interface CellRow {
  gold_row: number;
  column_name: string;
  system: string;
  gold_s: string;
  response_s: string;
  response_empty: number;
  verdict: Verdict;
}

interface GoldInfo {
  state: GoldState;
  value: string | null;
  alternatives: string[];
}

export function deriveTaskDisputes(store: Store, taskId: string, minSystems: number): string[] {
  const { db, sealer } = store;
  db.prepare("DELETE FROM disputes WHERE task_id = ? AND kind IN ('cell', 'missing_row')").run(taskId);

  const task = db.prepare<[string], { entity_column: string }>('SELECT entity_column FROM tasks WHERE task_id = ?').get(taskId);
  const ruleTypes = new Map(
    db
      .prepare<[string], { name: string; rule_type: RuleType }>('SELECT name, rule_type FROM task_columns WHERE task_id = ?')
      .all(taskId)
      .map((row) => [row.name, row.rule_type]),
  );
  const goldCells = new Map<string, GoldInfo>();
  for (const row of db
    .prepare<[string], { row_idx: number; column_name: string; state: GoldState; value_s: string | null; alternatives_s: string }>(
      'SELECT row_idx, column_name, state, value_s, alternatives_s FROM gold_cells WHERE task_id = ?',
    )
    .all(taskId)) {
    goldCells.set(`${row.row_idx}\u0000${row.column_name}`, {
      state: row.state,
      value: sealer.open(row.value_s),
      alternatives: sealer.openJson<string[]>(row.alternatives_s, []),
    });
  }
  const goldEntities = new Map(
    db
      .prepare<[string], { row_idx: number; entity_s: string }>('SELECT row_idx, entity_s FROM gold_rows WHERE task_id = ?')
      .all(taskId)
      .map((row) => [row.row_idx, sealer.open(row.entity_s)]),
  );

  const cells = db
    .prepare<[string], CellRow>(
      `SELECT c.gold_row, c.column_name, s.name AS system, c.gold_s, c.response_s, c.response_empty, c.verdict
         FROM system_cells c
         JOIN run_tasks rt ON rt.run_id = c.run_id AND rt.task_id = c.task_id AND rt.state = 'graded'
         JOIN runs r ON r.id = c.run_id
         JOIN systems s ON s.id = r.system_id
        WHERE c.task_id = ? AND c.gold_row IS NOT NULL
        ORDER BY c.gold_row, c.column_name, s.name`,
    )
    .all(taskId);

  const insertDispute = db.prepare(
    `INSERT INTO disputes (id, kind, task_id, gold_row, column_name, entity_key, entity_s, rule_type, gold_state, gold_value_s,
                           top_value_s, top_count, contesting)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertCluster = db.prepare(
    'INSERT INTO dispute_clusters (dispute_id, idx, norm_key, value_s, agrees_with_gold, systems_json) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const insertSystem = db.prepare('INSERT OR IGNORE INTO dispute_systems (dispute_id, system) VALUES (?, ?)');
  const created: string[] = [];

  const writeClusters = (id: string, clusters: readonly Cluster[], systems: Iterable<string>): void => {
    clusters.forEach((cluster, index) => {
      insertCluster.run(id, index, cluster.key, sealer.seal(cluster.value), cluster.agreesWithGold ? 1 : 0, JSON.stringify(cluster.systems));
    });
    for (const system of systems) insertSystem.run(id, system);
  };

  for (const group of groupBy(cells, (cell) => `${cell.gold_row}\u0000${cell.column_name}`)) {
    const first = group[0]!;
    if (task && first.column_name === task.entity_column) continue;
    const gold = goldCells.get(`${first.gold_row}\u0000${first.column_name}`) ?? goldFromCells(group, sealer.open.bind(sealer));
    if (gold.state === 'ungraded') continue;
    const contestingSystems = new Set(group.filter((cell) => cell.verdict === 'incorrect' && cell.response_empty === 0).map((cell) => cell.system));
    if (contestingSystems.size === 0) continue;
    const ruleType = ruleTypes.get(first.column_name);
    const clusters = clusterValues(
      ruleType,
      group.map((cell) => ({ system: cell.system, response: sealer.open(cell.response_s), verdict: cell.verdict })),
      goldKeys(ruleType, gold.value, gold.alternatives),
    );
    const top = clusters.find((cluster) => !cluster.agreesWithGold);
    const key = { kind: 'cell' as const, task_id: taskId, gold_row: first.gold_row, column: first.column_name, entity_key: null };
    const id = disputeId(key);
    const entity = goldEntities.get(first.gold_row) ?? `row ${first.gold_row + 1}`;
    insertDispute.run(
      id, 'cell', taskId, first.gold_row, first.column_name, null, sealer.seal(entity), ruleType ?? null,
      gold.state, sealer.seal(gold.value), sealer.seal(top?.value ?? null), top?.systems.length ?? 0, contestingSystems.size,
    );
    writeClusters(id, clusters, group.map((cell) => cell.system));
    created.push(id);
  }

  created.push(...deriveMissingRows(store, taskId, minSystems, writeClusters));
  return created;
}

function deriveMissingRows(
  store: Store,
  taskId: string,
  minSystems: number,
  writeClusters: (id: string, clusters: readonly Cluster[], systems: Iterable<string>) => void,
): string[] {
  const { db, sealer } = store;
  const extras = db
    .prepare<[string], { entity_key: string; response_entity_s: string; system: string }>(
      `SELECT rr.entity_key, rr.response_entity_s, s.name AS system
         FROM run_rows rr
         JOIN run_tasks rt ON rt.run_id = rr.run_id AND rt.task_id = rr.task_id AND rt.state = 'graded'
         JOIN runs r ON r.id = rr.run_id
         JOIN systems s ON s.id = r.system_id
        WHERE rr.task_id = ? AND rr.gold_row IS NULL AND rr.entity_key IS NOT NULL
        ORDER BY rr.entity_key, s.name`,
    )
    .all(taskId);
  const insertDispute = db.prepare(
    `INSERT INTO disputes (id, kind, task_id, gold_row, column_name, entity_key, entity_s, rule_type, gold_state, gold_value_s,
                           top_value_s, top_count, contesting)
     VALUES (?, 'missing_row', ?, NULL, NULL, ?, ?, 'entity', 'blank', NULL, ?, ?, ?)`,
  );
  const created: string[] = [];
  for (const group of groupBy(extras, (row) => row.entity_key)) {
    const systems = [...new Set(group.map((row) => row.system))].sort();
    if (systems.length < minSystems) continue;
    const names = new Map<string, number>();
    for (const row of group) {
      const name = sealer.open(row.response_entity_s).trim();
      names.set(name, (names.get(name) ?? 0) + 1);
    }
    const entity = [...names.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0];
    const entityKey = group[0]!.entity_key;
    const id = disputeId({ kind: 'missing_row', task_id: taskId, gold_row: null, column: null, entity_key: entityKey });
    insertDispute.run(id, taskId, entityKey, sealer.seal(entity), sealer.seal(entity), systems.length, systems.length);
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

function* groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Generator<T[]> {
  let current: T[] = [];
  let currentKey: string | null = null;
  for (const item of items) {
    const key = keyOf(item);
    if (key !== currentKey && current.length > 0) {
      yield current;
      current = [];
    }
    currentKey = key;
    current.push(item);
  }
  if (current.length > 0) yield current;
}
