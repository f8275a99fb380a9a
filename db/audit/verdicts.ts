// Audit verdicts (design.md §10): append-only events, as rulings are.
import { randomUUID } from 'node:crypto';
import type { AuditVerdict } from '../../shared/audit';
import { NotFoundError } from '../not-found';
import type { Store } from '../store';
import { linkIncorrectCells } from './dispute-link';

export interface VerdictInput {
  id: string;
  verdict: AuditVerdict;
  rationale?: string | null | undefined;
  evidence?: readonly string[] | undefined;
}

/** Times strictly increase on a cell, so an engineer's latest verdict is never a tie. */
function nextTime(store: Store, cellId: string): string {
  const latest = store.db
    .prepare<[string], string | null>('SELECT max(created_at) FROM audit_verdicts WHERE cell_id = ?')
    .pluck()
    .get(cellId);
  const now = Date.now();
  const after = latest ? Date.parse(latest) + 1 : now;
  return new Date(Math.max(now, after)).toISOString();
}

export function recordVerdict(store: Store, input: VerdictInput, engineer: string): void {
  const { db, sealer } = store;
  db.transaction(() => {
    if (!db.prepare('SELECT 1 FROM audit_cells WHERE id = ?').get(input.id)) {
      throw new NotFoundError(`no audited cell with id ${input.id} (see \`audit list\`)`);
    }
    const unblinded =
      db.prepare('SELECT 1 FROM audit_reveals WHERE cell_id = ? AND engineer = ?').get(input.id, engineer) !==
      undefined;
    db.prepare(
      `INSERT INTO audit_verdicts (id, cell_id, engineer, verdict, rationale_s, evidence_s, unblinded, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      randomUUID(),
      input.id,
      engineer,
      input.verdict,
      sealer.seal(input.rationale?.trim() ? input.rationale : null),
      sealer.sealJson((input.evidence ?? []).map((url) => url.trim())),
      unblinded ? 1 : 0,
      nextTime(store, input.id),
    );
    linkIncorrectCells(store, [input.id]);
  }).immediate();
}
