// Following a service job from a command, as the app does: its progress on
// stderr, SIGINT and SIGTERM cancel it, and the command reads its final status.
import type { JobStatus } from '../shared/api-types';
import type { ServiceHandle } from '../db/service';
import type { CliContext } from './context';
import { progressOn } from './progress';

const POLL_MS = 100;

/** Waits for the job to leave 'running' and returns its last status. */
export async function followJob(
  ctx: CliContext,
  service: ServiceHandle,
  label: string,
  jobId: string,
): Promise<JobStatus> {
  const stopListening = ctx.onSignal(['SIGINT', 'SIGTERM'], () => {
    void Promise.resolve(service.cancelJob({ jobId })).catch(() => undefined);
  });
  const progress = progressOn(ctx.stderr, label);
  let job = await service.getJob({ jobId });
  try {
    while (job.state === 'running') {
      progress.update(job.done, job.total, job.message);
      await new Promise((next) => setTimeout(next, POLL_MS));
      job = await service.getJob({ jobId });
    }
  } finally {
    progress.clear();
    stopListening();
  }
  return job;
}
