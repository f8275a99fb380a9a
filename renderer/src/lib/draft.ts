// The ruling being composed for one dispute, and the pure steps that change it
// and turn it into a `rule` call. Kept free of React and of the store so the
// keyboard flows can be tested directly.
import type { RuleInput } from '../../../shared/api';
import type { DisputeDetail, RuleResult, RulingView } from '../../../shared/api-types';
import { DECISION_FIELDS } from '../../../shared/decision-fields';
import type { GoldOperation } from '../../../shared/gold-operation';
import { DECISION_LABELS, decisionsForDispute, VALUE_DECISIONS, type Decision } from '../../../shared/domain';
import { clusterSpellings as spellingsOf } from '../../../shared/clusters';
import type { Spelling } from '../../../shared/clusters';
import { tidySpelling } from '../../../shared/spelling';
import { normalizeForRule, normalizeText } from '../../../shared/normalize';
import { predictOutcome } from './comparison';
import { DECISION_BUTTON, oneLine } from './format';
import { operationOneLine } from './operation-text';
import { decisionAtKey, decisionKeyIndex, DECISION_KEY } from './keys';
import { filterRows } from './row-picker';
import { classifyUrl } from './urls';
import { rowValuesInGoldFormat, valueToSend, writtenSpellings, writtenValue } from './gold-spelling';
import type { WrittenSpelling } from './gold-spelling';

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
  /** add_alias: what is typed in the gold-row search; a search that matches no row chooses none, and a save says so. */
  rowQuery: string;
  rationale: string;
  evidence: string[];
  /**
   * What is typed in the Evidence box and not added yet: this dispute's, like
   * the rest of the draft (it never follows the engineer to the next one). A
   * save adds it when it is an http(s) link and refuses it otherwise.
   */
  evidenceText: string;
  /** The system's spelling `value` was written from (gold's format of it, lib/gold-spelling.ts); null when typed. */
  accepted: string | null;
  /** Write `value` as a system spelled it, not in gold's format: chosen on purpose, never the default. */
  keepSpelling: boolean;
  /** add_row: each column's value as the picked system gave it (`values` holds gold's format of it). */
  acceptedValues: Record<string, string>;
  /**
   * The pick was made by a decision key, not by a letter: the letter of that
   * cluster then picks it (its value in gold's format) instead of moving on to
   * its next spelling.
   */
  autoPicked: boolean;
}

export function emptyDraft(disputeId: string): RulingDraft {
  return {
    disputeId,
    decision: null,
    picked: null,
    value: '',
    values: {},
    row: '',
    rowQuery: '',
    rationale: '',
    evidence: [],
    evidenceText: '',
    accepted: null,
    keepSpelling: false,
    acceptedValues: {},
    autoPicked: false,
  };
}

/** What a letter key can pick in this dispute. */
export interface PickTarget {
  label: string;
  value: string;
  values: Record<string, string>;
}

export function pickTargets(detail: DisputeDetail): PickTarget[] {
  if (detail.dispute.kind === 'missing_row' && detail.missing_row_systems.length > 0) {
    // Tidied as the proposal is: a system's stray double space never reaches gold from a pick.
    return detail.missing_row_systems.map((s) => ({
      label: s.system,
      value: tidySpelling(s.entity),
      values: Object.fromEntries(s.values.map((v) => [v.column, v.value])),
    }));
  }
  // A cluster's value is its leading spelling: a choice column's own option before the systems' most common one.
  return detail.clusters.map((c, index) => ({
    label: c.systems.join(', '),
    value: clusterSpellings(detail, index)[0]?.text ?? c.value,
    values: {},
  }));
}

export function decisionsFor(detail: DisputeDetail): readonly Decision[] {
  return decisionsForDispute(detail.dispute);
}

/** The first cluster that disagrees with gold: what "accept" most likely means. */
function defaultPick(detail: DisputeDetail): number | null {
  const targets = pickTargets(detail);
  if (targets.length === 0) return null;
  // The system that wrote the name as the dispute proposes it (the preferred spelling), else the first.
  if (detail.dispute.kind === 'missing_row')
    return Math.max(
      0,
      targets.findIndex((target) => target.value === detail.dispute.entity),
    );
  const index = detail.clusters.findIndex((c) => !c.agrees_with_gold);
  return index >= 0 ? index : 0;
}

/** The pick's value prefilled in gold's format (a cluster's leading spelling; a system's row cells), the spelling accepted kept. */
function applyPick(draft: RulingDraft, detail: DisputeDetail, index: number, autoPicked = false): RulingDraft {
  const target = pickTargets(detail)[index];
  if (!target) return draft;
  const columns = detail.columns.filter((c) => c.name !== detail.entity_column).map((c) => c.name);
  const acceptedValues = Object.fromEntries(columns.map((c) => [c, target.values[c] ?? '']));
  const values = rowValuesInGoldFormat(detail, acceptedValues);
  const written = writtenSpellings(detail, index)[0];
  const value = written?.text ?? target.value;
  return {
    ...draft,
    picked: index,
    value,
    values,
    accepted: written?.accepted ?? null,
    keepSpelling: false,
    acceptedValues,
    autoPicked,
  };
}

/** The decision on key 1–9/0 (its index in DECISION_KEYS) in this dispute, or null when that key is no decision here. */
export function decisionOnKey(detail: DisputeDetail, index: number): Decision | null {
  return decisionAtKey(decisionsFor(detail), index);
}

/** This dispute's decisions with their keys, in key order: `1 Reject row · 2 Add row · 3 Add as alias` (or, by the buttons' short names, `1 Reject row, 2 Add row, 3 Alias`). */
export function decisionKeysText(detail: DisputeDetail, names: 'label' | 'button' = 'label'): string {
  return [...decisionsFor(detail)]
    .sort((a, b) => decisionKeyIndex(a) - decisionKeyIndex(b))
    .map(
      (decision) => `${DECISION_KEY[decision]} ${(names === 'button' ? DECISION_BUTTON : DECISION_LABELS)[decision]}`,
    )
    .join(names === 'button' ? ', ' : ' · ');
}

/** Key 1–9/0 (its index in DECISION_KEYS): choose the decision on that key, the same key in every kind of dispute. */
export function chooseDecision(draft: RulingDraft, detail: DisputeDetail, index: number): RulingDraft {
  const decision = decisionOnKey(detail, index);
  if (!decision) return draft;
  let next: RulingDraft = { ...draft, decision };
  const needsPick =
    decision === 'accept_system' || decision === 'accept_both' || decision === 'add_row' || decision === 'add_alias';
  if (needsPick && draft.picked == null) {
    const pick = defaultPick(detail);
    if (pick != null) next = applyPick(next, detail, pick, true);
  } else if (needsPick && draft.picked != null && draft.value === '') {
    next = applyPick(next, detail, draft.picked);
  }
  if (decision === 'add_row' && next.value === '') next = { ...next, value: detail.dispute.entity };
  // New value is typed: it starts empty rather than from the cluster an
  // earlier "accept" picked (what the engineer typed is kept).
  if (decision === 'new_value' && draft.decision !== 'new_value' && untouchedPick(draft, detail))
    next = { ...next, picked: null, value: '', accepted: null, keepSpelling: false };
  return next;
}

/** The draft's value is the picked cluster's (or system's), as the pick left it (in any of its spellings). */
function untouchedPick(draft: RulingDraft, detail: DisputeDetail): boolean {
  const target = draft.picked != null ? pickTargets(detail)[draft.picked] : undefined;
  if (target == null) return false;
  return (
    draft.value === target.value ||
    writtenSpellings(detail, draft.picked!).some((spelling) => spelling.text === draft.value)
  );
}

/**
 * Where a decision key puts the cursor, given the decision before and after
 * it: only where there is typing to do and nothing prefilled to lose. New
 * value's field (empty, or holding what was typed: the cursor goes to its
 * end) and Add as alias's row search take it at once. Add row's entity is
 * prefilled: the focus stays on the page, so letters go on picking a system,
 * and the same key again (or a click) edits it. Null: the focus stays.
 */
export function focusAfterChoosing(before: Decision | null, after: Decision | null): 'value' | 'row' | null {
  if (after === 'new_value') return 'value';
  if (after === 'add_alias') return 'row';
  if (after === 'add_row' && before === 'add_row') return 'value';
  return null;
}

/**
 * The spellings of cluster `index` (shared/clusters.ts); none for a missing
 * row, whose letters pick systems.
 */
export function clusterSpellings(detail: DisputeDetail, index: number): Spelling[] {
  const cluster = detail.dispute.kind === 'missing_row' ? undefined : detail.clusters[index];
  return cluster ? spellingsOf(cluster, detail.column_rule) : [];
}

/** Decisions whose value is a cluster's: the same letter again moves to its next spelling. */
const SPELLED = new Set<Decision>(['accept_system', 'accept_both']);

/**
 * Letter key: pick a cluster/system; it prefills the value (in gold's
 * format), and implies "accept" when no value decision is chosen. The letter
 * of the cluster already picked by a letter, under Accept or Both, moves to
 * its next spelling (gold's format first, then the systems' as spelled); one
 * a decision key picked is picked again, not moved on.
 */
export function pickTarget(draft: RulingDraft, detail: DisputeDetail, index: number): RulingDraft {
  if (!pickTargets(detail)[index]) return draft;
  if (draft.picked === index && !draft.autoPicked && draft.decision != null && SPELLED.has(draft.decision)) {
    const spellings = writtenSpellings(detail, index);
    const at = spellings.findIndex((spelling) => spelling.text === draft.value && spelling.gold !== draft.keepSpelling);
    if (spellings.length > 1 && at >= 0) return chooseSpelling(draft, spellings[(at + 1) % spellings.length]!);
  }
  let decision = draft.decision;
  const kind = detail.dispute.kind;
  if (kind === 'missing_row') {
    if (decision !== 'add_row' && decision !== 'add_alias') decision = 'add_row';
  } else if (decision == null || !VALUE_DECISIONS.has(decision)) {
    decision = 'accept_system';
  }
  return applyPick({ ...draft, decision }, detail, index);
}

/** A spelling of the picked cluster as the value: gold's format, or a system's kept as spelled. */
export function chooseSpelling(draft: RulingDraft, spelling: WrittenSpelling): RulingDraft {
  return {
    ...draft,
    value: spelling.text,
    accepted: spelling.accepted,
    keepSpelling: !spelling.gold,
    autoPicked: false,
  };
}

/** Whether the form shows a value part: a value to type, or for add_alias the alias and its gold row. */
/**
 * Add row: write the systems' own spellings (`keep`) or gold's format of them.
 * Only cells still holding the system's value change; a cell typed or cleared
 * stays as the engineer left it.
 */
export function keepRowSpellings(draft: RulingDraft, detail: DisputeDetail, keep: boolean): RulingDraft {
  const values = { ...draft.values };
  for (const [column, raw] of Object.entries(draft.acceptedValues)) {
    if (raw.trim() === '') continue;
    const formatted = rowValuesInGoldFormat(detail, { [column]: raw })[column]!;
    const current = values[column] ?? '';
    if (keep && current === formatted) values[column] = raw;
    else if (!keep && current === raw) values[column] = formatted;
  }
  return { ...draft, values, keepSpelling: keep };
}

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
  if (decision == null) return { ok: false, error: `Choose a decision first (${decisionKeysText(detail)}).` };
  if (!allowed.includes(decision))
    return { ok: false, error: `“${decision}” does not apply to a ${detail.dispute.kind} dispute.` };
  const takes = DECISION_FIELDS[decision];
  const value = draft.value.trim();
  const pending = pendingEvidence(draft);
  if (!pending.ok) return pending;
  const input: RuleInput = {
    disputeId: draft.disputeId,
    decision,
    rationale: draft.rationale.trim() === '' ? null : draft.rationale.trim(),
    evidence: pending.evidence,
  };
  // add_row's entity is optional to the service, but the form always shows one (prefilled), so an empty one is a slip.
  if (takes.value !== 'refused') {
    if (value === '')
      return {
        ok: false,
        error:
          decision === 'add_row'
            ? 'Give the entity name of the new row.'
            : 'Give the value (pick a cluster with a–z, or type it).',
      };
    if (decision === 'accept_system' && !isClusterValue(detail, value)) {
      return {
        ok: false,
        error: 'Accept takes a value a system gave: pick a cluster (a–z), or choose “New value” for another value.',
      };
    }
    if (decision === 'accept_system' || decision === 'accept_both')
      Object.assign(input, valueToSend(detail, value, draft.accepted, draft.keepSpelling));
    else input.value = value;
  }
  if (takes.values !== 'refused') {
    // The systems' spellings kept on purpose: the service writes every cell as sent.
    if (decision === 'add_row' && draft.keepSpelling) input.keepSpelling = true;
    // A cell still as gold's format of the system's value goes as the system gave it: the service writes gold's format and keeps both.
    input.values = Object.fromEntries(
      Object.entries(draft.values)
        .map(([column, v]) => [column, v.trim()] as const)
        .filter(([, v]) => v !== '')
        .map(([column, v]) => {
          const raw = draft.acceptedValues[column]?.trim() ?? '';
          return [
            column,
            raw !== '' && rowValuesInGoldFormat(detail, { [column]: raw })[column] === v ? raw : v,
          ] as const;
        }),
    );
  }
  if (takes.row !== 'refused') {
    const row = draft.row.trim();
    const query = draft.rowQuery.trim();
    if (!/^\d+$/.test(row) && query !== '') {
      return {
        ok: false,
        error: `No gold row matches “${oneLine(shortText(query, 60))}”, so no row is chosen and nothing is saved. Type a row number, an entity or an alias, or pick a row with ↑↓.`,
      };
    }
    if (!/^\d+$/.test(row))
      return {
        ok: false,
        error: 'Pick the gold row this entity is an alias of (type its number, entity or alias; ↑↓ choose).',
      };
    // A row the search no longer lists is a stale choice: refused rather than saved.
    if (query !== '' && !filterRows(detail.task_rows, query).some((r) => String(r.row) === row)) {
      return {
        ok: false,
        error: `Row #${Number(row) + 1} does not match “${oneLine(shortText(query, 60))}”: choose the row again, so the alias goes where you mean.`,
      };
    }
    input.row = Number(row);
  }
  return { ok: true, input };
}

/**
 * The evidence a save sends: the links added, and a link still typed in the
 * box (the engineer pressed Enter to save, not to add it first). Text there
 * that is no http(s) link stops the save: dropping it would lose what was
 * typed, and evidence travels in the patch for others to open.
 */
function pendingEvidence(draft: RulingDraft): { ok: true; evidence: string[] } | { ok: false; error: string } {
  const typed = draft.evidenceText.trim();
  if (typed === '') return { ok: true, evidence: draft.evidence };
  const checked = classifyUrl(typed);
  if (!checked.safe)
    return {
      ok: false,
      error: `Evidence box: “${oneLine(shortText(typed, 60))}” is not added (${checked.reason}). Use an http(s) link, or clear the box.`,
    };
  return {
    ok: true,
    evidence: draft.evidence.includes(checked.href) ? draft.evidence : [...draft.evidence, checked.href],
  };
}

function shortText(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
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
  const picked =
    VALUE_DECISIONS.has(ruling.decision) && value !== ''
      ? targets.findIndex((t) => normalizeText(t.value) === wanted)
      : -1;
  // Its value as it was written: a system's spelling that ruling kept on purpose is kept again.
  const spelled = ruling.decision === 'accept_system' || ruling.decision === 'accept_both';
  return {
    ...draft,
    decision: ruling.decision,
    picked: picked >= 0 ? picked : null,
    value,
    values: ruling.values ?? {},
    row: ruling.row != null ? String(ruling.row) : '',
    rowQuery: '',
    accepted: null,
    keepSpelling: spelled && value !== '' && writtenValue(detail, value, false) !== value,
    acceptedValues: {},
    autoPicked: false,
  };
}

/** What the save was made on, to say what became of it. */
export interface SavedContext {
  /** The dispute as shown when saving (before the ruling). */
  detail: DisputeDetail;
  /** The gold operation the form showed before saving; the service's own, when it gives one, is said instead. */
  operation?: GoldOperation;
  engineer: string | null;
  /** Agreeing engineers the store's policy requires. */
  required: number;
}

/**
 * What a save says: the decision, the dispute it was made on (the notice
 * outlives the panel, which has moved on), the gold operation it writes (as
 * the form showed it, add_row's cells on one line), and its status under the policy.
 * A dispute still open under a policy of several engineers says how many
 * agree and that it waits for another's agreement. A warning the service gave
 * (text in a number column is recorded, but said) makes the notice
 * informative rather than a plain success.
 */
export function savedNotice(
  input: RuleInput,
  result: Pick<RuleResult, 'status' | 'warnings'> & { operation?: GoldOperation },
  context: SavedContext,
): { text: string; tone: 'success' | 'info' } {
  const warnings = result.warnings ?? [];
  const notes = warnings.map((warning) => ` Note: ${warning}.`).join('');
  const operation = withSystems(result.operation, context.operation) ?? context.operation;
  const wrote = operation ? `: ${operationOneLine(operation)}` : '';
  const text = `Saved: ${DECISION_LABELS[input.decision]} on “${disputeName(context.detail)}”${wrote} — ${statusText(input, result.status, context)}.${notes}`;
  return { text, tone: warnings.length > 0 ? 'info' : 'success' };
}

/**
 * The service's operation (what was written), with the system each add_row
 * cell came from as the form knew it: the service is not told which system
 * the engineer picked.
 */
function withSystems(written: GoldOperation | undefined, shown: GoldOperation | undefined): GoldOperation | undefined {
  if (written?.op !== 'add_row' || shown?.op !== 'add_row') return written;
  const systems = new Map(shown.cells.flatMap((cell) => (cell.system ? [[cell.column, cell.system] as const] : [])));
  return {
    ...written,
    cells: written.cells.map((cell) =>
      cell.system || !systems.has(cell.column) ? cell : { ...cell, system: systems.get(cell.column)! },
    ),
  };
}

/** The dispute in a line: entity · column (a missing row, or the gold row a row report is on). */
export function disputeName(detail: DisputeDetail): string {
  const { dispute } = detail;
  const entity = shortText(oneLine(dispute.entity), 60);
  if (dispute.column != null) return `${entity} · ${shortText(oneLine(dispute.column), 40)}`;
  if (dispute.kind === 'missing_row') return `${entity} (missing row)`;
  return dispute.gold_row != null ? `${entity} · row #${dispute.gold_row + 1}` : entity;
}

function statusText(input: RuleInput, status: RuleResult['status'], context: SavedContext): string {
  if (status === 'resolved') return 'now resolved';
  if (status === 'conflict') return 'now in conflict: another engineer ruled otherwise';
  const { required } = context;
  if (required <= 1) return 'now open';
  const agreeing = agreeingAfterSave(input, status, context);
  if (agreeing == null) return `now open: it waits for more engineers to agree (${required} must)`;
  const missing = required - agreeing;
  return `now open, ${agreeing} of ${required} agreeing: it waits for ${missing === 1 ? 'another engineer' : `${missing} more engineers`} to agree`;
}

/**
 * How many engineers agree with the ruling just saved, when it can be told.
 * Open means no one disagrees and fewer than the policy's number agree, so
 * under a policy of two only mine counts; beyond two it is foreseen from the
 * rulings shown (hidden under blind review), if that foresaw this status.
 */
function agreeingAfterSave(input: RuleInput, status: RuleResult['status'], context: SavedContext): number | null {
  const { detail, engineer, required } = context;
  if (status !== 'open') return null;
  if (required === 2) return 1;
  const outcome = engineer != null ? predictOutcome(detail, input, engineer, required) : null;
  return outcome != null && outcome.status === status ? outcome.agreeing : null;
}
