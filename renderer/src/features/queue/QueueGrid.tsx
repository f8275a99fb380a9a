// The dispute queue: ag-grid's infinite row model, pages of 100 from SQL.
// Selection is single-row and driven by grid-bridge; cells take no focus,
// so arrow keys belong to the app's key map, not to cell navigation. The
// columns follow the grid's width (columns.tsx): a narrow one hides the
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
  type GridReadyEvent,
  type GridSizeChangedEvent,
  type RowClassParams,
  type SelectionChangedEvent,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { DisputeRow } from '../../../../shared/api-types';
import { useQueueStore } from '../../stores/queue-store';
import { EmptyQueue } from './EmptyQueue';
import { hiddenColumnCount, queueColumns } from './columns';
import { attachGrid, createDatasource, noteSelected, resetRows } from './grid-bridge';
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

/**
 * A resized window (or panel) keeps the selected dispute in view: a shorter
 * grid would otherwise leave it below the fold, a narrower one scrolled off.
 * ensureIndexVisible does nothing when the row is already shown.
 */
const keepSelectionInView = (e: GridSizeChangedEvent<DisputeRow>) => {
  const index = e.api.getSelectedNodes()[0]?.rowIndex;
  if (index != null) e.api.ensureIndexVisible(index);
};

// One object for every render: a new one is a changed grid option, and ag-grid redoes its columns.
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

export function QueueGrid() {
  const filter = useQueueStore((s) => s.filter);
  const preset = useQueueStore((s) => s.preset);
  const total = useQueueStore((s) => s.total);
  const [box, hidden] = useHiddenColumns();
  const columnDefs = useMemo(() => queueColumns(hidden), [hidden]);

  const onGridReady = useCallback((e: GridReadyEvent<DisputeRow>) => {
    attachGrid(e.api);
    e.api.setGridOption('datasource', createDatasource());
  }, []);

  const onSelectionChanged = useCallback((e: SelectionChangedEvent<DisputeRow>) => {
    const node = e.api.getSelectedNodes()[0];
    if (node?.data) noteSelected(node.data.id, node.rowIndex, e.source === 'rowClicked');
  }, []);

  // A different filter is a different listing: it keeps the dispute selected
  // when it lists it (clearing a search, "needs my ruling" off), else starts
  // from its first row.
  useEffect(() => {
    resetRows({ keepSelected: true });
  }, [filter, preset]);

  useEffect(() => () => attachGrid(null), []);

  return (
    <div className="queue-grid" ref={box}>
      <AgGridReact<DisputeRow>
        theme={gridTheme}
        columnDefs={columnDefs}
        rowModelType="infinite"
        cacheBlockSize={100}
        maxBlocksInCache={50}
        infiniteInitialRowCount={1}
        getRowId={getRowId}
        getRowClass={rowClass}
        rowSelection={{ mode: 'singleRow', checkboxes: false, enableClickSelection: 'enableSelection' }}
        suppressCellFocus
        suppressOverlays={['noRows']}
        tooltipShowDelay={600}
        onGridReady={onGridReady}
        onSelectionChanged={onSelectionChanged}
        onGridSizeChanged={keepSelectionInView}
        // The vertical scrollbar's room is always kept: a filter that lists a
        // few rows hides it, the flexed columns spread into its room, and when
        // a longer listing brings it back ag-grid does not narrow them, so the
        // grid scrolled sideways and cut the Mine column ("accept both").
        alwaysShowVerticalScroll
        defaultColDef={defaultColDef}
      />
      {total === 0 && <EmptyQueue />}
    </div>
  );
}
