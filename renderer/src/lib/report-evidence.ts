// Links a linked GitHub report gives (reporters are asked for "a link to a
// source that shows the correct value"), offered as the ruling's evidence:
// evidence is what the patch carries into gold's sources, and a corrected
// value without any keeps the old value's sources. Pure; tested directly.
import type { ReportView } from '../../../shared/report-parse';

export interface SuggestedEvidence {
  href: string;
  /** The report that gives it. */
  report: number;
}

/** Safe http(s) links of the dispute's reports not yet in the evidence, each once, in report order. */
export function reportEvidence(
  reports: readonly Pick<ReportView, 'number' | 'urls'>[],
  evidence: readonly string[],
): SuggestedEvidence[] {
  const seen = new Set(evidence);
  const out: SuggestedEvidence[] = [];
  for (const report of reports) {
    for (const url of report.urls) {
      if (!url.safe || url.href === null || seen.has(url.href)) continue;
      seen.add(url.href);
      out.push({ href: url.href, report: report.number });
    }
  }
  return out;
}
