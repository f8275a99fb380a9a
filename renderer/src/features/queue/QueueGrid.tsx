// The dispute queue: ag-grid's infinite row model, pages of 100 from SQL.
// Selection is single-row and driven by grid-bridge; cells take no focus,
// so arrow keys belong to the app's key map, not to cell navigation. The
// columns follow the grid's width (columns.ts): a narrow one hides the
// lower-value columns instead of pushing Status and Mine out of view.
import {
  CellStyleModule,
  InfiniteRowModelModule,
  ModuleRegistry,
  RowApiModule,
  RowSelectionModule,
  RowStyleModule,
  ScrollApiModule,
  TooltipModule,
  ValidationModule,
  type ColDef,
  type GetRowIdParams,
  type GridOptions,
  type RowClassParams,
} from 'ag-grid-community';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { DisputeRow } from '../../../../shared/api-types';
import { useQueueStore } from '../../stores/queue-store';
import { EmptyQueue } from './EmptyQueue';
import { hiddenColumnCount, queueColumns } from './columns';
import { mountGrid, resetRows, type MountedGrid } from './grid-bridge';
import { gridTheme } from './grid-theme';

// Only what the queue uses (a third of AllCommunityModule's weight); the
// validation module names any option that needs a module missing here, in dev.
ModuleRegistry.registerModules([
  InfiniteRowModelModule,
  RowSelectionModule,
  RowApiModule,
  RowStyleModule,
  ScrollApiModule,
  CellStyleModule,
  TooltipModule,
  ...(import.meta.env.DEV ? [ValidationModule] : []),
]);

const getRowId = (p: GetRowIdParams<DisputeRow>) => p.data.id;

const defaultColDef: ColDef<DisputeRow> = {
  resizable: true,
  suppressMovable: true,
  sortingOrder: ['asc', 'desc', null],
};

const rowClass = (p: RowClassParams<DisputeRow>) => (p.data ? `row-${p.data.status}` : 'row-loading');

/** How many low-value columns the grid's box is too narrow for, kept up to date as it resizes. */
function useHiddenColumns(): [RefObject<HTMLDivElement | null>, number] {
  const box = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState(0);
  // Measured before the first paint, so a narrow window never shows the wide layout first.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    // A hidden grid (its view kept mounted behind another) has no width: it keeps its columns.
    const measure = () => {
      if (el.clientWidth > 0) setHidden(hiddenColumnCount(el.clientWidth));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [box, hidden];
}

/**
 * The grid's options but its columns. The grid is ag-grid's own DOM (no
 * React inside it): a row scrolled into view by "next dispute" is built at
 * once, with no React render and no second layout in the next frame.
 */
const GRID_OPTIONS: GridOptions<DisputeRow> = {
  theme: gridTheme,
  rowModelType: 'infinite',
  cacheBlockSize: 100,
  maxBlocksInCache: 50,
  infiniteInitialRowCount: 1,
  getRowId,
  getRowClass: rowClass,
  rowSelection: { mode: 'singleRow', checkboxes: false, enableClickSelection: 'enableSelection' },
  suppressCellFocus: true,
  suppressOverlays: ['noRows'],
  tooltipShowDelay: 600,
  // The vertical scrollbar's room is always kept: a filter that lists a
  // few rows hides it, the flexed columns spread into its room, and when
  // a longer listing brings it back ag-grid does not narrow them, so the
  // grid scrolled sideways and cut the Mine column ("accept both").
  alwaysShowVerticalScroll: true,
  // Headers, rows and cells in the DOM in the order shown: a column shown again would otherwise
  // come last in the DOM, and so to a screen reader, though drawn in its place.
  ensureDomOrder: true,
  defaultColDef,
};

export function QueueGrid() {
  const filter = useQueueStore((s) => s.filter);
  const preset = useQueueStore((s) => s.preset);
  const total = useQueueStore((s) => s.total);
  const [box, hidden] = useHiddenColumns();
  const columnDefs = useMemo(() => queueColumns(hidden), [hidden]);
  const host = useRef<HTMLDivElement>(null);
  const grid = useRef<MountedGrid | null>(null);

  // Built once, before the first paint, with the columns of the first render (every one shown: the
  // width is measured after). Built without columns, a column hidden at the first width would come
  // back after the others, not in its place.
  useLayoutEffect(() => {
    if (!host.current) return;
    const mounted = mountGrid(host.current, { ...GRID_OPTIONS, columnDefs });
    grid.current = mounted;
    return () => {
      grid.current = null;
      mounted.destroy();
    };
  }, []);

  // The columns follow the grid's width.
  useLayoutEffect(() => grid.current?.setColumns(columnDefs), [columnDefs]);

  // A different filter is a different listing: it keeps the dispute selected
  // when it lists it (clearing a search, "needs my ruling" off), else starts
  // from its first row. The grid's own first load serves the filter it opens with.
  const listed = useRef({ filter, preset });
  useEffect(() => {
    if (listed.current.filter === filter && listed.current.preset === preset) return;
    listed.current = { filter, preset };
    resetRows({ keepSelected: true });
  }, [filter, preset]);

  return (
    <div className="queue-grid" ref={box}>
      <div className="queue-grid-host" ref={host} />
      {total === 0 && <EmptyQueue />}
    </div>
  );
}
