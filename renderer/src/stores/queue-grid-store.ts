// The queue grid's API and where its selection is going while ag-grid loads
// rows. features/queue/grid-bridge.ts is the one module that talks to the
// grid and decides what these mean; the state lives here so it can be seen
// and reset (between sessions, between tests).
import type { GridApi } from 'ag-grid-community';
import { create } from 'zustand';
import type { DisputeRow } from '../../../shared/api-types';
import type { RowInView } from '../features/queue/row-in-view';

interface QueueGridState {
  /** The grid on screen; null while the queue is not shown. */
  grid: GridApi<DisputeRow> | null;
  /** Whether a row of that grid shows whole in its viewport; null while the queue is not shown. */
  rowInView: RowInView | null;
  /** Where the selection is going: ahead of the grid while a block loads. */
  cursor: number | null;
  /** A row to select as soon as its block arrives; `middle`: scrolled to the middle of the grid, not just into it. */
  pending: { index: number; id?: string; middle?: boolean } | null;
  /** Bumped by every new listing (a new datasource): what arrives for an older one is ignored. */
  listing: number;
  /** The listing whose first block has arrived, so its total is known. */
  loadedListing: number;
  /**
   * The selected dispute, kept across a new filter, while the service finds it
   * in the new listing; moves pressed meanwhile add up and apply from it.
   */
  relocating: { id: string; delta: number } | null;
  /** Bumped each time the engineer picks a row with the mouse: keys held for another dispute are dropped. */
  picks: number;
  /** No grid, and a new listing: what arrives for the old one is ignored. */
  reset: () => void;
}

export const useQueueGridStore = create<QueueGridState>()((set) => ({
  grid: null,
  rowInView: null,
  cursor: null,
  pending: null,
  listing: 0,
  loadedListing: -1,
  relocating: null,
  picks: 0,
  reset: () =>
    set((state) => ({
      grid: null,
      rowInView: null,
      cursor: null,
      pending: null,
      listing: state.listing + 1,
      loadedListing: -1,
      relocating: null,
    })),
}));
