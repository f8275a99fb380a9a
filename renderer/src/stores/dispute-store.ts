// The full detail of the selected dispute. Selection can move faster than the
// service answers, so only the answer for the latest request is kept.
//
// "Next dispute" is the key pressed most, so the details of the disputes
// around the selection are fetched ahead (prefetch) into a small cache and
// shown without a round trip. Correctness comes first: every change to the
// store's data drops the whole cache: every API call that may write (a
// ruling recorded or retracted, a policy, a report linked…; api/watch-writes.ts)
// and every reload (an import finished). An answer requested before such a
// change is never cached, nor shown for a request made after it.
import { create } from 'zustand';
import { MAX_DISPUTES_PER_CALL } from '../../../shared/api';
import type { DisputeDetail } from '../../../shared/api-types';
import { api, errorMessage, onApiWrite } from '../api/client';
import { comparisonLines } from '../lib/cluster-compare';

interface DisputeState {
  detail: DisputeDetail | null;
  /** The id being fetched, null when idle. */
  loadingId: string | null;
  error: string | null;
  /** Show this dispute: from the cache when held, else from the service. */
  load: (id: string | null) => Promise<void>;
  /** The store's data changed: drop the cache and fetch the dispute on screen again. */
  reload: () => Promise<void>;
  /** Fetch these disputes' details ahead into the cache: those not held already, in one request. */
  prefetch: (ids: readonly string[]) => void;
  /**
   * The disputes ahead of the one shown, nearest first: while the nearest PREFETCH_LOW of them are held (or on
   * their way), nothing; else all of them not held, in one request. A key held down then asks once every few
   * presses, not on each one.
   */
  prefetchAhead: (ids: readonly string[]) => void;
  /** The store's data changed: nothing fetched before now may be shown. */
  invalidate: () => void;
}

let latestRequest = 0;
/** While one answer is awaited, a held-down `j` asks for many: only the last one is fetched. */
const BURST_DELAY_MS = 70;
/** Enough for the disputes fetched ahead of the selection and one behind, and a step back. */
export const CACHE_SIZE = 16;
/** prefetchAhead asks again once fewer than this many disputes ahead are held. */
export const PREFETCH_LOW = 3;
/**
 * Changes this window makes invalidate the cache; this bounds how long a
 * change made elsewhere (the CLI, another window on the same store) can hide
 * behind a cached detail, no longer than a panel left open would show it.
 */
export const CACHE_MAX_AGE_MS = 30_000;

interface Cached {
  detail: DisputeDetail;
  at: number;
}
/** Least recently used first (a Map keeps insertion order). */
const cache = new Map<string, Cached>();
/** Requests under way, shared by load and prefetch; tagged with the generation they belong to. */
const inflight = new Map<string, { generation: number; promise: Promise<DisputeDetail> }>();
/** Bumped by every invalidation: answers of an older generation are not cached. */
let generation = 0;

function cached(id: string): DisputeDetail | null {
  const entry = cache.get(id);
  if (!entry) return null;
  cache.delete(id);
  if (Date.now() - entry.at > CACHE_MAX_AGE_MS) return null;
  cache.set(id, entry);
  return entry.detail;
}

function remember(id: string, detail: DisputeDetail): void {
  cache.delete(id);
  cache.set(id, { detail, at: Date.now() });
  while (cache.size > CACHE_SIZE) {
    const oldest = cache.keys().next().value;
    if (oldest === undefined) break;
    cache.delete(oldest);
  }
}

/** Held in the cache, or on its way for the current generation. */
function heldOrAsked(id: string): boolean {
  return cached(id) != null || inflight.get(id)?.generation === generation;
}

function fetchDetail(id: string): Promise<DisputeDetail> {
  const running = inflight.get(id);
  if (running && running.generation === generation) return running.promise;
  return fetchDetails([id])[0]!;
}

/**
 * Asks for these disputes (none held or on its way) in one request, one for
 * several: each id's answer is cached, and awaited by a load that asks for
 * it meanwhile, as if asked alone.
 */
function fetchDetails(ids: readonly string[]): Promise<DisputeDetail>[] {
  const asked = generation;
  const answer =
    ids.length === 1 ? api.getDispute({ id: ids[0]! }).then((detail) => [detail]) : api.getDisputes({ ids: [...ids] });
  return ids.map((id) => {
    const promise = answer.then((details) => {
      const detail = details.find((d) => d.dispute.id === id);
      if (!detail) throw new Error(`no dispute with id ${id}`);
      if (asked === generation) remember(id, detail);
      return detail;
    });
    inflight.set(id, { generation: asked, promise });
    const done = () => {
      if (inflight.get(id)?.promise === promise) inflight.delete(id);
    };
    promise.then(done, done);
    return promise;
  });
}

/** Works out a fetched dispute's comparison as it arrives, each in a task of its own: a key pressed meanwhile goes first. */
function prepare(promise: Promise<DisputeDetail>): void {
  // A failed prefetch costs nothing: load asks again and reports the error.
  promise.then((detail) => setTimeout(() => comparisonLines(detail), 0)).catch(() => undefined);
}

function dropCache(): void {
  generation++;
  cache.clear();
  inflight.clear();
}
onApiWrite(dropCache);

export const useDisputeStore = create<DisputeState>()((set, get) => ({
  detail: null,
  loadingId: null,
  error: null,
  load: async (id) => {
    const request = ++latestRequest;
    if (id == null) {
      set({ detail: null, loadingId: null, error: null });
      return;
    }
    const hit = cached(id);
    if (hit) {
      set({ detail: hit, loadingId: null, error: null });
      return;
    }
    const busy = get().loadingId != null;
    set({ loadingId: id, error: null });
    if (busy && !inflight.has(id)) {
      await new Promise((resolve) => setTimeout(resolve, BURST_DELAY_MS));
      if (request !== latestRequest) return;
    }
    try {
      // An invalidation while waiting makes the answer unfit to show: ask again.
      for (;;) {
        const asked = generation;
        const detail = await fetchDetail(id);
        if (request !== latestRequest) return;
        if (asked === generation) {
          set({ detail, loadingId: null });
          return;
        }
      }
    } catch (error) {
      if (request === latestRequest) set({ loadingId: null, error: errorMessage(error) });
    }
  },
  reload: async () => {
    get().invalidate();
    // The dispute being fetched is the newer wish; the one shown is the fallback.
    const id = get().loadingId ?? get().detail?.dispute.id;
    if (id) await get().load(id);
  },
  prefetch: (ids) => {
    // What the panel works out from a detail is worked out as it arrives, not on the key that shows it.
    const wanted = [...new Set(ids)].filter((id) => !heldOrAsked(id));
    for (let from = 0; from < wanted.length; from += MAX_DISPUTES_PER_CALL)
      fetchDetails(wanted.slice(from, from + MAX_DISPUTES_PER_CALL)).forEach(prepare);
  },
  prefetchAhead: (ids) => {
    if (ids.slice(0, PREFETCH_LOW).every(heldOrAsked)) return;
    get().prefetch(ids);
  },
  invalidate: dropCache,
}));
