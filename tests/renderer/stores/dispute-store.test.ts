// The dispute-detail store's prefetch cache: a hit needs no request, and no
// cached or in-flight answer from before a change to the store's data is ever
// shown after it (a ruling must never show stale history).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdjudicatorApi } from '../../../shared/api';
import type { DisputeDetail, RuleResult, RulingView } from '../../../shared/api-types';
import type * as ClusterCompare from '../../../renderer/src/lib/cluster-compare';
import { cellDetail, row, rulingView } from '../fixtures';
// The store imports the API client, which reads the preload's globals: their declaration comes into this program too.
import type {} from '../../../renderer/src/api/globals';

/** A fake service: details by id, each getDispute answered when the test says (or at once). */
const service = vi.hoisted(() => {
  const state = {
    rulings: new Map<string, string[]>(),
    requests: [] as string[],
    /** Each call's ids: one for getDispute, several for getDisputes. */
    calls: [] as string[][],
    /** When set, getDispute answers wait for release(). */
    held: false,
    waiting: [] as (() => void)[],
  };
  return state;
});

function detailOf(id: string): DisputeDetail {
  const rulings = (service.rulings.get(id) ?? []).map((decision, i) =>
    rulingView({ id: `${id}-r${i}`, decision: decision as RulingView['decision'], created_at: '2026-11-30T00:00:00Z' }),
  );
  return cellDetail({ dispute: row({ id }), rulings });
}

vi.mock('../../../renderer/src/api/client', async () => {
  const { watchWrites } = await import('../../../renderer/src/api/watch-writes');
  const listeners = new Set<() => void>();
  const inner = {
    getDispute: ({ id }: { id: string }) => {
      service.requests.push(id);
      service.calls.push([id]);
      if (id.startsWith('gone')) return Promise.reject(new Error(`no dispute with id ${id}`));
      // The answer reflects the store when the request reached it, as a real service's would.
      const answer = detailOf(id);
      if (!service.held) return Promise.resolve(answer);
      return new Promise<DisputeDetail>((resolve) => service.waiting.push(() => resolve(answer)));
    },
    // An id starting "gone" is not in the store: left out of the answer, as the service does (getDispute refuses it).
    getDisputes: ({ ids }: { ids: string[] }) => {
      service.requests.push(...ids);
      service.calls.push(ids);
      const answer = ids.filter((id) => !id.startsWith('gone')).map(detailOf);
      if (!service.held) return Promise.resolve(answer);
      return new Promise<DisputeDetail[]>((resolve) => service.waiting.push(() => resolve(answer)));
    },
    listDisputes: () => Promise.resolve({ rows: [], total: 0 }),
    rule: ({ disputeId, decision }: { disputeId: string; decision: string }): Promise<RuleResult> => {
      service.rulings.set(disputeId, [...(service.rulings.get(disputeId) ?? []), decision]);
      return Promise.resolve({
        ruling: detailOf(disputeId).rulings.at(-1)!,
        status: 'resolved',
        operation: { op: 'none', decision: 'keep_gold', reason: 'a test service writes nothing' },
      });
    },
  };
  return {
    api: watchWrites(inner as unknown as AdjudicatorApi, () => {
      for (const listener of listeners) listener();
    }),
    errorMessage: (error: unknown) => String(error),
    onApiWrite: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
});

// Records which details had their comparison lines worked out, and when.
const worked = vi.hoisted(() => ({ ids: [] as string[] }));
vi.mock('../../../renderer/src/lib/cluster-compare', async (importOriginal) => {
  const original = await importOriginal<typeof ClusterCompare>();
  return {
    ...original,
    comparisonLines: (detail: DisputeDetail) => {
      worked.ids.push(detail.dispute.id);
      return original.comparisonLines(detail);
    },
  };
});

const { api } = await import('../../../renderer/src/api/client');
const { CACHE_MAX_AGE_MS, CACHE_SIZE, PREFETCH_LOW, useDisputeStore } =
  await import('../../../renderer/src/stores/dispute-store');

const store = () => useDisputeStore.getState();
const shown = () => store().detail?.dispute.id ?? null;
const shownRulings = () => store().detail?.rulings.map((r) => r.decision) ?? [];
/** Lets every settled promise's callbacks run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
function release(): void {
  const waiting = service.waiting.splice(0);
  for (const answer of waiting) answer();
}
function rule(id: string): Promise<RuleResult> {
  return api.rule({ disputeId: id, decision: 'accept_system', value: '93' });
}

beforeEach(() => {
  store().invalidate();
  useDisputeStore.setState({ detail: null, loadingId: null, error: null });
  service.rulings.clear();
  service.requests = [];
  service.calls = [];
  service.held = false;
  service.waiting = [];
});

afterEach(() => {
  vi.useRealTimers();
});

describe('dispute store cache', () => {
  it('shows a prefetched dispute at once, without a request', async () => {
    store().prefetch(['d-2', 'd-3']);
    await settle();
    expect(service.requests).toEqual(['d-2', 'd-3']);
    void store().load('d-2');
    // Synchronously: the panel renders it in the same pass as the selection.
    expect(shown()).toBe('d-2');
    expect(store().loadingId).toBeNull();
    expect(service.requests).toEqual(['d-2', 'd-3']);
  });

  it('works out a prefetched dispute’s comparison as it arrives, not when it is shown', async () => {
    worked.ids = [];
    store().prefetch(['d-2', 'd-3']);
    expect(worked.ids).toEqual([]);
    await settle();
    expect(worked.ids).toEqual(['d-2', 'd-3']);
  });

  it('asks for several disputes in one request', async () => {
    store().prefetch(['d-2', 'd-3', 'd-4']);
    await settle();
    expect(service.calls).toEqual([['d-2', 'd-3', 'd-4']]);
    void store().load('d-4');
    expect(shown()).toBe('d-4');
    expect(service.calls).toHaveLength(1);
  });

  it('shows a dispute asked for in a request still on its way once that answers, without asking again', async () => {
    service.held = true;
    store().prefetch(['d-2', 'd-3']);
    const loading = store().load('d-3');
    expect(store().loadingId).toBe('d-3');
    release();
    await loading;
    expect(shown()).toBe('d-3');
    expect(service.calls).toEqual([['d-2', 'd-3']]);
  });

  it('asks alone for a dispute a request for several left out, and says it is missing', async () => {
    store().prefetch(['d-2', 'gone-1']);
    await settle();
    await store().load('gone-1');
    expect(service.calls).toEqual([['d-2', 'gone-1'], ['gone-1']]);
    expect(shown()).toBeNull();
    expect(store().error).toMatch(/no dispute with id gone-1/);
  });

  it('asks for the disputes ahead only once few of them are left, then all of them at once', async () => {
    const ahead = (from: number) => Array.from({ length: 8 }, (_, i) => `d-${from + i}`);
    store().prefetchAhead(ahead(1));
    await settle();
    expect(service.calls).toEqual([ahead(1)]);
    // Each press shows the next: while PREFETCH_LOW ahead of it are held, nothing is asked.
    let from = 1;
    while (
      ahead(from + 1)
        .slice(0, PREFETCH_LOW)
        .every((id) => ahead(1).includes(id))
    ) {
      from++;
      store().prefetchAhead(ahead(from));
    }
    await settle();
    expect(service.calls).toHaveLength(1);
    from++;
    store().prefetchAhead(ahead(from));
    await settle();
    expect(service.calls).toEqual([ahead(1), ahead(from).filter((id) => !ahead(1).includes(id))]);
  });

  it('does not fetch again what is held or already on its way', async () => {
    service.held = true;
    store().prefetch(['d-2']);
    store().prefetch(['d-2']);
    const loading = store().load('d-2');
    expect(service.requests).toEqual(['d-2']);
    release();
    await loading;
    expect(shown()).toBe('d-2');
    store().prefetch(['d-2']);
    expect(service.requests).toEqual(['d-2']);
  });

  it('after a ruling, moving on and back shows the new ruling', async () => {
    await store().load('d-1');
    store().prefetch(['d-2', 'd-0']);
    await settle();
    await rule('d-1');
    await store().load('d-2');
    await store().load('d-1');
    expect(shown()).toBe('d-1');
    expect(shownRulings()).toEqual(['accept_system']);
    // Every neighbour fetched before the ruling is asked for again.
    await store().load('d-0');
    expect(service.requests.filter((id) => id === 'd-0')).toHaveLength(2);
  });

  it('never caches an answer requested before a ruling', async () => {
    service.held = true;
    store().prefetch(['d-1']);
    service.held = false;
    await rule('d-1');
    // The old answer (no ruling) arrives after the ruling was recorded.
    release();
    await settle();
    await store().load('d-1');
    expect(shownRulings()).toEqual(['accept_system']);
    expect(service.requests).toEqual(['d-1', 'd-1']);
  });

  it('does not show a load answered with data from before a ruling', async () => {
    service.held = true;
    const loading = store().load('d-1');
    service.held = false;
    await rule('d-1');
    release();
    await loading;
    expect(shown()).toBe('d-1');
    expect(shownRulings()).toEqual(['accept_system']);
  });

  it('reload (an import, a policy) drops every cached detail', async () => {
    store().prefetch(['d-2']);
    await store().load('d-1');
    service.rulings.set('d-2', ['keep_gold']);
    await store().reload();
    expect(shown()).toBe('d-1');
    await store().load('d-2');
    expect(shownRulings()).toEqual(['keep_gold']);
  });

  it('reads do not drop the cache', async () => {
    store().prefetch(['d-2']);
    await settle();
    await api.listDisputes({ filter: {}, offset: 0, limit: 100 });
    await store().load('d-2');
    expect(service.requests).toEqual(['d-2']);
  });

  it('holds a bounded number of disputes, the least recently used leaving first', async () => {
    const ids = Array.from({ length: CACHE_SIZE + 1 }, (_, i) => `d-${i}`);
    store().prefetch(ids);
    await settle();
    // d-0 left when the last came in; d-1, used again, outlives d-2.
    await store().load('d-1');
    await store().load('d-0');
    await store().load('d-1');
    await store().load('d-2');
    const asked = (id: string) => service.requests.filter((r) => r === id).length;
    expect([asked('d-0'), asked('d-1'), asked('d-2')]).toEqual([2, 1, 2]);
  });

  it('fetches again a detail older than the maximum age', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    store().prefetch(['d-2']);
    await settle();
    vi.setSystemTime(Date.now() + CACHE_MAX_AGE_MS + 1);
    await store().load('d-2');
    expect(service.requests).toEqual(['d-2', 'd-2']);
  });
});
