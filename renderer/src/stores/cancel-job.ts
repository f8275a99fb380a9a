// Cancel, the same for every store that runs a job (import, reports, preview, apply).
import type { JobStatus } from '../../../shared/api-types';
import { api, errorMessage } from '../api/client';
import { notify } from './ui-store';

/** Asks the service to cancel a running job and hands back its status; a failed cancel is a notice. */
export async function cancelRunningJob(job: JobStatus | null, onStatus: (status: JobStatus) => void): Promise<void> {
  if (!job || job.state !== 'running') return;
  try {
    onStatus(await api.cancelJob({ jobId: job.id }));
  } catch (error) {
    notify(`Could not cancel: ${errorMessage(error)}`, 'error');
  }
}
