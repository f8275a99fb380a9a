// A source URL from the data: host and path as text plus an Open button for
// http(s); anything else stays inert text marked unsafe. Never an <a href>.
import { oneLine } from '../../lib/format';
import { classifyUrl } from '../../lib/urls';
import { openSource } from '../review/actions';

export function SourceLink({ url }: { url: string }) {
  const checked = classifyUrl(url);
  if (!checked.safe) {
    return (
      <span className="source source-unsafe" title={`Not openable: ${checked.reason}`}>
        <span className="source-flag">unsafe</span>
        <span className="source-text">{oneLine(checked.text)}</span>
      </span>
    );
  }
  return (
    <span className="source" data-source-url={checked.href}>
      <button
        type="button"
        className="source-open"
        onClick={() => openSource(checked.href)}
        title={`Open ${checked.href} in the browser`}
      >
        Open
      </button>
      <span className="source-host">{checked.host}</span>
      <span className="source-path">{checked.path === '/' ? '' : checked.path}</span>
    </span>
  );
}

export function SourceList({ urls, empty = null }: { urls: readonly string[]; empty?: string | null }) {
  if (urls.length === 0) return empty ? <div className="muted small">{empty}</div> : null;
  return (
    <ul className="source-list">
      {urls.map((url, i) => (
        <li key={`${i}-${url}`}>
          <SourceLink url={url} />
        </li>
      ))}
    </ul>
  );
}
