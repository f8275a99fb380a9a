// The keyboard keeps ruling after any mouse or dialog interaction: closing a
// dialog does not hand focus back to the header button that opened it, and
// Enter with a decision pending saves whatever chrome button was clicked last
// (a tab, "Show all", a cluster's ▸). A button reached with Tab still takes
// its Enter. Dialogs hold Tab inside and make the page behind them inert.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bridge, LaunchedBrowser } from './support';
import { openAppOnWorkspace, runCli, tempDir } from './support';

let bridge: Bridge;
let browser: LaunchedBrowser;
let page: Page;

async function selectedId(): Promise<string> {
  const id = await page.locator('.ag-grid-scrolling-container .ag-row-selected').first().getAttribute('row-id');
  if (!id) throw new Error('no dispute selected');
  return id;
}

async function ruledByMia(id: string): Promise<boolean> {
  const detail = await bridge.api('getDispute', { id });
  return detail.rulings.some((r) => r.engineer === 'mia');
}

/** Does `interact`, then presses 1 and Enter: the dispute on screen must be ruled (keep gold, or add row). */
async function rulesAfter(interact: () => Promise<void>): Promise<void> {
  // An unruled dispute is selected, and the panel shows it (not the previous one while it loads).
  await expect.poll(async () => ruledByMia(await selectedId())).toBe(false);
  await page.locator('aside.panel[aria-busy="false"] .dispute-head').waitFor();
  const id = await selectedId();
  await interact();
  await page.keyboard.press('1');
  await page.keyboard.press('Enter');
  await expect.poll(() => ruledByMia(id), { timeout: 10_000 }).toBe(true);
  expect(await page.getByRole('dialog').count()).toBe(0);
  await expect.poll(selectedId).not.toBe(id);
}

const activeInDialog = () => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') != null);
const activeText = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

beforeAll(async () => {
  ({ bridge, browser, page } = await openAppOnWorkspace(
    'atlas-keys-',
    { seed: 11, tasks: 5, systems: 4, maxRows: 6, maxColumns: 4 },
    { engineer: 'mia' },
  ));
});

afterAll(async () => {
  await browser?.close();
  await bridge?.close();
});

describe('ruling keys after the mouse and dialogs', () => {
  it('saves after the Import dialog was closed with Escape (focus does not return to Import…)', async () => {
    await rulesAfter(async () => {
      await page.getByRole('button', { name: 'Import…' }).click();
      await page.getByRole('dialog', { name: 'Import' }).waitFor();
      await page.keyboard.press('Escape'); // one press closes it, from its paths box too
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    });
  });

  it('saves after a dialog was closed with the mouse', async () => {
    await rulesAfter(async () => {
      await page.getByRole('button', { name: 'Settings' }).click();
      await page.getByRole('dialog', { name: 'Settings' }).getByRole('button', { name: 'Cancel' }).click();
    });
  });

  it('saves after clicking a tab, "Show all", the systems’ toggle and a cluster’s ▸', async () => {
    // Cell disputes (they have clusters; a missing row lists systems) that need my ruling.
    await page.locator('label.filter-select', { hasText: 'Kind' }).locator('select').selectOption('cell');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Shift+N');
    await rulesAfter(() => page.getByRole('tab', { name: /Queue/ }).click());
    await rulesAfter(() => page.locator('.question-text-wrap .link-button').click());
    await rulesAfter(() => page.locator('aside.panel .section-toggle', { hasText: 'Systems' }).click());
    await page.locator('.clusters').waitFor();
    await rulesAfter(() => page.locator('.clusters .cluster-head button[aria-expanded]').first().click());
  });

  it('lets a button reached with Tab take Enter when no decision is pending', async () => {
    await page.locator('aside.panel .dispute-head').waitFor();
    // Tab from the top of the page, as after a click there.
    await page.locator('.brand').click();
    for (let i = 0; i < 40 && (await activeText()) !== 'Import…'; i++) await page.keyboard.press('Tab');
    expect(await activeText()).toBe('Import…');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Import' }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
  });

  it('on Reports, Enter after closing “Import reports…” opens the selected report, not the dialog again', async () => {
    const out = join(tempDir('atlas-keys-issues-').path, 'issues.json');
    const task = (await bridge.api('listDisputes', {})).rows[0]!;
    writeFileSync(
      out,
      JSON.stringify([
        {
          number: 3,
          title: 'Wrong value',
          body: `Task: ${task.task_id}\nRow: ${(task.gold_row ?? 0) + 1}\nColumn: ${task.column ?? ''}\nCorrect value: 1`,
          state: 'open',
          user: { login: 'u' },
          labels: [],
          created_at: '2026-01-02T03:04:05Z',
          html_url: 'https://github.com/exa-ai/ATLAS/issues/3',
        },
      ]),
    );
    await runCli(['import', '--db', (await bridge.api('getInfo', {})).store_path, out]);
    await page.getByRole('tab', { name: /Reports/ }).click();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.locator('.report-row').first().click();
    await page.getByRole('button', { name: 'Import reports…' }).first().click();
    await page.getByRole('dialog', { name: 'Import GitHub reports' }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await page.locator('.tab-active').textContent()) ?? '').toMatch(/^Queue/);
    expect(await page.getByRole('dialog').count()).toBe(0);
  });
});

describe('dialogs', () => {
  it('keep Tab and Shift+Tab inside and make the page behind them inert', async () => {
    await page.getByRole('tab', { name: /Queue/ }).click();
    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.waitFor();
    expect(await page.locator('#root').getAttribute('inert')).not.toBeNull();
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      expect(await activeInDialog(), `Tab ${i + 1} left the dialog for “${await activeText()}”`).toBe(true);
    }
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await activeInDialog(), `Shift+Tab ${i + 1} left the dialog for “${await activeText()}”`).toBe(true);
    }
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await page.locator('#root').getAttribute('inert')).toBeNull();
  });
});
