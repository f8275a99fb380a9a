// The ruling being composed for one dispute, and the pure steps that change it
// and turn it into a `rule` call. Kept free of React and of the store so the
// keyboard flows can be tested directly.
import type { RuleInput } from '../../../shared/api';
import type { DisputeDetail, RuleResult, RulingView } from '../../../shared/api-types';
import { DECISION_FIELDS } from '../../../shared/decision-fields';
import { DECISION_LABELS, decisionsForDispute, VALUE_DECISIONS, type Decision } from '../../../shared/domain';
import { normalizeForRule, normalizeText } from '../../../shared/normalize';

export interface RulingDraft {
  disputeId: string;
  decision: Decision | null;
  /** Index into the pick targets (clusters, or systems of a missing row). */
  picked: number | null;
  value: string;
  /** add_row: column → value. */
  values: Record<string, string>;
  /** add_alias: the gold row's 0-based index, as text ('' until picked). */
  row: string;
  rationale: string;
  evidence: string[];
}

export function emptyDraft(disputeId: string): RulingDraft {
  return { disputeId, decision: null, picked: null, value: '', values: {}, row: '', rationale: '', evidence: [] };
}

/** What a letter key can pick in this dispute. */
export interface PickTarget {
  label: string;
  value: string;
  values: Record<string, string>;
}

export function pickTargets(detail: DisputeDetail): PickTarget[] {
  if (detail.dispute.kind === 'missing_row' && detail.missing_row_systems.length > 0) {
    return detail.missing_row_systems.map((s) => ({
      label: s.system,
      value: s.entity,
      values: Object.fromEntries(s.values.map((v) => [v.column, v.value])),
    }));
  }
  return detail.clusters.map((c) => ({ label: c.systems.join(', '), value: c.value, values: {} }));
}

export function decisionsFor(detail: DisputeDetail): readonly Decision[] {
  return decisionsForDispute(detail.dispute);
}

/** The first cluster that disagrees with gold: what "accept" most likely means. */
function defaultPick(detail: DisputeDetail): number | null {
  const targets = pickTargets(detail);
  if (targets.length === 0) return null;
  if (detail.dispute.kind === 'missing_row') return 0;
  const index = detail.clusters.findIndex((c) => !c.agrees_with_gold);
  return index >= 0 ? index : 0;
}

function applyPick(draft: RulingDraft, detail: DisputeDetail, index: number): RulingDraft {
  const target = pickTargets(detail)[index];
  if (!target) return draft;
  const columns = detail.columns.filter((c) => c.name !== detail.entity_column).map((c) => c.name);
  const values = Object.fromEntries(columns.map((c) => [c, target.values[c] ?? '']));
  return { ...draft, picked: index, value: target.value, values };
}

/** Key 1–9/0: choose the n-th decision this kind of dispute allows. */
export function chooseDecision(draft: RulingDraft, detail: DisputeDetail, index: number): RulingDraft {
  const decision = decisionsFor(detail)[index];
  if (!decision) return draft;
  let next: RulingDraft = { ...draft, decision };
  const needsPick = decision === 'accept_system' || decision === 'accept_both' || decision === 'add_row' || decision === 'add_alias';
  if (needsPick && draft.picked == null) {
    const pick = defaultPick(detail);
    if (pick != null) next = applyPick(next, detail, pick);
  } else if (needsPick && draft.picked != null && draft.value === '') {
    next = applyPick(next, detail, draft.picked);
  }
  if (decision === 'add_row' && next.value === '') next = { ...next, value: detail.dispute.entity };
  return next;
}

/** Letter key: pick a cluster/system; it prefills the value, and implies "accept" when no value decision is chosen. */
export function pickTarget(draft: RulingDraft, detail: DisputeDetail, index: number): RulingDraft {
  if (!pickTargets(detail)[index]) return draft;
  let decision = draft.decision;
  const kind = detail.dispute.kind;
  if (kind === 'missing_row') {
    if (decision !== 'add_row' && decision !== 'add_alias') decision = 'add_row';
  } else if (decision == null || !VALUE_DECISIONS.has(decision)) {
    decision = 'accept_system';
  }
  return applyPick({ ...draft, decision }, detail, index);
}

/** Whether the form shows a value part: a value to type, or for add_alias the alias and its gold row. */
export function hasValueField(decision: Decision | null): boolean {
  return decision != null && (VALUE_DECISIONS.has(decision) || decision === 'add_alias');
}

/** Whether `value` is one of the dispute's clusters under the column's rule, as the service checks it. */
function isClusterValue(detail: DisputeDetail, value: string): boolean {
  const key = normalizeForRule(detail.column_rule?.type, value);
  return detail.clusters.some((cluster) => cluster.key !== '' && cluster.key === key);
}

export type BuildResult = { ok: true; input: RuleInput } | { ok: false; error: string };

/**
 * Checks the draft and shapes the `rule` call; the error names what is
 * missing. Only the fields the decision takes are sent (shared/decision-fields.ts):
 * the service refuses any other, and a value left in the draft from an
 * earlier decision must not make a keep_gold unsavable.
 */
export function buildRuleInput(draft: RulingDraft, detail: DisputeDetail): BuildResult {
  const allowed = decisionsFor(detail);
  const decision = draft.decision;
  if (decision == null) return { ok: false, error: `Choose a decision first (keys 1–${Math.min(allowed.length, 9)}).` };
  if (!allowed.includes(decision)) return { ok: false, error: `“${decision}” does not apply to a ${detail.dispute.kind} dispute.` };
  const takes = DECISION_FIELDS[decision];
  const value = draft.value.trim();
  const input: RuleInput = {
    disputeId: draft.disputeId,
    decision,
    rationale: draft.rationale.trim() === '' ? null : draft.rationale.trim(),
    evidence: draft.evidence,
  };
  // add_row's entity is optional to the service, but the form always shows one (prefilled), so an empty one is a slip.
  if (takes.value !== 'refused') {
    if (value === '') return { ok: false, error: decision === 'add_row' ? 'Give the entity name of the new row.' : 'Give the value (pick a cluster with a–z, or type it).' };
    if (decision === 'accept_system' && !isClusterValue(detail, value)) {
      return { ok: false, error: 'Accept takes a value a system gave: pick a cluster (a–z), or choose “New value” for another value.' };
    }
    input.value = value;
  }
  if (takes.values !== 'refused') {
    input.values = Object.fromEntries(
      Object.entries(draft.values)
        .map(([column, v]) => [column, v.trim()] as const)
        .filter(([, v]) => v !== ''),
    );
  }
  if (takes.row !== 'refused') {
    const row = draft.row.trim();
    if (!/^\d+$/.test(row)) return { ok: false, error: 'Pick the gold row this entity is an alias of.' };
    input.row = Number(row);
  }
  return { ok: true, input };
}

/**
 * Another engineer's ruling as my draft (to agree with it in a conflict): its
 * decision, value, row and column values; my rationale and evidence stay.
 */
export function adoptRuling(draft: RulingDraft, detail: DisputeDetail, ruling: RulingView): RulingDraft {
  if (ruling.decision === 'retract' || !decisionsFor(detail).includes(ruling.decision)) return draft;
  const value = ruling.value ?? '';
  const wanted = normalizeText(value);
  const targets = pickTargets(detail);
  const picked = VALUE_DECISIONS.has(ruling.decision) && value !== '' ? targets.findIndex((t) => normalizeText(t.value) === wanted) : -1;
  return {
    ...draft,
    decision: ruling.decision,
    picked: picked >= 0 ? picked : null,
    value,
    values: ruling.values ?? {},
    row: ruling.row != null ? String(ruling.row) : '',
  };
}

/**
 * What a save says: the decision and the dispute's status, and any warning
 * the service gave (text in a number column is recorded, but said), in
 * which case the notice is informative rather than a plain success.
 */
export function savedNotice(decision: Decision, result: Pick<RuleResult, 'status' | 'warnings'>): { text: string; tone: 'success' | 'info' } {
  const warnings = result.warnings ?? [];
  const notes = warnings.map((warning) => ` Note: ${warning}.`).join('');
  return { text: `Saved: ${DECISION_LABELS[decision]} — now ${result.status}.${notes}`, tone: warnings.length > 0 ? 'info' : 'success' };
}
