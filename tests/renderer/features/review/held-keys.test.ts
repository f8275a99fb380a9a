// Keys typed while the next dispute is on its way wait for it: "1 Enter 2
// Enter" rules two disputes, no key lands on the draft of the dispute being
// left, and moving on or a failed save drops what waits.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { KeyAction } from '../../../../renderer/src/lib/keys';
import { cellDetail, row } from '../../fixtures';
// The stores import the API client, which reads the preload's globals: their declaration comes into this program too.
import type {} from '../../../../renderer/src/api/globals';

vi.mock('../../../../renderer/src/api/client', () => ({
  api: {},
  errorMessage: (error: unknown) => String(error),
  onApiWrite: () => () => undefined,
}));

const { useDisputeStore } = await import('../../../../renderer/src/stores/dispute-store');
const { useRulingStore } = await import('../../../../renderer/src/stores/ruling-store');
const { useQueueStore } = await import('../../../../renderer/src/stores/queue-store');
const {
  choosingNextDispute,
  dropTypedAhead,
  droppingTypedAhead,
  heldCount,
  holdWhileSettling,
  playHeldKeys,
  takeMovesTyped,
} = await import('../../../../renderer/src/features/review/held-keys');
const { useHeldKeysStore } = await import('../../../../renderer/src/stores/held-keys-store');
const { noteSelected } = await import('../../../../renderer/src/features/queue/grid-bridge');

const show = (id: string) =>
  useDisputeStore.setState({ detail: cellDetail({ dispute: row({ id }) }), loadingId: null });
const decision = (index: number): KeyAction => ({ type: 'decision', index });
const SAVE: KeyAction = { type: 'save' };

/** What the keys did, and on which draft: the dispute the draft belonged to when each was performed. */
let done: string[] = [];
let stop: () => void = () => undefined;

beforeEach(() => {
  stop();
  useHeldKeysStore.getState().reset();
  done = [];
  useQueueStore.setState({ filter: {}, preset: {}, selectedId: 'd-a', selectedIndex: 0, total: 10 });
  show('d-a');
  useRulingStore.getState().reset('d-a');
  useRulingStore.setState({ saving: false });
  stop = playHeldKeys((action) => {
    done.push(
      `${action.type}${action.type === 'decision' ? action.index : ''}@${useRulingStore.getState().draft.disputeId}`,
    );
    // A replayed save starts another save, as saveRuling does.
    if (action.type === 'save') useRulingStore.setState({ saving: true });
  });
});

describe('keys typed while the next dispute is on its way', () => {
  it('act at once when nothing is on its way', () => {
    expect(holdWhileSettling(decision(1))).toBe(false);
    expect(heldCount()).toBe(0);
  });

  it('wait through a save and the load after it, then act on the new dispute in the order typed', () => {
    useRulingStore.setState({ saving: true });
    for (const action of [decision(2), { type: 'cluster', index: 1 } as KeyAction, { type: 'rationale' } as KeyAction])
      expect(holdWhileSettling(action)).toBe(true);
    // Moved on: the next dispute is selected but still loading.
    useDisputeStore.setState({ loadingId: 'd-b' });
    useRulingStore.setState({ saving: false });
    expect(done).toEqual([]);
    show('d-b');
    expect(done).toEqual(['decision2@d-b', 'cluster@d-b', 'rationale@d-b']);
    expect(heldCount()).toBe(0);
  });

  it('drop what is typed after a held r or e: text meant for the field, never played as cluster or decision keys', () => {
    useRulingStore.setState({ saving: true });
    const typed: KeyAction[] = [decision(1), { type: 'evidence' }, { type: 'cluster', index: 3 }, decision(2), SAVE];
    for (const action of typed) expect(holdWhileSettling(action)).toBe(true);
    expect(heldCount()).toBe(2);
    useDisputeStore.setState({ loadingId: 'd-b' });
    useRulingStore.setState({ saving: false });
    show('d-b');
    expect(done).toEqual(['decision1@d-b', 'evidence@d-b']);
  });

  it('hold again what follows a replayed save, for the dispute after that', () => {
    useRulingStore.setState({ saving: true });
    for (const action of [decision(1), SAVE, decision(3), SAVE]) holdWhileSettling(action);
    show('d-b');
    expect(done).toEqual(['decision1@d-b', 'save@d-b']);
    expect(heldCount()).toBe(2);
    show('d-c');
    expect(done).toEqual(['decision1@d-b', 'save@d-b', 'decision3@d-c', 'save@d-c']);
  });

  it('are dropped when the selection moves meanwhile', () => {
    useDisputeStore.setState({ loadingId: 'd-b' });
    holdWhileSettling(decision(1));
    expect(holdWhileSettling({ type: 'move', delta: 1 })).toBe(false);
    show('d-c');
    expect(done).toEqual([]);
  });

  it('a move typed while a save chooses the next dispute waits to start from it, dropping the keys held before it', () => {
    useRulingStore.setState({ saving: true });
    choosingNextDispute();
    expect(holdWhileSettling(decision(2))).toBe(true);
    expect(holdWhileSettling({ type: 'move', delta: -1 })).toBe(true);
    expect(heldCount()).toBe(0);
    expect(holdWhileSettling({ type: 'move', delta: 20 })).toBe(true);
    // The save chose its next dispute: the moves act from there, once.
    expect(takeMovesTyped()).toBe(19);
    expect(takeMovesTyped()).toBe(0);
    // Chosen, still loading: a move acts at once again.
    expect(holdWhileSettling({ type: 'move', delta: 1 })).toBe(false);
  });

  it('are dropped when a row is picked with the mouse meanwhile', () => {
    useRulingStore.setState({ saving: true });
    holdWhileSettling(decision(2));
    noteSelected('d-x', 4, false);
    expect(heldCount()).toBe(1);
    noteSelected('d-y', 5, true);
    expect(heldCount()).toBe(0);
    useDisputeStore.setState({ loadingId: 'd-y' });
    useRulingStore.setState({ saving: false });
    show('d-y');
    expect(done).toEqual([]);
  });

  it('let moving, searching and help act at once', () => {
    useRulingStore.setState({ saving: true });
    for (const type of ['search', 'help', 'needs-me', 'escape'] as const)
      expect(holdWhileSettling({ type })).toBe(false);
  });

  it('are dropped when the filter or the search changes meanwhile', () => {
    useRulingStore.setState({ saving: true });
    expect(holdWhileSettling(decision(5))).toBe(true);
    useQueueStore.getState().setFilter({ search: 'qqqnomatch' });
    expect(heldCount()).toBe(0);
    useDisputeStore.setState({ loadingId: 'd-b' });
    useRulingStore.setState({ saving: false });
    show('d-b');
    expect(done).toEqual([]);
  });

  it('are kept when the queue changes but its filter does not (a selection, a total)', () => {
    useRulingStore.setState({ saving: true });
    holdWhileSettling(decision(2));
    useQueueStore.getState().setTotal(9);
    useQueueStore.getState().setPreset({});
    expect(heldCount()).toBe(1);
  });
});

describe('ruling keys while the queue selects no dispute', () => {
  it('are dropped, not held: a search matching nothing lists nothing, and the dispute it kept gets no key later', () => {
    // The search kept the dispute's id while it looked for it; the listing came back empty.
    useQueueStore.setState({ total: 0 });
    for (const action of [decision(5), SAVE, { type: 'cluster', index: 0 } as KeyAction])
      expect(holdWhileSettling(action)).toBe(true);
    expect(heldCount()).toBe(0);
    // The search cleared: the same dispute is listed and selected again.
    useQueueStore.setState({ total: 10 });
    useDisputeStore.setState({ detail: null });
    show('d-a');
    expect(done).toEqual([]);
    expect(useRulingStore.getState().draft.decision).toBeNull();
  });

  it('are dropped when nothing is selected, even with a save under way', () => {
    useQueueStore.setState({ selectedId: null, selectedIndex: null });
    useRulingStore.setState({ saving: true });
    expect(holdWhileSettling(decision(1))).toBe(true);
    expect(heldCount()).toBe(0);
  });

  it('drop what was held when the selection goes away', () => {
    useRulingStore.setState({ saving: true });
    holdWhileSettling(decision(1));
    useQueueStore.setState({ selectedId: null, selectedIndex: null });
    useRulingStore.setState({ saving: false });
    expect(heldCount()).toBe(0);
    expect(done).toEqual([]);
  });

  it('let searching, help and the views act at once', () => {
    useQueueStore.setState({ total: 0 });
    for (const type of ['search', 'help', 'needs-me', 'escape'] as const)
      expect(holdWhileSettling({ type })).toBe(false);
  });
});

describe('after a key that is no decision here', () => {
  it('drops the keys held after it, and the keys typed right after it until a pause', () => {
    useRulingStore.setState({ saving: true });
    for (const action of [decision(3), { type: 'retract' } as KeyAction, SAVE]) holdWhileSettling(action);
    dropTypedAhead(1000);
    expect(heldCount()).toBe(0);
    expect(droppingTypedAhead(1500)).toBe(true);
    // Each key typed meanwhile extends the wait for a pause.
    expect(droppingTypedAhead(2200)).toBe(true);
    expect(droppingTypedAhead(3100)).toBe(false);
  });

  it('stops playing the held keys after it', () => {
    stop();
    stop = playHeldKeys((action) => {
      done.push(`${action.type}${action.type === 'decision' ? action.index : ''}`);
      // Key 4 on a dispute without a fourth decision.
      if (action.type === 'decision' && action.index === 3) dropTypedAhead();
    });
    useRulingStore.setState({ saving: true });
    for (const action of [
      decision(3),
      { type: 'retract' } as KeyAction,
      { type: 'cluster', index: 0 } as KeyAction,
      SAVE,
    ])
      holdWhileSettling(action);
    useRulingStore.setState({ saving: false });
    show('d-b');
    expect(done).toEqual(['decision3']);
  });
});

describe('a new session', () => {
  it('starts with no keys held and no typed-ahead window, whatever the last one left', () => {
    useRulingStore.setState({ saving: true });
    holdWhileSettling(decision(1));
    holdWhileSettling(SAVE);
    dropTypedAhead(1000);
    holdWhileSettling(decision(2));
    expect(useHeldKeysStore.getState()).toMatchObject({ held: [decision(2)], droppingUntil: 1800 });
    useHeldKeysStore.getState().reset();
    expect(heldCount()).toBe(0);
    expect(droppingTypedAhead(1001)).toBe(false);
    useRulingStore.setState({ saving: false });
    show('d-b');
    expect(done).toEqual([]);
  });
});
