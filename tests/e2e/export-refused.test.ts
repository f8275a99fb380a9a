// An export the store refuses, in the real bundle: rulings made before the
// dataset was imported that no longer fit its gold are named in the Export
// view, one per line, and no revision is recorded.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { generateWorkspace } from '../../demo/generate';
import type { GeneratedWorkspace } from '../../demo/generate';
import type { Bridge, LaunchedBrowser } from './support';
import { ensureRendererBuilt, openApp, runCli, tempDir } from './support';

let dir: string;
let workspace: GeneratedWorkspace;
let bridge: Bridge;
let browser: LaunchedBrowser;
let page: Page;
const misfits: string[] = [];

beforeAll(async () => {
  ensureRendererBuilt();
  dir = tempDir('atlas-export-refused-e2e-').path;
  const db = join(dir, 'store.sqlite');
  workspace = await generateWorkspace(join(dir, 'ws'), { seed: 31, tasks: 5, systems: 4, maxRows: 6, maxColumns: 4 });
  // Runs first: without the dataset, nobody can tell an add_row's columns are wrong.
  const imported = await runCli(['import', '--db', db, workspace.runsDir]);
  expect(imported.code, imported.stderr).toBe(0);
  ({ bridge, browser, page } = await openApp(db, { engineer: 'mia' }));
  const missing = (await bridge.api('listDisputes', { filter: { kind: 'missing_row' } })).rows.slice(0, 2);
  expect(missing).toHaveLength(2);
  for (const dispute of missing) {
    await bridge.api('rule', {
      disputeId: dispute.id,
      decision: 'add_row',
      value: dispute.entity,
      values: { 'No such column': '1' },
    });
    misfits.push(dispute.id);
  }
  const dataset = await runCli(['import', '--db', db, workspace.dataset]);
  expect(dataset.code, dataset.stderr).toBe(0);
  await page.reload();
  await page.locator('.ag-grid-scrolling-container .ag-row').first().waitFor({ timeout: 20_000 });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await bridge?.close();
});

describe('an export the store refuses', () => {
  it('names each ruling that no longer fits on its own line, and records no revision', async () => {
    await page.getByRole('tab', { name: /Export/ }).click();
    await page.getByPlaceholder('v1.1', { exact: true }).fill('v1.1');
    await page.locator('#export-out').fill(join(dir, 'atlas-v1.1.patch.json'));
    await page
      .getByRole('button', { name: /^Export/ })
      .last()
      .click();

    const refusal = page.locator('.export-form .error-box');
    await refusal.waitFor({ timeout: 20_000 });
    const lines = (await refusal.innerText()).split('\n');
    expect(lines[0]).toMatch(/^Not exported: 2 settled rulings do not fit the task's gold .* rule them again:$/u);
    for (const id of misfits)
      expect(
        lines.some((line) =>
          line.includes(`(dispute ${id}), add_row agreed by mia: values: 1 column is not an attribute column`),
        ),
      ).toBe(true);
    await page.screenshot({ path: join(dir, 'export-refused.png') });
    expect((await bridge.api('listRevisions', {})).length).toBe(0);
  });
});
