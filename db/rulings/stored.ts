// A ruling row as stored, and its sealed content opened: shared by the panel's
// history and the ruling log.
import type { Decision, DisputeKind } from '../../shared/domain';
import type { Sealer } from '../seal';

/** A row of the rulings table (retract events included). */
export interface StoredRuling {
  id: string;
  dispute_id: string;
  kind: DisputeKind;
  task_id: string;
  gold_row: number | null;
  column_name: string | null;
  entity_key: string | null;
  engineer: string;
  decision: Decision | 'retract';
  value_s: string | null;
  values_s: string | null;
  row_idx: number | null;
  rationale_s: string | null;
  evidence_s: string;
  revision: string | null;
  created_at: string;
  retracts: string | null;
  /** The entity keys of the gold rows named by index when ruled (migration 008); null before, or with no such row. */
  gold_row_entity_key: string | null;
  row_entity_key: string | null;
  /** The dispute's gold row's entity when ruled, sealed by this store (never leaves it); null when not known here. */
  gold_row_entity_s: string | null;
  /** The spelling a ruling accepted when it wrote another (gold's format; migration 011); null before, or when typed. */
  accepted_s: string | null;
  accepted_values_s: string | null;
}

export interface SealedRulingContent {
  value_s: string | null;
  values_s: string | null;
  rationale_s: string | null;
  evidence_s: string;
  accepted_s: string | null;
  accepted_values_s: string | null;
}

export interface RulingContent {
  value: string | null;
  values: Record<string, string> | null;
  rationale: string | null;
  evidence: string[];
  accepted: string | null;
  accepted_values: Record<string, string> | null;
}

export function openRulingContent(sealer: Sealer, row: SealedRulingContent): RulingContent {
  return {
    value: sealer.open(row.value_s),
    values: sealer.openJson<Record<string, string> | null>(row.values_s, null),
    rationale: sealer.open(row.rationale_s),
    evidence: sealer.openJson<string[]>(row.evidence_s, []),
    accepted: sealer.open(row.accepted_s),
    accepted_values: sealer.openJson<Record<string, string> | null>(row.accepted_values_s, null),
  };
}
