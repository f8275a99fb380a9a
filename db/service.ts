// PLACEHOLDER signature (being written): the service implementing AdjudicatorApi.
import type { AdjudicatorService, DisputeFilter } from '../shared/api';
import type { ImportReport } from '../shared/api-types';
import type { DisputeRecord } from './queries/dispute-records';

export interface ServiceOptions {
  dbPath: string;
  /** Engineer name for rulings when a call names none (default: settings, then the OS user). */
  engineer?: string;
  settingsPath?: string;
}

export interface ImportOptions {
  onProgress?: (done: number, total: number, message: string) => void;
  signal?: AbortSignal;
}

/** The API plus what only Node hosts (CLI, bridge, Electron main) use. */
export interface ServiceHandle extends AdjudicatorService {
  readonly dbPath: string;
  /** Imports in this process, in one transaction; rejects with an AbortError when the signal aborts. */
  importPaths(paths: string[], options?: ImportOptions): Promise<ImportReport>;
  /** Every dispute matching the filter, in priority order, as `disputes --json` prints them. */
  disputeRecords(filter: DisputeFilter): Iterable<DisputeRecord>;
  close(): void;
}

export function openService(_options: ServiceOptions): ServiceHandle {
  throw new Error('not yet implemented');
}
