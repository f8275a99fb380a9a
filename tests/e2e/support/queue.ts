// What the review screen shows: the dispute in the panel, and the queue's
// highlighted row, which follows the panel a frame or two later.
import type { Page } from 'playwright-core';

/** The dispute the panel shows, loaded: what a ruling key acts on. Null while it loads. */
export async function shownDispute(page: Page): Promise<string | null> {
  const panel = page.locator('aside.panel[aria-busy="false"][data-dispute]');
  if ((await panel.count()) === 0) return null;
  return panel.getAttribute('data-dispute', { timeout: 2000 }).catch(() => null);
}

/** The queue's highlighted row; null when none is. */
export function highlightedRow(page: Page): Promise<string | null> {
  return page
    .locator('.ag-grid-scrolling-container .ag-row-selected')
    .first()
    .getAttribute('row-id', { timeout: 2000 })
    .catch(() => null);
}
