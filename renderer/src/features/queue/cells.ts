// The queue's cell renderers, as plain DOM: a row scrolled into view costs
// no React work, which keeps "next dispute" within a frame. Every value from
// the data goes in as text (textContent, never markup); the elements and
// classes are those of the panel's StatusChip and ValueText.
import type { ICellRendererComp, ICellRendererParams } from 'ag-grid-community';
import type { DisputeRow } from '../../../../shared/api-types';
import { DECISION_SHORT, KIND_LABELS, STATUS_LABELS, goldDisplay, oneLine, type Display } from '../../lib/format';

type Params = ICellRendererParams<DisputeRow>;

/** With the Kind column hidden (a narrow grid), the Column cell names a dispute's kind unless it is a plain cell. */
export interface ColumnCellParams {
  showKind?: boolean;
}

/** A span with these classes (none when empty) holding these children, text or elements. */
function span(className: string, ...children: (string | Node)[]): HTMLSpanElement {
  const el = document.createElement('span');
  if (className !== '') el.className = className;
  el.append(...children);
  return el;
}

function valueText(display: Display): HTMLSpanElement {
  const el = span(`value value-${display.tone}`, display.text);
  if (display.tone === 'value') el.title = display.text;
  return el;
}

function kindText(kind: DisputeRow['kind']): HTMLSpanElement {
  return span(`kind-text kind-${kind}`, KIND_LABELS[kind]);
}

const CELLS = {
  gold: (data) => valueText(goldDisplay(data.gold, data.kind, data.contesting)),
  status: (data) => span(`chip chip-status chip-${data.status}`, STATUS_LABELS[data.status]),
  kind: (data) => kindText(data.kind),
  mine: (data) =>
    data.my_decision == null ? span('value-empty', '·') : span('mine', DECISION_SHORT[data.my_decision]),
  column: (data, { showKind }) => {
    const kind = showKind === true && data.kind !== 'cell' ? kindText(data.kind) : null;
    if (data.column == null) return kind ?? span('value-empty', '—');
    return kind ? span('', kind, ' · ', oneLine(data.column)) : span('', oneLine(data.column));
  },
  entity: (data) => {
    const text = oneLine(data.entity);
    if (!data.has_report) return span('', text);
    const dot = span('report-dot', '● ');
    dot.title = 'reported on GitHub';
    return span('', dot, text);
  },
} satisfies Record<string, (data: DisputeRow, params: ColumnCellParams) => HTMLElement>;

export type CellName = keyof typeof CELLS;

/**
 * An ag-grid cell renderer drawing one of CELLS. A row without data (still
 * loading) gets an empty span. New data for the same row redraws the cell.
 */
export function cellRenderer(name: CellName): new () => ICellRendererComp<DisputeRow> {
  const draw = CELLS[name];
  return class implements ICellRendererComp<DisputeRow> {
    private gui: HTMLElement = span('');

    init(params: Params & ColumnCellParams): void {
      if (params.data) this.gui = draw(params.data, params);
    }

    getGui(): HTMLElement {
      return this.gui;
    }

    /** False: the grid makes a new renderer for the new data, in the old one's place. */
    refresh(): boolean {
      return false;
    }
  };
}
