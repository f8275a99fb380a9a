// The queue's columns. Cell renderers are React components, so every value
// from the data is a text child; colIds match the API's sortable fields. A
// grid too narrow for every column (the review view in a 1024-px window) drops
// the lower-value ones, so what the dispute is, its status and my ruling stay
// in view without scrolling sideways.
import type { ColDef, ICellRendererParams } from 'ag-grid-community';
import type { DisputeRow } from '../../../../shared/api-types';
import { DECISION_LABELS } from '../../../../shared/domain';
import { DECISION_SHORT, KIND_LABELS, goldDisplay, oneLine, shownText, topValueText } from '../../lib/format';
import { StatusChip } from '../../ui/StatusChip';
import { ValueText } from '../../ui/ValueText';

type Params = ICellRendererParams<DisputeRow>;

function GoldCell({ data }: Params) {
  if (!data) return null;
  return <ValueText display={goldDisplay(data.gold, data.kind, data.contesting)} />;
}

function StatusCell({ data }: Params) {
  return data ? <StatusChip status={data.status} /> : null;
}

function KindCell({ data }: Params) {
  return data ? (
    <span className={`kind-text kind-${data.kind}`}>{KIND_LABELS[data.kind]}</span>
  ) : null;
}

function MineCell({ data }: Params) {
  if (!data) return null;
  if (data.my_decision == null) return <span className="value-empty">·</span>;
  return <span className="mine">{DECISION_SHORT[data.my_decision]}</span>;
}

/** With the Kind column hidden (a narrow grid), the Column cell names a dispute's kind unless it is a plain cell. */
interface ColumnCellParams {
  showKind?: boolean;
}

function ColumnCell({ data, showKind }: Params & ColumnCellParams) {
  if (!data) return null;
  const kind = showKind && data.kind !== 'cell' ? <span className={`kind-text kind-${data.kind}`}>{KIND_LABELS[data.kind]}</span> : null;
  if (data.column == null) return kind ?? <span className="value-empty">—</span>;
  return (
    <span>
      {kind && <>{kind} · </>}
      {oneLine(data.column)}
    </span>
  );
}

function EntityCell({ data }: Params) {
  if (!data) return null;
  return (
    <span>
      {data.has_report && (
        <span className="report-dot" title="reported on GitHub">
          ●{' '}
        </span>
      )}
      {oneLine(data.entity)}
    </span>
  );
}

const QUEUE_COLUMNS: ColDef<DisputeRow>[] = [
  { colId: 'task_id', headerName: 'Task', field: 'task_id', width: 104, sortable: true, valueFormatter: (p) => oneLine(p.data?.task_id ?? ''), tooltip: (p) => shownText(p.data?.task_id ?? '') },
  { colId: 'entity', headerName: 'Entity', field: 'entity', flex: 1.5, minWidth: 110, sortable: true, cellRenderer: EntityCell, tooltip: (p) => shownText(p.data?.entity ?? '') },
  { colId: 'column', headerName: 'Column', field: 'column', flex: 1.1, minWidth: 96, sortable: true, cellRenderer: ColumnCell, tooltip: (p) => shownText(p.data?.column ?? '') },
  {
    colId: 'gold',
    headerName: 'Gold',
    flex: 1,
    minWidth: 84,
    sortable: false,
    cellRenderer: GoldCell,
    tooltip: (p) => (p.data ? goldDisplay(p.data.gold, p.data.kind, p.data.contesting).text : ''),
  },
  {
    colId: 'top_count',
    headerName: 'Top value',
    headerTooltip: 'the leading contesting value (systems giving it)',
    flex: 1,
    minWidth: 80,
    sortable: true,
    valueGetter: (p) => (p.data ? topValueText(p.data) : ''),
    tooltip: (p) => (p.data ? topValueText(p.data) : ''),
  },
  { colId: 'contesting', headerName: 'Sys', headerTooltip: 'systems contesting', field: 'contesting', width: 50, sortable: true, type: 'rightAligned' },
  { colId: 'kind', headerName: 'Kind', field: 'kind', width: 100, sortable: true, cellRenderer: KindCell },
  { colId: 'status', headerName: 'Status', field: 'status', width: 84, sortable: true, cellRenderer: StatusCell },
  {
    colId: 'mine',
    headerName: 'Mine',
    headerTooltip: 'my ruling',
    width: 100,
    sortable: false,
    cellRenderer: MineCell,
    tooltip: (p) => (p.data?.my_decision ? `my ruling: ${DECISION_LABELS[p.data.my_decision]}` : 'not ruled by me'),
  },
];

/**
 * The columns a narrow grid gives up, in this order: the systems count (the top
 * value carries its own), the kind (the Column cell names it then) and the task
 * (the panel beside shows it, and the kind, for the selected dispute).
 */
export const NARROW_HIDDEN = ['contesting', 'kind', 'task_id'] as const;

/** Room left for the grid's vertical scrollbar. */
const SCROLLBAR_ALLOWANCE = 18;

function hiddenSet(hidden: number): Set<string> {
  return new Set<string>(NARROW_HIDDEN.slice(0, hidden));
}

/** Width the shown columns need at their minimum, with the scrollbar. */
function requiredWidth(hidden: number): number {
  const gone = hiddenSet(hidden);
  return QUEUE_COLUMNS.reduce((sum, c) => sum + (c.colId != null && gone.has(c.colId) ? 0 : (c.minWidth ?? c.width ?? 0)), SCROLLBAR_ALLOWANCE);
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
      ...(c.colId === 'column' ? { cellRendererParams: { showKind: gone.has('kind') } satisfies ColumnCellParams } : {}),
    }));
    layouts.set(hidden, defs);
  }
  return defs;
}
