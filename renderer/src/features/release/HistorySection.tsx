// Every revision this store exported: tag, base, the latest ruling it carries
// and when it was exported, who, how many operations, the patch's sha256,
// whether a revised dataset was written and imported back as the new base,
// and how many disputes it settled.
//
// A patch's own created_at is the time of its latest ruling (so the same
// rulings give the same bytes): two tags exported minutes apart from the same
// rulings carry the same time. The table says so ("Rulings up to") and shows
// when the store recorded the export beside it.
import { useEffect } from 'react';
import type { RevisionRecord } from '../../../../shared/revision-types';
import { formatCount, formatTime, oneLine } from '../../lib/format';
import { shortSha } from './release-data';
import { useReleaseStore } from '../../stores/release-store';

export function HistorySection() {
  const revisions = useReleaseStore((s) => s.revisions);
  const loadRevisions = useReleaseStore((s) => s.loadRevisions);

  useEffect(() => {
    void loadRevisions();
  }, [loadRevisions]);

  const list = revisions.result ?? [];
  const sorted = [...list].sort((a, b) => b.recorded_at.localeCompare(a.recorded_at) || b.tag.localeCompare(a.tag));
  return (
    <section className="card card-wide" aria-label="Revision history">
      <div className="card-head">
        <h2>Revision history</h2>
        <span className="muted small">
          {revisions.loading ? 'loading…' : `${formatCount(list.length)} revision${list.length === 1 ? '' : 's'}`}
        </span>
        <span className="spacer" />
        <button
          type="button"
          className="button button-small"
          disabled={revisions.loading}
          onClick={() => void loadRevisions()}
        >
          Refresh
        </button>
      </div>
      {revisions.error != null && <div className="error-box">Could not load the history: {revisions.error}</div>}
      {revisions.result != null && list.length === 0 ? (
        <p className="muted">No revision exported from this store yet. Exporting a patch records its revision here.</p>
      ) : (
        <div className="score-table-scroll">
          <table className="data-table history-table" aria-label="Revisions">
            <thead>
              <tr>
                <th>Tag</th>
                <th>Base</th>
                <th title="The time of the latest ruling the patch carries (the patch's created_at): the same for every export of the same rulings">
                  Rulings up to
                </th>
                <th title="When this store exported the patch (for a patch exported elsewhere: when it was first applied here)">
                  Exported
                </th>
                <th>Author</th>
                <th className="num">Ops</th>
                <th>Patch sha256</th>
                <th>Applied</th>
                <th>Imported</th>
                <th
                  className="num"
                  title="Disputes settled by importing the revised dataset, of the disputes the patch changes"
                >
                  Settled
                </th>
              </tr>
            </thead>
            <tbody>
              {sorted.map((r) => (
                <RevisionRow key={`${r.tag}-${r.patch_sha256}`} record={r} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function RevisionRow({ record: r }: { record: RevisionRecord }) {
  return (
    <tr>
      <th scope="row" className="revision-tag">
        {oneLine(r.tag)}
        {!r.encrypted && (
          <span className="chip chip-plain" title="The patch was written in plain text">
            plain
          </span>
        )}
      </th>
      <td>
        {oneLine(r.base_revision)}
        {r.base_sha256 && (
          <span className="mono small muted" title={r.base_sha256}>
            {' '}
            {shortSha(r.base_sha256, 8)}
          </span>
        )}
      </td>
      <td>{r.created_at ? <Time iso={r.created_at} /> : <span className="value-muted">—</span>}</td>
      <td>
        <Time iso={r.recorded_at} />
      </td>
      <td>{oneLine(r.created_by)}</td>
      <td className="num">{formatCount(r.operations)}</td>
      <td className="mono small" title={r.patch_sha256}>
        {shortSha(r.patch_sha256)}
      </td>
      <td title={r.datasets_after.join('\n')}>
        {r.datasets_after.length > 0 ? (
          `${r.datasets_after.length} dataset${r.datasets_after.length === 1 ? '' : 's'}`
        ) : (
          <span className="value-muted">not yet</span>
        )}
      </td>
      <td>{r.imported_at ? formatTime(r.imported_at) : <span className="value-muted">—</span>}</td>
      <td className="num">
        {formatCount(r.settled)} <span className="muted small">/ {formatCount(r.disputes)}</span>
      </td>
    </tr>
  );
}

/** A time to the minute, the whole ISO stamp in its tooltip (a patch from elsewhere is data: shown marked). */
function Time({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={oneLine(iso)}>
      {oneLine(formatTime(iso))}
    </time>
  );
}
