// What the reports queries return: shared by the store, the hosts and the
// renderer (the inputs their API methods take are the contract's: shared/api/reports.ts).
import type { ParsedReport } from './index';
import { INVISIBLE_CONTROLS } from './text';
import type { ReportUrl } from './urls';

export type ReportState = 'open' | 'closed';

/** One line of `reports list --json`. */
export interface ReportListItem {
  number: number;
  repo: string;
  /** Display-safe (see `visibleControls`). */
  title: string;
  url: string | null;
  state: ReportState;
  author: string | null;
  created_at: string | null;
  /**
   * What the report is about: the cell or row of the dispute it was linked to
   * by hand (which may be another cell than the parser found), else what the
   * parser found (with the engineer's fixes).
   */
  task_id: string | null;
  /** 0-based gold row, as `gold_row` in `disputes --json`. */
  row: number | null;
  /** The task's exact column name. */
  column: string | null;
  /** The parsed column's similarity; null when a hand link shows another column. */
  column_score: number | null;
  dispute_id: string | null;
  confidence: number | null;
  manual_link: boolean;
  overridden: boolean;
  /** What the parser found (with the engineer's fixes), whatever the report is linked to. */
  parsed_task_id: string | null;
  parsed_row: number | null;
  parsed_column: string | null;
  /** What the report wrote for a column none of the task's (EffectiveReportFields.column_unresolved). */
  column_unresolved: string | null;
  /**
   * The revision whose patch carried the linked dispute: one imported as a
   * base first (what shipped), else the newest exported; null when none did.
   * A reply says the fix ships in it.
   */
  fixed_in: string | null;
}

/** The engineer's corrections to what the parser found; a key set to null means "none". */
export interface ReportOverride {
  task_id?: string | null;
  row?: number | null;
  column?: string | null;
  proposed_value?: string | null;
  missing_entity?: string | null;
}

/** The fields linking uses: the override where given, else the parse. */
export interface EffectiveReportFields {
  task_id: string | null;
  row: number | null;
  column: string | null;
  column_score: number | null;
  proposed_value: string | null;
  missing_entity: string | null;
  confidence: number | null;
  /**
   * What the report wrote for a column that is none of the task's (e.g. "Founding yr"), when no
   * column was picked by hand: such a report stays unlinked rather than become one about the whole row.
   */
  column_unresolved: string | null;
}

/** A report as the dispute panel shows it. Render every text as text, never as HTML. */
export interface ReportView {
  number: number;
  repo: string;
  title: string;
  url: string | null;
  author: string | null;
  created_at: string | null;
  updated_at: string | null;
  state: ReportState;
  labels: string[];
  /** Exactly as the reporter wrote it. */
  body: string;
  /** The body with invisible and bidirectional controls shown as `⟨U+202E⟩`: what to display. */
  body_text: string;
  /** Every link in title and body; only `safe` ones may be offered as links (use `href`). */
  urls: ReportUrl[];
  parsed: ParsedReport | null;
  override: ReportOverride | null;
  effective: EffectiveReportFields;
  dispute_id: string | null;
  manual_link: boolean;
}

/**
 * Text made safe to display: bidirectional overrides, zero-width characters
 * and other control characters (except line breaks and tabs) become visible
 * `⟨U+XXXX⟩` marks, so nothing can reorder or hide what is shown.
 */
export function visibleControls(text: string): string {
  const mark = (char: string): string => `⟨U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}⟩`;
  // eslint-disable-next-line no-control-regex
  return text.replace(INVISIBLE_CONTROLS, mark).replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/gu, mark);
}
