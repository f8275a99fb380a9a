// Ruling keys pressed while the next dispute is on its way (a save that moves
// on, or a detail still loading) are held and played once it shows, in the
// order typed: a fast engineer's "1 Enter 2 Enter" rules two disputes, and no
// key lands on the draft of a dispute that is about to be replaced. Moving the
// selection meanwhile drops what is held: those keys were meant for a dispute
// the engineer has now left; so does a row picked with the mouse, and a new
// filter or search. A move typed while a save is still choosing the next
// dispute starts from the one it chooses ("Enter k" goes back to the dispute
// just ruled), so the keys typed after it land where they would have, typed
// slowly. A ruling key pressed while the queue selects no dispute (a search
// matching nothing) is dropped, never held for whichever dispute shows next.
// A key that is no decision in the dispute it lands on drops what was typed
// after it, held or still to come until a pause in typing.
import type { KeyAction } from '../../lib/keys';
import { useDisputeStore } from '../../stores/dispute-store';
import { useHeldKeysStore } from '../../stores/held-keys-store';
import { useQueueGridStore } from '../../stores/queue-grid-store';
import { effectiveFilter, useQueueStore } from '../../stores/queue-store';
import { useRulingStore } from '../../stores/ruling-store';

/** Keys that act on the dispute on screen; the others (moving, searching, help) act at once. */
const HOLDABLE = new Set<KeyAction['type']>([
  'decision',
  'cluster',
  'agree',
  'save',
  'retract',
  'rationale',
  'evidence',
]);

/** More than a burst of typing is not a plan: the rest is dropped. */
const MAX_HELD = 12;

/** Keys that open a text field: what is typed after them was meant as text, not as keys. */
const OPENS_FIELD = new Set<KeyAction['type']>(['rationale', 'evidence']);

/**
 * After a key that is no decision here, the keys typed right after it are
 * dropped, until a pause in typing this long: they were typed for what the
 * engineer expected that key to do.
 */
const PAUSE_MS = 800;

const keys = useHeldKeysStore;
const setHeld = (held: KeyAction[]): void => keys.setState({ held });

/** A save is moving on, or the dispute selected is not the one shown yet. */
export function settling(): boolean {
  const { loadingId, detail } = useDisputeStore.getState();
  return useRulingStore.getState().saving || (loadingId != null && loadingId !== detail?.dispute.id);
}

/** The queue lists nothing, or selects nothing: a ruling key has no dispute to act on. */
export function noDisputeSelected(): boolean {
  const { selectedId, total } = useQueueStore.getState();
  return selectedId == null || total === 0;
}

/**
 * Holds a key for the next dispute; true when it was held, or dropped (as one
 * too many, or with no dispute selected), rather than to be done now.
 */
export function holdWhileSettling(action: KeyAction): boolean {
  if (action.type === 'move') {
    setHeld([]);
    if (!keys.getState().choosingNext) return false;
    keys.setState((state) => ({ moves: state.moves + action.delta }));
    return true;
  }
  if (!HOLDABLE.has(action.type)) return false;
  // Nothing selected: the key was meant for no dispute, so none may get it, now or later.
  if (noDisputeSelected()) {
    setHeld([]);
    return true;
  }
  if (!settling()) return false;
  const { held } = keys.getState();
  // After a held `r` or `e`, letters are the start of a rationale or a link, typed before its field could open:
  // played as keys they would pick clusters or decisions. They are dropped; the field opens for the rest.
  if (held.some((waiting) => OPENS_FIELD.has(waiting.type))) return true;
  if (held.length < MAX_HELD) setHeld([...held, action]);
  return true;
}

/** How many keys wait. */
export function heldCount(): number {
  return keys.getState().held.length;
}

/**
 * Plays held keys through `perform` once the dispute they wait for shows; a
 * key that starts another save holds the rest again. Returns the unsubscribe.
 */
export function playHeldKeys(perform: (action: KeyAction) => void): () => void {
  const play = (): void => {
    const { detail, loadingId } = useDisputeStore.getState();
    if (keys.getState().held.length === 0) return;
    if (noDisputeSelected()) {
      setHeld([]);
      return;
    }
    if (!detail || (loadingId != null && loadingId !== detail.dispute.id)) return;
    // A dispute that has just shown gets its new draft first (which ends the save that moved to it),
    // so the keys never land on the draft of the dispute before.
    useRulingStore.getState().reset(detail.dispute.id);
    if (settling()) return;
    const { held: waiting, drops: dropsBefore } = keys.getState();
    setHeld([]);
    for (const [index, action] of waiting.entries()) {
      // A key played just now dropped what was typed after it (a key that is no decision here).
      if (keys.getState().drops !== dropsBefore) return;
      if (settling()) {
        setHeld([...waiting.slice(index), ...keys.getState().held].slice(0, MAX_HELD));
        return;
      }
      perform(action);
    }
  };
  const stopDisputes = useDisputeStore.subscribe(play);
  const stopRuling = useRulingStore.subscribe(play);
  // A row picked with the mouse moves the selection too: the keys held were meant for another dispute.
  const stopPicks = useQueueGridStore.subscribe((state, previous) => {
    if (state.picks !== previous.picks) dropHeldKeys();
  });
  // A new filter or search is a new listing: the keys held were meant for a dispute of the old one.
  const stopQueue = useQueueStore.subscribe((state, previous) => {
    if (state.filter === previous.filter && state.preset === previous.preset) return;
    if (JSON.stringify(effectiveFilter(state)) !== JSON.stringify(effectiveFilter(previous))) setHeld([]);
  });
  return () => {
    stopDisputes();
    stopRuling();
    stopPicks();
    stopQueue();
  };
}

/** Forgets held keys, moves typed while a save chose the next dispute too: a save failed, or there is no next dispute for them. */
export function dropHeldKeys(): void {
  keys.setState((state) => ({ held: [], drops: state.drops + 1, choosingNext: false, moves: 0 }));
}

/** A save has started choosing the next dispute: moves typed from now wait for it (takeMovesTyped). */
export function choosingNextDispute(): void {
  keys.setState({ choosingNext: true, moves: 0 });
}

/** The save has chosen (or failed to): the rows the moves typed meanwhile add up to, which now act from there. */
export function takeMovesTyped(): number {
  const { moves } = keys.getState();
  keys.setState({ choosingNext: false, moves: 0 });
  return moves;
}

/**
 * A key was no decision here: the keys typed after it are dropped, those
 * held and those still to come until the engineer pauses.
 */
export function dropTypedAhead(now: number = performance.now()): void {
  dropHeldKeys();
  keys.setState({ droppingUntil: now + PAUSE_MS });
}

/** Whether a key pressed now comes right after a key that was no decision (each such key extends the wait for a pause). */
export function droppingTypedAhead(now: number = performance.now()): boolean {
  if (now >= keys.getState().droppingUntil) return false;
  keys.setState({ droppingUntil: now + PAUSE_MS });
  return true;
}
