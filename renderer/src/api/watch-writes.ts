// Which API calls may change the store's data, and a wrapper that says when
// one has finished. Caches of what the service answered (the dispute-detail
// prefetch) listen, so no cached answer outlives a change made through it.
// Unknown means "may write": a new method is safe until listed here.
import { METHOD_NAMES, type AdjudicatorApi, type MethodName } from '../../../shared/api';
import type { JobStatus } from '../../../shared/api-types';

/** Calls that only read. Jobs write when they end: `getJob` says so once per job (watchWrites). */
export const READ_ONLY_METHODS: ReadonlySet<MethodName> = new Set<MethodName>([
  'getInfo',
  'getDataVersion',
  'getSettings',
  'getJob',
  'listDisputes',
  'locateDispute',
  'getDispute',
  'getFacets',
  'getStats',
  'rescore',
  // The score preview as a job: it reads the store and writes nothing.
  'startRescore',
  'listRevisions',
  'reviewPatch',
  'listReports',
  'getReport',
  'draftReply',
  'getGitHubToken',
  // Whether files exist (the release desk asks before prefilling paths): reads the disk, never the store.
  'existingFiles',
  // What an export would leave out: the release desk asks it on opening.
  'exportLeftOut',
  // The audit's reads (getAuditCell writes when it reveals the systems' values).
  'listAuditCells',
  'getAuditEstimate',
  'getAuditOverview',
  'proposeAuditSizes',
]);

/** Jobs that only read: their end changes nothing. */
const READ_ONLY_JOBS: ReadonlySet<JobStatus['kind']> = new Set(['rescore']);

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
    if (job.state === 'running' || READ_ONLY_JOBS.has(job.kind) || endedJobs.has(job.id)) return;
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
      if (READ_ONLY_METHODS.has(name)) return [name, call];
      return [name, (input: unknown) => call(input).finally(() => wrote(name))];
    }),
  );
  return wrapped as unknown as AdjudicatorApi;
}
