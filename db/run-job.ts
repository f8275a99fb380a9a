// A job run to its end by a caller in this process (the CLI, benches, tests): the API starts it and answers its
// id at once; these callers want its result, or its failure thrown as one error with the job's message.
import type { JobStatus } from '../shared/api-types';
import type { JobResult } from './jobs';

export interface JobRunner {
  getJob(input: { jobId: string }): JobStatus | Promise<JobStatus>;
  /** Resolves once no job is running. */
  idle(): Promise<void>;
}

/** Starts a job with `start`, waits for its end, and hands back the result it holds in `field`. */
export async function runJob<F extends keyof JobResult>(
  service: JobRunner,
  field: F,
  start: () => { jobId: string } | Promise<{ jobId: string }>,
): Promise<NonNullable<JobStatus[F]>> {
  const { jobId } = await start();
  await service.idle();
  const job = await service.getJob({ jobId });
  const result = job[field];
  if (job.state === 'done' && result !== undefined) return result;
  throw new Error(job.error ?? `the ${job.kind} job ended ${job.state} without a result`);
}
