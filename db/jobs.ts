// Long work (import, demo) runs as a job the renderer polls: progress,
// cancel, and a final report. Only one import runs at a time per service.
import { randomUUID } from 'node:crypto';
import type { JobStatus } from '../shared/api-types';
import { NotFoundError } from './not-found';

/** What a finished job hands back: the fields of JobStatus that carry results. */
export type JobResult = Pick<JobStatus, 'report' | 'apply' | 'reports' | 'rescore' | 'export'>;

export interface JobContext {
  signal: AbortSignal;
  progress: (done: number, total: number, message: string) => void;
}

interface Job {
  status: JobStatus;
  controller: AbortController;
  finished: Promise<void>;
}

/** What a cancelled job left behind, said to the user. */
const CANCELLED: Record<JobStatus['kind'], string> = {
  import: 'the store is unchanged',
  demo: 'the store is unchanged',
  reports: 'the store is unchanged',
  export: 'no revision was recorded and no file was written',
  apply: 'no output was written',
  rescore: 'the preview was stopped; nothing was written',
};

/** A failure that carries structured details for the job's status (besides its message). */
export class JobFailure extends Error {
  override name = 'JobFailure';
  constructor(
    message: string,
    readonly details: Pick<JobStatus, 'refusal'>,
  ) {
    super(message);
  }
}

export class JobBusyError extends Error {
  override name = 'JobBusyError';
}

export class JobManager {
  private readonly jobs = new Map<string, Job>();
  private running: Job | null = null;

  /** Resolves when no job is running: writes wait here so they never race an import's transaction. */
  async idle(): Promise<void> {
    while (this.running) await this.running.finished;
  }

  start(kind: JobStatus['kind'], work: (context: JobContext) => Promise<JobResult>): JobStatus {
    if (this.running)
      throw new JobBusyError(`another ${this.running.status.kind} is running; wait for it or cancel it`);
    const controller = new AbortController();
    const status: JobStatus = { id: randomUUID(), kind, state: 'running', done: 0, total: 0, message: 'starting' };
    const job: Job = { status, controller, finished: Promise.resolve() };
    const context: JobContext = {
      signal: controller.signal,
      progress: (done, total, message) => {
        status.done = done;
        status.total = total;
        status.message = message;
      },
    };
    job.finished = work(context)
      .then(
        (result) => {
          Object.assign(status, result);
          status.state = 'done';
          status.message = 'done';
        },
        (error: unknown) => {
          status.state = controller.signal.aborted ? 'cancelled' : 'failed';
          status.error = controller.signal.aborted
            ? `cancelled: ${CANCELLED[kind]}`
            : error instanceof Error
              ? error.message
              : String(error);
          status.message = status.state;
          if (!controller.signal.aborted && error instanceof JobFailure) Object.assign(status, error.details);
        },
      )
      .finally(() => {
        if (this.running === job) this.running = null;
      });
    this.jobs.set(status.id, job);
    this.running = job;
    return { ...status };
  }

  get(id: string): JobStatus {
    const job = this.jobs.get(id);
    if (!job) throw new NotFoundError(`no job with id ${id}`);
    return { ...job.status };
  }

  cancel(id: string): JobStatus {
    const job = this.jobs.get(id);
    if (!job) throw new NotFoundError(`no job with id ${id}`);
    if (job.status.state === 'running') job.controller.abort(new Error('cancelled'));
    return { ...job.status };
  }

  async wait(id: string): Promise<JobStatus> {
    const job = this.jobs.get(id);
    if (!job) throw new NotFoundError(`no job with id ${id}`);
    await job.finished;
    return { ...job.status };
  }

  cancelAll(): void {
    for (const job of this.jobs.values())
      if (job.status.state === 'running') job.controller.abort(new Error('cancelled'));
  }
}
