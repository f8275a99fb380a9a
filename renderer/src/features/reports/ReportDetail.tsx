// The selected report: what it says (plain text, links), what the parser
// found and the engineer's fixes, where it is linked, and the reply.
import type { ReportListItem } from '../../../../shared/report-parse';
import { reportKey } from '../../lib/reports';
import { useReportsStore } from '../../stores/reports-store';
import { Section } from '../../ui/Section';
import { LinkSection } from './LinkSection';
import { ParsedSection } from './ParsedSection';
import { ReplySection } from './ReplySection';
import { IssueState, OpenIssueButton, ReportMeta } from './ReportMeta';
import { ReportBody, ReportText, ReportUrlList } from './ReportText';

export function ReportDetail() {
  const items = useReportsStore((s) => s.items);
  const selected = useReportsStore((s) => s.selected);
  const view = useReportsStore((s) => s.view);
  const loading = useReportsStore((s) => s.detailLoading);
  const error = useReportsStore((s) => s.detailError);
  const item = items.find((i) => reportKey(i) === selected) ?? null;
  if (!item)
    return (
      <aside className="panel panel-empty report-detail">
        {items.length > 0 ? 'Select a report (j / k or click a row).' : ''}
      </aside>
    );
  const shown = view != null && view.number === item.number && view.repo === item.repo ? view : null;
  return (
    <aside className={`panel report-detail ${loading ? 'panel-stale' : ''}`} aria-label={`Report #${item.number}`}>
      <ReportHead item={item} labels={shown?.labels ?? []} />
      <div className="panel-scroll" key={reportKey(item)}>
        {error != null && <div className="error-box">Could not load the report: {error}</div>}
        <LinkSection item={item} view={shown} />
        <ParsedSection item={item} view={shown} />
        <Section
          title="Report"
          aside={shown?.updated_at ? <span className="muted small">edited {shown.updated_at.slice(0, 10)}</span> : null}
        >
          {shown ? (
            <>
              <ReportBody text={shown.body_text} />
              <h4 className="subhead">Links in the report</h4>
              <ReportUrlList urls={shown.urls} empty="No links." />
            </>
          ) : (
            <p className="muted">{loading ? 'Loading…' : 'Not available.'}</p>
          )}
        </Section>
        <ReplySection item={item} />
      </div>
    </aside>
  );
}

function ReportHead({ item, labels }: { item: ReportListItem; labels: string[] }) {
  return (
    <header className="dispute-head report-detail-head">
      <div className="report-head">
        <span className="report-number">#{item.number}</span>
        <ReportText text={item.title} className="report-title report-title-large" />
        <IssueState state={item.state} />
      </div>
      <div className="report-subhead">
        <ReportMeta author={item.author} created_at={item.created_at} repo={item.repo} />
        {labels.map((label) => (
          <span key={label} className="chip chip-label">
            <ReportText text={label} />
          </span>
        ))}
        <span className="spacer" />
        <OpenIssueButton url={item.url} small={false} />
      </div>
    </header>
  );
}
