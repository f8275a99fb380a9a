// Moves the queue selection by index, whether or not that row's block is
// loaded yet. ag-grid owns the rows (infinite row model); this module builds
// the grid and is the one place that talks to its API, so the grid's React
// wrapper, keyboard actions and the panel never do.
// A new filter keeps the dispute the engineer was on when the new listing has
// it (found by the service, then scrolled to); otherwise its first row.
import {
  createGrid,
  type ColDef,
  type GridApi,
  type GridOptions,
  type IDatasource,
  type IGetRowsParams,
  type IRowNode,
  type SortModelItem,
} from 'ag-grid-community';
import type { DisputeRow } from '../../../../shared/api-types';
import type { SortField } from '../../../../shared/api';
import { SORTABLE_FIELDS } from '../../../../shared/api';
import { api, errorMessage } from '../../api/client';
import { afterPaint } from '../../lib/after-paint';
import { useQueueGridStore } from '../../stores/queue-grid-store';
import { effectiveFilter, useQueueStore, type QueueSort } from '../../stores/queue-store';
import { notify } from '../../stores/ui-store';
import { measuredRowInView, type RowInView } from './row-in-view';

// The grid and the selection's bookkeeping (stores/queue-grid-store.ts).
const bridge = useQueueGridStore;
const grid = (): GridApi<DisputeRow> | null => bridge.getState().grid;

/** Forgets where the selection was going: a new listing, or the engineer took over. */
const settle = (): void => bridge.setState({ cursor: null, pending: null, relocating: null });

/** A new listing: what arrives for the one before is ignored. */
function newListing(): void {
  settle();
  bridge.setState((state) => ({ listing: state.listing + 1, loadedListing: -1 }));
}

/** The grid the bridge drives from now on (null: none), and how to tell whether one of its rows shows. */
export function attachGrid(attached: { grid: GridApi<DisputeRow>; rowInView: RowInView } | null): void {
  const gridApi = attached?.grid ?? null;
  bridge.setState({ grid: gridApi, rowInView: attached?.rowInView ?? null });
  newListing();
  // Coming back to the queue (from Export, say): find the dispute still shown in the panel.
  const { selectedId, selectedIndex } = useQueueStore.getState();
  if (gridApi && selectedId != null) {
    if (selectedIndex != null) bridge.setState({ pending: { index: selectedIndex, id: selectedId } });
    else relocate(selectedId);
  }
}

/** The grid built in a host element: its columns can change; destroy takes it down. */
export interface MountedGrid {
  setColumns(columnDefs: ColDef<DisputeRow>[]): void;
  destroy(): void;
}

/**
 * Builds the grid with these options in `host`. Once ready it is the grid
 * this module drives, loading from a datasource that reads the filter; its
 * selection and size changes are handled here.
 */
export function mountGrid(host: HTMLElement, options: GridOptions<DisputeRow>): MountedGrid {
  const gridApi = createGrid(host, {
    ...options,
    onGridReady: (e) => {
      attachGrid({ grid: e.api, rowInView: measuredRowInView(host) });
      e.api.setGridOption('datasource', createDatasource());
    },
    onSelectionChanged: (e) => {
      // This module's own selections were reported when made (select); the grid may show them a frame later.
      if (e.source === 'api') return;
      const node = e.api.getSelectedNodes()[0];
      if (node?.data) noteSelected(node.data.id, node.rowIndex, e.source === 'rowClicked');
    },
    // A resized window (or panel) keeps the selected dispute in view: a shorter
    // grid would otherwise leave it below the fold, a narrower one scrolled off.
    onGridSizeChanged: followSelection,
  });
  return {
    setColumns: (columnDefs) => gridApi.setGridOption('columnDefs', columnDefs),
    destroy: () => {
      if (grid() === gridApi) attachGrid(null);
      gridApi.destroy();
    },
  };
}

function toSort(model: SortModelItem[]): QueueSort | null {
  const first = model[0];
  if (!first) return null;
  const field = first.colId as SortField;
  return SORTABLE_FIELDS.includes(field) ? { field, dir: first.sort === 'desc' ? 'desc' : 'asc' } : null;
}

/** Reads the filter at call time, so one datasource serves every refresh. */
export function createDatasource(): IDatasource {
  const mine = bridge.getState().listing;
  return {
    getRows(params: IGetRowsParams<DisputeRow>) {
      const state = useQueueStore.getState();
      const sort = toSort(params.sortModel);
      if (JSON.stringify(sort) !== JSON.stringify(state.sort)) {
        // A new order is a new listing: start from its first row, as for a filter.
        state.setSort(sort);
        state.setSelection(null, null);
        settle();
      }
      api
        .listDisputes({
          filter: effectiveFilter(state),
          ...(sort ? { sort } : {}),
          offset: params.startRow,
          limit: params.endRow - params.startRow,
        })
        .then((page) => {
          params.successCallback(page.rows, page.total);
          // A block of a listing since replaced says nothing about the one shown.
          if (mine !== bridge.getState().listing) return;
          useQueueStore.getState().setTotal(page.total);
          afterBlockLoaded(mine, page.total);
        })
        .catch((error: unknown) => {
          params.failCallback();
          notify(`Could not load the queue: ${errorMessage(error)}`, 'error');
        });
    },
  };
}

function afterBlockLoaded(from: number, total: number): void {
  // The grid renders the block after the callback returns.
  setTimeout(() => {
    const { listing, pending, relocating } = bridge.getState();
    if (from !== listing) return;
    bridge.setState({ loadedListing: from });
    if (total === 0) {
      // Nothing listed: nothing to select, and nothing left to go to or look for.
      bridge.setState({ pending: null, relocating: null });
      useQueueStore.getState().setSelection(null, null);
    } else if (pending) {
      // Moves pressed before the listing's length was known may go past its end.
      const index = Math.min(pending.index, total - 1);
      if (index !== pending.index) bridge.setState({ cursor: index, pending: { ...pending, index } });
      // Scrolled to either way: a row not in this block brings its block in, and is selected when that arrives.
      grid()?.ensureIndexVisible(index, pending.middle === true ? 'middle' : null);
      if (selectLoaded(index, pending.id)) bridge.setState({ pending: null });
    } else if (!relocating && useQueueStore.getState().selectedId == null) {
      // Nothing selected: the first row (a kept dispute still looked for is selected by relocate, once found).
      selectIndex(0);
    }
  }, 0);
}

function selectLoaded(index: number, id?: string): boolean {
  const node = grid()?.getDisplayedRowAtIndex(index);
  if (!node?.data) return false;
  // A refresh can shift rows under a remembered index; then trust the id.
  if (id && node.data.id !== id) {
    const byId = grid()?.getRowNode(id);
    if (byId?.data && byId.rowIndex != null) {
      select(byId);
      return true;
    }
  }
  select(node);
  return true;
}

/**
 * Reports the selection at once, so the panel shows the dispute in the next
 * frame; the grid scrolls to and highlights its row once that frame is
 * painted. Scrolling builds the row brought into view and runs ag-grid's
 * scroll handler, which lays the whole grid out: done first, it held the
 * panel back by about as long again as the panel takes.
 */
function select(node: IRowNode<DisputeRow>): void {
  if (node.data) noteSelected(node.data.id, node.rowIndex, false);
  followSelectionAfterPaint();
}

let following = false;

/** Once per frame at most: the grid catches up with wherever the selection is by then. */
function followSelectionAfterPaint(): void {
  if (following) return;
  following = true;
  afterPaint(() => {
    following = false;
    followSelection();
  }, 'background');
}

/**
 * Brings the grid to the dispute the panel shows: its row highlighted, and
 * in view. A row out of view comes to the middle of the grid, not just over
 * its edge: the disputes ahead show, and the next presses only move the
 * highlight. Scrolled a row at a time, every press of a held `j` had the
 * grid draw a row and lay itself out again, overlapping the next press.
 */
function followSelection(): void {
  const gridApi = grid();
  if (!gridApi) return;
  const { selectedId } = useQueueStore.getState();
  const node = selectedId != null ? gridApi.getRowNode(selectedId) : undefined;
  if (node?.rowIndex == null) {
    // Its row is not loaded (or nothing is selected): no other row stays highlighted beside the panel.
    gridApi.deselectAll();
    return;
  }
  const { rowInView } = bridge.getState();
  if (node.id === undefined || !rowInView?.(node.id)) gridApi.ensureIndexVisible(node.rowIndex, 'middle');
  if (!node.isSelected()) node.setSelected(true, true);
}

/** The listing's length once its first block is in; null while it loads (the total shown may be the last listing's). */
function knownTotal(): number | null {
  const { listing, loadedListing } = bridge.getState();
  return loadedListing === listing ? (useQueueStore.getState().total ?? 0) : null;
}

/** Select a row by position; scrolls it into view and waits for its block if needed. */
export function selectIndex(index: number, id?: string): void {
  const gridApi = grid();
  if (!gridApi) return;
  // A selection made now (the next open dispute after a save) wins over one being looked for.
  bridge.setState({ relocating: null });
  const total = knownTotal();
  if (total === 0) return;
  const target = Math.max(0, total === null ? index : Math.min(total - 1, index));
  bridge.setState({ cursor: target });
  if (total === null) {
    // Keys pressed before the listing arrived are kept, not dropped: its first block selects the row (afterBlockLoaded).
    bridge.setState({ pending: { index: target, ...(id ? { id } : {}) } });
    return;
  }
  if (selectLoaded(target, id)) return;
  // Not loaded: scrolled to now, which brings its block in; it is selected when that arrives.
  gridApi.ensureIndexVisible(target);
  bridge.setState({ pending: { index: target, ...(id ? { id } : {}) } });
}

export function moveSelection(delta: number): void {
  const { cursor, relocating } = bridge.getState();
  if (relocating) {
    bridge.setState({ relocating: { ...relocating, delta: relocating.delta + delta } });
    return;
  }
  // While a listing loads, its first row is where moves start: it is selected when the listing arrives.
  const from = cursor ?? useQueueStore.getState().selectedIndex ?? (knownTotal() === null ? 0 : -1);
  selectIndex(from < 0 && delta < 0 ? 0 : from + delta);
}

/**
 * The grid reports a selection. A click moves the cursor there; a selection
 * made by selectIndex may report after further key presses have moved the
 * cursor on, so it must not pull the cursor back.
 */
export function noteSelected(id: string | null, index: number | null, byUser: boolean): void {
  if (byUser) bridge.setState((state) => ({ cursor: index, pending: null, relocating: null, picks: state.picks + 1 }));
  useQueueStore.getState().setSelection(id, index);
}

/** Reload the loaded blocks in place (after a ruling): rows keep their ids and selection. */
export function refreshRows(): void {
  grid()?.refreshInfiniteCache();
}

/**
 * Start over (after a filter change or an import): the first row is selected
 * once loaded. With `keepSelected` (a filter change), the dispute selected
 * stays selected, and is scrolled to, when the new listing has it.
 */
export function resetRows(options: { keepSelected?: boolean } = {}): void {
  const gridApi = grid();
  if (!gridApi) return;
  newListing();
  const state = useQueueStore.getState();
  // The panel goes on showing the kept dispute while it is looked for; its position is not known yet.
  const keep = options.keepSelected === true ? state.selectedId : null;
  state.setSelection(keep, null);
  gridApi.deselectAll();
  gridApi.setGridOption('datasource', createDatasource());
  if (keep != null) relocate(keep);
}

/** Finds the kept dispute in the current listing, then selects it (or the first row when it is not there). */
function relocate(id: string): void {
  const mine = bridge.getState().listing;
  bridge.setState({ relocating: { id, delta: 0 } });
  const state = useQueueStore.getState();
  // The service places it in the listing's own order, the column sort included.
  void api
    .locateDispute({ id, filter: effectiveFilter(state), ...(state.sort ? { sort: state.sort } : {}) })
    .then((located) => located.index)
    // Not found is what a failure amounts to: the first row, as without a kept dispute.
    .catch(() => null)
    .then((index) => {
      // One dispute is looked for per listing at most: still looked for if this listing is shown and none took over.
      const { listing, loadedListing, relocating } = bridge.getState();
      if (mine !== listing || relocating == null) return;
      bridge.setState({ relocating: null });
      const { delta } = relocating;
      const target = index == null ? Math.max(0, delta - 1) : Math.max(0, index + delta);
      const keepId = index != null && delta === 0 ? id : undefined;
      // In a new listing the kept dispute is shown amid its neighbours, not at the grid's edge.
      if (loadedListing === mine) {
        const total = useQueueStore.getState().total ?? 0;
        if (total > 0) grid()?.ensureIndexVisible(Math.min(target, total - 1), 'middle');
        selectIndex(target, keepId);
      } else bridge.setState({ pending: { index: target, middle: true, ...(keepId != null ? { id: keepId } : {}) } });
    });
}

/**
 * Ids of the loaded rows around `index`, nearest first in the direction of
 * travel (`ahead` rows after, `behind` before): what the panel fetches ahead.
 * Rows whose block is not loaded are skipped; the grid fetches those itself.
 */
export function idsAround(index: number, ahead: number, behind: number): string[] {
  const gridApi = grid();
  if (!gridApi) return [];
  const ids: string[] = [];
  const add = (i: number) => {
    const id = i >= 0 ? gridApi.getDisplayedRowAtIndex(i)?.data?.id : undefined;
    if (id) ids.push(id);
  };
  for (let step = 1; step <= Math.max(ahead, behind); step++) {
    if (step <= ahead) add(index + step);
    if (step <= behind) add(index - step);
  }
  return ids;
}
