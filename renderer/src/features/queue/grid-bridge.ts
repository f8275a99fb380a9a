// Moves the queue selection by index, whether or not that row's block is
// loaded yet. ag-grid owns the rows (infinite row model); this module is the
// one place that talks to its API, so keyboard actions and the panel never do.
import type { GridApi, IDatasource, IGetRowsParams, IRowNode, SortModelItem } from 'ag-grid-community';
import type { DisputeRow } from '../../../../shared/api-types';
import type { SortField } from '../../../../shared/api';
import { SORTABLE_FIELDS } from '../../../../shared/api';
import { api, errorMessage } from '../../api/client';
import { effectiveFilter, useQueueStore, type QueueSort } from '../../stores/queue-store';
import { notify } from '../../stores/ui-store';

let grid: GridApi<DisputeRow> | null = null;
/** Where the selection is going: ahead of the grid while a block loads. */
let cursor: number | null = null;
/** A row to select as soon as its block arrives. */
let pending: { index: number; id?: string } | null = null;

export function attachGrid(gridApi: GridApi<DisputeRow> | null): void {
  grid = gridApi;
  cursor = null;
  pending = null;
  // Coming back to the queue (from Export, say): find the dispute still shown in the panel.
  const { selectedId, selectedIndex } = useQueueStore.getState();
  if (gridApi && selectedId != null && selectedIndex != null) pending = { index: selectedIndex, id: selectedId };
}

function toSort(model: SortModelItem[]): QueueSort | null {
  const first = model[0];
  if (!first) return null;
  const field = first.colId as SortField;
  return SORTABLE_FIELDS.includes(field) ? { field, dir: first.sort === 'desc' ? 'desc' : 'asc' } : null;
}

/** Reads the filter at call time, so one datasource serves every refresh. */
export function createDatasource(): IDatasource {
  return {
    getRows(params: IGetRowsParams<DisputeRow>) {
      const state = useQueueStore.getState();
      const sort = toSort(params.sortModel);
      if (JSON.stringify(sort) !== JSON.stringify(state.sort)) {
        // A new order is a new listing: start from its first row, as for a filter.
        state.setSort(sort);
        state.setSelection(null, null);
        cursor = null;
        pending = null;
      }
      api
        .listDisputes({
          filter: effectiveFilter(state),
          ...(sort ? { sort } : {}),
          offset: params.startRow,
          limit: params.endRow - params.startRow,
        })
        .then((listing) => {
          params.successCallback(listing.rows, listing.total);
          useQueueStore.getState().setTotal(listing.total);
          afterBlockLoaded(listing.total);
        })
        .catch((error: unknown) => {
          params.failCallback();
          notify(`Could not load the queue: ${errorMessage(error)}`, 'error');
        });
    },
  };
}

function afterBlockLoaded(total: number): void {
  // The grid renders the block after the callback returns.
  setTimeout(() => {
    if (pending) {
      const { index, id } = pending;
      if (!selectLoaded(index, id)) {
        // Not in this block: bring its block in (a no-op when already on screen).
        if (index < total) grid?.ensureIndexVisible(index);
        return;
      }
      grid?.ensureIndexVisible(index);
      pending = null;
    } else if (useQueueStore.getState().selectedId == null && total > 0) {
      selectIndex(0);
    } else if (total === 0) {
      useQueueStore.getState().setSelection(null, null);
    }
  }, 0);
}

function selectLoaded(index: number, id?: string): boolean {
  const node = grid?.getDisplayedRowAtIndex(index);
  if (!node?.data) return false;
  // A refresh can shift rows under a remembered index; then trust the id.
  if (id && node.data.id !== id) {
    const byId = grid?.getRowNode(id);
    if (byId?.data && byId.rowIndex != null) {
      select(byId);
      return true;
    }
  }
  select(node);
  return true;
}

/**
 * Reports the selection at once rather than waiting for the grid's
 * selectionChanged event: ag-grid-react delivers that in a later task, after
 * a frame has been painted with the old dispute still in the panel. The event
 * still comes and reports the same row (a no-op); selecting an already
 * selected row fires none, so reporting here also covers that case.
 */
function select(node: IRowNode<DisputeRow>): void {
  if (!node.isSelected()) node.setSelected(true, true);
  if (node.data) noteSelected(node.data.id, node.rowIndex, false);
}

/** Select a row by position; scrolls it into view and waits for its block if needed. */
export function selectIndex(index: number, id?: string): void {
  if (!grid) return;
  const total = useQueueStore.getState().total ?? 0;
  if (total === 0) return;
  const target = Math.max(0, Math.min(total - 1, index));
  cursor = target;
  grid.ensureIndexVisible(target);
  if (!selectLoaded(target, id)) pending = { index: target, ...(id ? { id } : {}) };
}

export function moveSelection(delta: number): void {
  const from = cursor ?? useQueueStore.getState().selectedIndex ?? -1;
  selectIndex(from < 0 && delta < 0 ? 0 : from + delta);
}

/**
 * The grid reports a selection. A click moves the cursor there; a selection
 * made by selectIndex may report after further key presses have moved the
 * cursor on, so it must not pull the cursor back.
 */
export function noteSelected(id: string | null, index: number | null, byUser: boolean): void {
  if (byUser) {
    cursor = index;
    pending = null;
  }
  useQueueStore.getState().setSelection(id, index);
}

/** Reload the loaded blocks in place (after a ruling): rows keep their ids and selection. */
export function refreshRows(): void {
  grid?.refreshInfiniteCache();
}

/** Start over (after a filter change or an import): first row selected once loaded. */
export function resetRows(): void {
  if (!grid) return;
  cursor = null;
  pending = null;
  useQueueStore.getState().setSelection(null, null);
  grid.deselectAll();
  grid.setGridOption('datasource', createDatasource());
}

/**
 * Ids of the loaded rows around `index`, nearest first in the direction of
 * travel (`ahead` rows after, `behind` before): what the panel fetches ahead.
 * Rows whose block is not loaded are skipped; the grid fetches those itself.
 */
export function idsAround(index: number, ahead: number, behind: number): string[] {
  if (!grid) return [];
  const ids: string[] = [];
  const add = (i: number) => {
    const id = i >= 0 ? grid?.getDisplayedRowAtIndex(i)?.data?.id : undefined;
    if (id) ids.push(id);
  };
  for (let step = 1; step <= Math.max(ahead, behind); step++) {
    if (step <= ahead) add(index + step);
    if (step <= behind) add(index - step);
  }
  return ids;
}
