// Rulings are append-only events (DESIGN §6): a correction or a retraction is
// a new row; the triggers in the schema refuse updates and deletes.
import { randomUUID } from 'node:crypto';
import type { RuleInput } from '../../shared/api';
import type { RuleResult } from '../../shared/api-types';
import type { DisputeKind, RuleType } from '../../shared/domain';
import { VALUE_DECISIONS } from '../../shared/domain';
import type { Store } from '../store';
import { getMeta } from '../store';
import type { RulingSpelling } from './check';
import { clusterValueProblem, rulingProblem, rulingWarnings } from './check';
import { refreshPosition, refreshStatus } from './status';
import { readRulingViews } from './views';

export class RulingError extends Error {
  override name = 'RulingError';
}

interface DisputeKeyRow {
  id: string;
  kind: DisputeKind;
  task_id: string;
  gold_row: number | null;
  column_name: string | null;
  entity_key: string | null;
  rule_type: RuleType | null;
}

function disputeKeyRow(store: Store, disputeId: string): DisputeKeyRow {
  const row = store.db
    .prepare<[string], DisputeKeyRow>('SELECT id, kind, task_id, gold_row, column_name, entity_key, rule_type FROM disputes WHERE id = ?')
    .get(disputeId);
  if (!row) throw new RulingError(`no dispute with id ${disputeId}`);
  return row;
}

/** Ruling times strictly increase within a store, so "latest" is never a tie. */
function nextTimestamp(store: Store): string {
  const last = store.db.prepare<[], { t: string | null }>('SELECT max(created_at) AS t FROM rulings').get()?.t;
  let now = Date.now();
  if (last && Date.parse(last) >= now) now = Date.parse(last) + 1;
  return new Date(now).toISOString();
}

/**
 * Fields as `rule`'s flags spell them: the messages name what to change on the
 * command line. A row is the number typed after `--row` (and picked in the
 * app), counted from 1, so the message's "gold row N" is it as given.
 */
const FLAGS: RulingSpelling = { field: (field) => `--${field}`, row: () => '--row' };

function validate(store: Store, input: RuleInput, dispute: DisputeKeyRow): void {
  const problem =
    rulingProblem(store, dispute, input, FLAGS) ??
    (input.decision === 'accept_system' ? clusterValueProblem(store, dispute.id, dispute.rule_type, input.value!) : null);
  if (problem !== null) throw new RulingError(problem);
}

export function recordRuling(store: Store, input: RuleInput, engineer: string): RuleResult {
  const { db, sealer } = store;
  return db.transaction((): RuleResult => {
    const dispute = disputeKeyRow(store, input.disputeId);
    validate(store, input, dispute);
    const id = randomUUID();
    const value = input.value ?? null;
    db.prepare(
      `INSERT INTO rulings (id, dispute_id, kind, task_id, gold_row, column_name, entity_key, engineer, decision, value_s, values_s,
                            row_idx, rationale_s, evidence_s, revision, created_at, retracts)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL)`,
    ).run(
      id, dispute.id, dispute.kind, dispute.task_id, dispute.gold_row, dispute.column_name, dispute.entity_key, engineer,
      input.decision, sealer.seal(VALUE_DECISIONS.has(input.decision) ? value : null),
      input.values ? sealer.sealJson(input.values) : null, input.decision === 'add_alias' ? input.row! : null,
      sealer.seal(input.rationale ?? null), sealer.sealJson((input.evidence ?? []).map((url) => url.trim())),
      getMeta(db, 'base_revision'), nextTimestamp(store),
    );
    refreshPosition(store, dispute.id, engineer, dispute.rule_type);
    const status = refreshStatus(store, dispute.id)!;
    const warnings = rulingWarnings(store, dispute, input);
    return { ruling: readRulingViews(store, dispute.id).find((ruling) => ruling.id === id)!, status, ...(warnings.length > 0 ? { warnings } : {}) };
  }).immediate();
}

export function retractRuling(store: Store, disputeId: string, engineer: string): RuleResult {
  const { db, sealer } = store;
  return db.transaction((): RuleResult => {
    const dispute = disputeKeyRow(store, disputeId);
    const position = db
      .prepare<[string, string], { ruling_id: string }>('SELECT ruling_id FROM positions WHERE dispute_id = ? AND engineer = ?')
      .get(disputeId, engineer);
    if (!position) throw new RulingError(`${engineer} has no ruling on ${disputeId} to retract`);
    const id = randomUUID();
    db.prepare(
      `INSERT INTO rulings (id, dispute_id, kind, task_id, gold_row, column_name, entity_key, engineer, decision, value_s, values_s,
                            row_idx, rationale_s, evidence_s, revision, created_at, retracts)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'retract', NULL, NULL, NULL, NULL, ?, ?, ?, ?)`,
    ).run(
      id, dispute.id, dispute.kind, dispute.task_id, dispute.gold_row, dispute.column_name, dispute.entity_key, engineer,
      sealer.sealJson([]), getMeta(db, 'base_revision'), nextTimestamp(store), position.ruling_id,
    );
    refreshPosition(store, dispute.id, engineer, dispute.rule_type);
    const status = refreshStatus(store, dispute.id)!;
    return { ruling: readRulingViews(store, dispute.id).find((ruling) => ruling.id === id)!, status };
  }).immediate();
}
