// The review screen as the UI audit found it, in the real bundle: a cluster
// picked by its letter opens and comes into view (and every ▸ has a name);
// the ruling header never clips the engineer's name; on a 1024×640 window the
// ruling form leaves the dispute readable; labels are one term at every
// width; the status bar says how many the filtered queue shows.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DisputeDetail } from '../../shared/api-types';
import { CLUSTER_KEYS } from '../../renderer/src/lib/keys';
import type { Bridge, LaunchedBrowser } from './support';
import { ensureRendererBuilt, openAppOnWorkspace } from './support';

let bridge: Bridge;
let browser: LaunchedBrowser;
let page: Page;

const kindSelect = () => page.locator('label.filter-select', { hasText: 'Kind' }).locator('select');
const taskSelect = () => page.locator('label.filter-select', { hasText: 'Task' }).locator('select');

/** A cell dispute with more than six system cells: only its leading contested cluster starts open. */
async function manyClusters(): Promise<{ detail: DisputeDetail; closed: number }> {
  for (const row of (await bridge.api('listDisputes', { filter: { kind: 'cell' }, limit: 200 })).rows) {
    const detail = await bridge.api('getDispute', { id: row.id });
    const cells = detail.clusters.reduce((n, c) => n + c.cells.length, 0);
    const open = detail.clusters.findIndex((c) => !c.agrees_with_gold);
    const closed = detail.clusters.findIndex((_, i) => i !== open);
    if (cells > 6 && closed >= 0 && closed < CLUSTER_KEYS.length) return { detail, closed };
  }
  throw new Error('the workspace has no dispute with several clusters');
}

async function show(detail: DisputeDetail): Promise<void> {
  await taskSelect().selectOption(detail.dispute.task_id);
  await page.keyboard.press('Escape');
  await page.locator(`.ag-grid-scrolling-container .ag-row[row-id="${detail.dispute.id}"]`).click();
  await page.locator('aside.panel[aria-busy="false"] [data-testid="compare-line"]').first().waitFor();
  await expect
    .poll(async () => (await page.locator('aside.panel .dispute-column').textContent()) ?? '')
    .toBe(detail.dispute.column);
}

beforeAll(async () => {
  ensureRendererBuilt();
  // The audit's name: "as root" was clipped to "as ro" beside the outcome preview.
  ({ bridge, browser, page } = await openAppOnWorkspace(
    'atlas-layout-',
    { seed: 7, tasks: 6, systems: 8, maxRows: 6, maxColumns: 4 },
    { engineer: 'root' },
  ));
});

afterAll(async () => {
  await browser?.close();
  await bridge?.close();
});

describe('clusters', () => {
  it('with the systems shown, a cluster picked by its letter opens and comes into view; each ▸ is named', async () => {
    const { detail, closed } = await manyClusters();
    await show(detail);
    await page.keyboard.press('.');
    const letter = CLUSTER_KEYS[closed]!;
    const toggle = page.getByRole('button', { name: `Show details of cluster ${letter}` });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(
      await page
        .locator('.clusters .cluster-head button[aria-expanded]')
        .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label'))),
    ).toEqual(detail.clusters.map((_, i) => `Show details of cluster ${CLUSTER_KEYS[i]}`));
    await page.keyboard.press(letter);
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    const card = page.locator('.clusters > li').nth(closed);
    await card.locator('.system-cell').first().waitFor();
    const inView = await card.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const view = el.closest('.panel-scroll')!.getBoundingClientRect();
      return box.top >= view.top - 1 && box.top < view.bottom - 40;
    });
    expect(inView).toBe(true);
  });
});

describe('the ruling header at 1440×900', () => {
  it('shows the whole engineer name beside the outcome preview', async () => {
    await page.keyboard.press('2');
    await page.locator('.ruling-form .outcome').waitFor();
    const fit = await page.locator('.as-engineer').evaluate((el) => {
      const name = el.getBoundingClientRect();
      const form = el.closest('.ruling-form-body')!.getBoundingClientRect();
      const line = el.parentElement!;
      return {
        inside: name.right <= form.right + 0.5 && name.left >= form.left,
        clipped: line.scrollWidth > line.clientWidth + 0.5,
        text: el.textContent,
      };
    });
    expect(fit).toEqual({ inside: true, clipped: false, text: 'root' });
  });
});

describe('a 1024×640 window', () => {
  beforeAll(async () => {
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1024, height: 640 });
    await taskSelect().selectOption('');
    await kindSelect().selectOption('missing_row');
    await page.keyboard.press('Escape');
    await page.locator('aside.panel[aria-busy="false"] .chip-kind', { hasText: 'missing row' }).waitFor();
  });

  it('keeps the dispute readable with Alias chosen, and Rationale reachable', async () => {
    await page.keyboard.press('3');
    await page.locator('.row-list').waitFor();
    const share = await page.evaluate(
      () =>
        document.querySelector('.panel-scroll')!.getBoundingClientRect().height /
        document.querySelector('aside.panel')!.getBoundingClientRect().height,
    );
    expect(share).toBeGreaterThan(0.4);
    await page.keyboard.press('Escape');
    await page.keyboard.press('r');
    const rationale = page.locator('.rationale-input');
    await expect.poll(() => rationale.evaluate((el) => el === document.activeElement)).toBe(true);
    const visible = await rationale.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const view = el.closest('.ruling-form-body')!.getBoundingClientRect();
      return box.top >= view.top - 1 && box.top + 20 <= view.bottom + 1;
    });
    expect(visible).toBe(true);
    await page.keyboard.press('Escape');
  });

  it('names the kind "missing row" in the grid, and the filters by one label each', async () => {
    expect(await page.locator('.ag-grid-scrolling-container .ag-row').first().locator('.kind-text').textContent()).toBe(
      'missing row',
    );
    expect(await page.getByRole('button', { name: 'Needs my ruling' }).innerText()).toContain('Needs my ruling');
    expect(await page.getByRole('button', { name: 'Has report' }).innerText()).toContain('Has report');
  });

  it('says in the status bar how many the filtered queue shows', async () => {
    const info = await bridge.api('getInfo', {});
    const missing = (await bridge.api('listDisputes', { filter: { kind: 'missing_row' } })).total;
    const footer = page.locator('footer.status-bar');
    await expect
      .poll(async () => (await footer.textContent()) ?? '')
      .toContain(`${missing} shown of ${info.counts.total.toLocaleString('en-US')}`);
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect
      .poll(async () => (await footer.textContent()) ?? '')
      .toContain(`${info.counts.total.toLocaleString('en-US')} total`);
  });
});
