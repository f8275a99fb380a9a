// What the audit's API methods return (shared/api.ts): plain data for the
// command line and the app alike.
import type { ColumnRule, GoldState } from '../domain';
import type { StratifiedEstimate } from './estimate';
import type { SampleSizeProposal } from './sample-size';
import type { AuditStatus, AuditStratum, AuditVerdict } from './types';

export interface AuditRoundView {
  id: string;
  /** 1, 2, … in the order this store has the rounds. */
  round: number;
  seed: string;
  asked: Record<AuditStratum, number>;
  /** N_h when the round was drawn. */
  frame: Record<AuditStratum, number>;
  drawn: Record<AuditStratum, number>;
  drawn_by: string;
  drawn_at: string;
}

export interface AuditCellItem {
  id: string;
  task_id: string;
  /** The 0-based gold row index. */
  gold_row: number;
  column: string;
  stratum: AuditStratum;
  status: AuditStatus;
  /** The settled verdict; null when not settled, or hidden (blind review, before the viewer's own). */
  verdict: AuditVerdict | null;
  round: number;
  /** The viewer's own counted verdict. */
  mine: AuditVerdict | null;
  /** The dispute a settled "incorrect" raised or joined. */
  dispute_id: string | null;
}

export interface AuditVerdictView {
  id: string;
  engineer: string;
  verdict: AuditVerdict;
  rationale: string | null;
  evidence: string[];
  /** The engineer had asked to see the systems' values of the cell first. */
  unblinded: boolean;
  created_at: string;
}

export interface AuditSystemValue {
  system: string;
  value: string;
  verdict: string;
  method: string;
  sources: string[];
  reasoning: string | null;
}

export interface AuditFix {
  dispute_id: string;
  dispute_status: string;
  /** The counted ruling that settled the dispute, once it is settled. */
  ruling: { id: string; engineer: string; decision: string; value: string | null } | null;
  /** Exported revisions whose patch changes this cell's gold. */
  revisions: string[];
}

export interface AuditCellDetail {
  cell: AuditCellItem;
  question: string | null;
  entity_column: string | null;
  entity: string | null;
  aliases: string[];
  column_rule: ColumnRule | null;
  /** Gold as the store holds it now. */
  gold: { state: GoldState; value: string | null; alternatives: string[]; sources: string[] };
  /** Other engineers' verdicts are hidden until the viewer gives one (blind review). */
  verdicts: AuditVerdictView[];
  hidden_engineers: number;
  /** The viewer asked to see the systems' values: their verdict on it is recorded as unblinded. */
  unblinded: boolean;
  /** Only once asked for (null until then). */
  systems: AuditSystemValue[] | null;
  fix: AuditFix | null;
}

export interface AuditEstimateView extends StratifiedEstimate {
  /** Settled cells verdicted unsure, and cells not settled (pending or in conflict): left out. */
  unsure: number;
  pending: number;
  conflicts: number;
  unblinded: number;
  /** Audited cells in all. */
  audited: number;
  /** The estimate for the dataset after this revision, when asked for. */
  revision: string | null;
  /** Settled incorrect cells, and how many of them the revisions up to `revision` corrected. */
  found: number;
  fixed: number;
  method: string;
  /** The dataset-card sentence, or null while nothing is settled. */
  sentence: string | null;
}

export interface AuditOverview {
  /** Frame sizes now (N_h if a round were drawn at this moment) and cells not drawn yet. */
  frame: Record<AuditStratum, number>;
  undrawn: Record<AuditStratum, number>;
  rounds: AuditRoundView[];
  estimate: AuditEstimateView;
  /** The estimate after each exported revision, oldest first. */
  revisions: AuditEstimateView[];
}

export type { SampleSizeProposal };
