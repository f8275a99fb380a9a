// A fast engineer types ahead: "1 Enter 1 Enter 1 Enter" pressed without
// waiting rules three disputes, one each, because keys typed while the next
// dispute is on its way wait for it instead of landing on the draft that is
// being replaced. Moves typed while the queue first loads count too, and a
// move typed while a save chooses the next dispute starts from it; a row
// clicked meanwhile stays.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bridge, LaunchedBrowser } from './support';
import { openAppOnWorkspace, shownDispute } from './support';

let bridge: Bridge;
let browser: LaunchedBrowser;
let page: Page;

beforeAll(async () => {
  ({ bridge, browser, page } = await openAppOnWorkspace(
    'atlas-type-ahead-',
    { seed: 5, tasks: 6, systems: 4, maxRows: 6, maxColumns: 4 },
    { engineer: 'mia' },
  ));
});

afterAll(async () => {
  await browser?.close();
  await bridge?.close();
});

/** Where the grid shows rows: below its header, down to the bottom of its viewport. */
async function rowsShown(): Promise<{ top: number; bottom: number }> {
  const header = (await page.locator('.queue-grid .ag-header').boundingBox())!;
  const viewport = (await page.locator('.queue-grid .ag-grid-viewport').boundingBox())!;
  return { top: header.y + header.height, bottom: viewport.y + viewport.height };
}

async function ruledIds(): Promise<string[]> {
  const { rows } = await bridge.api('listDisputes', { filter: {}, limit: 1000 });
  const ruled: string[] = [];
  for (const row of rows) {
    const detail = await bridge.api('getDispute', { id: row.id });
    if (detail.rulings.some((r) => r.engineer === 'mia')) ruled.push(row.id);
  }
  return ruled;
}

describe('typing ahead', () => {
  it('rules one dispute per "1 Enter", however fast they come', async () => {
    await page.locator('aside.panel[aria-busy="false"] .dispute-head').waitFor();
    // No waiting between keys: each Enter's save and move are still on their way when the next keys come.
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('1', { delay: 0 });
      await page.keyboard.press('Enter', { delay: 0 });
    }
    await expect.poll(async () => (await ruledIds()).length, { timeout: 20_000 }).toBe(3);
    // Nothing more arrives later, and the fourth dispute carries no stray decision.
    await page.waitForTimeout(500);
    expect(await ruledIds()).toHaveLength(3);
    const detail = await bridge.api('getDispute', {
      id: (await page.locator('.ag-grid-scrolling-container .ag-row-selected').first().getAttribute('row-id'))!,
    });
    expect(detail.rulings).toEqual([]);
  });

  it('keeps "j j" pressed as the queue first shows, counted from its first row', async () => {
    await page.reload({ waitUntil: 'commit' });
    // The grid's first row may still be its loading placeholder: the listing has not arrived yet.
    await page.locator('.ag-grid-scrolling-container .ag-row').first().waitFor();
    await page.keyboard.press('j', { delay: 0 });
    await page.keyboard.press('j', { delay: 0 });
    const third = page.locator('.ag-grid-scrolling-container .ag-row[row-index="2"]');
    await third.waitFor();
    const id = await third.getAttribute('row-id');
    await expect.poll(() => page.locator('.ag-row-selected').first().getAttribute('row-id')).toBe(id);
    await expect.poll(() => page.locator('aside.panel').getAttribute('data-dispute')).toBe(id);
  });

  it('brings the grid to the dispute shown once "j" stops, however fast it came', async () => {
    await page.reload({ waitUntil: 'commit' });
    await page.locator('aside.panel[aria-busy="false"] .dispute-head').waitFor();
    const { rows } = await bridge.api('listDisputes', { filter: {}, limit: 1000 });
    // The panel shows each dispute first; the grid follows after the frame: it never settles behind.
    for (let i = 0; i < 30; i++) await page.keyboard.press('j', { delay: 0 });
    const shown = () => shownDispute(page);
    const highlighted = page.locator('.ag-grid-scrolling-container .ag-row-selected');
    await expect.poll(shown).toBe(rows[30]!.id);
    await expect.poll(() => highlighted.first().getAttribute('row-id')).toBe(rows[30]!.id);
    await page.waitForTimeout(300);
    expect(await shown()).toBe(rows[30]!.id);
    expect(await highlighted.count()).toBe(1);
    // In view: the row lies inside the grid's viewport, below its header.
    const row = (await highlighted.boundingBox())!;
    const { top, bottom } = await rowsShown();
    expect(row.y).toBeGreaterThanOrEqual(top - 1);
    expect(row.y + row.height).toBeLessThanOrEqual(bottom + 1);
  });

  it('moves only the highlight while the row stays in view, and scrolls once it leaves', async () => {
    await page.reload({ waitUntil: 'commit' });
    await page.locator('aside.panel[aria-busy="false"] .dispute-head').waitFor();
    const { rows } = await bridge.api('listDisputes', { filter: {}, limit: 1000 });
    const highlighted = page.locator('.ag-grid-scrolling-container .ag-row-selected');
    const scrollTop = () => page.locator('.queue-grid .ag-grid-viewport').evaluate((e) => e.scrollTop);
    const { top, bottom } = await rowsShown();
    const rowHeight = (await highlighted.boundingBox())!.height;
    const wholeRows = Math.floor((bottom - top) / rowHeight);
    expect(rows.length).toBeGreaterThan(wholeRows + 1);
    // To the last row shown whole: the grid stays where it is.
    for (let i = 0; i < wholeRows - 1; i++) await page.keyboard.press('j');
    await expect.poll(() => highlighted.first().getAttribute('row-id')).toBe(rows[wholeRows - 1]!.id);
    await page.waitForTimeout(200);
    expect(await scrollTop()).toBe(0);
    // One more: the row comes to the middle, and the next ones are in view.
    await page.keyboard.press('j');
    await expect.poll(() => highlighted.first().getAttribute('row-id')).toBe(rows[wholeRows]!.id);
    await expect.poll(scrollTop).toBeGreaterThan(rowHeight * 2);
    const row = (await highlighted.boundingBox())!;
    expect(Math.abs(row.y + row.height / 2 - (top + bottom) / 2)).toBeLessThanOrEqual(rowHeight);
    const settled = await scrollTop();
    await page.keyboard.press('j');
    await expect.poll(() => highlighted.first().getAttribute('row-id')).toBe(rows[wholeRows + 1]!.id);
    await page.waitForTimeout(200);
    expect(await scrollTop()).toBe(settled);
  });

  it('stays on a row clicked while the grid follows "j"', async () => {
    await page.reload({ waitUntil: 'commit' });
    await page.locator('aside.panel[aria-busy="false"] .dispute-head').waitFor();
    const { rows } = await bridge.api('listDisputes', { filter: {}, limit: 1000 });
    const clicked = rows[12]!.id;
    const box = (await page
      .locator(`.ag-grid-scrolling-container .ag-row[row-id="${clicked}"] .ag-cell`)
      .first()
      .boundingBox())!;
    // No waiting: the click comes while the panel and the grid still follow the keys.
    for (let i = 0; i < 4; i++) await page.keyboard.press('j', { delay: 0 });
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(() => shownDispute(page)).toBe(clicked);
    await page.waitForTimeout(500);
    expect(await page.locator('.ag-row-selected').first().getAttribute('row-id')).toBe(clicked);
    expect(await page.locator('.ag-row-selected').count()).toBe(1);
    expect(await shownDispute(page)).toBe(clicked);
  });

  it('goes back to the dispute just ruled on "1 Enter k", however fast they come', async () => {
    await page.reload({ waitUntil: 'commit' });
    await page.locator('aside.panel[aria-busy="false"] .dispute-head').waitFor();
    const { rows } = await bridge.api('listDisputes', { filter: {}, limit: 1000 });
    // A dispute whose neighbours are open: the save moves on to the next row, and k comes back.
    const at = rows.findIndex((row, i) => i > 0 && row.status === 'open' && rows[i + 1]?.status === 'open');
    expect(at).toBeGreaterThan(0);
    for (let i = 0; i < at; i++) await page.keyboard.press('j');
    await expect
      .poll(() => page.locator('aside.panel[aria-busy="false"]').getAttribute('data-dispute'))
      .toBe(rows[at]!.id);
    // No waiting: k comes while the save is still choosing the next dispute.
    await page.keyboard.press('1', { delay: 0 });
    await page.keyboard.press('Enter', { delay: 0 });
    await page.keyboard.press('k', { delay: 0 });
    await expect.poll(async () => (await bridge.api('getDispute', { id: rows[at]!.id })).rulings.length).toBe(1);
    await expect
      .poll(() => page.locator('aside.panel[aria-busy="false"]').getAttribute('data-dispute'))
      .toBe(rows[at]!.id);
    await page.waitForTimeout(500);
    expect(await page.locator('.ag-row-selected').first().getAttribute('row-id')).toBe(rows[at]!.id);
    expect(await page.locator('aside.panel').getAttribute('data-dispute')).toBe(rows[at]!.id);
  });

  it('stays on a row clicked while a save chooses the next dispute', async () => {
    await page.reload({ waitUntil: 'commit' });
    await page.locator('aside.panel[aria-busy="false"] .dispute-head').waitFor();
    const { rows } = await bridge.api('listDisputes', { filter: {}, limit: 1000 });
    const at = rows.findIndex((row) => row.status === 'open');
    for (let i = 0; i < at; i++) await page.keyboard.press('j');
    await expect
      .poll(() => page.locator('aside.panel[aria-busy="false"]').getAttribute('data-dispute'))
      .toBe(rows[at]!.id);
    // The grid has followed (it may scroll to do so): the row clicked is found where it stays.
    await expect.poll(() => page.locator('.ag-row-selected').first().getAttribute('row-id')).toBe(rows[at]!.id);
    // A dispute already settled: the next open one after it is another.
    const clicked = rows.find((row, i) => i < 20 && row.status !== 'open')!.id;
    // Where to click, found before the keys: the click then comes at once, while the save is on its way.
    const box = (await page
      .locator(`.ag-grid-scrolling-container .ag-row[row-id="${clicked}"] .ag-cell`)
      .first()
      .boundingBox())!;
    await page.keyboard.press('1', { delay: 0 });
    await page.keyboard.press('Enter', { delay: 0 });
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(async () => (await bridge.api('getDispute', { id: rows[at]!.id })).rulings.length).toBe(1);
    await page.waitForTimeout(500);
    expect(await page.locator('.ag-row-selected').first().getAttribute('row-id')).toBe(clicked);
    expect(await page.locator('aside.panel').getAttribute('data-dispute')).toBe(clicked);
  });
});
