// Derives a task's cell and missing_row disputes (design.md §5) from what
// derive-input.ts read: no SQL, so it runs in the importer's thread or on the
// reader thread with the same result. Output rows are ready to insert (texts
// sealed with the store's key).
import type { GoldState, Verdict } from '../../shared/domain';
import { disputeId } from '../../shared/dispute-id';
import { preferredSpelling } from '../../shared/spelling';
import { sha256Hex } from '../hash';
import { entityKey as entityKeyOf } from '../entity-key';
import type { Sealer } from '../seal';
import { clusterValues, goldKeys } from './cluster';
import type { Cluster } from './cluster';
import type { TaskDerivationInput } from './derive-input';
import { goldCellKey, parseCells } from './derive-input';
import { encodeSystems } from './systems-column';
import { GoldAsRecorded, Regrader } from './regrade';
import { disputeSearchText } from './search-texts';
import { COLUMN, EMPTY, GOLD_ROW, groupBy, RECORDED_GOLD, RESPONSE, RUN_ID, SEQ, VERDICT } from './statements';

type Value = string | number | null;

export interface DerivedTask {
  taskId: string;
  /** Parameters of statements.insertCell, in derivation order. */
  cellDisputes: Value[][];
  /** Parameters of statements.insertMissingRow. */
  missingRows: Value[][];
  /** Parameters of statements.insertCluster. */
  clusters: Value[][];
  /** Every dispute id, in the order written. */
  ids: string[];
  /** Each dispute's search text (search-texts.ts), in the order of `ids`. */
  searchTexts: string[];
}

interface GoldInfo {
  state: GoldState;
  value: string | null;
  /** `value` as the store holds it: the dispute keeps it as is (sealing is deterministic), not sealed again. */
  value_s: string | null;
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
  /** The gold the grader recorded beside the cell, sealed. */
  recorded_s: string;
}

export function computeTaskDisputes(input: TaskDerivationInput, sealer: Sealer): DerivedTask {
  const { taskId } = input;
  const derived: DerivedTask = { taskId, cellDisputes: [], missingRows: [], clusters: [], ids: [], searchTexts: [] };
  const systemOf = new Map(input.systems);
  if (systemOf.size === 0) return derived;
  const ruleTypes = new Map(input.ruleTypes);
  const goldCells = new Map<string, GoldInfo>();
  for (const [row, column, state, value_s, alternatives_s] of input.goldCells) {
    goldCells.set(goldCellKey(row, column), {
      state,
      value: sealer.open(value_s),
      value_s,
      alternatives: sealer.openJson<string[]>(alternatives_s, []),
    });
  }
  const goldEntities = new Map(input.goldRows.map(([row, entity_s]) => [row, entity_s]));
  const recordedGold = new Map(input.recordedGold);
  const ruled = new Set(input.ruledDisputes);

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
  const addClusters = (id: string, clusters: readonly Cluster[]): void => {
    clusters.forEach((cluster, index) => {
      derived.clusters.push([
        id,
        index,
        cluster.key,
        sealer.seal(cluster.value),
        cluster.agreesWithGold ? 1 : 0,
        JSON.stringify(cluster.systems),
      ]);
    });
  };

  for (const group of groupBy(parseCells(input), (row) => goldCellKey(row[GOLD_ROW], row[COLUMN]))) {
    const goldRow = group[0]![GOLD_ROW];
    const column = group[0]![COLUMN];
    if (input.entityColumn !== null && column === input.entityColumn) continue;
    const key = goldCellKey(goldRow, column);
    const ruleType = ruleTypes.get(column);
    const cells: SystemCell[] = [];
    for (const row of group) {
      const system = systemOf.get(row[RUN_ID]);
      if (system === undefined) continue;
      cells.push({
        system,
        seq: row[SEQ],
        run_id: row[RUN_ID],
        verdict: row[VERDICT],
        empty: row[EMPTY] === 1,
        response_s: row[RESPONSE],
        recorded_s: row[RECORDED_GOLD],
      });
    }
    const stored = goldCells.get(key);
    // Most groups were graded against these very bytes: nothing is opened or normalised for them.
    let goldKeySet: Set<string> | undefined;
    const recordedForm = stored ? GoldAsRecorded.of(ruleType, stored, open) : null;
    if (stored && recordedForm?.anyOtherBytes(cells)) {
      goldKeySet = goldKeys(ruleType, stored.value, stored.alternatives);
      const regrader = new Regrader(ruleType, recordedForm, goldKeySet);
      for (const cell of cells) cell.verdict = regrader.verdict(cell, () => open(cell.response_s));
    }
    const contestingSystems = new Set(
      cells.filter((cell) => cell.verdict === 'incorrect' && !cell.empty).map((cell) => cell.system),
    );
    // A ruled dispute nobody contests now (a revision gave its cell the value they all give) is derived all
    // the same: its rulings stay beside clusters that say how the systems stand against today's gold.
    let id: string | undefined;
    if (contestingSystems.size === 0) {
      if (ruled.size === 0) continue;
      id = cellDisputeId(taskId, goldRow, column);
      if (!ruled.has(id)) continue;
    }
    // By system, as the clusters list them; ties in the gold fallback break the same way every time.
    cells.sort((a, b) => (a.system < b.system ? -1 : a.system > b.system ? 1 : a.seq - b.seq));
    const gold = stored ?? goldFromCells(recordedGold.get(key) ?? [], cells, open);
    if (gold.state === 'ungraded') continue;
    const clusters = clusterValues(
      ruleType,
      // Blank answers form no cluster: they are not opened at all.
      cells.map((cell) => ({
        system: cell.system,
        response: cell.empty ? '' : open(cell.response_s),
        verdict: cell.verdict,
      })),
      goldKeySet ?? goldKeys(ruleType, gold.value, gold.alternatives),
    );
    const top = clusters.find((cluster) => !cluster.agreesWithGold);
    id ??= cellDisputeId(taskId, goldRow, column);
    // The gold entity is already sealed with the same key: copied as is.
    const entitySealed = goldEntities.get(goldRow) ?? sealer.seal(`row ${goldRow + 1}`);
    derived.cellDisputes.push([
      id,
      taskId,
      goldRow,
      column,
      entitySealed,
      ruleType ?? null,
      gold.state,
      gold.value_s,
      sealer.seal(top?.value ?? null),
      top?.systems.length ?? 0,
      contestingSystems.size,
      encodeSystems(cells.map((cell) => cell.system)),
    ]);
    addClusters(id, clusters);
    derived.ids.push(id);
    derived.searchTexts.push(
      disputeSearchText({
        id,
        taskId,
        column,
        entity: open(entitySealed),
        gold: gold.value_s === null ? null : gold.value,
        clusterValues: clusters.map((cluster) => cluster.value),
      }),
    );
  }

  deriveMissingRows(input, systemOf, sealer, derived, addClusters, ruled);
  return derived;
}

const cellDisputeId = (taskId: string, goldRow: number, column: string): string =>
  disputeId({ kind: 'cell', task_id: taskId, gold_row: goldRow, column, entity_key: null }, sha256Hex);

function deriveMissingRows(
  input: TaskDerivationInput,
  systemOf: ReadonlyMap<number, string>,
  sealer: Sealer,
  derived: DerivedTask,
  addClusters: (id: string, clusters: readonly Cluster[]) => void,
  ruled: ReadonlySet<string>,
): void {
  let namesInGold: Set<string> | undefined;
  /** The entity keys of every name the task's gold rows go by: opened only for a task with missing rows. */
  const namedNow = (): Set<string> =>
    (namesInGold ??= new Set(
      input.goldRows.flatMap(([, entity_s, aliases_s]) =>
        [sealer.open(entity_s), ...sealer.openJson<string[]>(aliases_s, [])].map((name) => entityKeyOf(name)),
      ),
    ));
  const extras: { entity_key: string; response_entity_s: string; system: string }[] = [];
  for (const [runId, entityKey, responseEntitySealed] of input.extras) {
    const system = systemOf.get(runId);
    if (system !== undefined) extras.push({ entity_key: entityKey, response_entity_s: responseEntitySealed, system });
  }
  for (const group of groupBy(extras, (row) => row.entity_key)) {
    const systems = [...new Set(group.map((row) => row.system))].sort();
    if (systems.length < input.minSystems) continue;
    group.sort((a, b) => (a.system < b.system ? -1 : a.system > b.system ? 1 : 0));
    const names = new Map<string, number>();
    for (const row of group) {
      const name = sealer.open(row.response_entity_s);
      names.set(name, (names.get(name) ?? 0) + 1);
    }
    // The name add_row proposes: the systems' most common spelling, a person's casing over all caps, spaces tidied.
    const entity = preferredSpelling(names) ?? '';
    const entityKey = group[0]!.entity_key;
    const id = disputeId(
      { kind: 'missing_row', task_id: input.taskId, gold_row: null, column: null, entity_key: entityKey },
      sha256Hex,
    );
    const sealed = sealer.seal(entity);
    // Gold names the entity now (a revision added it, as a row or an alias, after the runs were graded): the
    // systems were right. No dispute, unless one was ruled on: it keeps its rulings, nobody contesting.
    if (namedNow().has(entityKey)) {
      if (!ruled.has(id)) continue;
      derived.missingRows.push([id, input.taskId, entityKey, sealed, null, 0, 0, encodeSystems(systems)]);
      addClusters(id, [{ key: entityKey, value: entity, systems, agreesWithGold: true }]);
    } else {
      derived.missingRows.push([
        id,
        input.taskId,
        entityKey,
        sealed,
        sealed,
        systems.length,
        systems.length,
        encodeSystems(systems),
      ]);
      addClusters(id, [{ key: entityKey, value: entity, systems, agreesWithGold: false }]);
    }
    derived.ids.push(id);
    derived.searchTexts.push(
      disputeSearchText({ id, taskId: input.taskId, column: null, entity, gold: null, clusterValues: [entity] }),
    );
  }
}

/** Without the dataset, gold comes from what the grader recorded beside each cell (the most common value). */
function goldFromCells(
  recorded: readonly [number, number, string][],
  cells: readonly SystemCell[],
  open: (sealed: string) => string,
): GoldInfo {
  if (cells.some((cell) => cell.verdict === 'ungraded'))
    return { state: 'ungraded', value: null, value_s: null, alternatives: [] };
  const byCell = new Map(recorded.map(([runId, seq, goldSealed]) => [`${runId}:${seq}`, goldSealed]));
  // Counted sealed: the same text is the same ciphertext under one key, so the vote is the same as on plain text.
  const counts = new Map<string, number>();
  for (const cell of cells) {
    const sealed = byCell.get(`${cell.run_id}:${cell.seq}`) ?? '';
    counts.set(sealed, (counts.get(sealed) ?? 0) + 1);
  }
  const value_s = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
  const value = open(value_s);
  if (value.trim() === '') return { state: 'blank', value: null, value_s: null, alternatives: [] };
  return { state: 'value', value, value_s, alternatives: [] };
}
