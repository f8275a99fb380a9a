// Users' GitHub reports on this dispute, beside gold and the systems' values:
// who and when, a link to the issue, the body as plain text, the reporter's
// sources as safe links, and the value they propose.
import { useState } from 'react';
import type { DisputeDetail } from '../../../../shared/api-types';
import { decisionsForDispute } from '../../../../shared/domain';
import { normalizeText } from '../../../../shared/normalize';
import type { ReportView } from '../../../../shared/report-parse';
import { oneLine } from '../../lib/format';
import { confidenceText, confidenceTone, rowText, scoreText } from '../../lib/reports';
import { clusterKey, decisionKeyIndex } from '../../lib/keys';
import { useRulingStore } from '../../stores/ruling-store';
import { Section } from '../../ui/Section';
import { showReport } from '../reports/actions';
import { IssueState, OpenIssueButton, ReportMeta } from '../reports/ReportMeta';
import { ReportBody, ReportText, ReportUrlList } from '../reports/ReportText';

const LONG_BODY = 420;

export function ReportsBlock({ detail }: { detail: DisputeDetail }) {
  if (detail.reports.length === 0) return null;
  return (
    <Section
      title="Reports"
      aside={
        <span className="muted small">
          {detail.reports.length === 1 ? '1 GitHub issue' : `${detail.reports.length} GitHub issues`}
        </span>
      }
    >
      <ul className="reports">
        {detail.reports.map((report) => (
          <ReportItem key={`${report.repo}#${report.number}`} report={report} detail={detail} />
        ))}
      </ul>
    </Section>
  );
}

function ReportItem({ report, detail }: { report: ReportView; detail: DisputeDetail }) {
  const [expanded, setExpanded] = useState(false);
  const long = report.body_text.length > LONG_BODY || report.body_text.split('\n').length > 8;
  const fields = report.effective;
  return (
    <li className="report">
      <div className="report-head">
        <span className="report-number">#{report.number}</span>
        <ReportText text={report.title} className="report-title" />
        <IssueState state={report.state} />
      </div>
      <div className="report-subhead">
        <ReportMeta author={report.author} created_at={report.created_at} repo={report.repo} />
        <span className="spacer" />
        <OpenIssueButton url={report.url} />
        <button
          type="button"
          className="button button-small"
          onClick={() => void showReport(report)}
          title="Show this report in the Reports tab (fix what was parsed, link, reply)"
        >
          In Reports
        </button>
      </div>
      <div className="report-proposal">
        <span className="label">proposes</span>
        {fields.proposed_value != null && fields.proposed_value !== '' ? (
          <ReportText text={fields.proposed_value} className="value value-value report-proposed" />
        ) : fields.missing_entity != null ? (
          <span>
            missing row <ReportText text={fields.missing_entity} className="value value-value" />
          </span>
        ) : (
          <span className="value-muted">no value stated</span>
        )}
        <span className="muted small">
          row {rowText(fields.row)}
          {fields.column != null && (
            <>
              {' '}
              · {oneLine(fields.column)}
              {fields.column_score != null && fields.column_score < 0.999 ? ` (${scoreText(fields.column_score)})` : ''}
            </>
          )}
        </span>
        <span
          className={`confidence confidence-${confidenceTone(fields.confidence)}`}
          title="How much of task, row, column, value and sources the parser found, and how surely"
        >
          {confidenceText(fields.confidence)}
        </span>
        <UseProposed detail={detail} value={fields.proposed_value} />
      </div>
      <ReportBody text={report.body_text} clamp={long && !expanded} />
      {long && (
        <button type="button" className="link-button" onClick={() => setExpanded(!expanded)} aria-expanded={expanded}>
          {expanded ? 'Show less' : 'Show the whole report'}
        </button>
      )}
      <ReportUrlList urls={report.urls} empty="No links in the report." />
    </li>
  );
}

/** Prefill my ruling with the reported value: the matching cluster if a system gave it, else a new value. */
function UseProposed({ detail, value }: { detail: DisputeDetail; value: string | null }) {
  const choose = useRulingStore((s) => s.choose);
  const pick = useRulingStore((s) => s.pick);
  const update = useRulingStore((s) => s.update);
  if (value == null || value.trim() === '' || detail.dispute.column == null || detail.dispute.kind === 'missing_row')
    return null;
  const wanted = normalizeText(value);
  const cluster = detail.clusters.findIndex((c) => normalizeText(c.value) === wanted);
  const decisions = decisionsForDispute(detail.dispute);
  const newValue = decisions.includes('new_value') ? decisionKeyIndex('new_value') : -1;
  const use = () => {
    if (cluster >= 0) {
      pick(detail, cluster);
      return;
    }
    if (newValue < 0) return;
    choose(detail, newValue);
    update({ value });
  };
  const key = cluster >= 0 ? clusterKey(cluster) : null;
  return (
    <button
      type="button"
      className="button button-small"
      data-enter-save=""
      onClick={use}
      title={
        cluster >= 0
          ? `A system gave this value: pick cluster ${key ?? ''}`
          : 'Rule “new value” with the reported value (check it against the sources first)'
      }
    >
      {cluster >= 0 ? `Accept (cluster ${key ?? '·'})` : 'Use as new value'}
    </button>
  );
}
