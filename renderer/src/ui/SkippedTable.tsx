// What an import left out, one row per file: path, field and reason. Shared by
// the data import and the GitHub reports import.
import type { SkippedItem } from '../../../shared/api-types';
import { formatCount, oneLine, shownText } from '../lib/format';

export function SkippedTable({ skipped }: { skipped: readonly SkippedItem[] }) {
  if (skipped.length === 0) return <p className="muted small">Nothing skipped.</p>;
  return (
    <>
      <h3 className="section-title">Skipped ({formatCount(skipped.length)})</h3>
      <table className="data-table">
        <thead>
          <tr>
            <th>File</th>
            <th>Field</th>
            <th>Reason</th>
          </tr>
        </thead>
        <tbody>
          {skipped.map((s, i) => (
            <tr key={`${s.path}-${i}`}>
              <td className="mono small">{oneLine(s.path)}</td>
              <td className="mono small">{oneLine(s.field)}</td>
              <td>{shownText(s.reason)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
