// Counts by status, the latest notices, and the running job with its progress and Cancel.
import { findView } from '../../app/views';
import { formatCount, totalText } from '../../lib/format';
import type { JobStatus } from '../../../../shared/api-types';
import { useImportStore } from '../../stores/import-store';
import { useReleaseStore } from '../../stores/release-store';
import { useReportsStore } from '../../stores/reports-store';
import { useInfoStore } from '../../stores/info-store';
import { effectiveFilter, useQueueStore } from '../../stores/queue-store';
import { useUiStore } from '../../stores/ui-store';
import { ProgressBar } from '../../ui/ProgressBar';
import { Notices } from './Notices';

export function StatusBar() {
  const counts = useInfoStore((s) => s.info?.counts);
  const error = useInfoStore((s) => s.error);
  // On a filtered queue the counts are the store's, so say how many the queue shows of them.
  const reviewing = useUiStore((s) => findView(s.view).reviewing);
  const filteredTotal = useQueueStore((s) => (Object.keys(effectiveFilter(s)).length > 0 ? s.total : null));
  const shown = reviewing ? filteredTotal : null;
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
          <span className="muted">{totalText(counts.total, shown)}</span>
        </div>
      ) : (
        <span className={error ? 'error-text' : 'muted'}>{error ? `Not connected: ${error}` : 'Connecting…'}</span>
      )}
      {/* Notices take the bar's free middle: they never cover the grid's rows or a table. */}
      <Notices />
      <JobIndicator />
      <span className="muted small">
        press <kbd className="kbd">?</kbd> for keys
      </span>
    </footer>
  );
}

/** The one job the service is running (it runs one at a time), whichever view started it. */
function useRunningJob(): { job: JobStatus; cancel: () => Promise<void>; open: () => void } | null {
  const importJob = useImportStore((s) => s.job);
  const cancelImport = useImportStore((s) => s.cancel);
  const reportsJob = useReportsStore((s) => s.importJob);
  const cancelReports = useReportsStore((s) => s.cancelImport);
  const applyJob = useReleaseStore((s) => s.applyJob);
  const cancelApply = useReleaseStore((s) => s.cancelApply);
  const previewJob = useReleaseStore((s) => s.previewJob);
  const exportJob = useReleaseStore((s) => s.exportJob);
  const cancelExport = useReleaseStore((s) => s.cancelExport);
  const cancelPreview = useReleaseStore((s) => s.cancelPreview);
  const openOverlay = useUiStore((s) => s.openOverlay);
  const setView = useUiStore((s) => s.setView);
  const setSection = useReleaseStore((s) => s.setSection);
  const running = (job: JobStatus | null): job is JobStatus => job?.state === 'running';
  if (running(importJob)) return { job: importJob, cancel: cancelImport, open: () => openOverlay('import') };
  if (running(reportsJob)) return { job: reportsJob, cancel: cancelReports, open: () => openOverlay('reports-import') };
  const release = (section: 'export' | 'apply' | 'preview') => () => {
    setView('export');
    setSection(section);
  };
  if (running(exportJob)) return { job: exportJob, cancel: cancelExport, open: release('export') };
  if (running(applyJob)) return { job: applyJob, cancel: cancelApply, open: release('apply') };
  if (running(previewJob)) return { job: previewJob, cancel: cancelPreview, open: release('preview') };
  return null;
}

function JobIndicator() {
  const running = useRunningJob();
  if (!running) return null;
  const { job, cancel, open } = running;
  const pct = job.total > 0 ? Math.round((Math.min(job.done, job.total) / job.total) * 100) : null;
  return (
    <div className="job">
      <button type="button" className="link-button" onClick={open} title={job.message}>
        {JOB_LABELS[job.kind]} {pct != null ? `${pct}%` : '…'}
        {job.kind === 'import' || job.kind === 'demo'
          ? ` · ${formatCount(job.done)}/${formatCount(job.total)} files`
          : ''}
      </button>
      <ProgressBar done={job.done} total={job.total} />
      <button type="button" className="button button-small" onClick={() => void cancel()}>
        Cancel
      </button>
    </div>
  );
}

const JOB_LABELS: Record<JobStatus['kind'], string> = {
  import: 'import',
  demo: 'demo',
  reports: 'reports',
  export: 'export',
  apply: 'apply',
  rescore: 'score preview',
};
