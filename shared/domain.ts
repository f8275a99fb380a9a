// Domain types every process shares. Field names follow design.md §3.

export const RULE_TYPES = ['entity', 'text', 'number', 'date', 'choice', 'list', 'url', 'llm_judge'] as const;
export type RuleType = (typeof RULE_TYPES)[number];

export interface ColumnRule {
  type: RuleType;
  tolerance?: number;
  relative_tolerance?: number;
  tolerance_days?: number;
  options?: string[];
  criterion?: string;
}

export interface GoldColumn {
  name: string;
  rule: ColumnRule;
}

export type GoldState = 'value' | 'blank' | 'ungraded';

export interface GoldCell {
  state: GoldState;
  value: string | null;
  alternatives: string[];
  sources: string[];
}

export const VERDICTS = ['correct', 'incorrect', 'missing', 'blank_ok', 'ungraded'] as const;
export type Verdict = (typeof VERDICTS)[number];
export type GradingMethod = 'deterministic' | 'llm_judge';

export const DISPUTE_KINDS = ['cell', 'missing_row', 'report'] as const;
export type DisputeKind = (typeof DISPUTE_KINDS)[number];

export const DISPUTE_STATUSES = ['open', 'resolved', 'conflict'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

export const DECISIONS = [
  'keep_gold',
  'accept_system',
  'accept_both',
  'new_value',
  'mark_blank',
  'mark_ungraded',
  'add_row',
  'add_alias',
  'reject_row',
  'remove_row',
] as const;
export type Decision = (typeof DECISIONS)[number];

/** Which decisions make sense for each kind of dispute, in key order (1–9, 0). */
export const DECISIONS_BY_KIND: Record<DisputeKind, readonly Decision[]> = {
  cell: ['keep_gold', 'accept_system', 'accept_both', 'new_value', 'mark_blank', 'mark_ungraded'],
  missing_row: ['add_row', 'add_alias', 'reject_row'],
  report: ['keep_gold', 'accept_system', 'accept_both', 'new_value', 'mark_blank', 'mark_ungraded', 'remove_row'],
};

/** A report about a whole gold row (no column): the row is kept or removed; no cell decision has a cell to act on. */
export const ROW_REPORT_DECISIONS: readonly Decision[] = ['keep_gold', 'remove_row'];

/** The decisions a dispute takes, in key order (1–9, 0): by kind, and a report without a column takes only row decisions. */
export function decisionsForDispute(dispute: { kind: DisputeKind; column: string | null }): readonly Decision[] {
  return dispute.kind === 'report' && dispute.column === null ? ROW_REPORT_DECISIONS : DECISIONS_BY_KIND[dispute.kind];
}

export const DECISION_LABELS: Record<Decision, string> = {
  keep_gold: 'Keep gold',
  accept_system: 'Accept system value',
  accept_both: 'Accept both (add alternative)',
  new_value: 'New value',
  mark_blank: 'Mark blank',
  mark_ungraded: 'Mark ungraded',
  add_row: 'Add row',
  add_alias: 'Add as alias',
  reject_row: 'Reject row',
  remove_row: 'Remove gold row',
};

/** Decisions that carry a value (the value is part of agreement). */
export const VALUE_DECISIONS: ReadonlySet<Decision> = new Set(['accept_system', 'accept_both', 'new_value', 'add_row']);

/** The natural key of a dispute (design.md §5): the same key gives the same id in every store. */
export interface DisputeKey {
  kind: DisputeKind;
  task_id: string;
  gold_row: number | null;
  column: string | null;
  /** Normalised entity name, for missing_row disputes only. */
  entity_key: string | null;
}
