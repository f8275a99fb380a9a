// Interleaves async streams as their items become ready, each stream's own
// order kept. The importer uses it to read the dataset and judge files in its
// own thread while the reader thread parses run directories: each waits on
// the other only when it has nothing ready, so both cores stay busy.

/**
 * Yields every stream's items in readiness order. The first failure ends the
 * merge: the other streams are closed (their `finally` blocks run) and the
 * failure is rethrown. Closing the merge early closes every stream likewise.
 */
export async function* mergeStreams<T>(streams: readonly AsyncIterator<T>[]): AsyncGenerator<T> {
  type Settled = { index: number; result: IteratorResult<T> };
  const pending = new Map<number, Promise<Settled>>();
  const pull = (index: number): void => {
    pending.set(
      index,
      streams[index]!.next().then((result) => ({ index, result })),
    );
  };
  streams.forEach((_, index) => pull(index));
  try {
    while (pending.size > 0) {
      const { index, result } = await Promise.race(pending.values());
      if (result.done) {
        pending.delete(index);
        continue;
      }
      pull(index);
      yield result.value;
    }
  } finally {
    // Ended early (a failure, a cancel, the consumer stopped): every stream still open is closed. Not
    // awaited: a stream mid-step closes only once that step settles (the importer's own cleanup, such
    // as stopping the reader thread, settles it), and its failure then is moot.
    for (const [index, promise] of pending) {
      promise.catch(() => undefined);
      void streams[index]!.return?.().catch(() => undefined);
    }
  }
}
