// Each system's graded cell behind a cluster: verdict, grading method, judge
// reasoning and sources. A verdict given against older gold says which.
import type { SystemCellView } from '../../../../shared/api-types';
import { oneLine, shownText } from '../../lib/format';
import { LongText } from '../../ui/LongText';
import { SourceLink } from './SourceLink';

/**
 * Source links that fit the panel's width: a long host or path is cut with an
 * ellipsis (panel.css, .source-list-fit) and the whole URL is the row's
 * tooltip, so a narrow window never scrolls the panel sideways.
 */
export function FittedSourceList({ urls, empty = null }: { urls: readonly string[]; empty?: string | null }) {
  if (urls.length === 0) return empty ? <div className="muted small">{empty}</div> : null;
  return (
    <ul className="source-list source-list-fit">
      {urls.map((url, i) => (
        <li key={`${i}-${url}`} title={shownText(url)}>
          <SourceLink url={url} />
        </li>
      ))}
    </ul>
  );
}

export function SystemCellTable({ cells }: { cells: readonly SystemCellView[] }) {
  return (
    <ul className="system-cells">
      {cells.map((cell, i) => (
        <li key={`${cell.system}-${cell.run}-${i}`} className="system-cell">
          <div className="system-cell-head">
            <span className="system-name" title={`run ${oneLine(cell.run)}`}>
              {oneLine(cell.system)}
            </span>
            <span className={`verdict verdict-${cell.verdict}`}>{cell.verdict.replace('_', ' ')}</span>
            {cell.graded_against != null && (
              <span
                className="graded-against small"
                title="the gold this cell was graded against; a revision has changed it since"
              >
                against “{oneLine(cell.graded_against)}”
              </span>
            )}
            <span className="method">{cell.method === 'llm_judge' ? 'LLM judge' : 'deterministic'}</span>
            {cell.response_entity != null && (
              <span className="muted small" title="the entity as this system named it">
                as “{oneLine(cell.response_entity)}”{cell.aligned_by ? ` · by ${oneLine(cell.aligned_by)}` : ''}
              </span>
            )}
          </div>
          {cell.response !== '' && (
            <div className="system-response">
              <LongText text={cell.response} />
            </div>
          )}
          {cell.reasoning != null && cell.reasoning !== '' && <p className="reasoning">{shownText(cell.reasoning)}</p>}
          <FittedSourceList urls={cell.sources} empty="no sources" />
        </li>
      ))}
    </ul>
  );
}
