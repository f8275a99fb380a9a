// The queue's columns. Cell renderers are React components, so every value
// from the data is a text child; colIds match the API's sortable fields.
import type { ColDef, ICellRendererParams } from 'ag-grid-community';
import type { DisputeRow } from '../../../../shared/api-types';
import { DECISION_SHORT, KIND_LABELS, goldDisplay, oneLine, shownText, topValueText } from '../../lib/format';
import { StatusChip } from '../../ui/StatusChip';
import { ValueText } from '../../ui/ValueText';

type Params = ICellRendererParams<DisputeRow>;

function GoldCell({ data }: Params) {
  if (!data) return null;
  return <ValueText display={goldDisplay(data.gold, data.kind)} />;
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

function ColumnCell({ data }: Params) {
  if (!data) return null;
  return data.column == null ? <span className="value-empty">—</span> : <span>{oneLine(data.column)}</span>;
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

export const QUEUE_COLUMNS: ColDef<DisputeRow>[] = [
  { colId: 'task_id', headerName: 'Task', field: 'task_id', width: 104, sortable: true, valueFormatter: (p) => oneLine(p.data?.task_id ?? ''), tooltip: (p) => shownText(p.data?.task_id ?? '') },
  { colId: 'entity', headerName: 'Entity', field: 'entity', flex: 1.4, minWidth: 120, sortable: true, cellRenderer: EntityCell, tooltip: (p) => shownText(p.data?.entity ?? '') },
  { colId: 'column', headerName: 'Column', field: 'column', flex: 1.1, minWidth: 100, sortable: true, cellRenderer: ColumnCell, tooltip: (p) => shownText(p.data?.column ?? '') },
  {
    colId: 'gold',
    headerName: 'Gold',
    flex: 0.9,
    minWidth: 70,
    sortable: false,
    cellRenderer: GoldCell,
    tooltip: (p) => (p.data ? goldDisplay(p.data.gold, p.data.kind).text : ''),
  },
  {
    colId: 'top_count',
    headerName: 'Top value',
    headerTooltip: 'the leading contesting value (systems giving it)',
    flex: 1,
    minWidth: 90,
    sortable: true,
    valueGetter: (p) => (p.data ? topValueText(p.data) : ''),
    tooltip: (p) => (p.data ? topValueText(p.data) : ''),
  },
  { colId: 'contesting', headerName: 'Sys', headerTooltip: 'systems contesting', field: 'contesting', width: 50, sortable: true, type: 'rightAligned' },
  { colId: 'kind', headerName: 'Kind', field: 'kind', width: 100, sortable: true, cellRenderer: KindCell },
  { colId: 'status', headerName: 'Status', field: 'status', width: 84, sortable: true, cellRenderer: StatusCell },
  { colId: 'mine', headerName: 'Mine', headerTooltip: 'my ruling', width: 84, sortable: false, cellRenderer: MineCell },
];
