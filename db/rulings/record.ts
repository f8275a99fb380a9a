// Rulings are append-only events (design.md §6): a correction or a retraction is
// a new row; the triggers in the schema refuse updates and deletes.
import { randomUUID } from 'node:crypto';
import type { RuleInput } from '../../shared/api';
import type { RuleResult } from '../../shared/api-types';
import type { DisputeKind, RuleType } from '../../shared/domain';
import type { GoldOperation } from '../../shared/gold-operation';
import { VALUE_DECISIONS } from '../../shared/domain';
import { namedDispute } from '../queries';
import type { Store } from '../store';
import { getMeta } from '../store';
import type { RulingSpelling } from './check';
import { clusterValueProblem, rulingProblem, rulingWarnings } from './check';
import { FUTURE_TOLERANCE_MS } from './log';
import { goldRowEntity } from './row-identity';
import { refreshPosition, refreshStatus } from './status';
import { readRulingViews } from './views';
import { FORMATTED_DECISIONS, rulingOperation, writtenRuling } from './written';

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
  entity_s: string;
}

function disputeKeyRow(store: Store, disputeId: string): DisputeKeyRow {
  const row = store.db
    .prepare<[string], DisputeKeyRow>(
      'SELECT id, kind, task_id, gold_row, column_name, entity_key, rule_type, entity_s FROM disputes WHERE id = ?',
    )
    .get(disputeId);
  if (!row) throw new RulingError(`no dispute with id ${disputeId}`);
  return row;
}

/** The latest time written as an ISO date with a four-digit year, which every store's log reader accepts. */
const LATEST_TIME = Date.parse('9999-12-31T23:59:59.999Z');
const FOUR_DIGIT_YEAR = '[0-9][0-9][0-9][0-9]-*';

/**
 * The time of a new ruling on `disputeId`. Rulings are ordered by
 * (created_at, id), and an engineer's latest counts, so a new ruling comes
 * after every ruling in the store dated up to a day ahead of this clock
 * (another engineer's clock may run ahead a little): times strictly increase,
 * and "latest" is never a tie. A ruling dated further ahead (merged from a log
 * before such lines were refused) does not drag every later ruling into the
 * future: it is passed over, except on its own dispute, where the new ruling
 * must still come after it to count.
 */
function nextTimestamp(store: Store, disputeId: string): string {
  const now = Date.now();
  const latestOf = (sql: string, ...params: string[]): number | null => {
    const at = store.db.prepare<string[], { t: string | null }>(sql).get(...params)?.t;
    return at ? Date.parse(at) : null;
  };
  const bound = new Date(now + FUTURE_TOLERANCE_MS).toISOString();
  // Rulings sort by their text: a year written with a sign (+010000-…, from before this bound) sorts first, so only four-digit years matter.
  const latest = latestOf(
    `SELECT max(created_at) AS t FROM rulings WHERE created_at GLOB '${FOUR_DIGIT_YEAR}' AND created_at <= ?`,
    bound,
  );
  let next = latest !== null && latest >= now ? latest + 1 : now;
  const onDispute = latestOf(
    `SELECT max(created_at) AS t FROM rulings WHERE created_at GLOB '${FOUR_DIGIT_YEAR}' AND dispute_id = ?`,
    disputeId,
  );
  if (onDispute !== null && onDispute >= next) {
    if (onDispute >= LATEST_TIME) {
      throw new RulingError(
        `dispute ${disputeId} holds a ruling dated ${new Date(onDispute).toISOString()}, the latest time a ruling log can hold, so no ruling can follow it`,
      );
    }
    next = onDispute + 1;
  }
  return new Date(next).toISOString();
}

/**
 * Fields as `rule`'s flags spell them: the messages name what to change on the
 * command line. A row is the number typed after `--row` (and picked in the
 * app), counted from 1, so the message's "gold row N" is it as given.
 */
const FLAGS: RulingSpelling = { field: (field) => `--${field}`, row: () => '--row' };

function validate(store: Store, input: RuleInput, dispute: DisputeKeyRow): void {
  const problem =
    rulingProblem(store, { ...dispute, column: dispute.column_name }, input, FLAGS) ??
    (input.keepSpelling === true && !FORMATTED_DECISIONS.has(input.decision)
      ? `decision ${input.decision} takes no --keep-spelling: only a value taken from a system (${[...FORMATTED_DECISIONS].join(', ')}) is written in gold's format`
      : null) ??
    (input.decision === 'accept_system'
      ? clusterValueProblem(store, dispute.id, dispute.rule_type, input.value!)
      : null);
  if (problem !== null) throw new RulingError(problem);
}

export function recordRuling(store: Store, input: RuleInput, engineer: string): RuleResult {
  const { db, sealer } = store;
  return db
    .transaction((): RuleResult => {
      const dispute = disputeKeyRow(store, input.disputeId);
      validate(store, input, dispute);
      const id = randomUUID();
      const row = input.decision === 'add_alias' ? input.row! : null;
      const written = writtenRuling(store, dispute, input);
      const value = VALUE_DECISIONS.has(input.decision) ? written.value : null;
      const goldRow = goldRowEntity(store, dispute.task_id, dispute.gold_row);
      db.prepare(
        `INSERT INTO rulings (id, dispute_id, kind, task_id, gold_row, column_name, entity_key, engineer, decision, value_s, values_s,
                            row_idx, rationale_s, evidence_s, revision, created_at, retracts, gold_row_entity_key, row_entity_key, gold_row_entity_s,
                            accepted_s, accepted_values_s)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, ?, ?, ?)`,
      ).run(
        id,
        dispute.id,
        dispute.kind,
        dispute.task_id,
        dispute.gold_row,
        dispute.column_name,
        dispute.entity_key,
        engineer,
        input.decision,
        sealer.seal(value),
        written.values ? sealer.sealJson(written.values) : null,
        row,
        sealer.seal(input.rationale ?? null),
        sealer.sealJson((input.evidence ?? []).map((url) => url.trim())),
        getMeta(db, 'base_revision'),
        nextTimestamp(store, dispute.id),
        goldRow.key,
        goldRowEntity(store, dispute.task_id, row).key,
        goldRow.sealed,
        sealer.seal(written.accepted),
        written.accepted_values ? sealer.sealJson(written.accepted_values) : null,
      );
      refreshPosition(store, dispute.id, engineer, dispute.rule_type);
      const status = refreshStatus(store, dispute.id)!;
      // Warned about what is written (gold's format may be exactly what gold holds), with the dispute it is about:
      // the CLI prints it apart from the ruling, and a toast may outlive the panel.
      const warnings = rulingWarnings(store, dispute, { ...input, value, values: written.values }).map(
        (warning) => `${namedDispute(store, dispute.id)}: ${warning}`,
      );
      const operation = rulingOperation(
        store,
        { ...dispute, entity: sealer.open(dispute.entity_s) },
        input.decision,
        written,
        row,
      );
      return {
        ruling: readRulingViews(store, dispute.id).find((ruling) => ruling.id === id)!,
        status,
        operation,
        ...(warnings.length > 0 ? { warnings } : {}),
      };
    })
    .immediate();
}

export function retractRuling(store: Store, disputeId: string, engineer: string): RuleResult {
  const { db, sealer } = store;
  return db
    .transaction((): RuleResult => {
      const dispute = disputeKeyRow(store, disputeId);
      const position = db
        .prepare<[string, string], { ruling_id: string }>(
          'SELECT ruling_id FROM positions WHERE dispute_id = ? AND engineer = ?',
        )
        .get(disputeId, engineer);
      if (!position) throw new RulingError(`${engineer} has no ruling on ${disputeId} to retract`);
      const id = randomUUID();
      const goldRow = goldRowEntity(store, dispute.task_id, dispute.gold_row);
      db.prepare(
        `INSERT INTO rulings (id, dispute_id, kind, task_id, gold_row, column_name, entity_key, engineer, decision, value_s, values_s,
                            row_idx, rationale_s, evidence_s, revision, created_at, retracts, gold_row_entity_key, row_entity_key, gold_row_entity_s)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'retract', NULL, NULL, NULL, NULL, ?, ?, ?, ?, ?, NULL, ?)`,
      ).run(
        id,
        dispute.id,
        dispute.kind,
        dispute.task_id,
        dispute.gold_row,
        dispute.column_name,
        dispute.entity_key,
        engineer,
        sealer.sealJson([]),
        getMeta(db, 'base_revision'),
        nextTimestamp(store, dispute.id),
        position.ruling_id,
        goldRow.key,
        goldRow.sealed,
      );
      refreshPosition(store, dispute.id, engineer, dispute.rule_type);
      const status = refreshStatus(store, dispute.id)!;
      const operation: GoldOperation = { op: 'none', decision: 'retract', reason: `${engineer}'s ruling is withdrawn` };
      return { ruling: readRulingViews(store, dispute.id).find((ruling) => ruling.id === id)!, status, operation };
    })
    .immediate();
}
