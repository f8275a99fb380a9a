// Whether the store's data version moved since it was last asked, one
// question at a time: the pure half of watching the store for another
// process's writes (features/review/external-writes.ts).
import type { DataVersion } from '../../../shared/api-types';

export interface VersionWatch {
  /** Asks the version; calls onChange when it moved since the last answer (never on the first). */
  check: () => Promise<void>;
  /**
   * This client has just written: its write moves the version too, and it
   * refreshes what it changed itself. The next answer is taken as it is,
   * without a callback, unless a write on another connection moved it too
   * (which this client cannot have made); an answer to a question asked
   * before the write is dropped (it may predate it).
   */
  adopt: () => void;
}

export function versionWatch(read: () => Promise<DataVersion>, onChange: () => void): VersionWatch {
  let last: DataVersion | null = null;
  let asking = false;
  let adopting = false;
  let writes = 0;
  return {
    check: async () => {
      // One question at a time: a slow answer is not overtaken by the next tick's.
      if (asking) return;
      asking = true;
      const writesBefore = writes;
      try {
        const answer = await read();
        if (writes !== writesBefore) return;
        const moved =
          last !== null && (answer.external !== last.external || (answer.version !== last.version && !adopting));
        if (moved) onChange();
        last = answer;
        adopting = false;
      } catch {
        // A failed question (the host closing, a dropped connection) is asked again at the next tick.
      } finally {
        asking = false;
      }
    },
    adopt: () => {
      writes++;
      adopting = true;
    },
  };
}
