// The queue grid's bridge keeps its state in a store (stores/queue-grid-store.ts):
// a reset between sessions leaves no grid behind for keys to move, and rows
// of the last session's listing arriving after it are ignored.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { GridApi, IGetRowsParams } from 'ag-grid-community';
import type { DisputeRow } from '../../../../shared/api-types';
import { row } from '../../fixtures';
// The stores import the API client, which reads the preload's globals: their declaration comes into this program too.
import type {} from '../../../../renderer/src/api/globals';

const pages = vi.hoisted(() => ({ resolve: [] as ((rows: DisputeRow[]) => void)[] }));

vi.mock('../../../../renderer/src/api/client', () => ({
  api: {
    listDisputes: () =>
      new Promise((resolve) => pages.resolve.push((rows: DisputeRow[]) => resolve({ rows, total: rows.length }))),
  },
  errorMessage: (error: unknown) => String(error),
  onApiWrite: () => () => undefined,
}));

const { useQueueStore } = await import('../../../../renderer/src/stores/queue-store');
const { useQueueGridStore } = await import('../../../../renderer/src/stores/queue-grid-store');
const { attachGrid, createDatasource, moveSelection } =
  await import('../../../../renderer/src/features/queue/grid-bridge');

const ROWS = ['d-0', 'd-1', 'd-2'].map((id) => row({ id }));

// Frames, as the page has them: a callback before each frame's paint, tasks after it.
const frames = vi.hoisted(() => ({ waiting: [] as (() => void)[] }));
vi.stubGlobal('window', {
  requestAnimationFrame: (callback: () => void) => frames.waiting.push(callback),
  setTimeout,
});

/** The next frame is painted, and the tasks waiting for it have run. */
async function framePainted(): Promise<void> {
  const callbacks = frames.waiting.splice(0);
  for (const callback of callbacks) callback();
  await new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * What the bridge asks of ag-grid, on three loaded rows; `scrolled`: the rows it brought into view,
 * and `positions` where; `highlighted`: the rows it selected. `inView`: the rows the page shows whole
 * (by default none, so each move scrolls).
 */
function fakeGrid(inView: readonly string[] = []) {
  const scrolled: number[] = [];
  const positions: (string | null)[] = [];
  const highlighted: number[] = [];
  const node = (index: number) => ({
    id: ROWS[index]?.id,
    data: ROWS[index],
    rowIndex: index,
    isSelected: () => false,
    setSelected: () => highlighted.push(index),
  });
  const grid = {
    ensureIndexVisible: (index: number, position?: string | null) => {
      scrolled.push(index);
      positions.push(position ?? null);
    },
    getDisplayedRowAtIndex: (index: number) => (ROWS[index] ? node(index) : undefined),
    getRowNode: (id: string) => {
      const index = ROWS.findIndex((r) => r.id === id);
      return index >= 0 ? node(index) : undefined;
    },
    deselectAll: () => highlighted.push(-1),
  };
  const rowInView = (id: string) => inView.includes(id);
  return { attached: { grid: grid as unknown as GridApi<DisputeRow>, rowInView }, scrolled, positions, highlighted };
}

/** A fake grid attached, its listing's first block in: what a move meets once the queue shows. */
function listingShown(inView?: readonly string[]) {
  const fake = fakeGrid(inView);
  attachGrid(fake.attached);
  useQueueGridStore.setState((state) => ({ loadedListing: state.listing }));
  return fake;
}

function getRowsParams(): IGetRowsParams<DisputeRow> {
  return {
    startRow: 0,
    endRow: 100,
    sortModel: [],
    filterModel: {},
    context: undefined,
    successCallback: () => undefined,
    failCallback: () => undefined,
  } as unknown as IGetRowsParams<DisputeRow>;
}

beforeEach(() => {
  useQueueGridStore.getState().reset();
  pages.resolve = [];
  useQueueStore.setState({ filter: {}, preset: {}, sort: null, selectedId: 'd-0', selectedIndex: 0, total: 3 });
});

describe('the queue grid across sessions', () => {
  it('moves the selection on the grid attached', async () => {
    const { scrolled } = listingShown();
    moveSelection(1);
    expect(useQueueStore.getState().selectedId).toBe('d-1');
    expect(useQueueGridStore.getState().cursor).toBe(1);
    await framePainted();
    expect(scrolled).toEqual([1]);
  });

  it('after a reset, keys move nothing and the last listing’s rows are ignored', async () => {
    const { attached, scrolled } = fakeGrid();
    attachGrid(attached);
    createDatasource().getRows(getRowsParams());
    useQueueGridStore.getState().reset();
    useQueueStore.setState({ total: null });
    moveSelection(1);
    pages.resolve[0]?.(ROWS);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(scrolled).toEqual([]);
    expect(useQueueStore.getState()).toMatchObject({ selectedId: 'd-0', total: null });
    expect(useQueueGridStore.getState()).toMatchObject({ grid: null, cursor: null, pending: null });
  });
});

/** The grid's first block of the listing arrives: rows `ids`, then the bridge's follow-up task. */
async function firstBlockArrives(ids: readonly string[]): Promise<void> {
  pages.resolve[0]?.(ROWS.filter((r) => ids.includes(r.id)));
  await new Promise((resolve) => setTimeout(resolve, 0));
  await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('a move of a loaded row', () => {
  it('shows the dispute first; the grid scrolls to its row once that frame is painted', async () => {
    const { scrolled, highlighted } = listingShown();
    moveSelection(1);
    expect(useQueueStore.getState()).toMatchObject({ selectedId: 'd-1', selectedIndex: 1 });
    expect(scrolled).toEqual([]);
    expect(highlighted).toEqual([]);
    await framePainted();
    expect({ scrolled, highlighted }).toEqual({ scrolled: [1], highlighted: [1] });
  });

  it('moves the grid once a frame, to where the selection is by then', async () => {
    const { scrolled, highlighted } = listingShown();
    moveSelection(1);
    moveSelection(1);
    expect(useQueueStore.getState().selectedId).toBe('d-2');
    await framePainted();
    expect({ scrolled, highlighted }).toEqual({ scrolled: [2], highlighted: [2] });
    moveSelection(-1);
    await framePainted();
    expect({ scrolled, highlighted }).toEqual({ scrolled: [2, 1], highlighted: [2, 1] });
  });
});

describe('the grid following the panel', () => {
  it('brings a row out of view to the middle of the grid, so the rows ahead show', async () => {
    const { scrolled, positions, highlighted } = listingShown(['d-0']);
    moveSelection(1);
    await framePainted();
    expect({ scrolled, positions, highlighted }).toEqual({ scrolled: [1], positions: ['middle'], highlighted: [1] });
  });

  it('highlights a row already in view without scrolling the grid', async () => {
    const { scrolled, highlighted } = listingShown(['d-0', 'd-1', 'd-2']);
    moveSelection(1);
    await framePainted();
    moveSelection(1);
    await framePainted();
    expect({ scrolled, highlighted }).toEqual({ scrolled: [], highlighted: [1, 2] });
  });

  it('highlights no row when the dispute shown by then has none loaded', async () => {
    const { scrolled, highlighted } = listingShown();
    moveSelection(1);
    // Before the frame, the selection goes to a dispute whose row the grid does not hold.
    useQueueStore.getState().setSelection('d-far', 900);
    await framePainted();
    expect({ scrolled, highlighted }).toEqual({ scrolled: [], highlighted: [-1] });
  });
});

describe('keys pressed while the queue first loads', () => {
  beforeEach(() => {
    useQueueStore.setState({ selectedId: null, selectedIndex: null, total: null });
    attachGrid(fakeGrid().attached);
    createDatasource().getRows(getRowsParams());
  });

  it('are kept and counted from the first row, selected on arrival', async () => {
    moveSelection(1);
    moveSelection(1);
    expect(useQueueStore.getState().selectedId).toBeNull();
    await firstBlockArrives(['d-0', 'd-1', 'd-2']);
    expect(useQueueStore.getState()).toMatchObject({ selectedId: 'd-2', selectedIndex: 2 });
  });

  it('stop at the last row of a listing shorter than the moves', async () => {
    for (let i = 0; i < 5; i++) moveSelection(1);
    await firstBlockArrives(['d-0', 'd-1', 'd-2']);
    expect(useQueueStore.getState()).toMatchObject({ selectedId: 'd-2', selectedIndex: 2 });
    expect(useQueueGridStore.getState()).toMatchObject({ cursor: 2, pending: null });
    moveSelection(-1);
    expect(useQueueStore.getState().selectedId).toBe('d-1');
  });

  it('select nothing when the listing is empty', async () => {
    moveSelection(1);
    await firstBlockArrives([]);
    expect(useQueueStore.getState()).toMatchObject({ selectedId: null, total: 0 });
    expect(useQueueGridStore.getState().pending).toBeNull();
  });
});
