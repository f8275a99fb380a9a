// `show`: the GitHub reports attached to a dispute, as the app's panel shows
// them — number, state, title, reporter, the value they propose and where,
// the start of the body, and their links (anything but http(s) marked unsafe).
// Every text is the reporter's and is made inert before it reaches a terminal.
import type { ReportView } from '../../shared/report-parse';
import { block, inline, truncate } from '../format';

/** As much of a body as the panel shows before "Show the whole report". */
const BODY_LINES = 8;
const BODY_CHARS = 420;

function proposal(report: ReportView): string {
  const fields = report.effective;
  const what =
    fields.proposed_value !== null && fields.proposed_value !== ''
      ? `proposes "${inline(fields.proposed_value)}"`
      : fields.missing_entity !== null
        ? `proposes the missing row "${inline(fields.missing_entity)}"`
        : 'proposes no value';
  // Counted from 1, as the rest of `show`, the disputes table and `rule --row`.
  const where = [
    fields.row === null ? null : `row ${fields.row + 1}`,
    fields.column === null ? null : inline(fields.column),
  ].filter((part) => part !== null);
  const confidence =
    fields.confidence === null ? '' : ` · parsed with ${Math.round(fields.confidence * 100)}% confidence`;
  return `${what}${where.length > 0 ? ` · ${where.join(' · ')}` : ''}${confidence}`;
}

function bodyLines(text: string): string[] {
  const trimmed = text.trim();
  if (trimmed === '') return ['      (empty body)'];
  const lines = trimmed.split(/\r\n|\r|\n/);
  const head = lines.slice(0, BODY_LINES).join('\n');
  const shown = truncate(head, BODY_CHARS);
  const out = [block(shown, '      | ')];
  if (lines.length > BODY_LINES || shown !== head) out.push('      | … (the whole body is in `show --json`)');
  return out;
}

function reportLines(report: ReportView): string[] {
  const by = report.author !== null ? `@${inline(report.author)}` : 'unknown reporter';
  const when = report.created_at !== null ? ` · ${inline(report.created_at.slice(0, 10))}` : '';
  const lines = [
    `  #${report.number} ${report.state} · ${inline(report.title)}`,
    `      by ${by}${when}${report.repo ? ` · ${inline(report.repo)}` : ''}`,
  ];
  if (report.url !== null) lines.push(`      issue: ${inline(report.url)}`);
  lines.push(`      ${proposal(report)}`, ...bodyLines(report.body_text));
  for (const link of report.urls)
    lines.push(
      `      link: ${inline(link.url)}${link.safe ? '' : `  (unsafe: ${inline(link.reason ?? 'not an http(s) link')})`}`,
    );
  return lines;
}

/** The "Reports (N):" section, or nothing when no report is attached. */
export function disputeReportLines(reports: readonly ReportView[]): string[] {
  if (reports.length === 0) return [];
  return ['', `Reports (${reports.length}):`, ...reports.flatMap(reportLines)];
}
