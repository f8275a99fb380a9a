// The ruling keys held while the next dispute is on its way, the moves typed
// while a save chooses it, and the window after a key that was no decision in
// which typed keys are dropped. What is
// held, played and dropped is decided in features/review/held-keys.ts; the
// state lives here so it can be seen and reset (between sessions, between tests).
import { create } from 'zustand';
import type { KeyAction } from '../lib/keys';

interface HeldKeysState {
  /** Keys waiting for the dispute on its way, in the order typed. */
  held: KeyAction[];
  /** Bumped whenever the held keys are dropped, so keys being played stop too. */
  drops: number;
  /** A save is choosing the next dispute: moves typed now start from it. */
  choosingNext: boolean;
  /** The rows those moves add up to (j +1, k −1, PgDn +20…). */
  moves: number;
  /** Until when (performance.now()) keys typed are dropped, after a key that was no decision. */
  droppingUntil: number;
  /** Forgets the held keys and the typed-ahead window; keys being played stop. */
  reset: () => void;
}

export const useHeldKeysStore = create<HeldKeysState>()((set) => ({
  held: [],
  drops: 0,
  choosingNext: false,
  moves: 0,
  droppingUntil: 0,
  reset: () => set((state) => ({ held: [], drops: state.drops + 1, choosingNext: false, moves: 0, droppingUntil: 0 })),
}));
