// Audited cells as the command line and the app read them. Under blind
// review another engineer's verdicts stay hidden until the viewer has given
// their own, as rulings do (db/queries/detail.ts); the settled verdict is
// theirs too.
import type { AuditStatus, AuditStratum, AuditVerdict } from '../../shared/audit';
import type { AuditCellDetail, AuditCellItem, AuditFix, AuditSystemValue, AuditVerdictView } from '../../shared/audit';
import { decryptText } from '../../shared/crypto';
import type { ColumnRule, GoldState } from '../../shared/domain';
import { NotFoundError } from '../not-found';
import type { Store } from '../store';
import type { CellStanding } from './standings';
import { cellStandings, PENDING } from './standings';

export interface CellRow {
  id: string;
  round: number;
  draw_idx: number;
  task_id: string;
  gold_row: number;
  column_name: string;
  stratum: AuditStratum;
  dispute_id: string | null;
}

const CELL_COLUMNS = `a.id, r.seq AS round, a.draw_idx, a.task_id, a.gold_row, a.column_name, a.stratum, a.dispute_id`;
/** Review order: round, then the disputed stratum's draws, then the undisputed's. */
const REVIEW_ORDER = `r.seq, a.stratum, a.draw_idx`;

export function toItem(row: CellRow, standing: CellStanding, engineer: string, blind: boolean): AuditCellItem {
  const mine = standing.positions.get(engineer)?.verdict ?? null;
  const visible = !blind || mine !== null;
  return {
    id: row.id,
    task_id: row.task_id,
    gold_row: row.gold_row,
    column: row.column_name,
    stratum: row.stratum,
    status: standing.status,
    verdict: visible ? standing.verdict : null,
    round: row.round,
    mine,
    dispute_id: row.dispute_id,
  };
}

export function listAuditCells(store: Store, engineer: string, blind: boolean, status?: AuditStatus): AuditCellItem[] {
  const standings = cellStandings(store);
  return store.db
    .prepare<[], CellRow>(
      `SELECT ${CELL_COLUMNS} FROM audit_cells a JOIN audit_rounds r ON r.id = a.round_id ORDER BY ${REVIEW_ORDER}`,
    )
    .all()
    .map((row) => toItem(row, standings.get(row.id) ?? PENDING, engineer, blind))
    .filter((item) => status === undefined || item.status === status);
}

export function auditCellItem(store: Store, id: string, engineer: string, blind: boolean): AuditCellItem {
  const row = store.db
    .prepare<[string], CellRow>(
      `SELECT ${CELL_COLUMNS} FROM audit_cells a JOIN audit_rounds r ON r.id = a.round_id WHERE a.id = ?`,
    )
    .get(id);
  if (!row) throw new NotFoundError(`no audited cell with id ${id} (see \`audit list\`)`);
  return toItem(row, cellStandings(store).get(id) ?? PENDING, engineer, blind);
}

export function getAuditCell(
  store: Store,
  id: string,
  engineer: string,
  blind: boolean,
  reveal: boolean,
): AuditCellDetail {
  const { db, sealer } = store;
  const cell = auditCellItem(store, id, engineer, blind);
  if (reveal)
    db.prepare('INSERT OR IGNORE INTO audit_reveals (cell_id, engineer, revealed_at) VALUES (?, ?, ?)').run(
      id,
      engineer,
      new Date().toISOString(),
    );
  const unblinded =
    db.prepare('SELECT 1 FROM audit_reveals WHERE cell_id = ? AND engineer = ?').get(id, engineer) !== undefined;
  const task = db
    .prepare<[string], { canary: string; question_enc: string; entity_column: string }>(
      'SELECT canary, question_enc, entity_column FROM tasks WHERE task_id = ?',
    )
    .get(cell.task_id);
  let question: string | null = null;
  if (task) {
    try {
      question = decryptText(task.question_enc, task.canary);
    } catch {
      question = null;
    }
  }
  const rule = db
    .prepare<[string, string], { rule_s: string }>('SELECT rule_s FROM task_columns WHERE task_id = ? AND name = ?')
    .get(cell.task_id, cell.column);
  const row = db
    .prepare<[string, number], { entity_s: string; aliases_s: string }>(
      'SELECT entity_s, aliases_s FROM gold_rows WHERE task_id = ? AND row_idx = ?',
    )
    .get(cell.task_id, cell.gold_row);
  const gold = db
    .prepare<
      [string, number, string],
      { state: GoldState; value_s: string | null; alternatives_s: string; sources_s: string }
    >(
      'SELECT state, value_s, alternatives_s, sources_s FROM gold_cells WHERE task_id = ? AND row_idx = ? AND column_name = ?',
    )
    .get(cell.task_id, cell.gold_row, cell.column);
  const verdicts = readVerdicts(store, id);
  const mineGiven = verdicts.some((verdict) => verdict.engineer === engineer);
  const hide = blind && !mineGiven;
  return {
    cell,
    question,
    entity_column: task?.entity_column ?? null,
    entity: row ? sealer.open(row.entity_s) : null,
    aliases: row ? sealer.openJson<string[]>(row.aliases_s, []) : [],
    column_rule: rule ? (JSON.parse(sealer.open(rule.rule_s)) as ColumnRule) : null,
    gold: {
      state: gold?.state ?? 'ungraded',
      value: gold ? sealer.open(gold.value_s) : null,
      alternatives: gold ? sealer.openJson<string[]>(gold.alternatives_s, []) : [],
      sources: gold ? sealer.openJson<string[]>(gold.sources_s, []) : [],
    },
    verdicts: hide ? verdicts.filter((verdict) => verdict.engineer === engineer) : verdicts,
    hidden_engineers: hide
      ? new Set(verdicts.filter((verdict) => verdict.engineer !== engineer).map((verdict) => verdict.engineer)).size
      : 0,
    unblinded,
    systems: unblinded ? systemValues(store, cell.task_id, cell.gold_row, cell.column) : null,
    fix: cell.dispute_id === null ? null : auditFix(store, cell.dispute_id),
  };
}

function readVerdicts(store: Store, cellId: string): AuditVerdictView[] {
  const { sealer } = store;
  return store.db
    .prepare<
      [string],
      {
        id: string;
        engineer: string;
        verdict: AuditVerdict;
        rationale_s: string | null;
        evidence_s: string;
        unblinded: number;
        created_at: string;
      }
    >(
      'SELECT id, engineer, verdict, rationale_s, evidence_s, unblinded, created_at FROM audit_verdicts WHERE cell_id = ? ORDER BY created_at, id',
    )
    .all(cellId)
    .map((row) => ({
      id: row.id,
      engineer: row.engineer,
      verdict: row.verdict,
      rationale: sealer.open(row.rationale_s),
      evidence: sealer.openJson<string[]>(row.evidence_s, []),
      unblinded: row.unblinded === 1,
      created_at: row.created_at,
    }));
}

function systemValues(store: Store, taskId: string, goldRow: number, column: string): AuditSystemValue[] {
  const { sealer } = store;
  return store.db
    .prepare<
      [string, number, string],
      {
        system: string;
        response_s: string;
        verdict: string;
        method: string;
        sources_s: string;
        reasoning_s: string | null;
      }
    >(
      `SELECT s.name AS system, c.response_s, c.verdict, c.method, c.sources_s, c.reasoning_s
         FROM system_cells c
         JOIN run_tasks rt ON rt.run_id = c.run_id AND rt.task_id = c.task_id AND rt.state = 'graded'
         JOIN runs r ON r.id = c.run_id JOIN systems s ON s.id = r.system_id
        WHERE c.task_id = ? AND c.gold_row = ? AND c.column_name = ? ORDER BY s.name`,
    )
    .all(taskId, goldRow, column)
    .map((row) => ({
      system: row.system,
      value: sealer.open(row.response_s),
      verdict: row.verdict,
      method: row.method,
      sources: sealer.openJson<string[]>(row.sources_s, []),
      reasoning: sealer.open(row.reasoning_s),
    }));
}

/** The dispute an incorrect cell raised or joined, its settling ruling and the revisions that carry the fix. */
export function auditFix(store: Store, disputeId: string): AuditFix {
  const { db, sealer } = store;
  const status =
    db.prepare<[string], string>('SELECT status FROM disputes WHERE id = ?').pluck().get(disputeId) ?? 'gone';
  const ruling =
    status === 'resolved'
      ? db
          .prepare<[string], { id: string; engineer: string; decision: string; value_s: string | null }>(
            `SELECT r.id, r.engineer, r.decision, r.value_s FROM positions p JOIN rulings r ON r.id = p.ruling_id
              WHERE p.dispute_id = ? ORDER BY r.created_at DESC, r.id DESC LIMIT 1`,
          )
          .get(disputeId)
      : undefined;
  const revisions = db
    .prepare<[string], string>(
      'SELECT rd.revision FROM revision_disputes rd JOIN revisions v ON v.tag = rd.revision WHERE rd.dispute_id = ? ORDER BY v.recorded_at, v.tag',
    )
    .pluck()
    .all(disputeId);
  return {
    dispute_id: disputeId,
    dispute_status: status,
    ruling: ruling
      ? { id: ruling.id, engineer: ruling.engineer, decision: ruling.decision, value: sealer.open(ruling.value_s) }
      : null,
    revisions,
  };
}
