// How a revision reads on screen: score deltas, patch operations as
// before → after, and a refused apply's mismatches. Pure; tested directly.
import type { PatchCellState, PatchOpKind, PatchRowState } from '../../../../shared/patch';
import type { PatchReviewOperation, SystemRescore } from '../../../../shared/revision-types';
import { normalizeText } from '../../../../shared/normalize';

export const OP_KINDS: readonly PatchOpKind[] = [
  'set_cell',
  'add_alternative',
  'set_blank',
  'set_ungraded',
  'add_row',
  'remove_row',
  'add_alias',
];

export const OP_LABELS: Record<PatchOpKind, string> = {
  set_cell: 'value corrected',
  add_alternative: 'alternative added',
  set_blank: 'marked blank',
  set_ungraded: 'marked ungraded',
  add_row: 'row added',
  remove_row: 'row removed',
  add_alias: 'alias added',
};

/** An F1 on screen: three decimals (0.447); "—" when absent. */
export function formatF1(x: number | null | undefined): string {
  if (x == null || !Number.isFinite(x)) return '—';
  return x.toFixed(3);
}

/** A signed change: "+0.037", "−0.013", "0.000" when it rounds to nothing. */
export function formatDelta(d: number | null | undefined, digits = 3): string {
  if (d == null || !Number.isFinite(d)) return '—';
  const text = Math.abs(d).toFixed(digits);
  if (Number(text) === 0) return (0).toFixed(digits);
  return `${d > 0 ? '+' : '−'}${text}`;
}

export interface DeltaAxis {
  /** −max: the axis is symmetric around 0. */
  min: number;
  /** A whole number of intervals, so every tick (0 among them) falls on a multiple of the interval. */
  max: number;
  /** Between ticks: 1, 2 or 5 × 10ⁿ. */
  interval: number;
  /** Decimals a tick label needs: every multiple of the interval reads differently. */
  digits: number;
}

/** The nice steps, 1, 2 and 5 × 10ⁿ, from the one at or below `x` upwards. */
function* niceSteps(x: number): Generator<number> {
  for (let power = 10 ** Math.floor(Math.log10(x)); ; power *= 10) for (const m of [1, 2, 5]) yield m * power;
}

/**
 * The Δ axis of the score chart: symmetric around 0, a little wider than the
 * largest change, in 2 to `maxSteps` round steps (1, 2 or 5 × 10ⁿ) each side.
 * Its ends are multiples of the step, so the ticks ECharts draws from the
 * minimum upwards land on round values, 0 among them, and each label sits
 * exactly at the value it reads. The labels' precision follows the step
 * (0.005 → three decimals), never a fixed count that would print two
 * neighbouring ticks alike ("−0.01 −0.01").
 */
export function deltaAxis(largest: number, maxSteps = 3): DeltaAxis {
  const half = Math.max(0.005, Math.abs(largest)) * 1.15;
  let interval = half;
  // The finest step that spans the half-axis in at most maxSteps steps (so at least two, as the next finer one needs more).
  for (const step of niceSteps(half / (maxSteps * 10))) {
    if (Math.ceil(half / step - 1e-9) <= maxSteps) {
      interval = step;
      break;
    }
  }
  // Nudged: log10 of 0.01 may come out a hair under -2.
  const digits = Math.max(0, -Math.floor(Math.log10(interval) + 1e-9));
  // Rounded to the step's decimals: 3 × 0.005 is 0.015000000000000001 in floating point.
  const max = Number((Math.ceil(half / interval - 1e-9) * interval).toFixed(digits + 1));
  return { min: -max, max, interval, digits };
}

export type Trend = 'up' | 'down' | 'flat';

export function trend(d: number, epsilon = 5e-4): Trend {
  if (d > epsilon) return 'up';
  if (d < -epsilon) return 'down';
  return 'flat';
}

/** A rank move: "3 → 1 ▲2", "2 → 2". Lower is better. */
export function rankMove(before: number, after: number): { text: string; trend: Trend } {
  if (after < before) return { text: `▲${before - after}`, trend: 'up' };
  if (after > before) return { text: `▼${after - before}`, trend: 'down' };
  return { text: '', trend: 'flat' };
}

export interface DeltaRow {
  system: string;
  run: string;
  rowDelta: number;
  itemDelta: number;
  discoveryDelta: number;
}

/** Each run's change in Row F1, largest gain first (ties by system name), for the chart. */
export function deltaRows(systems: readonly SystemRescore[]): DeltaRow[] {
  return systems
    .map((s) => ({
      system: s.system,
      run: s.run,
      rowDelta: s.after.row_f1 - s.before.row_f1,
      itemDelta: s.after.item_f1 - s.before.item_f1,
      discoveryDelta: s.after.discovery_f1 - s.before.discovery_f1,
    }))
    .sort((a, b) => b.rowDelta - a.rowDelta || a.system.localeCompare(b.system) || a.run.localeCompare(b.run));
}

/** The label of a run when one system has several runs: the system, else system · run. */
export function runLabels(systems: readonly Pick<SystemRescore, 'system' | 'run'>[]): Map<string, string> {
  const count = new Map<string, number>();
  for (const s of systems) count.set(s.system, (count.get(s.system) ?? 0) + 1);
  return new Map(systems.map((s) => [s.run, (count.get(s.system) ?? 0) > 1 ? `${s.system} · ${s.run}` : s.system]));
}

type State = PatchCellState | PatchRowState | null;

export interface StateText {
  text: string;
  tone: 'value' | 'muted';
  /** Row states: aliases and how many cells; cell states: accepted alternatives. */
  extra: string | null;
}

/** One side of an operation in words: a value, "blank", "ungraded", a row, or nothing. */
export function stateText(state: State): StateText {
  if (state == null) return { text: 'none', tone: 'muted', extra: null };
  if ('entity' in state) {
    const cells = state.cells ? Object.keys(state.cells).length : 0;
    const bits = [
      state.aliases.length > 0 ? `aka ${state.aliases.join(', ')}` : '',
      cells > 0 ? `${cells} cell${cells === 1 ? '' : 's'}` : '',
    ].filter(Boolean);
    return { text: state.entity, tone: 'value', extra: bits.length > 0 ? bits.join(' · ') : null };
  }
  if ('value' in state) {
    const alternatives = state.alternatives ?? [];
    return {
      text: state.value,
      tone: 'value',
      extra: alternatives.length > 0 ? `also ${alternatives.join(' | ')}` : null,
    };
  }
  if ('blank' in state) return { text: 'blank', tone: 'muted', extra: null };
  return { text: 'ungraded', tone: 'muted', extra: null };
}

export interface OperationFilter {
  task: string;
  op: PatchOpKind | '';
  text: string;
}

function stateWords(state: State): string[] {
  if (state == null) return [];
  if ('entity' in state)
    return [state.entity, ...state.aliases, ...Object.values(state.cells ?? {}).flatMap(stateWords)];
  if ('value' in state) return [state.value, ...(state.alternatives ?? [])];
  return [];
}

/** Operations matching the task, the kind and the text (entity, column, values, engineers, issue numbers, evidence). */
export function filterOperations(
  ops: readonly PatchReviewOperation[],
  filter: OperationFilter,
): PatchReviewOperation[] {
  const q = normalizeText(filter.text);
  return ops.filter((op) => {
    if (filter.task !== '' && op.task_id !== filter.task) return false;
    if (filter.op !== '' && op.op !== filter.op) return false;
    if (q === '') return true;
    const words = [
      op.task_id,
      op.entity ?? '',
      op.column ?? '',
      OP_LABELS[op.op],
      op.op,
      ...stateWords(op.from),
      ...stateWords(op.to),
      ...op.rulings.flatMap((r) => [r.engineer, r.decision]),
      ...op.issues.map((n) => `#${n}`),
      ...op.evidence,
    ];
    return words.some((w) => normalizeText(w).includes(q));
  });
}

/** "afcfdd64e1e1…": enough of a sha256 to tell revisions apart at a glance. */
export function shortSha(sha: string | null | undefined, length = 12): string {
  if (!sha) return '—';
  return sha.length > length ? `${sha.slice(0, length)}…` : sha;
}

/** The file next to `path` named `name` (same folder, either slash). */
export function siblingPath(path: string, name: string): string {
  const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return cut >= 0 ? `${path.slice(0, cut + 1)}${name}` : name;
}

/** "…/atlas-test.jsonl" + "v1.1" → "…/atlas-test.v1.1.jsonl": a revised dataset's default name. */
export function revisedDatasetPath(dataset: string, revision: string): string {
  const cut = Math.max(dataset.lastIndexOf('/'), dataset.lastIndexOf('\\'));
  const dir = dataset.slice(0, cut + 1);
  const name = dataset.slice(cut + 1);
  const dot = name.lastIndexOf('.');
  const tag = revision.trim() || 'revised';
  return dot > 0 ? `${dir}${name.slice(0, dot)}.${tag}${name.slice(dot)}` : `${dir}${name}.${tag}`;
}
