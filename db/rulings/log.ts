// Exporting and merging ruling logs. Merge is a set union keyed by ruling id:
// idempotent and order-independent, since "latest" is decided by (created_at, id).
import { isUtf8 } from 'node:buffer';
import { resolve } from 'node:path';
import { REVISION_TAG, REVISION_TAG_EXPECTED } from '../../shared/api';
import { decryptText, encryptText } from '../../shared/crypto';
import { disputeId } from '../../shared/dispute-id';
import { writeFileAtomic } from '../fs-atomic';
import { describeZodError, ReaderError, maxBytesOf, lineBytes, readFileLimited } from '../readers';
import type { Store } from '../store';
import type { RulingSpelling } from './check';
import { rulingProblem } from './check';
import { RULING_LOG_FORMAT, rulingLineSchema, serialiseRulingLine } from './log-format';
import type { RulingLine } from './log-format';
import { refreshAllStatuses } from './status';
import { mergedRowEntitySealed, rowIdentityProblem } from './row-identity';
import { openRulingContent } from './stored';
import type { StoredRuling } from './stored';
import { auditLogLines, isAuditLine, mergeAuditLines } from '../audit';

export class RulingLogError extends Error {
  override name = 'RulingLogError';
}

function canaryLookup(store: Store): (taskId: string) => string | null {
  const statement = store.db.prepare<[string], { canary: string }>('SELECT canary FROM tasks WHERE task_id = ?');
  return (taskId) => statement.get(taskId)?.canary ?? null;
}

/** Plain (decrypted) content of a stored ruling as a log line. */
function toLine(store: Store, row: StoredRuling): RulingLine {
  const { sealer } = store;
  return {
    format: RULING_LOG_FORMAT,
    id: row.id,
    dispute: {
      kind: row.kind,
      task_id: row.task_id,
      gold_row: row.gold_row,
      column: row.column_name,
      entity_key: row.entity_key,
    },
    dispute_id: row.dispute_id,
    gold_row_entity_key: row.gold_row_entity_key,
    engineer: row.engineer,
    decision: row.decision,
    ...openRulingContent(sealer, row),
    row: row.row_idx,
    row_entity_key: row.row_entity_key,
    revision: row.revision,
    created_at: row.created_at,
    retracts: row.retracts,
    encrypted: false,
  };
}

function mapSecrets(line: RulingLine, map: (text: string) => string, encrypted: boolean): RulingLine {
  return {
    ...line,
    value: line.value === null ? null : map(line.value),
    values:
      line.values === null
        ? null
        : Object.fromEntries(Object.entries(line.values).map(([key, value]) => [key, map(value)])),
    accepted: line.accepted === null ? null : map(line.accepted),
    accepted_values:
      line.accepted_values === null
        ? null
        : Object.fromEntries(Object.entries(line.accepted_values).map(([key, value]) => [key, map(value)])),
    rationale: line.rationale === null ? null : map(line.rationale),
    evidence: line.evidence.map(map),
    encrypted,
  };
}

export function exportRulingLog(
  store: Store,
  out: string,
  options: { plaintext?: boolean } = {},
): { path: string; rulings: number } {
  const rows = store.db.prepare<[], StoredRuling>('SELECT * FROM rulings ORDER BY created_at, id').all();
  const canaryOf = canaryLookup(store);
  const lines: string[] = [];
  for (const row of rows) {
    let line = toLine(store, row);
    if (!options.plaintext) {
      const canary = canaryOf(row.task_id);
      if (canary === null) {
        throw new RulingLogError(
          `cannot encrypt the ruling on task ${row.task_id}: it is not in an imported dataset (its canary is the key); import the dataset or export with --plaintext`,
        );
      }
      line = mapSecrets(line, (text) => encryptText(text, canary), true);
    }
    lines.push(serialiseRulingLine(line));
  }
  const rulings = lines.length;
  // Audit verdicts travel in the same log, after the rulings (db/audit/log.ts).
  lines.push(...auditLogLines(store, options.plaintext ? null : (taskId) => canaryOf(taskId)!));
  const path = resolve(out);
  // A plain-text log holds ruled values and evidence: readable by its owner only.
  writeFileAtomic(path, lines.length > 0 ? `${lines.join('\n')}\n` : '', { private: options.plaintext === true });
  return { path, rulings, ...(lines.length > rulings ? { audit_verdicts: lines.length - rulings } : {}) };
}

/** A log line's keys; its `row` is the 0-based index, named beside the row as people count it. */
const LOG_KEYS: RulingSpelling = {
  field: (field) => `field "${field}"`,
  row: (index) => `field "row" is ${index}, counted from 0`,
};

/** How far ahead of this machine's clock a line may be dated: clocks differ, a ruling is not made tomorrow. */
export const FUTURE_TOLERANCE_MS = 24 * 60 * 60 * 1000;

/** Ruling ids are uuids, as `rule` makes them (lowercase, so one ruling has one spelling). */
const RULING_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/u;

/** What a line of the merge says about a ruling, for a retraction in the same merge to be checked against. */
interface KnownRuling {
  engineer: string;
  dispute_id: string;
  decision: string;
}

/**
 * A line is held to what `rule` accepts (a log written before a check existed
 * included), so merging never brings in a ruling this store's export would
 * turn into an operation that apply refuses. Checked only for lines new to
 * the store: one already here is a duplicate whatever it says. Whether a
 * value is one of the dispute's clusters is not checked: clusters are what
 * the runs imported here give, and the engineer ruled on the runs they had.
 * `known` finds a ruling in the store or among the lines being merged.
 */
function lineProblem(
  store: Store,
  line: RulingLine,
  known: (id: string) => KnownRuling | undefined,
  now: number,
): string | null {
  if (!RULING_ID.test(line.id))
    return `field "id": expected a ruling id (a uuid such as 0f8fad5b-d9cb-469f-a165-70867728950e), got ${JSON.stringify(line.id)}`;
  if (line.revision !== null && !REVISION_TAG.test(line.revision))
    return `field "revision": ${REVISION_TAG_EXPECTED}, got ${JSON.stringify(line.revision)}`;
  if (Date.parse(line.created_at) > now + FUTURE_TOLERANCE_MS) {
    return `field "created_at": ${line.created_at} is in the future (this machine's clock says ${new Date(now).toISOString()}); a ruling is dated when it is made`;
  }
  const { decision } = line;
  const identity = rowIdentityProblem(store, {
    ...line,
    task_id: line.dispute.task_id,
    gold_row: line.dispute.gold_row,
  });
  if (identity !== null) return identity;
  if (decision === 'retract') {
    if (line.retracts === null) return 'a retract names the ruling it withdraws (field "retracts")';
    if (!RULING_ID.test(line.retracts))
      return `field "retracts": expected a ruling id (a uuid), got ${JSON.stringify(line.retracts)}`;
    const extra = (['value', 'values', 'row', 'accepted', 'accepted_values'] as const).find(
      (field) => line[field] !== null,
    );
    if (extra !== undefined) return `a retract takes no ${extra} (field "${extra}")`;
    // A retraction may arrive before the ruling it withdraws; when that ruling is here, it must be one `retract` could take back.
    const target = known(line.retracts);
    if (target === undefined) return null;
    if (target.engineer !== line.engineer) {
      return `an engineer retracts only their own rulings: ruling ${line.retracts} is ${JSON.stringify(target.engineer)}'s, this retract is ${JSON.stringify(line.engineer)}'s`;
    }
    if (target.dispute_id !== line.dispute_id)
      return `ruling ${line.retracts} is on dispute ${target.dispute_id}, not on this line's ${line.dispute_id}`;
    if (target.decision === 'retract')
      return `ruling ${line.retracts} is itself a retract; a retract withdraws a ruling`;
    return null;
  }
  if (line.retracts !== null) return `decision ${decision} withdraws nothing (field "retracts" must be null)`;
  // Only a value taken from a system is written in gold's format, so only such a ruling accepted another spelling.
  if (line.accepted !== null && decision !== 'accept_system' && decision !== 'accept_both')
    return `decision ${decision} accepts no system's spelling (field "accepted" must be null)`;
  if (line.accepted_values !== null && decision !== 'add_row')
    return `decision ${decision} accepts no column values (field "accepted_values" must be null)`;
  return rulingProblem(store, line.dispute, { ...line, decision }, LOG_KEYS);
}

/**
 * The same ruling: every field but the rows' entity keys, which a line
 * written before they were kept lacks (a ruling merged from such a log and
 * exported again with them is still a duplicate).
 */
function sameRuling(a: RulingLine, b: RulingLine): boolean {
  // A line from before the accepted spelling was kept (null) is the same ruling as one that has it.
  const lacksAccepted =
    (a.accepted === null && a.accepted_values === null) || (b.accepted === null && b.accepted_values === null);
  const content = (line: RulingLine): string =>
    serialiseRulingLine({
      ...line,
      gold_row_entity_key: null,
      row_entity_key: null,
      ...(lacksAccepted ? { accepted: null, accepted_values: null } : {}),
    });
  return content(a) === content(b);
}

export interface RulingImportReport {
  added: number;
  duplicates: number;
  refused: { line: string; reason: string }[];
}

/**
 * A log's lines (null for one that is not valid UTF-8: refused by its line
 * number, the rest still merge), or why the file cannot be read at all
 * (absent, above the size limit, not a regular file).
 */
function readLogLines(path: string, maxFileBytes: number | undefined): (string | null)[] | { refused: string } {
  let bytes: Buffer;
  try {
    const outcome = readFileLimited(path, maxBytesOf({ maxFileBytes }));
    if (!('bytes' in outcome)) return { refused: 'absent: no such file' };
    bytes = outcome.bytes;
  } catch (error) {
    if (error instanceof ReaderError) return { refused: error.reason };
    throw error;
  }
  const lines: (string | null)[] = [];
  for (let from = 0, number = 1; from <= bytes.length; number++) {
    let end = bytes.indexOf(0x0a, from);
    if (end === -1) end = bytes.length;
    // Trimmed as every JSONL reader trims (a BOM opening the file, a CR ending the line).
    const line = lineBytes(bytes.subarray(from, end), number);
    lines.push(isUtf8(line) ? line.toString('utf8') : null);
    from = end + 1;
  }
  return lines;
}

/** One line of a log as read: a ruling to merge, or why it cannot be. */
type ReadLine = { where: string; line: RulingLine } | { where: string; refused: string } | null;

/** A line parsed, its dispute key checked and its secrets opened; null for a blank line. */
function readLine(raw: string | null, where: string, canaryOf: (taskId: string) => string | null): ReadLine {
  if (raw === null) return { where, refused: 'not valid UTF-8' };
  if (raw.trim() === '') return null;
  let line: RulingLine;
  try {
    const parsed = rulingLineSchema.safeParse(JSON.parse(raw), { reportInput: true });
    if (!parsed.success) {
      // Worded as the dataset and run readers word theirs: the field, then what it should be and what it is.
      const { field, reason } = describeZodError(parsed.error);
      return { where, refused: `${field || 'line'}: ${reason}` };
    }
    line = parsed.data;
  } catch (error) {
    return { where, refused: `not JSON: ${(error as Error).message}` };
  }
  const expectedId = disputeId({ ...line.dispute });
  if (expectedId !== line.dispute_id)
    return { where, refused: `dispute_id ${line.dispute_id} does not match its natural key (expected ${expectedId})` };
  if (line.encrypted) {
    const canary = canaryOf(line.dispute.task_id);
    if (canary === null) {
      return {
        where,
        refused: `task ${line.dispute.task_id} is not in this store's dataset, so its encrypted values cannot be read; import the dataset first`,
      };
    }
    try {
      line = mapSecrets(line, (text) => decryptText(text, canary), false);
    } catch {
      return { where, refused: 'encrypted fields do not decrypt with the task canary' };
    }
  }
  return { where, line };
}

/**
 * Ids that lines of this merge give with different content, not yet in the
 * store (a stored one decides by itself), each with every place it came from.
 */
function contestedIds(read: readonly ReadLine[], stored: (id: string) => boolean): Map<string, string[]> {
  const byId = new Map<string, { where: string; line: RulingLine }[]>();
  for (const item of read) {
    if (item === null || !('line' in item) || stored(item.line.id)) continue;
    const list = byId.get(item.line.id);
    if (list) list.push(item);
    else byId.set(item.line.id, [item]);
  }
  const contested = new Map<string, string[]>();
  for (const [id, lines] of byId) {
    if (lines.length > 1 && lines.some((other) => !sameRuling(lines[0]!.line, other.line)))
      contested.set(
        id,
        lines.map((other) => other.where),
      );
  }
  return contested;
}

/** Merges logs inside the caller's transaction; refreshes positions and statuses of the disputes touched. */
export function mergeRulingLogs(
  store: Store,
  paths: readonly string[],
  options: { maxFileBytes?: number } = {},
): RulingImportReport {
  const { db, sealer } = store;
  const report: RulingImportReport = { added: 0, duplicates: 0, refused: [] };
  const existing = db.prepare<[string], StoredRuling>('SELECT * FROM rulings WHERE id = ?');
  const insert = db.prepare(
    `INSERT INTO rulings (id, dispute_id, kind, task_id, gold_row, column_name, entity_key, engineer, decision, value_s, values_s,
                          row_idx, rationale_s, evidence_s, revision, created_at, retracts, gold_row_entity_key, row_entity_key, gold_row_entity_s,
                          accepted_s, accepted_values_s)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const canaryOf = canaryLookup(store);
  const touched = new Set<string>();
  const now = Date.now();
  // Every line first, so a retraction is checked against a ruling later in the logs as well as one in the store.
  const read: ReadLine[] = [];
  const auditLines: { where: string; raw: string }[] = [];
  for (const path of paths) {
    const lines = readLogLines(path, options.maxFileBytes);
    if (!Array.isArray(lines)) {
      read.push({ where: resolve(path), refused: lines.refused });
      continue;
    }
    lines.forEach((raw, index) => {
      const where = `${resolve(path)}:${index + 1}`;
      if (isAuditLine(raw)) auditLines.push({ where, raw });
      else read.push(readLine(raw, where, canaryOf));
    });
  }
  const inLogs = new Map<string, KnownRuling>();
  for (const item of read)
    if (item !== null && 'line' in item && !inLogs.has(item.line.id)) inLogs.set(item.line.id, item.line);
  const known = (id: string): KnownRuling | undefined => existing.get(id) ?? inLogs.get(id);
  const contested = contestedIds(read, (id) => existing.get(id) !== undefined);
  for (const item of read) {
    if (item === null) continue;
    if ('refused' in item) {
      report.refused.push({ line: item.where, reason: item.refused });
      continue;
    }
    const { where, line } = item;
    const stored = existing.get(line.id);
    if (stored) {
      if (sameRuling(toLine(store, stored), line)) report.duplicates++;
      else
        report.refused.push({
          line: where,
          reason: `ruling id ${line.id} is already in the store with different content`,
        });
      continue;
    }
    const others = contested.get(line.id);
    if (others) {
      // Which of them is the real one cannot be told: taking the first would let a tampered copy in.
      const elsewhere = others.filter((other) => other !== where);
      report.refused.push({
        line: where,
        reason: `ruling id ${line.id} also comes with different content at ${elsewhere.join(', ')}: none of them was taken`,
      });
      continue;
    }
    const problem = lineProblem(store, line, known, now);
    if (problem !== null) {
      report.refused.push({ line: where, reason: problem });
      continue;
    }
    insert.run(
      line.id,
      line.dispute_id,
      line.dispute.kind,
      line.dispute.task_id,
      line.dispute.gold_row,
      line.dispute.column,
      line.dispute.entity_key,
      line.engineer,
      line.decision,
      sealer.seal(line.value),
      line.values === null ? null : sealer.sealJson(line.values),
      line.row,
      sealer.seal(line.rationale),
      sealer.sealJson(line.evidence),
      line.revision,
      line.created_at,
      line.retracts,
      line.gold_row_entity_key,
      line.row_entity_key,
      mergedRowEntitySealed(store, line.dispute.task_id, line.dispute.gold_row, line.gold_row_entity_key),
      sealer.seal(line.accepted),
      line.accepted_values === null ? null : sealer.sealJson(line.accepted_values),
    );
    report.added++;
    touched.add(line.dispute_id);
  }
  // Also covers rulings whose dispute this store does not have yet: their positions wait with an unknown rule type.
  refreshAllStatuses(store, [...touched]);
  if (auditLines.length > 0) {
    const audit = mergeAuditLines(store, auditLines, canaryOf);
    report.added += audit.added;
    report.duplicates += audit.duplicates;
    report.refused.push(...audit.refused);
  }
  return report;
}
