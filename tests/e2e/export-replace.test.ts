// An export or a ruling log aimed at an existing file that is not its own
// kind, in the real bundle: the engineer is asked, the safe answer (keep the
// file) has the focus, and only "Replace" writes over it.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Bridge, LaunchedBrowser } from './support';
import { ensureRendererBuilt, openApp, runCli, tempDir } from './support';

let dir: string;
let bridge: Bridge;
let browser: LaunchedBrowser;
let page: Page;

beforeAll(async () => {
  ensureRendererBuilt();
  dir = tempDir('atlas-export-replace-e2e-').path;
  const db = join(dir, 'store.sqlite');
  const demo = await runCli(['demo', '--db', db]);
  expect(demo.code, demo.stderr).toBe(0);
  ({ bridge, browser, page } = await openApp(db, { engineer: 'mia' }));
  const cell = (await bridge.api('listDisputes', { filter: { kind: 'cell' } })).rows[0]!;
  await bridge.api('rule', { disputeId: cell.id, decision: 'new_value', value: 'Zanzibar Quarterly Review' });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await bridge?.close();
});

async function releaseStep(name: RegExp): Promise<void> {
  await page.getByRole('tab', { name: /Export/ }).click();
  await page.locator('.release-nav').getByRole('button', { name }).click();
}

describe('an output that exists and is not the export’s own kind', () => {
  it('the patch: asked, kept on Enter, replaced on "Replace and export"', async () => {
    const notes = join(dir, 'notes.json');
    writeFileSync(notes, '{"mine": true}\n');
    await releaseStep(/Export patch/);
    await page.getByPlaceholder('v1.1', { exact: true }).fill('v1.1');
    await page.locator('#export-out').fill(notes);
    await page
      .getByRole('button', { name: /^Export/ })
      .last()
      .click();
    const ask = page.getByRole('alertdialog', { name: 'Replace existing file' });
    await ask.waitFor({ timeout: 20_000 });
    expect(await ask.innerText()).toContain('is not a patch for v1.1');
    await page.keyboard.press('Enter');
    await ask.waitFor({ state: 'detached' });
    expect(readFileSync(notes, 'utf8')).toBe('{"mine": true}\n');
    expect(await bridge.api('listRevisions', {})).toHaveLength(0);

    await page
      .getByRole('button', { name: /^Export/ })
      .last()
      .click();
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Replace and export' }).click();
    await expect
      .poll(() => readFileSync(notes, 'utf8'), { timeout: 20_000 })
      .toContain('"format": "atlas-gold-patch/1"');
    // The export is done when the desk shows its score preview (it moves there itself).
    await page.getByRole('table', { name: 'Score preview per system' }).waitFor({ timeout: 30_000 });
    expect((await bridge.api('listRevisions', {})).map((revision) => revision.tag)).toEqual(['v1.1']);
  });

  it('the ruling log: asked, and replaced only on "Replace and write"', async () => {
    const plan = join(dir, 'plan.md');
    writeFileSync(plan, '# plan\n');
    await releaseStep(/Ruling logs/);
    await page.locator('#ruling-log-out').fill(plan);
    await page.getByRole('button', { name: 'Write log' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Replace existing file' });
    await ask.waitFor({ timeout: 20_000 });
    expect(readFileSync(plan, 'utf8')).toBe('# plan\n');
    await ask.getByRole('button', { name: 'Replace and write' }).click();
    await expect.poll(() => readFileSync(plan, 'utf8'), { timeout: 20_000 }).toContain('"format":"atlas-rulings/3"');
  });
});
