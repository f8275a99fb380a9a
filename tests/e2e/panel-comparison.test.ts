// The dispute panel leads with the comparison the engineer came for, in the
// real bundle: gold, then one line per cluster (value, systems, verdicts,
// grading method, how it differs from gold). With five clusters only one and
// a half fitted a 1440×900 window beside the ruling form; now gold and all
// five lines stay in view with the form open, at 1280×720 too. Each system's
// cell, judge reasoning and sources come under it on demand (key `.`).
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DisputeDetail } from '../../shared/api-types';
import { CLUSTER_KEYS, SYSTEMS_KEY } from '../../renderer/src/lib/keys';
import type { Bridge, LaunchedBrowser } from './support';
import { openAppOnWorkspace } from './support';

let bridge: Bridge;
let browser: LaunchedBrowser;
let page: Page;
let five: DisputeDetail;

/** Set ATLAS_E2E_SHOTS to a folder to keep screenshots of the panel. */
const shots = process.env.ATLAS_E2E_SHOTS;
const shot = async (name: string) => {
  if (shots) await page.screenshot({ path: join(shots, `panel-${name}.png`) });
};

const lines = () => page.locator('aside.panel[aria-busy="false"] [data-testid="compare-line"]');
const goldLine = () => page.locator('aside.panel [data-testid="compare-gold"]');

interface Box {
  top: number;
  bottom: number;
}

async function boxOf(locator: ReturnType<Page['locator']>): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not laid out');
  return { top: box.y, bottom: box.y + box.height };
}

/** Whether each of gold and the cluster lines is wholly inside the window and the panel's visible scroll area. */
async function comparisonInView(): Promise<{ gold: boolean; lines: boolean[] }> {
  const viewport = page.viewportSize()!;
  const scroll = await boxOf(page.locator('aside.panel .panel-scroll'));
  const inside = (b: Box) =>
    b.top >= Math.max(0, scroll.top) - 0.5 && b.bottom <= Math.min(viewport.height, scroll.bottom) + 0.5;
  const shown: boolean[] = [];
  for (const line of await lines().all()) shown.push(inside(await boxOf(line)));
  return { gold: inside(await boxOf(goldLine())), lines: shown };
}

/** The ruling form is on screen, its decisions and Save button inside the window. */
async function formInView(): Promise<boolean> {
  const viewport = page.viewportSize()!;
  const save = await boxOf(page.locator('.ruling-form button', { hasText: 'Save' }).first());
  const decisions = await boxOf(page.locator('.ruling-form .decision-bar'));
  return save.bottom <= viewport.height && decisions.top >= 0;
}

beforeAll(async () => {
  ({ bridge, browser, page } = await openAppOnWorkspace(
    'atlas-panel-',
    { seed: 7, tasks: 6, systems: 8, maxRows: 6, maxColumns: 4 },
    { engineer: 'root' },
  ));
  for (const row of (await bridge.api('listDisputes', { filter: { kind: 'cell' }, limit: 500 })).rows) {
    const detail = await bridge.api('getDispute', { id: row.id });
    if (detail.clusters.length === 5) {
      five = detail;
      break;
    }
  }
  if (!five) throw new Error('the workspace has no dispute with five clusters');
  await page.locator('#queue-search').fill(five.dispute.id);
  await page.keyboard.press('Escape');
  await page.locator(`.ag-grid-scrolling-container .ag-row[row-id="${five.dispute.id}"]`).click();
  await page.keyboard.press('Escape');
  await page.locator(`aside.panel[aria-busy="false"] [data-testid="compare-line"]:nth-child(6)`).waitFor();
});

afterAll(async () => {
  await browser?.close();
  await bridge?.close();
});

describe('a dispute with five clusters at 1440×900', () => {
  it('shows gold, then one line per cluster with its value, systems, verdicts, method and difference from gold', async () => {
    const gold = (await goldLine().textContent()) ?? '';
    expect(gold).toContain(five.gold.value);
    for (const [i, cluster] of five.clusters.entries()) {
      const line = lines().nth(i);
      expect(await line.locator('.cluster-key').textContent()).toBe(CLUSTER_KEYS[i]);
      expect(Number(await line.locator('td.num').textContent())).toBe(cluster.systems.length);
      const verdicts = (await line.locator('.compare-verdicts').textContent()) ?? '';
      for (const cell of cluster.cells) expect(verdicts).toContain(cell.verdict.replace('_', ' '));
      expect((await line.locator('.method').textContent()) ?? '').toMatch(/rule|LLM judge/u);
      const diff = (await line.locator('.compare-diff').textContent()) ?? '';
      if (cluster.agrees_with_gold) expect(diff).toMatch(/^= gold/u);
      else expect(diff).not.toMatch(/^= gold/u);
    }
    await shot('five-clusters-1440');
  });

  it('keeps gold and all five lines in view with the ruling form open', async () => {
    const contested = five.clusters.findIndex((c) => !c.agrees_with_gold);
    await page.keyboard.press(CLUSTER_KEYS[contested]!);
    await page.locator('.ruling-form .outcome, .ruling-form input').first().waitFor();
    expect(await lines().nth(contested).getAttribute('class')).toContain('compare-picked');
    expect(await comparisonInView()).toEqual({ gold: true, lines: [true, true, true, true, true] });
    expect(await formInView()).toBe(true);
    await page.keyboard.press('r');
    await page.keyboard.type('Two registers disagree; the club site says so.');
    await shot('mid-ruling-1440');
    await page.keyboard.press('Escape');
  });

  it('shows each system’s cell, reasoning and sources under the lines on “.”, and hides them again', async () => {
    expect(await page.locator('aside.panel .system-cell').count()).toBe(0);
    await page.keyboard.press(SYSTEMS_KEY);
    await expect.poll(() => page.locator('aside.panel .system-cell').count()).toBeGreaterThan(0);
    // The comparison stays where it was: still gold and five lines in view.
    expect(await comparisonInView()).toEqual({ gold: true, lines: [true, true, true, true, true] });
    await shot('systems-1440');
    await page.keyboard.press(SYSTEMS_KEY);
    await expect.poll(() => page.locator('aside.panel .system-cell').count()).toBe(0);
  });

  it('lists the key in the key map', async () => {
    await page.keyboard.press('?');
    const overlay = page.locator('.keymap, [role="dialog"]').first();
    await overlay.waitFor();
    expect((await overlay.textContent()) ?? '').toContain('Show or hide the systems under the comparison');
    await page.keyboard.press('Escape');
  });
});

describe('at 1280×720', () => {
  it('still shows gold, the five lines and the ruling form', async () => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await expect.poll(comparisonInView).toEqual({ gold: true, lines: [true, true, true, true, true] });
    expect(await formInView()).toBe(true);
    await shot('mid-ruling-1280');
  });
});

describe('a missing row with Add row chosen', () => {
  it('shows one line per system, all in view with the ruling form at 1440×900 and 1280×720', async () => {
    const missing = (await bridge.api('listDisputes', { filter: { kind: 'missing_row' }, limit: 1 })).rows[0]!;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.locator('#queue-search').fill(missing.id);
    await page.keyboard.press('Escape');
    await page.locator(`.ag-grid-scrolling-container .ag-row[row-id="${missing.id}"]`).click();
    await page.locator('aside.panel[aria-busy="false"] section[aria-label="Returned by"]').waitFor();
    await page.locator('.ruling-form .decision-bar button', { hasText: 'Add row' }).click();
    await page.keyboard.press('Escape');
    for (const [width, height] of [
      [1440, 900],
      [1280, 720],
    ] as const) {
      await page.setViewportSize({ width, height });
      // One line per system, every one in view above the form.
      const scroll = await boxOf(page.locator('aside.panel .panel-scroll'));
      const lines = await page.locator('aside.panel [data-testid="missing-compare-line"]').all();
      expect(lines.length).toBe(missing.contesting);
      for (const line of lines) {
        const box = await boxOf(line);
        expect(
          box.top >= scroll.top - 0.5 && box.bottom <= scroll.bottom + 0.5,
          `a system line at ${width}×${height}`,
        ).toBe(true);
      }
      expect(await formInView()).toBe(true);
      await shot(`add-row-${width}`);
    }
  });
});
