// Audit verdicts in ruling logs (formats.md, "Audit verdicts in a ruling
// log"): one line per verdict, beside the rulings, with the cell's natural
// key and the round it was drawn in, so it attaches in any store holding the
// dataset. Merging is a set union keyed by verdict id, as for rulings: a line
// already here is a duplicate, one with other content under a known id is
// refused. A round or cell this store lacks is recorded from the line.
import { z } from 'zod';
import { AUDIT_STRATA, AUDIT_VERDICTS } from '../../shared/audit';
import { decryptText, encryptText } from '../../shared/crypto';
import type { Store } from '../store';
import { auditCellId } from './frame';
import { linkIncorrectCells } from './dispute-link';

export const AUDIT_LOG_FORMAT = 'atlas-rulings/audit/1';

const count = z.number().int().min(0);
const perStratum = z.object({ disputed: count, undisputed: count }).strict();
const auditLineSchema = z
  .object({
    format: z.literal(AUDIT_LOG_FORMAT),
    id: z
      .string()
      .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/u, 'expected a verdict id (a uuid)'),
    audit_id: z.string().min(1).max(200),
    cell: z
      .object({
        task_id: z.string().min(1).max(1000),
        gold_row: count,
        column: z.string().min(1).max(1000),
        stratum: z.enum(AUDIT_STRATA),
      })
      .strict(),
    round: z
      .object({
        id: z.string().min(1).max(200),
        seed: z.string().min(1).max(200),
        asked: perStratum,
        frame: perStratum,
        drawn_by: z.string().min(1).max(200),
        drawn_at: z.iso.datetime(),
      })
      .strict(),
    engineer: z
      .string()
      .min(1)
      .max(200)
      .refine((name) => name.trim() === name, 'expected a name without spaces around it'),
    verdict: z.enum(AUDIT_VERDICTS),
    rationale: z.string().max(1_000_000).nullable(),
    evidence: z.array(z.string().max(4000)).max(100),
    unblinded: z.boolean(),
    created_at: z.iso.datetime(),
    encrypted: z.boolean(),
  })
  .strict();
type AuditLine = z.infer<typeof auditLineSchema>;

/** Whether a raw log line is an audit verdict (told by its format, as the sniff tells a log). */
export function isAuditLine(raw: string | null): raw is string {
  return (
    raw !== null &&
    raw.includes(`"${AUDIT_LOG_FORMAT}"`) &&
    /^\s*\{\s*"format"\s*:\s*"atlas-rulings\/audit\//u.test(raw.replace(/^\uFEFF/u, ''))
  );
}

/** Key order fixed, so the same verdict always serialises to the same bytes. */
function serialise(line: AuditLine): string {
  return JSON.stringify({
    format: line.format,
    id: line.id,
    audit_id: line.audit_id,
    cell: {
      task_id: line.cell.task_id,
      gold_row: line.cell.gold_row,
      column: line.cell.column,
      stratum: line.cell.stratum,
    },
    round: {
      id: line.round.id,
      seed: line.round.seed,
      asked: { disputed: line.round.asked.disputed, undisputed: line.round.asked.undisputed },
      frame: { disputed: line.round.frame.disputed, undisputed: line.round.frame.undisputed },
      drawn_by: line.round.drawn_by,
      drawn_at: line.round.drawn_at,
    },
    engineer: line.engineer,
    verdict: line.verdict,
    rationale: line.rationale,
    evidence: line.evidence,
    unblinded: line.unblinded,
    created_at: line.created_at,
    encrypted: line.encrypted,
  });
}

interface StoredVerdict {
  id: string;
  cell_id: string;
  engineer: string;
  verdict: AuditLine['verdict'];
  rationale_s: string | null;
  evidence_s: string;
  unblinded: number;
  created_at: string;
  task_id: string;
  gold_row: number;
  column_name: string;
  stratum: AuditLine['cell']['stratum'];
  round_id: string;
  seed: string;
  disputed_asked: number;
  undisputed_asked: number;
  disputed_frame: number;
  undisputed_frame: number;
  drawn_by: string;
  drawn_at: string;
}

const STORED = `SELECT v.id, v.cell_id, v.engineer, v.verdict, v.rationale_s, v.evidence_s, v.unblinded, v.created_at,
                       a.task_id, a.gold_row, a.column_name, a.stratum, r.id AS round_id, r.seed, r.disputed_asked, r.undisputed_asked,
                       r.disputed_frame, r.undisputed_frame, r.drawn_by, r.drawn_at
                  FROM audit_verdicts v JOIN audit_cells a ON a.id = v.cell_id JOIN audit_rounds r ON r.id = a.round_id`;

function toLine(store: Store, row: StoredVerdict): AuditLine {
  const { sealer } = store;
  return {
    format: AUDIT_LOG_FORMAT,
    id: row.id,
    audit_id: row.cell_id,
    cell: { task_id: row.task_id, gold_row: row.gold_row, column: row.column_name, stratum: row.stratum },
    round: {
      id: row.round_id,
      seed: row.seed,
      asked: { disputed: row.disputed_asked, undisputed: row.undisputed_asked },
      frame: { disputed: row.disputed_frame, undisputed: row.undisputed_frame },
      drawn_by: row.drawn_by,
      drawn_at: row.drawn_at,
    },
    engineer: row.engineer,
    verdict: row.verdict,
    rationale: sealer.open(row.rationale_s),
    evidence: sealer.openJson<string[]>(row.evidence_s, []),
    unblinded: row.unblinded === 1,
    created_at: row.created_at,
    encrypted: false,
  };
}

/** The rationale and evidence, encrypted or decrypted with the task's canary (as rulings' are). */
function mapSecrets(line: AuditLine, map: (text: string) => string, encrypted: boolean): AuditLine {
  return {
    ...line,
    rationale: line.rationale === null ? null : map(line.rationale),
    evidence: line.evidence.map(map),
    encrypted,
  };
}

/** Every audit verdict as a log line, oldest first; `canaryOf` null means plain text. */
export function auditLogLines(store: Store, canaryOf: ((taskId: string) => string) | null): string[] {
  return store.db
    .prepare<[], StoredVerdict>(`${STORED} ORDER BY v.created_at, v.id`)
    .all()
    .map((row) => {
      const line = toLine(store, row);
      if (canaryOf === null) return serialise(line);
      const canary = canaryOf(row.task_id);
      return serialise(mapSecrets(line, (text) => encryptText(text, canary), true));
    });
}

export interface AuditMergeReport {
  added: number;
  duplicates: number;
  refused: { line: string; reason: string }[];
}

/** How far ahead of this clock a verdict may be dated (the rulings' tolerance). */
const FUTURE_TOLERANCE_MS = 24 * 60 * 60 * 1000;

function parse(raw: string): AuditLine | string {
  let json: unknown;
  try {
    json = JSON.parse(raw.replace(/^\uFEFF/u, ''));
  } catch (error) {
    return `not JSON: ${(error as Error).message}`;
  }
  const parsed = auditLineSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  return `${issue && issue.path.length > 0 ? issue.path.join('.') : 'line'}: ${issue?.message ?? 'invalid'}`;
}

/** Why the line cannot attach here, or null. */
function lineProblem(store: Store, line: AuditLine, now: number): string | null {
  const { task_id, gold_row, column } = line.cell;
  if (line.audit_id !== auditCellId(task_id, gold_row, column))
    return `audit_id ${line.audit_id} does not match its cell (expected ${auditCellId(task_id, gold_row, column)})`;
  if (Date.parse(line.created_at) > now + FUTURE_TOLERANCE_MS)
    return `field "created_at": ${line.created_at} is in the future; a verdict is dated when it is given`;
  const gold = store.db
    .prepare<[string, number, string], { state: string; entity_column: string }>(
      'SELECT g.state, t.entity_column FROM gold_cells g JOIN tasks t ON t.task_id = g.task_id WHERE g.task_id = ? AND g.row_idx = ? AND g.column_name = ?',
    )
    .get(task_id, gold_row, column);
  if (!gold || gold.entity_column === column)
    return `task ${task_id}, gold row ${gold_row} (from 0), column ${JSON.stringify(column)} is no gold cell of this store's dataset; import the dataset first`;
  if (gold.state === 'ungraded')
    return `task ${task_id}, gold row ${gold_row} (from 0), column ${JSON.stringify(column)} is ungraded here, so it is outside the audit's frame`;
  return null;
}

/** Merges audit verdict lines (`where` is file:line) inside the caller's transaction. */
export function mergeAuditLines(
  store: Store,
  items: readonly { where: string; raw: string }[],
  canaryOf: (taskId: string) => string | null,
): AuditMergeReport {
  const { db, sealer } = store;
  const report: AuditMergeReport = { added: 0, duplicates: 0, refused: [] };
  const now = Date.now();
  type Parsed = { where: string; line: AuditLine } | { where: string; refused: string };
  const parsed = items.map(({ where, raw }): Parsed => {
    const line = parse(raw);
    if (typeof line === 'string') return { where, refused: line };
    if (!line.encrypted) return { where, line };
    const canary = canaryOf(line.cell.task_id);
    if (canary === null)
      return {
        where,
        refused: `task ${line.cell.task_id} is not in this store's dataset, so its encrypted fields cannot be read; import the dataset first`,
      };
    try {
      return { where, line: mapSecrets(line, (text) => decryptText(text, canary), false) };
    } catch {
      return { where, refused: 'encrypted fields do not decrypt with the task canary' };
    }
  });
  // One id with two contents in the logs: neither is taken (which is the real one cannot be told).
  const contents = new Map<string, Set<string>>();
  for (const item of parsed)
    if ('line' in item) contents.set(item.line.id, (contents.get(item.line.id) ?? new Set()).add(serialise(item.line)));
  const stored = db.prepare<[string], StoredVerdict>(`${STORED} WHERE v.id = ?`);
  const touched = new Set<string>();
  for (const item of parsed) {
    if (!('line' in item)) {
      report.refused.push({ line: item.where, reason: item.refused });
      continue;
    }
    const { line, where } = item;
    const existing = stored.get(line.id);
    if (existing) {
      if (serialise(toLine(store, existing)) === serialise(line)) report.duplicates++;
      else
        report.refused.push({
          line: where,
          reason: `verdict id ${line.id} is already in the store with different content`,
        });
      continue;
    }
    if ((contents.get(line.id)?.size ?? 0) > 1) {
      report.refused.push({
        line: where,
        reason: `verdict id ${line.id} comes with different content elsewhere in the logs: none of them was taken`,
      });
      continue;
    }
    const problem = lineProblem(store, line, now);
    if (problem !== null) {
      report.refused.push({ line: where, reason: problem });
      continue;
    }
    attachCell(store, line);
    db.prepare(
      `INSERT INTO audit_verdicts (id, cell_id, engineer, verdict, rationale_s, evidence_s, unblinded, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      line.id,
      line.audit_id,
      line.engineer,
      line.verdict,
      sealer.seal(line.rationale),
      sealer.sealJson(line.evidence),
      line.unblinded ? 1 : 0,
      line.created_at,
    );
    report.added++;
    touched.add(line.audit_id);
  }
  linkIncorrectCells(store, [...touched]);
  return report;
}

/** The line's round and cell, recorded from it when this store lacks them (a cell drawn here already keeps its own round). */
function attachCell(store: Store, line: AuditLine): void {
  const { db } = store;
  const { round, cell } = line;
  if (!db.prepare('SELECT 1 FROM audit_rounds WHERE id = ?').get(round.id)) {
    const seq = (db.prepare<[], number | null>('SELECT max(seq) FROM audit_rounds').pluck().get() ?? 0) + 1;
    db.prepare(
      `INSERT INTO audit_rounds (id, seq, seed, disputed_asked, undisputed_asked, disputed_frame, undisputed_frame, drawn_by, drawn_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      round.id,
      seq,
      round.seed,
      round.asked.disputed,
      round.asked.undisputed,
      round.frame.disputed,
      round.frame.undisputed,
      round.drawn_by,
      round.drawn_at,
    );
  }
  if (db.prepare('SELECT 1 FROM audit_cells WHERE id = ?').get(line.audit_id)) return;
  const gold = db
    .prepare<[string, number, string], { state: 'value' | 'blank'; value_s: string | null }>(
      'SELECT state, value_s FROM gold_cells WHERE task_id = ? AND row_idx = ? AND column_name = ?',
    )
    .get(cell.task_id, cell.gold_row, cell.column)!;
  const next =
    (db
      .prepare<[string, string], number | null>(
        'SELECT max(draw_idx) FROM audit_cells WHERE round_id = ? AND stratum = ?',
      )
      .pluck()
      .get(round.id, cell.stratum) ?? -1) + 1;
  db.prepare(
    `INSERT INTO audit_cells (id, round_id, draw_idx, task_id, gold_row, column_name, stratum, gold_state, gold_value_s) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    line.audit_id,
    round.id,
    next,
    cell.task_id,
    cell.gold_row,
    cell.column,
    cell.stratum,
    gold.state,
    gold.value_s,
  );
}
