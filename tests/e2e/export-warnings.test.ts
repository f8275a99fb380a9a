// What an export tells the engineer before the patch is applied, in the real
// bundle: a patch that removes gold rows of a task with graded runs says,
// under the patch bar, that importing the revised dataset into this store
// will leave that task with its older gold.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { generateWorkspace } from '../../demo/generate';
import type { Bridge, LaunchedBrowser } from './support';
import { ensureRendererBuilt, openApp, runCli, tempDir } from './support';

let dir: string;
let bridge: Bridge;
let browser: LaunchedBrowser;
let page: Page;
let taskId: string;

beforeAll(async () => {
  ensureRendererBuilt();
  dir = tempDir('atlas-export-warnings-e2e-').path;
  const db = join(dir, 'store.sqlite');
  const workspace = await generateWorkspace(join(dir, 'ws'), {
    seed: 31,
    tasks: 4,
    systems: 3,
    maxRows: 6,
    maxColumns: 4,
  });
  const imported = await runCli(['import', '--db', db, workspace.dataset, workspace.runsDir]);
  expect(imported.code, imported.stderr).toBe(0);
  const cell = JSON.parse(
    (await runCli(['disputes', '--kind', 'cell', '--json', '--db', db])).stdout.split('\n')[0]!,
  ) as { task_id: string };
  taskId = cell.task_id;
  const issues = join(dir, 'issues.json');
  const body = `Task: ${taskId}\nRow: 1\n\nThis row does not meet the conditions; it should be removed.`;
  writeFileSync(
    issues,
    JSON.stringify([
      {
        number: 7,
        title: 'Not an entity',
        body,
        html_url: 'https://github.com/exa-ai/ATLAS/issues/7',
        user: { login: 'reporter' },
        labels: [],
        state: 'open',
        created_at: '2026-11-01T00:00:00Z',
        updated_at: '2026-11-01T00:00:00Z',
      },
    ]),
  );
  const reports = await runCli(['reports', 'import', issues, '--db', db]);
  expect(reports.code, reports.stderr).toBe(0);
  ({ bridge, browser, page } = await openApp(db, { engineer: 'mia' }));
  const [report] = (await bridge.api('listDisputes', { filter: { kind: 'report' } })).rows;
  await bridge.api('rule', { disputeId: report!.id, decision: 'remove_row' });
  await page.reload();
  await page.locator('.ag-grid-scrolling-container .ag-row').first().waitFor({ timeout: 20_000 });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await bridge?.close();
});

describe('export warnings', () => {
  it('names the task whose removed rows a later import into this store cannot take, under the patch just exported', async () => {
    await page.getByRole('tab', { name: /Export/ }).click();
    await page.locator('#export-out').fill(join(dir, 'atlas-v1.1.patch.json'));
    await page
      .getByRole('button', { name: /^Export/ })
      .last()
      .click();
    const warnings = page.getByTestId('export-warnings');
    await warnings.waitFor({ timeout: 20_000 });
    expect(await warnings.innerText()).toContain(
      `removes gold rows of task ${taskId} under runs graded against the old rows: importing the revised dataset into this store will leave that task with its older gold`,
    );
  });
});
