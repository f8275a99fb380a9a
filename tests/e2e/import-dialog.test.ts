// Importing from the app (browser mode) into an empty store, as a new user
// would: the welcome card, the Import dialog with typed paths, its report,
// then the queue. A path that does not exist is refused by name.
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedWorkspace } from '../../demo/generate';
import { generateWorkspace } from '../../demo/generate';
import type { Bridge, LaunchedBrowser } from './support';
import { ensureRendererBuilt, holdRoute, launchBrowser, startBridge, tempDir } from './support';

let bridge: Bridge;
let browser: LaunchedBrowser;
let page: Page;
let workspace: GeneratedWorkspace;

beforeAll(async () => {
  ensureRendererBuilt();
  const dir = tempDir();
  workspace = await generateWorkspace(join(dir.path, 'ws'), {
    seed: 5,
    tasks: 6,
    systems: 3,
    maxRows: 6,
    maxColumns: 4,
  });
  bridge = await startBridge(dir.db(), { engineer: 'ana' });
  browser = await launchBrowser();
  page = browser.page;
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(bridge.url);
});

afterAll(async () => {
  await browser?.close();
  await bridge?.close();
});

/** The Import dialog opened from the welcome card, with `paths` typed (one a line). */
async function openImportWith(paths: string): Promise<Locator> {
  await page.locator('.welcome-card').getByRole('button', { name: 'Import…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import' });
  await dialog.locator('textarea').fill(paths);
  return dialog;
}

describe('the Import dialog on an empty store', () => {
  it('refuses a path that does not exist, naming it, and imports nothing', async () => {
    await page.getByRole('heading', { name: 'Nothing to adjudicate yet' }).waitFor({ timeout: 20_000 });
    const dialog = await openImportWith('/nonexistent/atlas-runs');
    await dialog.getByRole('button', { name: 'Import 1 path' }).click();
    // The refusal itself, not the dialog's text: that holds the path from the
    // start (React mirrors a textarea's value into its text), so it would pass
    // while the import is still starting.
    const refusal = dialog.locator('.error-box');
    await refusal.waitFor({ timeout: 20_000 });
    expect(await refusal.textContent()).toContain('/nonexistent/atlas-runs');
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    // Closed for good: nothing left open or inert behind it.
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => page.locator('body > [inert]').count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Nothing to adjudicate yet' }).count()).toBe(1);
  });

  it('closes on a click whose press landed on Close just before the import started', async () => {
    // The job's start and its first poll are held, so the footer re-renders
    // (the job runs) between the press and the release, as it can under load.
    const start = await holdRoute(page, '**/api/startImport');
    const poll = await holdRoute(page, '**/api/getJob');
    try {
      const dialog = await openImportWith('/nonexistent/atlas-held');
      await dialog.getByRole('button', { name: 'Import 1 path' }).click();
      const box = await dialog.locator('footer').getByRole('button', { name: 'Close' }).boundingBox();
      if (!box) throw new Error('the footer has no Close button');
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      start.release();
      await dialog.getByRole('button', { name: 'Cancel import' }).waitFor();
      await page.mouse.up();
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      expect(await page.locator('body > [inert]').count()).toBe(0);
    } finally {
      await start.dispose();
      await poll.dispose();
    }
    // Closed, not cancelled: the import ran on to its refusal.
    const refusal = page.locator('.welcome-card .error-box');
    await refusal.waitFor({ timeout: 20_000 });
    expect(await refusal.textContent()).toContain('/nonexistent/atlas-held');
  });

  it('takes more clicks on Import as it starts and runs as nothing: one import, not cancelled', async () => {
    // The start is held, then the job's first poll, so the clicks land while the start is on its way and
    // while the job runs (as the app sees it).
    const start = await holdRoute(page, '**/api/startImport');
    const poll = await holdRoute(page, '**/api/getJob');
    try {
      const dialog = await openImportWith('/nonexistent/atlas-twice');
      const box = (await dialog.getByRole('button', { name: 'Import 1 path' }).boundingBox())!;
      const clickAction = () => page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await clickAction();
      await clickAction();
      start.release();
      await dialog.getByRole('button', { name: 'Cancel import' }).waitFor();
      await clickAction();
      poll.release();
      const refusal = dialog.locator('.error-box');
      await refusal.waitFor({ timeout: 20_000 });
      expect(await refusal.textContent()).toContain('/nonexistent/atlas-twice');
      expect(start.calls).toBe(1);
      await dialog.getByRole('button', { name: 'Close' }).last().click();
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    } finally {
      await start.dispose();
      await poll.dispose();
    }
  });

  it('imports typed paths, reports what came in, and the queue shows the disputes', async () => {
    const dialog = await openImportWith([workspace.dataset, workspace.runsDir].join('\n'));
    await dialog.getByRole('button', { name: 'Import 2 paths' }).click();
    await expect.poll(async () => (await dialog.textContent()) ?? '', { timeout: 30_000 }).toMatch(/disputes/);
    const report = (await dialog.textContent()) ?? '';
    expect(report).toMatch(new RegExp(`${workspace.taskIds.length}\\s*tasks`));
    expect(report).toMatch(new RegExp(`${workspace.systems.length}\\s*systems`));
    const disputes = Number(/([\d,]+)\s*disputes/.exec(report)?.[1]?.replace(/,/g, ''));
    expect(disputes).toBeGreaterThan(0);

    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await page.locator('.ag-grid-scrolling-container .ag-row').first().waitFor({ timeout: 20_000 });
    expect(await page.getByRole('heading', { name: 'Nothing to adjudicate yet' }).count()).toBe(0);
    await expect
      .poll(async () => (await page.locator('footer.status-bar').textContent()) ?? '')
      .toContain(`${disputes} total`);
  });
});
