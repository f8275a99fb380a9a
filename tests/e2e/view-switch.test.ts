// Switching views keeps what was built: the queue comes back as it was left
// (the same grid, no rows asked again, the same dispute), and the Stats view
// shows what was written meanwhile, here or by another process. Keys meant for a view find that view's boxes
// even with another view kept behind it.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bridge, LaunchedBrowser } from './support';
import { highlightedRow, openAppOnWorkspace, runCli, shownDispute } from './support';

let bridge: Bridge;
let browser: LaunchedBrowser;
let page: Page;
let storePath: string;
/** Every API method the page called, in order. */
const calls: string[] = [];

const activeTab = async () => ((await page.locator('button.tab.tab-active').textContent()) ?? '').trim();
const selectedId = async () => (await highlightedRow(page)) ?? '';
const statsSummary = async () => ((await page.locator('.stats-head').textContent()) ?? '').trim();

async function show(key: string, tab: RegExp): Promise<void> {
  await page.keyboard.press(key);
  await expect.poll(activeTab, { message: key }).toMatch(tab);
}

beforeAll(async () => {
  ({ bridge, browser, page } = await openAppOnWorkspace(
    'atlas-view-switch-',
    { seed: 23, tasks: 12, systems: 4, maxRows: 6, maxColumns: 4 },
    { engineer: 'mia' },
  ));
  storePath = (await bridge.api('getInfo', {})).store_path;
  page.on('request', (request) => {
    const method = /\/api\/(\w+)/u.exec(request.url())?.[1];
    if (method) calls.push(method);
  });
  await page.locator('.ag-grid-scrolling-container .ag-row-selected').first().waitFor();
});

afterAll(async () => {
  await browser?.close();
  await bridge?.close();
});

describe('switching views', () => {
  it('comes back to the queue as it was left: the same grid and dispute, its rows not asked again', async () => {
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await expect.poll(() => shownDispute(page)).not.toBeNull();
    const selected = await shownDispute(page);
    // The grid's highlight follows the panel a frame or two later.
    await expect.poll(selectedId).toBe(selected);
    await page.evaluate(() => {
      (window as unknown as { keptGrid: Element | null }).keptGrid = document.querySelector('.ag-root-wrapper');
    });
    // The panel fetches the neighbours ahead when the page is idle: let that finish first.
    await page.waitForTimeout(1_500);
    calls.length = 0;
    await show('Alt+3', /^Reports/);
    await show('Alt+5', /^Export/);
    await show('Alt+1', /^Queue/);
    await page.locator('.ag-grid-scrolling-container .ag-row-selected').first().waitFor();
    expect(await selectedId()).toBe(selected);
    const sameGrid = await page.evaluate(
      () => (window as unknown as { keptGrid: Element | null }).keptGrid === document.querySelector('.ag-root-wrapper'),
    );
    expect(sameGrid).toBe(true);
    expect(calls.filter((m) => m === 'listDisputes' || m === 'getDispute')).toEqual([]);
  });

  it('shows the new figures on Stats after a ruling made in the queue', async () => {
    await show('Alt+4', /^Stats/);
    await expect.poll(statsSummary).toContain('no rulings yet');
    await show('Alt+1', /^Queue/);
    await page.locator('.ag-grid-scrolling-container .ag-row-selected').first().waitFor();
    await page.keyboard.press('1');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await bridge.api('getStats', {})).engineers.length).toBe(1);
    await show('Alt+4', /^Stats/);
    await expect.poll(statsSummary).toContain('1 ruling by 1 engineer');
  });

  it('shows the new figures on Stats after another process rules', async () => {
    await show('Alt+1', /^Queue/);
    const rows = (await bridge.api('listDisputes', { filter: { status: 'open' }, limit: 5 })).rows;
    const target = rows.find((r) => r.kind === 'cell')!;
    const ruled = await runCli(['rule', target.id, '--decision', 'keep_gold', '--engineer', 'noah', '--db', storePath]);
    expect(ruled.code, ruled.stderr).toBe(0);
    await show('Alt+4', /^Stats/);
    await expect.poll(statsSummary, { timeout: 15_000 }).toContain('2 rulings by 2 engineers');
  });

  it('puts / in the Reports search on Reports, and in the queue search on the Queue', async () => {
    await show('Alt+3', /^Reports/);
    await page.keyboard.press('/');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id ?? '')).toBe('reports-search');
    await page.keyboard.press('Escape');
    await show('Alt+1', /^Queue/);
    await page.keyboard.press('/');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id ?? '')).toBe('queue-search');
    await page.keyboard.press('Escape');
  });
});
