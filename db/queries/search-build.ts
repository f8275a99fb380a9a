// Builds the search index (search-index.ts) off the request path: on a worker
// thread, or else a chunk of disputes at a time, letting the event loop turn
// between chunks. Built at once, opening the texts holds the thread, and with
// it every other request of the app or the bridge; in chunks, another request
// waits for one chunk at most.
import { disputeTextsStamp } from '../disputes';
import type { Db, Store } from '../store';
import { threadScript, startWorker } from '../import';
import type { SearchTextsMessage, SearchTextsRequest } from '../import';
import { searchIndexOf } from './search-index';
import type { PackedSearchTexts } from './search-texts-thread';
import { unpackSearchTexts } from './search-texts-thread';
import type { SearchTexts } from './search-texts';
import { BEFORE_FIRST_ROWID, readSearchTextChunk } from './search-texts';

/**
 * About 10 ms of unsealing, the longest another request waits behind the build. At 114k disputes the whole build
 * takes as long in chunks of 1,000 as at once; 2,000 and 4,000 doubled and quadrupled that wait for no gain.
 */
const CHUNK_DISPUTES = 1_000;
/**
 * Builds started over because the store changed under them, before giving
 * up: a waiting search then rebuilds at once (search-index.ts), which is
 * slow but right, rather than wait behind writes that may not stop.
 */
const ATTEMPTS = 3;

export interface SearchBuildOptions {
  /**
   * Read the texts on a worker thread (search-texts-thread.ts) rather than
   * in chunks on this one: nothing waits behind the build, however busy the
   * host. In chunks when the thread cannot be had or fails.
   */
  thread?: boolean;
  /** Disputes read per statement (default CHUNK_DISPUTES). */
  chunkSize?: number;
  /** Awaited between chunks (default: one turn of the event loop). Tests write to the store here, mid-build. */
  pause?: () => Promise<void>;
}

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Per connection, as the index is: callers that arrive during a build share it. */
const building = new WeakMap<Db, Promise<void>>();
/** Connections whose build a search now waits for: a background build stops giving way to other requests. */
const demanded = new WeakSet<Db>();

/** How often a background build looks again whether the host has gone quiet. */
const QUIET_POLL_MS = 50;

/**
 * Settles once the connection's search index holds the store as it is now,
 * so the next prepareSearch answers without rebuilding. Never rejects: when
 * the build fails, gives up or the store closes, the index stays stale and
 * the search's own prepareSearch rebuilds at once, reporting any error to the
 * request that needs the answer. `options` apply when this call starts the build.
 */
export function whenSearchReady(store: Store, options: SearchBuildOptions = {}): Promise<void> {
  const { db } = store;
  const running = building.get(db);
  if (running) {
    demanded.add(db);
    return running;
  }
  try {
    if (!db.open || searchIndexOf(store).holds(disputeTextsStamp(db))) return Promise.resolve();
  } catch {
    return Promise.resolve();
  }
  const build: Promise<void> = buildInChunks(store, options)
    .catch(() => undefined)
    .finally(() => {
      if (building.get(db) === build) {
        building.delete(db);
        demanded.delete(db);
      }
    });
  building.set(db, build);
  return build;
}

export interface PrewarmOptions extends Pick<SearchBuildOptions, 'chunkSize' | 'thread'> {
  /**
   * True while the host is serving requests (the engineer moving through the
   * queue): the background build then waits between chunks, so those
   * requests never queue behind one; a search that needs the index ends the waiting.
   */
  busy?: () => boolean;
}

/**
 * Starts the build in the background, on a later turn, so that opening the
 * store or finishing a job is not held up by its first chunk. Does nothing
 * once the store is closed.
 */
export function prewarmSearch(store: Store, options: PrewarmOptions = {}): void {
  const { db } = store;
  const busy = options.busy;
  const pause = busy
    ? async (): Promise<void> => {
        await nextTurn();
        while (db.open && !demanded.has(db) && busy())
          await new Promise((resolve) => setTimeout(resolve, QUIET_POLL_MS).unref());
      }
    : nextTurn;
  setImmediate(
    () =>
      void whenSearchReady(store, {
        pause,
        thread: options.thread ?? true,
        ...(options.chunkSize ? { chunkSize: options.chunkSize } : {}),
      }),
  );
}

async function buildInChunks(store: Store, options: SearchBuildOptions): Promise<void> {
  const { db } = store;
  const index = searchIndexOf(store);
  if (options.thread && store.path !== ':memory:' && (await buildOnThread(store))) return;
  if (!db.open) return;
  const chunkSize = options.chunkSize ?? CHUNK_DISPUTES;
  const pause = options.pause ?? nextTurn;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (attempt > 0) {
      await pause();
      // Closing the store between chunks ends the build: nothing is left to read, and no one to answer.
      if (!db.open) return;
    }
    const stamp = disputeTextsStamp(db);
    // Another caller's rebuild at once (prepareSearch) may have caught up meanwhile.
    if (index.holds(stamp)) return;
    const read: SearchTexts = { rowids: [], texts: [] };
    for (let after = BEFORE_FIRST_ROWID; ;) {
      const chunk = readSearchTextChunk(store, after, chunkSize, read);
      if (chunk.read < chunkSize) break;
      after = chunk.lastRowid;
      await pause();
      if (!db.open) return;
    }
    // Each chunk is its own statement, so a write committed between two of them leaves texts from two states
    // of the store; every writer of dispute texts moves the stamp, so an unchanged stamp proves there was none.
    if (disputeTextsStamp(db) === stamp) {
      if (!index.holds(stamp)) index.install(stamp, read);
      return;
    }
  }
}

/** The texts read once on a worker thread; rejects when the thread fails. */
function readOnThread(store: Store): Promise<PackedSearchTexts> {
  const script = threadScript();
  if (!script) return Promise.reject(new Error('the worker thread cannot be started'));
  const worker = startWorker(script);
  return new Promise<PackedSearchTexts>((resolve, reject) => {
    worker.once('message', (message: SearchTextsMessage) => {
      if (message.type === 'searchTexts') resolve(message.texts);
      else reject(new Error(message.error.message));
    });
    worker.once('error', reject);
    worker.once('exit', () => reject(new Error('the worker thread ended before it answered')));
    const request: SearchTextsRequest = { type: 'searchTexts', dbPath: store.path, sealSecret: store.sealer.secret };
    worker.postMessage(request);
  }).finally(() => void worker.terminate());
}

/**
 * Builds the index from texts read on a worker thread; true once installed
 * (or the store closed meanwhile). The thread reads one snapshot of the store:
 * its texts are installed only when this connection still sees that snapshot's
 * stamp, else read again, up to ATTEMPTS times. False when the thread cannot
 * be had or fails: the caller builds in chunks instead.
 */
export async function buildOnThread(store: Store): Promise<boolean> {
  const { db } = store;
  const index = searchIndexOf(store);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    let packed: PackedSearchTexts;
    try {
      packed = await readOnThread(store);
    } catch {
      return false;
    }
    if (!db.open) return true;
    const stamp = disputeTextsStamp(db);
    if (index.holds(stamp)) return true;
    if (packed.stamp === stamp) {
      index.install(stamp, unpackSearchTexts(packed));
      return true;
    }
  }
  return false;
}
