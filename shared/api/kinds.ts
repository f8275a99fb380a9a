// What kind of call each API method is, said once where the contract declares it (shared/api.ts). Hosts and the
// renderer derive from it: the service makes a write wait for the running job, the renderer counts writes.
import type { z } from 'zod';
import type { JobStatus } from '../api-types';

/** A read changes nothing; a write changes the store (or what it answers); a job starts work the caller polls. */
export type MethodKind = 'read' | 'write' | 'job';

export interface ReadOptions {
  /** The engineer waits on it (the queue, the dispute panel): background work, the search build, gives way. */
  foreground?: boolean;
}

export interface WriteOptions {
  /**
   * Runs while a job runs instead of waiting for it to end: it writes outside the store (settings, the keychain),
   * controls the job itself, or must answer at once (a reveal while an import runs).
   */
  duringJobs?: boolean;
}

export interface JobOptions {
  /** Its start and its end change nothing (a preview): the renderer keeps what it cached. */
  readsOnly?: boolean;
}

export interface MethodSpec<Input extends z.ZodType, Output> {
  readonly kind: MethodKind;
  readonly input: Input;
  /** Only a type: what the method answers. */
  readonly output: Output;
  /** For a job: the JobStatus kind it starts. */
  readonly job?: JobStatus['kind'];
  readonly foreground: boolean;
  readonly waitsForJob: boolean;
  readonly readsOnly: boolean;
}

type Returns<Input extends z.ZodType> = { returns<Output>(): MethodSpec<Input, Output> };

function spec<Input extends z.ZodType, Output>(
  kind: MethodKind,
  input: Input,
  flags: Partial<Pick<MethodSpec<Input, Output>, 'job' | 'foreground' | 'waitsForJob' | 'readsOnly'>>,
): MethodSpec<Input, Output> {
  return {
    kind,
    input,
    output: undefined as unknown as Output,
    foreground: false,
    waitsForJob: false,
    readsOnly: false,
    ...flags,
  };
}

/** A method that changes nothing: `read(schema).returns<StoreInfo>()`. */
export function read<Input extends z.ZodType>(input: Input, options: ReadOptions = {}): Returns<Input> {
  return { returns: () => spec('read', input, { foreground: options.foreground === true, readsOnly: true }) };
}

/** A method that changes the store; it waits for the running job unless `duringJobs`. */
export function write<Input extends z.ZodType>(input: Input, options: WriteOptions = {}): Returns<Input> {
  return { returns: () => spec('write', input, { waitsForJob: options.duringJobs !== true }) };
}

/** A method that starts a job (progress, cancel) and answers its id; JobStatus holds the result once it ends. */
export function job<Input extends z.ZodType>(
  kind: JobStatus['kind'],
  input: Input,
  options: JobOptions = {},
): MethodSpec<Input, { jobId: string }> {
  return spec('job', input, { job: kind, readsOnly: options.readsOnly === true });
}
