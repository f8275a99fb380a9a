// A running import's progress: what it is reading (a long path shortened,
// whole on hover), files done of the total, the bar, and Cancel where the
// surrounding view has none.
import type { JobStatus } from '../../../../shared/api-types';
import { formatCount, oneLine, shortPath, shownText } from '../../lib/format';
import { ProgressBar } from '../../ui/ProgressBar';

export function ImportProgress({ job, idle, onCancel }: { job: JobStatus; idle: string; onCancel?: () => void }) {
  const message = job.message || idle;
  return (
    <div className="job-progress">
      <div className="job-line">
        <span className="job-message" title={shownText(message)}>
          {shortPath(oneLine(message), 44)}
        </span>
        <span className="tabular job-count">
          {formatCount(job.done)} / {formatCount(job.total)} files
        </span>
      </div>
      <ProgressBar done={job.done} total={job.total} />
      {onCancel && (
        <button type="button" className="button button-small job-cancel" onClick={onCancel}>
          Cancel
        </button>
      )}
    </div>
  );
}
