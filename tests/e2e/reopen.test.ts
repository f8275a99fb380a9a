// What the app shows when something is opened again: the Import dialog starts
// clean instead of showing the previous import's outcome as if it had just
// run (an import's report is dated), and after the app is reopened on the
// same store the release desk's Apply is prefilled with the dataset and the
// last exported patch.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedWorkspace } from '../../demo/generate';
import type { Bridge, LaunchedBrowser } from './support';
import { openAppOnWorkspace } from './support';

let bridge: Bridge;
let browser: LaunchedBrowser;
let page: Page;
let dir: string;
let workspace: GeneratedWorkspace;

const importDialog = () => page.getByRole('dialog', { name: 'Import' });

async function openImport(): Promise<void> {
  await page.getByRole('button', { name: 'Import…' }).click();
  await importDialog().waitFor();
}

async function closeImport(): Promise<void> {
  await importDialog().getByRole('button', { name: 'Close' }).last().click();
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
}

beforeAll(async () => {
  ({ bridge, browser, page, dir, workspace } = await openAppOnWorkspace(
    'atlas-reopen-',
    { seed: 3, tasks: 4, systems: 3, maxRows: 5, maxColumns: 3 },
    { engineer: 'mia' },
  ));
});

afterAll(async () => {
  await browser?.close();
  await bridge?.close();
});

describe('the Import dialog opened again', () => {
  it('does not show the previous failure once closed', async () => {
    await openImport();
    await importDialog().locator('textarea').fill('/nonexistent/atlas-runs');
    await importDialog().getByRole('button', { name: 'Import 1 path' }).click();
    await expect
      .poll(async () => (await importDialog().locator('.error-box').textContent()) ?? '', { timeout: 20_000 })
      .toContain('/nonexistent/atlas-runs');
    await closeImport();
    await openImport();
    // The path stays in the box to be corrected; the outcome is gone.
    expect(await importDialog().locator('textarea').inputValue()).toBe('/nonexistent/atlas-runs');
    expect(await importDialog().locator('.error-box').count()).toBe(0);
    await importDialog().locator('textarea').fill('');
    await closeImport();
  });

  it('dates the report of the import it ran, and starts clean when opened again', async () => {
    await openImport();
    await importDialog().locator('textarea').fill(workspace.dataset);
    await importDialog().getByRole('button', { name: 'Import 1 path' }).click();
    await expect
      .poll(async () => (await importDialog().textContent()) ?? '', { timeout: 30_000 })
      .toMatch(/Last import \(\d\d:\d\d\)/);
    expect(await importDialog().locator('.import-report').count()).toBe(1);
    await closeImport();
    await openImport();
    expect(await importDialog().locator('.import-report').count()).toBe(0);
    expect(await importDialog().textContent()).not.toMatch(/Last import/);
    await closeImport();
  });
});

describe('the release desk after the app is reopened', () => {
  it('prefills Apply with the dataset and the last exported patch', async () => {
    const first = (await bridge.api('listDisputes', { filter: { kind: 'cell' } })).rows[0]!;
    const detail = await bridge.api('getDispute', { id: first.id });
    await bridge.api('rule', { disputeId: first.id, decision: 'accept_system', value: detail.clusters[0]!.value });
    const out = join(dir, 'v1.1.patch.json');
    await page.getByRole('tab', { name: /Export/ }).click();
    await page.locator('#export-dataset').fill(workspace.dataset);
    await page.getByPlaceholder('v1.1', { exact: true }).fill('v1.1');
    await page.locator('#export-out').fill(out);
    await page
      .getByRole('button', { name: /^Export/ })
      .last()
      .click();
    await expect.poll(() => existsSync(out), { timeout: 20_000 }).toBe(true);
    // The app has taken the export's result (the score preview opens on the new patch).
    await expect
      .poll(
        () =>
          page
            .locator('#release-patch')
            .inputValue()
            .catch(() => ''),
        { timeout: 20_000 },
      )
      .toBe(out);

    await page.reload();
    await page.locator('.ag-grid-scrolling-container .ag-row').first().waitFor({ timeout: 20_000 });
    await page.getByRole('tab', { name: /Export/ }).click();
    await page.getByRole('button', { name: /Apply/ }).first().click();
    await expect.poll(() => page.locator('#apply-dataset').inputValue()).toBe(workspace.dataset);
    expect(await page.locator('#release-patch').inputValue()).toBe(out);
    expect(await page.locator('#apply-out').inputValue()).toBe(workspace.dataset.replace(/\.jsonl$/u, '.v1.1.jsonl'));
    expect(await page.getByRole('button', { name: 'Apply patch' }).isEnabled()).toBe(true);
  });

  it('prefills the dataset from the store when this profile remembers nothing', async () => {
    await page.evaluate(() => window.localStorage.clear());
    await page.reload();
    await page.locator('.ag-grid-scrolling-container .ag-row').first().waitFor({ timeout: 20_000 });
    await page.getByRole('tab', { name: /Export/ }).click();
    await page.getByRole('button', { name: /Apply/ }).first().click();
    await expect.poll(() => page.locator('#apply-dataset').inputValue()).toBe(workspace.dataset);
  });
});
