// Counts by status, and the running job with its progress and Cancel.
import { formatCount } from '../../lib/format';
import { useImportStore } from '../../stores/import-store';
import { useInfoStore } from '../../stores/info-store';
import { useUiStore } from '../../stores/ui-store';
import { ProgressBar } from '../../ui/ProgressBar';

export function StatusBar() {
  const counts = useInfoStore((s) => s.info?.counts);
  const error = useInfoStore((s) => s.error);
  return (
    <footer className="status-bar">
      {counts ? (
        <div className="counts tabular">
          <span className="count count-open">
            <span className="dot" /> {formatCount(counts.open)} open
          </span>
          <span className="count count-resolved">
            <span className="dot" /> {formatCount(counts.resolved)} resolved
          </span>
          <span className="count count-conflict">
            <span className="dot" /> {formatCount(counts.conflict)} conflict
          </span>
          <span className="muted">{formatCount(counts.total)} total</span>
        </div>
      ) : (
        <span className={error ? 'error-text' : 'muted'}>{error ? `Not connected: ${error}` : 'Connecting…'}</span>
      )}
      <span className="spacer" />
      <JobIndicator />
      <span className="muted small">
        press <kbd className="kbd">?</kbd> for keys
      </span>
    </footer>
  );
}

function JobIndicator() {
  const job = useImportStore((s) => s.job);
  const cancel = useImportStore((s) => s.cancel);
  const openOverlay = useUiStore((s) => s.openOverlay);
  if (!job || job.state !== 'running') return null;
  const pct = job.total > 0 ? Math.round((job.done / job.total) * 100) : null;
  return (
    <div className="job">
      <button type="button" className="link-button" onClick={() => openOverlay('import')} title={job.message}>
        {job.kind === 'demo' ? 'demo' : 'import'} {pct != null ? `${pct}%` : '…'} · {formatCount(job.done)}/{formatCount(job.total)} files
      </button>
      <ProgressBar done={job.done} total={job.total} />
      <button type="button" className="button button-small" onClick={() => void cancel()}>
        Cancel
      </button>
    </div>
  );
}
