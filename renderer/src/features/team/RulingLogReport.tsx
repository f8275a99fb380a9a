// What merging ruling logs did: added, already present, and each refused line
// with its reason. Used by the ruling log card and the import report.
import type { RulingLogImport } from '../../../../shared/api-types';
import { fileAndLine, formatCount, oneLine, shownText } from '../../lib/format';

export function RulingLogReport({ result }: { result: RulingLogImport }) {
  return (
    <div className="log-report" role="status">
      <div className="figures">
        <Figure n={result.added} label="rulings added" />
        <Figure n={result.duplicates} label="already here" />
        <Figure n={result.refused.length} label="refused" tone={result.refused.length > 0 ? 'bad' : undefined} />
      </div>
      {result.added === 0 && result.refused.length === 0 && (
        <p className="muted small">Nothing new: every ruling in these logs was already in the store.</p>
      )}
      {result.refused.length > 0 && (
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Reason</th>
            </tr>
          </thead>
          <tbody>
            {result.refused.map((r, i) => (
              <tr key={`${r.line}-${i}`}>
                <td className="mono small log-line" title={oneLine(r.line)}>
                  {oneLine(fileAndLine(r.line))}
                </td>
                <td>{shownText(r.reason)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

function Figure({ n, label, tone }: { n: number; label: string; tone?: 'bad' }) {
  return (
    <div className={`figure ${tone === 'bad' ? 'figure-bad' : ''}`}>
      <span className="figure-n tabular">{formatCount(n)}</span>
      <span className="figure-label">{label}</span>
    </div>
  );
}
