// Where each audited cell stands (design.md §10): one engineer's latest
// verdict counting, the cell's status under the store's resolution policy as
// a dispute's is (shared/agreement.ts): enough engineers agreeing settle it,
// any disagreement is a conflict.
import { statusFromPositions } from '../../shared/agreement';
import type { AuditStatus, AuditVerdict } from '../../shared/audit';
import { readPolicy } from '../rulings';
import type { Store } from '../store';

export interface CellStanding {
  status: AuditStatus;
  /** The agreed verdict once settled. */
  verdict: AuditVerdict | null;
  /** Each engineer's latest verdict. */
  positions: Map<string, { verdict: AuditVerdict; unblinded: boolean }>;
}

interface VerdictRow {
  cell_id: string;
  engineer: string;
  verdict: AuditVerdict;
  unblinded: number;
}

/** Every audited cell's standing, by cell id (cells without a verdict are pending). */
export function cellStandings(store: Store, required = readPolicy(store.db).required): Map<string, CellStanding> {
  const rows = store.db
    .prepare<[], VerdictRow>(
      'SELECT cell_id, engineer, verdict, unblinded FROM audit_verdicts ORDER BY cell_id, engineer, created_at, id',
    )
    .all();
  const positions = new Map<string, Map<string, { verdict: AuditVerdict; unblinded: boolean }>>();
  for (const row of rows) {
    let byEngineer = positions.get(row.cell_id);
    if (!byEngineer)
      positions.set(row.cell_id, (byEngineer = new Map<string, { verdict: AuditVerdict; unblinded: boolean }>()));
    // Ordered by time: the last one seen is the engineer's latest.
    byEngineer.set(row.engineer, { verdict: row.verdict, unblinded: row.unblinded === 1 });
  }
  const standings = new Map<string, CellStanding>();
  for (const [cellId, byEngineer] of positions) {
    const verdicts = [...byEngineer.values()].map((position) => position.verdict);
    const status = statusFromPositions(verdicts, required, false);
    standings.set(cellId, {
      status: status === 'resolved' ? 'settled' : status === 'conflict' ? 'conflict' : 'pending',
      verdict: status === 'resolved' ? verdicts[0]! : null,
      positions: byEngineer,
    });
  }
  return standings;
}

export const PENDING: CellStanding = { status: 'pending', verdict: null, positions: new Map() };
