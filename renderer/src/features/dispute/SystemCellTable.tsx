// Each system's graded cell behind a cluster: verdict, grading method, judge
// reasoning and sources.
import type { SystemCellView } from '../../../../shared/api-types';
import { oneLine, shownText } from '../../lib/format';
import { LongText } from '../../ui/LongText';
import { SourceList } from './SourceLink';

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
          <SourceList urls={cell.sources} empty="no sources" />
        </li>
      ))}
    </ul>
  );
}
