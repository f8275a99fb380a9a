// Keeps the positions cache and each dispute's status in step with the rulings.
import { AGREEMENT_KEY_VERSION, agreementKey, statusFromPositions } from '../../shared/agreement';
import type { AgreementContext } from '../../shared/agreement';
import type { Decision, DisputeStatus, RuleType } from '../../shared/domain';
import { retractedIds } from '../../shared/retractions';
import type { RetractionEvent } from '../../shared/retractions';
import type { Statement } from 'better-sqlite3';
import { perConnection } from '../per-connection';
import type { Store } from '../store';
import { getMeta, setMeta } from '../store';
import { readPolicy } from './policy';

interface RulingEvent {
  id: string;
  engineer: string;
  created_at: string;
  decision: Decision | 'retract';
  value_s: string | null;
  values_s: string | null;
  row_idx: number | null;
  retracts: string | null;
}

/**
 * Rulings that still count, oldest first: retract events removed, and the
 * rulings their own engineer retracted (a retraction of another engineer's
 * ruling, merged from a log, withdraws nothing).
 */
export function liveRulings<T extends RetractionEvent>(events: readonly T[]): T[] {
  const retracted = retractedIds(events);
  return events.filter((event) => event.decision !== 'retract' && !retracted.has(event.id));
}

interface StatusStatements {
  events: Statement<[string, string], RulingEvent>;
  settledBy: Statement<[string], { settled_by_revision: string | null }>;
  settledAt: Statement<[string], { at: string | null }>;
  deletePosition: Statement<[string, string]>;
  upsertPosition: Statement<[string, string, string, string, string]>;
  positionKeys: Statement<[string], { agreement_key: string }>;
  setStatus: Statement<[string, string, string]>;
  addRowDispute: Statement<[string], { entity_s: string; task_id: string }>;
  columnRules: Statement<[string], { name: string; rule_type: RuleType }>;
}

/**
 * Prepared once per connection: a merged log or a re-import refreshes every
 * ruled dispute, and preparing these again for each was most of a 10,000-line
 * merge's time.
 */
const statementsFor = perConnection((db): StatusStatements => ({
  events: db.prepare(
    `SELECT id, engineer, created_at, decision, value_s, values_s, row_idx, retracts FROM rulings
        WHERE dispute_id = ? AND engineer = ? ORDER BY created_at, id`,
  ),
  settledBy: db.prepare('SELECT settled_by_revision FROM disputes WHERE id = ?'),
  settledAt: db.prepare('SELECT max(settled_at) AS at FROM revision_settlements WHERE dispute_id = ?'),
  deletePosition: db.prepare('DELETE FROM positions WHERE dispute_id = ? AND engineer = ?'),
  upsertPosition: db.prepare(
    `INSERT INTO positions (dispute_id, engineer, ruling_id, decision, agreement_key) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT(dispute_id, engineer) DO UPDATE SET ruling_id = excluded.ruling_id, decision = excluded.decision, agreement_key = excluded.agreement_key`,
  ),
  positionKeys: db.prepare('SELECT agreement_key FROM positions WHERE dispute_id = ?'),
  setStatus: db.prepare('UPDATE disputes SET status = ? WHERE id = ? AND status <> ?'),
  addRowDispute: db.prepare('SELECT entity_s, task_id FROM disputes WHERE id = ?'),
  columnRules: db.prepare('SELECT name, rule_type FROM task_columns WHERE task_id = ?'),
}));

/** Recomputes one engineer's counted ruling on a dispute (their latest live one). */
export function refreshPosition(store: Store, disputeId: string, engineer: string, ruleType: RuleType | null): void {
  const { db, sealer } = store;
  const statements = statementsFor(db);
  const events = statements.events.all(disputeId, engineer);
  // Rulings made before a revision settled this dispute were carried out by that revision; once
  // new runs reopen it, only rulings made since count (a settled dispute keeps them, for the statistics).
  const reopened = statements.settledBy.get(disputeId);
  const settledAt = reopened && reopened.settled_by_revision === null ? statements.settledAt.get(disputeId)?.at : null;
  const counted = liveRulings(events)
    .filter((event) => !settledAt || event.created_at > settledAt)
    .at(-1);
  if (!counted) {
    statements.deletePosition.run(disputeId, engineer);
    return;
  }
  const key = agreementKey(
    {
      decision: counted.decision as Decision,
      value: sealer.open(counted.value_s),
      values: sealer.openJson<Record<string, string> | null>(counted.values_s, null),
      row: counted.row_idx,
    },
    ruleType,
    counted.decision === 'add_row' ? addRowContext(store, statements, disputeId) : {},
  );
  statements.upsertPosition.run(disputeId, engineer, counted.id, counted.decision, key);
}

/** add_row's agreement context: the dispute's entity and its task's column rules (a ruling merged before its dispute has neither yet). */
function addRowContext(store: Store, statements: StatusStatements, disputeId: string): AgreementContext {
  const dispute = statements.addRowDispute.get(disputeId);
  if (!dispute) return {};
  const columnRules = new Map(
    statements.columnRules.all(dispute.task_id).map((column) => [column.name, column.rule_type]),
  );
  return { entity: store.sealer.open(dispute.entity_s) ?? undefined, columnRules };
}

/**
 * Positions computed by an older agreementKey (before add_row compared its
 * values under each column's rule) are computed again, once per store: mixed
 * with new ones, they would show a conflict where engineers agree.
 */
export function upgradeAgreementKeys(store: Store): void {
  const { db } = store;
  if (getMeta(db, 'agreement_keys') === AGREEMENT_KEY_VERSION) return;
  db.transaction(() => {
    const stale = db
      .prepare<[], { dispute_id: string; engineer: string; rule_type: RuleType | null }>(
        `SELECT p.dispute_id, p.engineer, d.rule_type FROM positions p JOIN disputes d ON d.id = p.dispute_id WHERE p.decision = 'add_row'`,
      )
      .all();
    const required = readPolicy(db).required;
    for (const position of stale) refreshPosition(store, position.dispute_id, position.engineer, position.rule_type);
    for (const id of new Set(stale.map((position) => position.dispute_id))) refreshStatus(store, id, required);
    setMeta(db, 'agreement_keys', AGREEMENT_KEY_VERSION);
  }).immediate();
}

export function refreshStatus(
  store: Store,
  disputeId: string,
  required = readPolicy(store.db).required,
): DisputeStatus | null {
  const statements = statementsFor(store.db);
  const dispute = statements.settledBy.get(disputeId);
  if (!dispute) return null;
  const keys = statements.positionKeys.all(disputeId).map((row) => row.agreement_key);
  const status = statusFromPositions(keys, required, dispute.settled_by_revision !== null);
  // Only a changed status is written: a re-derived store refreshes every dispute, most unchanged.
  statements.setStatus.run(status, disputeId, status);
  return status;
}

/** After disputes were rebuilt or the policy changed: positions and statuses again. */
export function refreshAllStatuses(store: Store, disputeIds?: readonly string[]): void {
  const { db } = store;
  const required = readPolicy(db).required;
  const ids =
    disputeIds ??
    db
      .prepare<[], { id: string }>('SELECT id FROM disputes')
      .all()
      .map((row) => row.id);
  // After a rebuild most disputes have no ruling yet: one pass over the rulings index finds the
  // few that do. For a handful of ids (a merged log, a report) asking per id is cheaper.
  const ruled =
    ids.length > 32
      ? new Set(
          db
            .prepare<[], { dispute_id: string }>('SELECT DISTINCT dispute_id FROM rulings')
            .all()
            .map((row) => row.dispute_id),
        )
      : null;
  const engineersOf = db.prepare<[string], { engineer: string }>(
    'SELECT DISTINCT engineer FROM rulings WHERE dispute_id = ?',
  );
  const ruleTypeOf = db.prepare<[string], { rule_type: RuleType | null }>(
    'SELECT rule_type FROM disputes WHERE id = ?',
  );
  const setOpen = db.prepare(
    "UPDATE disputes SET status = 'open' WHERE id = ? AND settled_by_revision IS NULL AND status <> 'open'",
  );
  for (const id of ids) {
    const engineers = ruled === null || ruled.has(id) ? engineersOf.all(id) : [];
    if (engineers.length === 0) {
      setOpen.run(id);
      continue;
    }
    // A ruling may have arrived (from a log) before its dispute: its agreement key needs the column's rule.
    const ruleType = ruleTypeOf.get(id)?.rule_type ?? null;
    for (const { engineer } of engineers) refreshPosition(store, id, engineer, ruleType);
    refreshStatus(store, id, required);
  }
}
