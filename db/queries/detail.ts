// Everything the dispute panel shows about one dispute.
import type {
  ClusterDetail,
  DisputeDetail,
  JudgeOpinionView,
  MissingRowSystemView,
  SystemCellView,
} from '../../shared/api-types';
import { decryptText } from '../../shared/crypto';
import type { ColumnRule, GoldState, GradingMethod, RuleType, Verdict } from '../../shared/domain';
import { normalizeForRule } from '../../shared/normalize';
import { GoldAsRecorded } from '../disputes';
import { NotFoundError } from '../not-found';
import { reportsForDispute } from '../reports';
import { liveRulings, readRulingViews } from '../rulings';
import type { Store } from '../store';
import type { DisputeRowSql } from './list';
import { DISPUTE_ROW_COLUMNS, toDisputeRow } from './list';

interface CellSql {
  system: string;
  run_key: string;
  response_entity_s: string | null;
  response_s: string;
  verdict: Verdict;
  method: GradingMethod;
  reasoning_s: string | null;
  sources_s: string;
  aligned_by: string | null;
  gold_s: string;
}

/** The details of those of `ids` the store holds, in the order asked; an id it does not hold is left out. */
export function disputeDetails(
  store: Store,
  ids: readonly string[],
  engineer: string,
  blind: boolean,
): DisputeDetail[] {
  const details: DisputeDetail[] = [];
  for (const id of ids) {
    try {
      details.push(getDisputeDetail(store, id, engineer, blind));
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
    }
  }
  return details;
}

export function getDisputeDetail(store: Store, id: string, engineer: string, blind: boolean): DisputeDetail {
  const { db, sealer } = store;
  const row = db
    .prepare<[string, string], DisputeRowSql>(`SELECT ${DISPUTE_ROW_COLUMNS} FROM disputes d WHERE d.id = ?`)
    .get(engineer, id);
  if (!row) throw new NotFoundError(`no dispute with id ${id}`);
  const dispute = toDisputeRow(store, row);
  const extra = db
    .prepare<[string], { rule_type: RuleType | null; entity_key: string | null; settled_by_revision: string | null }>(
      'SELECT rule_type, entity_key, settled_by_revision FROM disputes WHERE id = ?',
    )
    .get(id)!;

  const task = db
    .prepare<[string], { canary: string; question_enc: string; entity_column: string }>(
      'SELECT canary, question_enc, entity_column FROM tasks WHERE task_id = ?',
    )
    .get(dispute.task_id);
  // Every value each column's gold holds: the form writes a system's value in that format (shared/gold-format.ts).
  const goldValues = new Map<string, string[]>();
  for (const cell of db
    .prepare<[string], { column_name: string; value_s: string | null }>(
      "SELECT column_name, value_s FROM gold_cells WHERE task_id = ? AND state = 'value' ORDER BY row_idx",
    )
    .all(dispute.task_id)) {
    const list = goldValues.get(cell.column_name) ?? [];
    list.push(sealer.open(cell.value_s) ?? '');
    goldValues.set(cell.column_name, list);
  }
  const columns = db
    .prepare<[string], { name: string; rule_s: string }>(
      'SELECT name, rule_s FROM task_columns WHERE task_id = ? ORDER BY idx',
    )
    .all(dispute.task_id)
    .map((column) => ({
      name: column.name,
      rule: JSON.parse(sealer.open(column.rule_s)) as ColumnRule,
      gold_values: goldValues.get(column.name) ?? [],
    }));
  const columnRule = columns.find((column) => column.name === dispute.column)?.rule ?? null;

  const goldCell =
    dispute.gold_row !== null && dispute.column !== null
      ? db
          .prepare<
            [string, number, string],
            { state: GoldState; value_s: string | null; alternatives_s: string; sources_s: string }
          >(
            'SELECT state, value_s, alternatives_s, sources_s FROM gold_cells WHERE task_id = ? AND row_idx = ? AND column_name = ?',
          )
          .get(dispute.task_id, dispute.gold_row, dispute.column)
      : undefined;
  const goldRow =
    dispute.gold_row !== null
      ? db
          .prepare<[string, number], { entity_s: string; aliases_s: string }>(
            'SELECT entity_s, aliases_s FROM gold_rows WHERE task_id = ? AND row_idx = ?',
          )
          .get(dispute.task_id, dispute.gold_row)
      : undefined;

  const clusters: ClusterDetail[] = [];
  let missingRowSystems: MissingRowSystemView[] = [];
  if (dispute.kind === 'missing_row') {
    missingRowSystems = readMissingRowSystems(store, dispute.task_id, extra.entity_key);
  }
  if (dispute.gold_row !== null && dispute.column !== null) {
    // Which gold each cell's verdict was about, when a revision has changed it since.
    const recordedForm = goldCell
      ? GoldAsRecorded.of(extra.rule_type ?? undefined, goldCell, (sealed) => sealer.open(sealed))
      : null;
    const cells = db
      .prepare<[string, number, string], CellSql>(
        `SELECT s.name AS system, r.run_key, rr.response_entity_s, c.response_s, c.verdict, c.method, c.reasoning_s, c.sources_s, rr.aligned_by, c.gold_s
           FROM system_cells c
           JOIN run_tasks rt ON rt.run_id = c.run_id AND rt.task_id = c.task_id AND rt.state = 'graded'
           JOIN run_rows rr ON rr.run_id = c.run_id AND rr.task_id = c.task_id AND rr.seq = c.seq
           JOIN runs r ON r.id = c.run_id
           JOIN systems s ON s.id = r.system_id
          WHERE c.task_id = ? AND c.gold_row = ? AND c.column_name = ?
          ORDER BY s.name`,
      )
      .all(dispute.task_id, dispute.gold_row, dispute.column)
      .map((cell): SystemCellView & { key: string } => {
        const response = sealer.open(cell.response_s);
        return {
          key: response.trim() === '' ? '' : normalizeForRule(extra.rule_type ?? undefined, response.trim()),
          system: cell.system,
          run: cell.run_key,
          response_entity: sealer.open(cell.response_entity_s),
          response,
          verdict: cell.verdict,
          method: cell.method,
          reasoning: sealer.open(cell.reasoning_s),
          sources: sealer.openJson<string[]>(cell.sources_s, []),
          aligned_by: cell.aligned_by,
          graded_against: recordedForm?.otherThan(cell.gold_s) ?? null,
        };
      });
    const stored = db
      .prepare<[string], { norm_key: string; value_s: string; agrees_with_gold: number; systems_json: string }>(
        'SELECT norm_key, value_s, agrees_with_gold, systems_json FROM dispute_clusters WHERE dispute_id = ? ORDER BY idx',
      )
      .all(id);
    for (const cluster of stored) {
      clusters.push({
        key: cluster.norm_key,
        value: sealer.open(cluster.value_s),
        systems: JSON.parse(cluster.systems_json) as string[],
        agrees_with_gold: cluster.agrees_with_gold === 1,
        cells: cells.filter((cell) => cell.key === cluster.norm_key).map(({ key: _key, ...cell }) => cell),
      });
    }
    const empty = cells.filter((cell) => cell.key === '');
    if (empty.length > 0) {
      clusters.push({
        key: '',
        value: '',
        systems: [...new Set(empty.map((cell) => cell.system))],
        agrees_with_gold: dispute.gold.state === 'blank',
        cells: empty.map(({ key: _key, ...cell }) => cell),
      });
    }
  } else if (dispute.kind === 'missing_row') {
    const stored = db
      .prepare<[string], { norm_key: string; value_s: string; systems_json: string }>(
        'SELECT norm_key, value_s, systems_json FROM dispute_clusters WHERE dispute_id = ? ORDER BY idx',
      )
      .all(id);
    for (const cluster of stored) {
      clusters.push({
        key: cluster.norm_key,
        value: sealer.open(cluster.value_s),
        systems: JSON.parse(cluster.systems_json) as string[],
        agrees_with_gold: false,
        cells: [],
      });
    }
  }

  const judges = readJudges(store, dispute.task_id, dispute.gold_row, dispute.column);
  const rulings = readRulingViews(store, id);
  const iHaveRuled = rulings.some((ruling) => ruling.engineer === engineer && ruling.decision !== 'retract');
  const hide = blind && !iHaveRuled;
  let question: string | null = null;
  if (task) {
    try {
      question = decryptText(task.question_enc, task.canary);
    } catch {
      question = null;
    }
  }
  return {
    dispute,
    question,
    entity_column: task?.entity_column ?? null,
    column_rule: columnRule,
    gold: {
      state: dispute.gold.state,
      value: dispute.gold.value,
      alternatives: goldCell ? sealer.openJson<string[]>(goldCell.alternatives_s, []) : [],
      sources: goldCell ? sealer.openJson<string[]>(goldCell.sources_s, []) : [],
    },
    task_rows: db
      .prepare<[string], { row_idx: number; entity_s: string; aliases_s: string }>(
        'SELECT row_idx, entity_s, aliases_s FROM gold_rows WHERE task_id = ? ORDER BY row_idx',
      )
      .all(dispute.task_id)
      .map((row) => ({
        row: row.row_idx,
        entity: sealer.open(row.entity_s),
        aliases: sealer.openJson<string[]>(row.aliases_s, []),
      })),
    gold_row: goldRow
      ? { entity: sealer.open(goldRow.entity_s), aliases: sealer.openJson<string[]>(goldRow.aliases_s, []) }
      : null,
    columns,
    clusters,
    missing_row_systems: missingRowSystems,
    judges,
    rulings: hide ? rulings.filter((ruling) => ruling.engineer === engineer) : rulings,
    rulings_hidden: hide && rulings.some((ruling) => ruling.engineer !== engineer),
    // Who has a ruling standing: one retracted (by its own engineer) is no ruling, and a retraction none.
    hidden_engineers: hide
      ? new Set(
          liveRulings(rulings)
            .filter((ruling) => ruling.engineer !== engineer)
            .map((ruling) => ruling.engineer),
        ).size
      : 0,
    settled_by_revision: extra.settled_by_revision,
    reports: reportsForDispute(store, id),
  };
}

function readMissingRowSystems(store: Store, taskId: string, entityKey: string | null): MissingRowSystemView[] {
  const { db, sealer } = store;
  if (entityKey === null) return [];
  const rows = db
    .prepare<[string, string], { run_id: number; seq: number; system: string; response_entity_s: string }>(
      `SELECT rr.run_id, rr.seq, s.name AS system, rr.response_entity_s
         FROM run_rows rr
         JOIN run_tasks rt ON rt.run_id = rr.run_id AND rt.task_id = rr.task_id AND rt.state = 'graded'
         JOIN runs r ON r.id = rr.run_id JOIN systems s ON s.id = r.system_id
        WHERE rr.task_id = ? AND rr.entity_key = ? AND rr.gold_row IS NULL
        ORDER BY s.name, rr.seq`,
    )
    .all(taskId, entityKey);
  const cellsOf = db.prepare<[number, string, number], { column_name: string; response_s: string; sources_s: string }>(
    'SELECT column_name, response_s, sources_s FROM system_cells WHERE run_id = ? AND task_id = ? AND seq = ? ORDER BY column_name',
  );
  return rows.map((row) => {
    const values = cellsOf.all(row.run_id, taskId, row.seq).map((cell) => ({
      column: cell.column_name,
      value: sealer.open(cell.response_s),
      sources: sealer.openJson<string[]>(cell.sources_s, []),
    }));
    return {
      system: row.system,
      entity: sealer.open(row.response_entity_s),
      values,
      sources: [...new Set(values.flatMap((value) => value.sources))],
    };
  });
}

function readJudges(store: Store, taskId: string, goldRow: number | null, column: string | null): JudgeOpinionView[] {
  const { db, sealer } = store;
  return db
    .prepare<
      [string, number | null, string | null],
      {
        judge: string;
        verdict: JudgeOpinionView['verdict'];
        value_s: string | null;
        sources_s: string;
        reasoning_s: string | null;
      }
    >(
      `SELECT judge, verdict, value_s, sources_s, reasoning_s FROM judge_opinions
        WHERE task_id = ? AND gold_row IS ? AND column_name IS ? ORDER BY judge, content_sha`,
    )
    .all(taskId, goldRow, column)
    .map((opinion) => ({
      judge: opinion.judge,
      verdict: opinion.verdict,
      value: sealer.open(opinion.value_s),
      sources: sealer.openJson<string[]>(opinion.sources_s, []),
      reasoning: sealer.open(opinion.reasoning_s),
    }));
}
