// The queue grid fits its box, in the real bundle: on a 1024×640 window the
// Status and Mine columns stood past the grid's right edge (every column at
// its minimum width was wider than the grid), so an engineer had to scroll
// sideways to see whether a dispute was settled and whether they had ruled.
// Now a narrow grid leaves out the systems count, the kind (named in the
// Column cell instead) and the task; Status and Mine are whole and in view,
// the keys still move the selection with the panel following, and a wide
// window shows every column again. What engineers compare (entity, column,
// gold, top value) leads, wide enough to read whole, before kind and status;
// every header says what its column holds.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Decision } from '../../shared/domain';
import { DECISION_SHORT, shownText } from '../../renderer/src/lib/format';
import { QUEUE_HEADERS, type QueueColumnId } from '../../renderer/src/features/queue/column-headers';
import type { Bridge, LaunchedBrowser } from './support';
import { openAppOnWorkspace } from './support';

let bridge: Bridge;
let browser: LaunchedBrowser;
let page: Page;
/** A cell dispute ruled "accept both": the widest label the Mine column shows. */
let ruledId: string;

/** At 1440×900 the task (named in the panel) gives way to the compared columns. */
const ALL_COLUMNS = ['entity', 'column', 'gold', 'top_count', 'contesting', 'kind', 'status', 'mine'];
const row = (id: string) => page.locator(`.ag-grid-scrolling-container .ag-row[row-id="${id}"]`);

async function selectedId(): Promise<string> {
  const id = await page.locator('.ag-grid-scrolling-container .ag-row-selected').first().getAttribute('row-id');
  if (!id) throw new Error('no dispute selected');
  return id;
}

interface HeaderBox {
  colId: string;
  left: number;
  right: number;
  /** The header's label is cut (ellipsis). */
  clipped: boolean;
}

interface GridLayout {
  /** The part of the grid the rows show in: the viewport less a vertical scrollbar that takes room. */
  view: { left: number; right: number };
  /** The grid would scroll sideways. */
  scrollsSideways: boolean;
  headers: HeaderBox[];
}

function gridLayout(): Promise<GridLayout> {
  return page.evaluate(() => {
    const grid = document.querySelector('.queue-grid')!;
    const viewport = grid.querySelector('.ag-grid-viewport')!;
    const box = viewport.getBoundingClientRect();
    let right = box.left + viewport.clientWidth;
    const vscroll = grid.querySelector('.ag-body-vertical-scroll');
    // An overlay scrollbar (no room taken: ag-scrollbar-invisible) covers nothing; a classic one ends the view.
    if (vscroll && !vscroll.classList.contains('ag-scrollbar-invisible') && vscroll.getBoundingClientRect().width > 0) {
      right = Math.min(right, vscroll.getBoundingClientRect().left);
    }
    const headers = [...grid.querySelectorAll('.ag-header-cell[col-id]')].map((el) => {
      const rect = el.getBoundingClientRect();
      const label = el.querySelector('.ag-header-cell-text');
      return {
        colId: el.getAttribute('col-id') ?? '',
        left: rect.left,
        right: rect.right,
        clipped: label == null || label.scrollWidth > label.clientWidth || label.getBoundingClientRect().width < 1,
      };
    });
    return {
      view: { left: box.left, right },
      scrollsSideways: viewport.scrollWidth > viewport.clientWidth + 1,
      headers,
    };
  });
}

/** The whole of a cell's text fits its content box (no ellipsis). */
function cellFits(id: string, colId: string, selector: string): Promise<{ text: string; fits: boolean }> {
  return row(id)
    .locator(`[col-id="${colId}"]`)
    .evaluate((cell, sel) => {
      const text = cell.querySelector(sel);
      if (!text) return { text: '', fits: false };
      const style = getComputedStyle(cell);
      const content = cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { text: text.textContent ?? '', fits: text.getBoundingClientRect().width <= content + 0.01 };
    }, selector);
}

beforeAll(async () => {
  ({ bridge, browser, page } = await openAppOnWorkspace(
    'atlas-columns-',
    { seed: 7, tasks: 6, systems: 8, maxRows: 6, maxColumns: 4 },
    { engineer: 'root' },
  ));
  // A ruling of mine with the longest short label, on a dispute near the top of the queue.
  const decision: Decision = 'accept_both';
  for (const candidate of (await bridge.api('listDisputes', { filter: { kind: 'cell' }, limit: 20 })).rows) {
    const detail = await bridge.api('getDispute', { id: candidate.id });
    const contested = detail.clusters.find((c) => !c.agrees_with_gold);
    if (!contested || candidate.gold.state !== 'value') continue;
    await bridge.api('rule', {
      disputeId: candidate.id,
      decision,
      value: contested.value,
      rationale: 'both are right',
    });
    ruledId = candidate.id;
    break;
  }
  if (!ruledId) throw new Error('the workspace has no cell dispute to accept both on');
  await page.reload();
  await row(ruledId).locator('.mine').waitFor({ timeout: 20_000 });
});

afterAll(async () => {
  await browser?.close();
  await bridge?.close();
});

describe('at 1440×900', () => {
  it('shows every column inside the grid', async () => {
    const layout = await gridLayout();
    expect(layout.headers.map((h) => h.colId)).toEqual(ALL_COLUMNS);
    expect(layout.scrollsSideways).toBe(false);
    for (const h of layout.headers) {
      expect({
        colId: h.colId,
        inside: h.left >= layout.view.left - 0.5 && h.right <= layout.view.right + 0.5,
        clipped: h.clipped,
      }).toEqual({ colId: h.colId, inside: true, clipped: false });
    }
  });

  it('gives the compared columns the width to show their values whole', async () => {
    const layout = await gridLayout();
    const width = (colId: string) => {
      const h = layout.headers.find((x) => x.colId === colId)!;
      return h.right - h.left;
    };
    expect({
      entity: width('entity') >= 160,
      column: width('column') >= 110,
      gold: width('gold') >= 130,
      top: width('top_count') >= 140,
    }).toEqual({ entity: true, column: true, gold: true, top: true });
    // The dispute ruled above: its top value ("… (n)") and gold read whole.
    expect((await cellFits(ruledId, 'gold', '.value')).fits).toBe(true);
    const top = await row(ruledId)
      .locator('[col-id="top_count"]')
      .evaluate((cell) => ({ fits: cell.scrollWidth <= cell.clientWidth + 0.5, text: cell.textContent ?? '' }));
    expect(top.fits, top.text).toBe(true);
  });

  it('gives every header a tooltip saying what its column holds', async () => {
    expect(Object.keys(QUEUE_HEADERS).sort()).toEqual([...ALL_COLUMNS, 'task_id'].sort());
    for (const colId of ALL_COLUMNS as QueueColumnId[]) {
      const { name, tooltip } = QUEUE_HEADERS[colId];
      expect(
        await page.locator(`.queue-grid .ag-header-cell[col-id="${colId}"] .ag-header-cell-text`).textContent(),
      ).toBe(name);
      expect(tooltip.length, colId).toBeGreaterThan(name.length);
      await page.locator(`.queue-grid .ag-header-cell[col-id="${colId}"] .ag-header-cell-text`).hover();
      const shown = async () =>
        (await page.locator('.ag-tooltip').count()) > 0
          ? ((await page.locator('.ag-tooltip').first().textContent()) ?? '')
          : '';
      await expect.poll(shown, { timeout: 5000 }).toBe(tooltip);
    }
  });
});

describe('at 1024×640', () => {
  beforeAll(async () => {
    await page.setViewportSize({ width: 1024, height: 640 });
  });

  it('has the Status and Mine headers whole and inside the grid, with no sideways scrolling', async () => {
    // The grid follows the window a frame or two later.
    const inView = async () => {
      const layout = await gridLayout();
      return ['status', 'mine'].map((colId) => {
        const h = layout.headers.find((x) => x.colId === colId);
        return {
          colId,
          left: h != null && h.left >= layout.view.left - 0.5,
          right: h != null && h.right <= layout.view.right + 0.5,
          clipped: h?.clipped ?? true,
        };
      });
    };
    await expect.poll(inView, { timeout: 5000 }).toEqual([
      { colId: 'status', left: true, right: true, clipped: false },
      { colId: 'mine', left: true, right: true, clipped: false },
    ]);
    const layout = await gridLayout();
    expect(layout.scrollsSideways).toBe(false);
    // What the dispute is stays: entity, column, gold and the top value, none of them cut to nothing.
    expect(layout.headers.map((h) => h.colId)).toEqual(['entity', 'column', 'gold', 'top_count', 'status', 'mine']);
    for (const h of layout.headers) expect(h.right - h.left, h.colId).toBeGreaterThanOrEqual(72);
  });

  it('shows the status and my ruling in full, as text', async () => {
    expect(await cellFits(ruledId, 'mine', '.mine')).toEqual({ text: DECISION_SHORT.accept_both, fits: true });
    const status = await cellFits(ruledId, 'status', '.chip-status');
    expect(status.fits).toBe(true);
    expect(['open', 'resolved', 'conflict']).toContain(status.text);
  });

  it('names a missing row in the Column cell while the Kind column is left out', async () => {
    const missing = (await bridge.api('listDisputes', { filter: { kind: 'missing_row' }, limit: 1 })).rows[0]!;
    await row(missing.id).waitFor();
    expect(await row(missing.id).locator('[col-id="column"] .kind-text').textContent()).toBe('missing row');
  });

  it('moves the selection with the keys, the panel following', async () => {
    await page.keyboard.press('Escape');
    const before = await selectedId();
    await page.keyboard.press('j');
    await expect.poll(selectedId).not.toBe(before);
    const id = await selectedId();
    const detail = await bridge.api('getDispute', { id });
    await expect
      .poll(async () => page.locator('aside.panel[aria-busy="false"] .dispute-entity').getAttribute('title'))
      .toBe(shownText(detail.dispute.entity));
  });

  it('brings every column back on a wide window', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect.poll(async () => (await gridLayout()).headers.map((h) => h.colId)).toEqual(ALL_COLUMNS);
    expect(await row(ruledId).locator('[col-id="column"] .kind-text').count()).toBe(0);
  });
});
