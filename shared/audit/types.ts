// The audit's vocabulary (design.md §10): strata, verdicts and statuses of an
// audited gold cell, shared by the store, the command line and the app.

/** A cell dispute on the cell when the sample was drawn, or not. */
export const AUDIT_STRATA = ['disputed', 'undisputed'] as const;
export type AuditStratum = (typeof AUDIT_STRATA)[number];

export const AUDIT_VERDICTS = ['correct', 'incorrect', 'unsure'] as const;
export type AuditVerdict = (typeof AUDIT_VERDICTS)[number];

/** Under the store's resolution policy: enough engineers agree (settled), they disagree (conflict), or neither yet. */
export const AUDIT_STATUSES = ['pending', 'settled', 'conflict'] as const;
export type AuditStatus = (typeof AUDIT_STATUSES)[number];

/** The 97.5th percentile of the standard normal: a two-sided 95% interval. */
export const Z_95 = 1.959963984540054;
