// Display formatting for values that come from the store. Everything returns
// plain strings that React renders as text children.
import type { DisputeRow, GoldView } from '../../../shared/api-types';
import type { ColumnRule, Decision, DisputeKind, DisputeStatus } from '../../../shared/domain';
import { visibleControls } from '../../../shared/report-parse';

export type Tone = 'value' | 'muted' | 'empty';

export interface Display {
  text: string;
  tone: Tone;
}

/**
 * The gold side of a dispute: its value, or its state shown as a muted word.
 * A missing row nobody contests is one gold names now (a revision added it
 * after the runs were graded): only a ruled one stays a dispute.
 */
export function goldDisplay(gold: GoldView, kind: DisputeKind, contesting?: number): Display {
  if (kind === 'missing_row') return { text: contesting === 0 ? 'in gold now' : 'not in gold', tone: 'muted' };
  if (gold.state === 'blank') return { text: 'blank', tone: 'muted' };
  if (gold.state === 'ungraded') return { text: 'ungraded', tone: 'muted' };
  return valueDisplay(gold.value);
}

/** A value that may be missing or whitespace: never render an invisible cell. */
export function valueDisplay(value: string | null | undefined): Display {
  if (value == null) return { text: '—', tone: 'empty' };
  if (value.trim() === '') return { text: '(empty)', tone: 'muted' };
  return { text: oneLine(value), tone: 'value' };
}

/** "93 (5)": the leading contesting value and how many systems gave it. */
export function topValueText(row: Pick<DisputeRow, 'top_value' | 'top_count'> & { kind?: DisputeRow['kind'] }): string {
  if (row.top_value == null) return '—';
  // A report dispute no system contests leads with the reporter's proposed value.
  if (row.kind === 'report' && row.top_count === 0) return `${oneLine(row.top_value)} (reported)`;
  return `${oneLine(row.top_value)} (${row.top_count})`;
}

// Every text that came from data (imported runs, datasets, reports, ruling
// logs, other engineers) goes through oneLine or shownText before it reaches
// the screen or a tooltip, so a bidi override or a zero-width character can
// never reorder or hide what is shown: it appears as a ⟨U+XXXX⟩ mark instead.

/** One display line (grid cells, headers, chips, names): controls as ⟨U+XXXX⟩ marks, line breaks as ⏎. */
export function oneLine(text: string): string {
  // U+2028 and U+2029 are line breaks too, to a browser.
  return visibleControls(text.replace(/\s*[\r\n\u2028\u2029]+\s*/gu, ' ⏎ '));
}

/** Multi-line text (question, reasoning, rationale, tooltips): controls as ⟨U+XXXX⟩ marks, line breaks kept. */
export function shownText(text: string): string {
  // CR and U+2028/U+2029 become plain line breaks first: marked, they would read as clutter, not as a trick.
  return visibleControls(text.replace(/\r\n?|[\u2028\u2029]/gu, '\n'));
}

export const DECISION_SHORT: Record<Decision | 'retract', string> = {
  keep_gold: 'keep gold',
  accept_system: 'accept',
  accept_both: 'accept both',
  new_value: 'new value',
  mark_blank: 'blank',
  mark_ungraded: 'ungraded',
  add_row: 'add row',
  add_alias: 'alias',
  reject_row: 'reject row',
  remove_row: 'remove row',
  retract: 'retracted',
};

/** Compact labels for the decision buttons; DECISION_LABELS (shared) is the full wording. */
export const DECISION_BUTTON: Record<Decision, string> = {
  keep_gold: 'Keep gold',
  accept_system: 'Accept',
  accept_both: 'Both',
  new_value: 'New',
  mark_blank: 'Blank',
  mark_ungraded: 'Ungraded',
  add_row: 'Add row',
  add_alias: 'Alias',
  reject_row: 'Reject row',
  remove_row: 'Remove row',
};

export const KIND_LABELS: Record<DisputeKind, string> = {
  cell: 'cell',
  missing_row: 'missing row',
  report: 'report',
};

export const STATUS_LABELS: Record<DisputeStatus, string> = {
  open: 'open',
  resolved: 'resolved',
  conflict: 'conflict',
};

/** A column rule in one line: "number · ±1%", "choice · E | T | M". */
export function ruleText(rule: ColumnRule | null | undefined): string {
  if (!rule) return 'no rule';
  switch (rule.type) {
    case 'number': {
      if (rule.relative_tolerance != null) return `number · ±${formatPercent(rule.relative_tolerance)}`;
      if (rule.tolerance != null) return rule.tolerance === 0 ? 'number · exact' : `number · ±${rule.tolerance}`;
      return 'number';
    }
    case 'date':
      return rule.tolerance_days
        ? `date · ±${rule.tolerance_days} day${rule.tolerance_days === 1 ? '' : 's'}`
        : 'date · exact';
    case 'choice':
      return rule.options && rule.options.length > 0 ? `choice · ${rule.options.join(' | ')}` : 'choice';
    case 'llm_judge':
      return rule.criterion ? `LLM judge · ${rule.criterion}` : 'LLM judge';
    case 'text':
      return 'text · normalised equality';
    case 'list':
      return 'list · same set of items';
    case 'url':
      return 'url · same host';
    case 'entity':
      return 'entity name';
    default:
      return String(rule.type);
  }
}

function formatPercent(fraction: number): string {
  const pct = fraction * 100;
  return `${Number.isInteger(pct) ? pct : Number(pct.toPrecision(3))}%`;
}

const numberFormat = new Intl.NumberFormat('en-US');

export function formatCount(n: number): string {
  return numberFormat.format(n);
}

/** "2025-03-04 14:05" in local time; the ISO string itself when unparsable. */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** "14:05" in local time: when something finished today, for a label. */
export function clockTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

/** The status bar's total: "1,451 total", or "20 shown of 1,451" while the queue on screen is filtered. */
export function totalText(total: number, shown: number | null): string {
  return shown == null ? `${formatCount(total)} total` : `${formatCount(shown)} shown of ${formatCount(total)}`;
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/** A file path shortened for a header: keep the file name whole. */
export function shortPath(path: string, max = 48): string {
  if (path.length <= max) return path;
  const cut = path.lastIndexOf('/') >= 0 ? path.lastIndexOf('/') : path.lastIndexOf('\\');
  const name = cut >= 0 ? path.slice(cut) : path;
  if (name.length >= max - 1) return `…${name.slice(name.length - max + 1)}`;
  return `${path.slice(0, max - name.length - 1)}…${name}`;
}

/**
 * A path as its folder and its last name (with the separator before it), for
 * a path that shortens in the middle: "/a/b/store.sqlite" → "/a/b" and
 * "/store.sqlite", shown as "/a/…/store.sqlite" when narrow.
 */
export function splitPath(path: string): { dir: string; name: string } {
  // A trailing separator names nothing: the last name is the one before it.
  const body = /[/\\]$/u.test(path) ? path.slice(0, -1) : path;
  const cut = Math.max(body.lastIndexOf('/'), body.lastIndexOf('\\'));
  if (cut <= 0) return { dir: '', name: path };
  return { dir: path.slice(0, cut), name: path.slice(cut) };
}

/** The next revision tag after the store's: v1.0 → v1.1; otherwise "-next", so the field is never empty. */
export function suggestRevision(base: string | null): string {
  if (!base) return 'v1.1';
  const match = /^(.*?)(\d+)$/.exec(base);
  return match ? `${match[1]}${Number(match[2]) + 1}` : `${base}-next`;
}

export interface PolicyView {
  required: number;
  blind: boolean;
}

/** The header's short form: "1 ruling", "2 agreeing · blind". */
export function policyShort(policy: PolicyView): string {
  return `${policy.required === 1 ? '1 ruling' : `${policy.required} agreeing`}${policy.blind ? ' · blind' : ''}`;
}

/** What the policy means, in a sentence. */
export function policyLong(policy: PolicyView): string {
  const settle =
    policy.required === 1 ? 'One ruling resolves a dispute' : `${policy.required} agreeing engineers resolve a dispute`;
  return `${settle}; blind review ${policy.blind ? 'on' : 'off'}.`;
}

/** "mia" → "M", "Noah Berg" → "NB": the engineer badge's avatar. */
export function initials(name: string): string {
  const parts = name
    .trim()
    .split(/[\s._-]+/)
    .filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]![0], parts[1]![0]] : [...(parts[0] ?? '?')].slice(0, 1);
  return letters.join('').toUpperCase();
}

/** `DIR/mia.rulings.jsonl:12` as `mia.rulings.jsonl:12`: the folder, the same on every line of a log, goes in a tooltip. */
export function fileAndLine(where: string): string {
  return where.slice(Math.max(where.lastIndexOf('/'), where.lastIndexOf('\\')) + 1);
}
