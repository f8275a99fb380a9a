// Whether a queue row shows whole in the grid's viewport, measured on the
// page. ag-grid's own pixel range (getVerticalPixelRange) is a cached reading
// that can trail the page: after a window resize it still gave the old size.

/** Whether the row with this id shows whole in the grid's viewport. */
export type RowInView = (id: string) => boolean;

/**
 * Measures rows of the grid built in `host`. A row not in the page (not yet
 * drawn, or scrolled past the rows ag-grid keeps) is out of view. Read after
 * a paint, the page's layout is clean: measuring costs no layout.
 */
export function measuredRowInView(host: HTMLElement): RowInView {
  return (id) => {
    const viewport = host.querySelector('.ag-grid-viewport');
    const row = viewport?.querySelector(`.ag-grid-scrolling-container .ag-row[row-id="${CSS.escape(id)}"]`);
    if (!viewport || !row) return false;
    const shown = viewport.getBoundingClientRect();
    // The header lies over the viewport's top: rows show below it.
    const top = Math.max(shown.top, viewport.querySelector('.ag-header')?.getBoundingClientRect().bottom ?? shown.top);
    const box = row.getBoundingClientRect();
    // Half a pixel either way: rows at fractional offsets still count as whole.
    return box.height > 0 && box.top >= top - 0.5 && box.bottom <= shown.bottom + 0.5;
  };
}
