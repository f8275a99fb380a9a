// How GitHub reports read on screen. Pure helpers: every text from a report is
// shown as React text; these only decide wording, order and grouping.
import type { ReportListItem, ReportView } from '../../../shared/report-parse';
import { visibleControls } from '../../../shared/report-parse';
import { normalizeText } from '../../../shared/normalize';

/** A report's identity in the store: the same number may exist in two repositories. */
export function reportKey(report: Pick<ReportListItem, 'repo' | 'number'>): string {
  return `${report.repo}#${report.number}`;
}

/** The row as people count it: 1-based ("#3"), or a dash when none was found. */
export function rowText(row: number | null | undefined): string {
  return row == null ? '—' : `#${row + 1}`;
}

export type ConfidenceTone = 'high' | 'medium' | 'low' | 'none';

export function confidenceTone(confidence: number | null | undefined): ConfidenceTone {
  if (confidence == null || !Number.isFinite(confidence) || confidence <= 0) return 'none';
  if (confidence >= 0.85) return 'high';
  if (confidence >= 0.5) return 'medium';
  return 'low';
}

/** 0.95 → "95%"; null → "—". */
export function confidenceText(confidence: number | null | undefined): string {
  if (confidence == null || !Number.isFinite(confidence)) return '—';
  return `${Math.round(confidence * 100)}%`;
}

/** A column-name match score: 1 is exact; lower is a guess ("≈ 82%"). */
export function scoreText(score: number | null | undefined): string {
  if (score == null || !Number.isFinite(score)) return '';
  return score >= 0.999 ? 'exact' : `≈ ${Math.round(score * 100)}%`;
}

export interface TextPart {
  text: string;
  /** A visible stand-in for an invisible or bidirectional control (⟨U+202E⟩). */
  control: boolean;
}

const CONTROL_MARK = /⟨U\+[0-9A-F]{4,6}⟩/gu;

/**
 * Text from a report, made safe to show: invisible and bidirectional controls
 * become visible `⟨U+XXXX⟩` marks (already so in `body_text`; applying it again
 * changes nothing), split so the marks can be styled as markers.
 */
export function displayParts(text: string): TextPart[] {
  const visible = visibleControls(text);
  const parts: TextPart[] = [];
  let from = 0;
  for (const match of visible.matchAll(CONTROL_MARK)) {
    if (match.index > from) parts.push({ text: visible.slice(from, match.index), control: false });
    parts.push({ text: match[0], control: true });
    from = match.index + match[0].length;
  }
  if (from < visible.length || parts.length === 0) parts.push({ text: visible.slice(from), control: false });
  return parts;
}

/** True when the text holds a control character that display turns into a marker. */
export function hasControls(text: string): boolean {
  return visibleControls(text) !== text;
}

export interface ReportFilter {
  unlinkedOnly: boolean;
  query: string;
}

/** Reports matching the search (number, title, author, task, column), newest issue first within each repository. */
export function filterReports(items: readonly ReportListItem[], filter: ReportFilter): ReportListItem[] {
  const q = normalizeText(filter.query.replace(/^#/, ''));
  return items.filter((item) => {
    if (filter.unlinkedOnly && item.dispute_id != null) return false;
    if (q === '') return true;
    if (String(item.number) === q) return true;
    return [item.title, item.author ?? '', item.task_id ?? '', item.column ?? '', item.repo].some((field) =>
      normalizeText(field).includes(q),
    );
  });
}

export function countUnlinked(items: readonly ReportListItem[]): number {
  return items.filter((item) => item.dispute_id == null).length;
}

/** Which field an engineer fixed by hand (the override names it). */
export function overridden(
  view: Pick<ReportView, 'override'> | null,
  field: keyof NonNullable<ReportView['override']>,
): boolean {
  return view?.override != null && Object.prototype.hasOwnProperty.call(view.override, field);
}

/** The next selection when moving by `delta` through `items` from `current` (clamped; first when none). */
export function stepSelection(keys: readonly string[], current: string | null, delta: number): string | null {
  if (keys.length === 0) return null;
  const at = current == null ? -1 : keys.indexOf(current);
  if (at < 0) return keys[delta < 0 ? keys.length - 1 : 0]!;
  return keys[Math.max(0, Math.min(keys.length - 1, at + delta))]!;
}
