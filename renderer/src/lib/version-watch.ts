// Whether a version number moved since it was last asked, one question at a
// time: the pure half of watching the store for another process's writes
// (features/review/external-writes.ts).

export interface VersionWatch {
  /** Asks the version; calls onChange when it moved since the last answer (never on the first). */
  check: () => Promise<void>;
}

export function versionWatch(read: () => Promise<number>, onChange: () => void): VersionWatch {
  let last: number | null = null;
  let asking = false;
  return {
    check: async () => {
      // One question at a time: a slow answer is not overtaken by the next tick's.
      if (asking) return;
      asking = true;
      try {
        const version = await read();
        if (last !== null && version !== last) onChange();
        last = version;
      } catch {
        // A failed question (the host closing, a dropped connection) is asked again at the next tick.
      } finally {
        asking = false;
      }
    },
  };
}
