// Who reported, when, where: the issue's number, state, author, date and an
// Open button for its GitHub page (http(s) only; otherwise marked unsafe).
import type { ReportState } from '../../../../shared/report-parse';
import { formatTime, oneLine } from '../../lib/format';
import { classifyUrl } from '../../lib/urls';
import { openIssue } from './actions';
import { ReportText } from './ReportText';

export function IssueState({ state }: { state: ReportState }) {
  return <span className={`chip chip-issue issue-${state}`}>{state}</span>;
}

interface ReportMetaProps {
  author: string | null;
  created_at: string | null;
  repo: string;
}

export function ReportMeta({ author, created_at, repo }: ReportMetaProps) {
  return (
    <span className="report-meta">
      <span className="report-author">{author != null ? <ReportText text={author} /> : 'unknown author'}</span>
      {created_at != null && (
        <time dateTime={created_at} title={created_at}>
          {formatTime(created_at)}
        </time>
      )}
      <span className="muted">{oneLine(repo)}</span>
    </span>
  );
}

export function OpenIssueButton({ url, small = true }: { url: string | null; small?: boolean }) {
  if (url == null) return null;
  const checked = classifyUrl(url);
  if (!checked.safe) {
    return (
      <span className="source-unsafe" title={`The issue link is not openable: ${checked.reason}`}>
        <span className="source-flag">unsafe link</span>
      </span>
    );
  }
  return (
    <button
      type="button"
      className={`button ${small ? 'button-small' : ''}`}
      onClick={() => openIssue(checked.href)}
      title={`Open ${checked.href} in the browser`}
    >
      Open issue ↗
    </button>
  );
}
