// The queue's columns. Cell renderers are plain DOM (cells.ts), so every
// value from the data is text; colIds match the API's sortable fields. A
// grid too narrow for every column with the compared ones whole drops the
// lower-value ones, so what the dispute is, its status and my ruling stay in
// view without scrolling sideways.
import type { ColDef } from 'ag-grid-community';
import type { DisputeRow } from '../../../../shared/api-types';
import { DECISION_LABELS } from '../../../../shared/domain';
import { goldDisplay, oneLine, shownText, topValueText } from '../../lib/format';
import { cellRenderer, type ColumnCellParams } from './cells';
import { QUEUE_HEADERS } from './column-headers';

/**
 * What the engineer compares (entity, column, gold, the top value) leads and
 * takes the width; kind, status and my ruling follow at their own width, the
 * task last (the panel names it for the selected dispute). Every header says
 * what its column holds.
 */
const QUEUE_COLUMNS: ColDef<DisputeRow>[] = [
  {
    colId: 'entity',
    headerName: QUEUE_HEADERS.entity.name,
    headerTooltip: QUEUE_HEADERS.entity.tooltip,
    field: 'entity',
    flex: 1.6,
    minWidth: 110,
    sortable: true,
    cellRenderer: cellRenderer('entity'),
    tooltip: (p) => shownText(p.data?.entity ?? ''),
  },
  {
    colId: 'column',
    headerName: QUEUE_HEADERS.column.name,
    headerTooltip: QUEUE_HEADERS.column.tooltip,
    field: 'column',
    flex: 1.1,
    minWidth: 96,
    sortable: true,
    cellRenderer: cellRenderer('column'),
    tooltip: (p) => shownText(p.data?.column ?? ''),
  },
  {
    colId: 'gold',
    headerName: QUEUE_HEADERS.gold.name,
    headerTooltip: QUEUE_HEADERS.gold.tooltip,
    flex: 1.3,
    minWidth: 84,
    sortable: false,
    cellRenderer: cellRenderer('gold'),
    tooltip: (p) => (p.data ? goldDisplay(p.data.gold, p.data.kind, p.data.contesting).text : ''),
  },
  {
    colId: 'top_count',
    headerName: QUEUE_HEADERS.top_count.name,
    headerTooltip: QUEUE_HEADERS.top_count.tooltip,
    flex: 1.4,
    minWidth: 80,
    sortable: true,
    valueGetter: (p) => (p.data ? topValueText(p.data) : ''),
    tooltip: (p) => (p.data ? topValueText(p.data) : ''),
  },
  {
    colId: 'contesting',
    headerName: QUEUE_HEADERS.contesting.name,
    headerTooltip: QUEUE_HEADERS.contesting.tooltip,
    field: 'contesting',
    width: 44,
    sortable: true,
    type: 'rightAligned',
  },
  {
    colId: 'kind',
    headerName: QUEUE_HEADERS.kind.name,
    headerTooltip: QUEUE_HEADERS.kind.tooltip,
    field: 'kind',
    width: 100,
    sortable: true,
    cellRenderer: cellRenderer('kind'),
  },
  {
    colId: 'status',
    headerName: QUEUE_HEADERS.status.name,
    headerTooltip: QUEUE_HEADERS.status.tooltip,
    field: 'status',
    width: 84,
    sortable: true,
    cellRenderer: cellRenderer('status'),
  },
  {
    colId: 'mine',
    headerName: QUEUE_HEADERS.mine.name,
    headerTooltip: QUEUE_HEADERS.mine.tooltip,
    width: 100,
    sortable: false,
    cellRenderer: cellRenderer('mine'),
    tooltip: (p) => (p.data?.my_decision ? `my ruling: ${DECISION_LABELS[p.data.my_decision]}` : 'not ruled by me'),
  },
  {
    colId: 'task_id',
    headerName: QUEUE_HEADERS.task_id.name,
    headerTooltip: QUEUE_HEADERS.task_id.tooltip,
    field: 'task_id',
    width: 104,
    sortable: true,
    valueFormatter: (p) => oneLine(p.data?.task_id ?? ''),
    tooltip: (p) => shownText(p.data?.task_id ?? ''),
  },
];

/**
 * The columns a narrow grid gives up, in this order: the task (the panel
 * beside shows it, and the kind, for the selected dispute), the systems count
 * (the top value carries its own) and the kind (the Column cell names it then).
 */
export const NARROW_HIDDEN = ['task_id', 'contesting', 'kind'] as const;

/**
 * Width the compared columns should have before any other column shows: a
 * value like "Family-owned (1)" or a two-word entity whole, not cut. Their
 * flex follows these widths, so a grid that fits them gives each its own.
 */
const COMFORT_WIDTH: Record<string, number> = { entity: 160, column: 110, gold: 130, top_count: 140 };

/** Room left for the grid's vertical scrollbar. */
const SCROLLBAR_ALLOWANCE = 18;

function hiddenSet(hidden: number): Set<string> {
  return new Set<string>(NARROW_HIDDEN.slice(0, hidden));
}

/** Width the shown columns need with the compared ones whole, with the scrollbar. */
function requiredWidth(hidden: number): number {
  const gone = hiddenSet(hidden);
  const width = (c: ColDef<DisputeRow>) =>
    (c.colId != null ? COMFORT_WIDTH[c.colId] : undefined) ?? c.width ?? c.minWidth ?? 0;
  return QUEUE_COLUMNS.reduce(
    (sum, c) => sum + (c.colId != null && gone.has(c.colId) ? 0 : width(c)),
    SCROLLBAR_ALLOWANCE,
  );
}

/** How many of NARROW_HIDDEN a grid this wide (CSS px) leaves out: the fewest that let the rest fit. */
export function hiddenColumnCount(gridWidth: number): number {
  let hidden = 0;
  while (hidden < NARROW_HIDDEN.length && requiredWidth(hidden) > gridWidth) hidden++;
  return hidden;
}

const layouts = new Map<number, ColDef<DisputeRow>[]>();

/** The column definitions with the first `hidden` of NARROW_HIDDEN hidden (the same array for the same count). */
export function queueColumns(hidden: number): ColDef<DisputeRow>[] {
  let defs = layouts.get(hidden);
  if (!defs) {
    const gone = hiddenSet(hidden);
    defs = QUEUE_COLUMNS.map((c) => ({
      ...c,
      // Every definition says whether it shows, so a column comes back when the grid widens.
      hide: c.colId != null && gone.has(c.colId),
      ...(c.colId === 'column'
        ? { cellRendererParams: { showKind: gone.has('kind') } satisfies ColumnCellParams }
        : {}),
    }));
    layouts.set(hidden, defs);
  }
  return defs;
}
