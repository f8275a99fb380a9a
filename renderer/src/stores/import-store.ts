// Import and demo jobs: start, poll every ~200 ms for files done / total,
// cancel, and keep the final report for the dialog.
import { create } from 'zustand';
import type { ImportReport, JobStatus } from '../../../shared/api-types';
import { api, errorMessage } from '../api/client';
import { jobFailure } from '../lib/jobs';
import { cancelRunningJob } from './cancel-job';
import { notify, useUiStore } from './ui-store';

const POLL_MS = 200;

interface ImportState {
  /** The paths box of the import dialog, one path a line. */
  pathsText: string;
  job: JobStatus | null;
  /** Between a click on Import and the service's answer: a second click must not start a second job. */
  starting: boolean;
  report: ImportReport | null;
  error: string | null;
  /** When the last job ended (ISO), so its report is dated. */
  finishedAt: string | null;
  setPathsText: (text: string) => void;
  addPaths: (paths: string[]) => void;
  /** `replaceRuns`: a run of a system the store already has replaces it (a re-grade). */
  startImport: (paths: string[], replaceRuns?: boolean) => Promise<void>;
  loadDemo: () => Promise<void>;
  cancel: () => Promise<void>;
  clearResult: () => void;
}

/** Called once a job ends, whatever its outcome, so views can reload. */
type JobListener = (job: JobStatus) => void;
const listeners = new Set<JobListener>();
export function onJobFinished(listener: JobListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const useImportStore = create<ImportState>()((set, get) => {
  async function poll(jobId: string): Promise<void> {
    for (;;) {
      let job: JobStatus;
      try {
        job = await api.getJob({ jobId });
      } catch (error) {
        set({ job: null, error: errorMessage(error) });
        return;
      }
      set({ job });
      if (job.state !== 'running') {
        finish(job);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  function finish(job: JobStatus): void {
    set({ finishedAt: new Date().toISOString() });
    if (job.state === 'done') {
      // The paths are in; keep the box for the next import.
      set({ report: job.report ?? null, error: null, pathsText: '' });
      notify(job.kind === 'demo' ? 'Demo workspace loaded.' : 'Import finished.', 'success');
    } else if (job.state === 'cancelled') {
      set({ error: 'Cancelled: the store is unchanged.' });
      notify('Import cancelled; nothing was changed.', 'info');
    } else {
      set({ error: job.error || job.message ? jobFailure(job) : 'The job failed.' });
      notify(`Import failed: ${job.error ?? job.message}`, 'error');
    }
    for (const listener of listeners) listener(job);
  }

  async function run(start: () => Promise<{ jobId: string }>): Promise<void> {
    if (get().starting) return;
    if (get().job?.state === 'running') {
      notify('A job is already running.', 'error');
      return;
    }
    set({ report: null, error: null, starting: true });
    try {
      const { jobId } = await start();
      set({
        starting: false,
        job: { id: jobId, kind: 'import', state: 'running', done: 0, total: 0, message: 'Starting…' },
      });
      await poll(jobId);
    } catch (error) {
      set({ starting: false, job: null, error: errorMessage(error) });
    }
  }

  return {
    pathsText: '',
    job: null,
    starting: false,
    report: null,
    error: null,
    finishedAt: null,
    setPathsText: (pathsText) => set({ pathsText }),
    addPaths: (paths) => {
      const existing = get()
        .pathsText.split('\n')
        .map((p) => p.trim())
        .filter(Boolean);
      const merged = [...existing, ...paths.filter((p) => !existing.includes(p))];
      set({ pathsText: merged.join('\n') });
    },
    startImport: (paths, replaceRuns = false) =>
      run(() => api.startImport({ paths, ...(replaceRuns ? { replaceRuns } : {}) })),
    loadDemo: () => run(() => api.loadDemo({})),
    cancel: () => cancelRunningJob(get().job, (job) => set({ job })),
    clearResult: () => set({ report: null, error: null, finishedAt: null }),
  };
});

export const selectJobRunning = (s: ImportState) => s.job?.state === 'running';

// The dialog shows what the import it ran did until it is closed; opened again
// it starts clean rather than look as if something just ran. An import that
// ends while the dialog is closed keeps its (dated) report for the next opening.
useUiStore.subscribe((state, previous) => {
  if (previous.overlay === 'import' && state.overlay !== 'import' && !selectJobRunning(useImportStore.getState()))
    useImportStore.getState().clearResult();
});
