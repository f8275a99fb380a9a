import type { RulingView } from '../../shared/api-types';
import type { Store } from '../store';
import { openRulingContent } from './stored';
import type { StoredRuling } from './stored';

type RulingRow = Pick<
  StoredRuling,
  | 'id'
  | 'engineer'
  | 'decision'
  | 'value_s'
  | 'values_s'
  | 'row_idx'
  | 'rationale_s'
  | 'evidence_s'
  | 'accepted_s'
  | 'accepted_values_s'
  | 'revision'
  | 'created_at'
  | 'retracts'
>;

/** Every ruling on a dispute, oldest first, each marked counted or not. */
export function readRulingViews(store: Store, disputeId: string): RulingView[] {
  const { db, sealer } = store;
  const rows = db
    .prepare<[string], RulingRow>(
      `SELECT id, engineer, decision, value_s, values_s, row_idx, rationale_s, evidence_s, accepted_s, accepted_values_s, revision, created_at, retracts
         FROM rulings WHERE dispute_id = ? ORDER BY created_at, id`,
    )
    .all(disputeId);
  const counted = new Set(
    db
      .prepare<[string], { ruling_id: string }>('SELECT ruling_id FROM positions WHERE dispute_id = ?')
      .all(disputeId)
      .map((row) => row.ruling_id),
  );
  return rows.map((row) => ({
    id: row.id,
    engineer: row.engineer,
    decision: row.decision,
    ...openRulingContent(sealer, row),
    row: row.row_idx,
    revision: row.revision,
    created_at: row.created_at,
    retracts: row.retracts,
    counted: counted.has(row.id),
  }));
}
