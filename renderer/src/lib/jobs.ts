// Polls a service job (import, reports, apply) until it ends. Each feature's
// store keeps its own job; this is only the loop, so cancel and progress work
// the same everywhere.
import type { JobStatus } from '../../../shared/api-types';
import { oneLine, shownText } from './format';

export const JOB_POLL_MS = 200;

export type GetJob = (input: { jobId: string }) => Promise<JobStatus>;

/** Calls `onUpdate` with every status read; resolves with the final one (state ≠ running). */
export async function pollJob(
  getJob: GetJob,
  jobId: string,
  onUpdate: (job: JobStatus) => void,
  intervalMs = JOB_POLL_MS,
): Promise<JobStatus> {
  for (;;) {
    const job = await getJob({ jobId });
    onUpdate(job);
    if (job.state !== 'running') return job;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** The job's progress in words: what it is doing and how far, per kind of job. */
export function jobProgressText(job: Pick<JobStatus, 'kind' | 'done' | 'total' | 'message'>): string {
  // The message may name a file being read: shown with its controls marked.
  const message = oneLine(job.message.trim());
  if (job.kind === 'reports') return message || 'Reading issues…';
  const pct = job.total > 0 ? `${Math.round((Math.min(job.done, job.total) / job.total) * 100)}%` : '';
  if (job.kind === 'apply')
    return [message ? message[0]!.toUpperCase() + message.slice(1) : 'Applying', pct].filter(Boolean).join(' · ');
  return [message, job.total > 0 ? `${job.done} / ${job.total} files` : ''].filter(Boolean).join(' · ');
}

/** Why a job ended without its result, for an error box: the service's words, controls marked. */
export function jobFailure(job: Pick<JobStatus, 'error' | 'message'>): string {
  return shownText(job.error ?? job.message);
}
