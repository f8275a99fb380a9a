// Messages between the importer and its worker thread (worker.ts), which
// reads run directories (run-reader.ts) and derives disputes (deriver.ts).
// Plain data only: everything crosses by structured clone.
import type { PackedSearchTexts } from '../../queries';
import type { DerivedTask, TaskDerivationInput } from '../../disputes';
import type { PreparedRunTask } from '../prepared-run-task';
import type { KnownRunTask, ReaderItem, RunHeader } from '../../readers';

/** Slots of the shared Int32Array that paces the reader. */
export const CONSUMED = 0;
export const STOP = 1;

/**
 * How many task records the reader may be ahead of the importer. Bounds the
 * memory held in flight (a few tasks' records), whatever the workload's size.
 */
export const WINDOW = 32;
/** Records per message: fewer, larger messages cost less than one per task. */
export const BATCH = 8;
/**
 * Records sent and not yet taken at or below which the importer is about to
 * wait for more: the reader then leaves the cells' texts for it to seal, so
 * the slower side hands work to the idle one and both threads stay busy.
 */
export const HANDOFF_LAG = BATCH;

export interface ReadRunRequest {
  type: 'readRun';
  dir: string;
  maxFileBytes: number;
  /** What the store holds for this run (KnownRunTask by shown task path), looked up by the importer. */
  known: [string, KnownRunTask][] | null;
  /** The store's seal key: records arrive prepared (sealed) for the writer. */
  sealSecret: string;
  /** Int32Array slots CONSUMED (records the importer has taken) and STOP (1: give up the run). */
  flow: SharedArrayBuffer;
}

export interface SerializedError {
  name: string;
  message: string;
  /** Set for a ReaderError: the run is skipped with this reason, as when read in the same thread. */
  reader?: { path: string; field: string; reason: string };
}

export interface DeriveRequest {
  type: 'derive';
  input: TaskDerivationInput;
  /** The store's seal key: derivation opens the cells' texts and seals what it writes. */
  sealSecret: string;
}

/** The search index's texts, read on the thread (db/queries/search-texts-thread.ts). */
export interface SearchTextsRequest {
  type: 'searchTexts';
  dbPath: string;
  sealSecret: string;
}

export type WorkerRequest = ReadRunRequest | DeriveRequest | SearchTextsRequest;

/** The reply to a SearchTextsRequest. */
export type SearchTextsMessage =
  { type: 'searchTexts'; texts: PackedSearchTexts } | { type: 'error'; error: SerializedError };

/** Replies to a ReadRunRequest, in order. */
export type ReaderMessage =
  | { type: 'header'; run: RunHeader; taskCount: number }
  | { type: 'items'; items: ReaderItem<PreparedRunTask>[] }
  | { type: 'done' }
  | { type: 'error'; error: SerializedError };

/** The reply to a DeriveRequest (requests are answered in order). */
export type DeriverMessage = { type: 'derived'; derived: DerivedTask } | { type: 'error'; error: SerializedError };
