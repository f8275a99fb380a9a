// Text from a GitHub report, shown as text: never HTML, never Markdown. Line
// breaks are kept; invisible and bidirectional control characters appear as
// visible ⟨U+202E⟩ markers, so nothing can reorder or hide what is shown.
import type { ReportUrl } from '../../../../shared/report-parse';
import { displayParts } from '../../lib/reports';
import { shortenMiddle } from '../../lib/urls';
import { openSource } from '../review/actions';

export function ReportText({ text, className = '' }: { text: string; className?: string }) {
  const parts = displayParts(text);
  return (
    <span className={className}>
      {parts.map((part, i) =>
        part.control ? (
          <mark
            key={i}
            className="control-mark"
            title={`Invisible control character ${part.text.slice(1, -1)} (shown, not applied)`}
          >
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </span>
  );
}

/** The body as the reporter wrote it: plain text with its line breaks. */
export function ReportBody({ text, clamp = false }: { text: string; clamp?: boolean }) {
  if (text.trim() === '') return <div className="muted small">The issue has no body.</div>;
  return <ReportText text={text} className={`report-body ${clamp ? 'report-body-clamped' : ''}`} />;
}

/**
 * Every link in the report: http(s) links with an Open button (host and path
 * as text), anything else inert and marked with why. Never an <a href>.
 */
export function ReportUrlList({ urls, empty = null }: { urls: readonly ReportUrl[]; empty?: string | null }) {
  if (urls.length === 0) return empty ? <div className="muted small">{empty}</div> : null;
  return (
    <ul className="source-list report-urls">
      {urls.map((u, i) => (
        <li key={`${i}-${u.url}`}>
          <ReportUrlItem url={u} />
        </li>
      ))}
    </ul>
  );
}

function ReportUrlItem({ url }: { url: ReportUrl }) {
  if (!url.safe || url.href == null) {
    return (
      <span className="source source-unsafe" title={`Not openable: ${url.reason ?? 'not a plain http(s) link'}`}>
        <span className="source-flag">unsafe</span>
        <ReportText text={shortenMiddle(url.url, 160)} className="source-text" />
        <span className="muted small source-reason">{url.reason ?? 'not a plain http(s) link'}</span>
      </span>
    );
  }
  const parsed = new URL(url.href);
  const path = shortenMiddle(parsed.pathname + parsed.search + parsed.hash, 72);
  return (
    <span className="source" data-source-url={url.href}>
      <button
        type="button"
        className="source-open"
        onClick={() => openSource(url.href!)}
        title={`Open ${url.href} in the browser`}
      >
        Open
      </button>
      <span className="source-host">{parsed.host}</span>
      <span className="source-path">{path === '/' ? '' : path}</span>
    </span>
  );
}
