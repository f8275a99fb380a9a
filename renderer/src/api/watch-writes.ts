// A wrapper that says when an API call that may change the store's data has
// finished. Caches of what the service answered (the dispute-detail prefetch)
// listen, so no cached answer outlives a change made through it. Which calls
// may write, the contract says (shared/api.ts: every write and job but one that only reads).
import { mayWrite, METHOD_NAMES, READ_ONLY_JOB_KINDS, type AdjudicatorApi, type MethodName } from '../../../shared/api';
import type { JobStatus } from '../../../shared/api-types';

/**
 * The same API, calling `wrote(method)` once a call that may write has
 * settled (failed ones too: a failure can come after the write), and once
 * per job when a `getJob` first answers that a job that may write has ended
 * (whichever view polls it). After the caller's await resumes, the
 * listeners have run.
 */
export function watchWrites(inner: AdjudicatorApi, wrote: (method: MethodName) => void): AdjudicatorApi {
  const endedJobs = new Set<string>();
  const noticeEnd = (job: JobStatus): void => {
    if (job.state === 'running' || READ_ONLY_JOB_KINDS.has(job.kind) || endedJobs.has(job.id)) return;
    endedJobs.add(job.id);
    wrote('getJob');
  };
  const wrapped = Object.fromEntries(
    METHOD_NAMES.map((name) => {
      // Every method takes one input and returns a promise; the cast below restores the per-method types.
      const call = (input: unknown) => (inner[name] as (input: unknown) => Promise<unknown>)(input);
      if (name === 'getJob')
        return [
          name,
          async (input: unknown) => {
            const job = (await call(input)) as JobStatus;
            noticeEnd(job);
            return job;
          },
        ];
      if (!mayWrite(name)) return [name, call];
      return [name, (input: unknown) => call(input).finally(() => wrote(name))];
    }),
  );
  return wrapped as unknown as AdjudicatorApi;
}
