// `j` updates the dispute panel in place (its elements are kept, not built
// anew for every dispute), and the next dispute still meets the engineer as a
// fresh panel did: read from the top, no control of the panel holding the focus.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bridge, LaunchedBrowser } from './support';
import { openAppOnWorkspace } from './support';

let bridge: Bridge;
let browser: LaunchedBrowser;
let page: Page;

const shownDispute = () => page.locator('aside.panel').getAttribute('data-dispute');

beforeAll(async () => {
  ({ bridge, browser, page } = await openAppOnWorkspace(
    'atlas-panel-next-',
    { seed: 23, tasks: 6, systems: 5, maxRows: 6, maxColumns: 4 },
    { engineer: 'mia' },
  ));
  await page.setViewportSize({ width: 1280, height: 600 });
  // Cell disputes: each has clusters and judges.
  await page.locator('label.filter-select', { hasText: 'Kind' }).locator('select').selectOption('cell');
  await page.keyboard.press('Escape');
  await page.locator('aside.panel[aria-busy="false"] .dispute-head').waitFor();
});

afterAll(async () => {
  await browser?.close();
  await bridge?.close();
});

describe('the panel on the next dispute', () => {
  it('keeps its elements, starts from the top and lets go of the focus', async () => {
    const first = await shownDispute();
    expect(first).not.toBeNull();
    await page.evaluate(() => {
      (window as unknown as { __scroller: Element | null }).__scroller = document.querySelector('.panel-scroll');
    });

    // The engineer opens the systems and scrolls down.
    await page.keyboard.press('.');
    await page.locator('aside.panel .clusters').waitFor();
    await page.locator('aside.panel .panel-scroll').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect
      .poll(() => page.locator('aside.panel .panel-scroll').evaluate((el) => el.scrollTop))
      .toBeGreaterThan(0);
    // A control of the comparison keeps the focus (a click on it would leave it focused too).
    await page.locator('aside.panel .compare-table .cluster-key').first().focus();

    await page.keyboard.press('j');
    await expect.poll(shownDispute).not.toBe(first);
    await page.locator('aside.panel[aria-busy="false"] .dispute-head').waitFor();

    expect(
      await page.evaluate(
        () => document.querySelector('.panel-scroll') === (window as unknown as { __scroller: Element }).__scroller,
      ),
    ).toBe(true);
    expect(await page.locator('aside.panel .panel-scroll').evaluate((el) => el.scrollTop)).toBe(0);
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    // The systems stay shown (a setting of the view, not of the dispute).
    await page.locator('aside.panel .clusters').waitFor();
  });
});
