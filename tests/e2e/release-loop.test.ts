// The release loop across sessions, in the real bundle in headless Chromium:
// export (the notice names the file and whether it is encrypted), reopen the
// app in a fresh profile on a new port (as browser mode is reopened), and the
// desk picks up where the store is: the next free tag, the latest patch, the
// revised dataset's name from a patch typed by hand, why Apply is greyed out,
// and after an apply the import of the revised dataset as the new base. The
// review table at 1024×768 wraps its cells between words.
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { generateWorkspace } from '../../demo/generate';
import type { GoldPatch } from '../../shared/patch';
import type { Bridge, LaunchedBrowser, TempDir } from './support';
import { cliStdout, ensureRendererBuilt, openApp, tempDir } from './support';

interface DisputeLine {
  id: string;
  kind: string;
  task_id: string;
  clusters: { value: string; agrees_with_gold: boolean }[];
}

let dir: TempDir;
let db: string;
let dataset: string;
let bridge: Bridge;
let browser: LaunchedBrowser;
let page: Page;
/** Where Export writes v1.1's patch by default: beside the base dataset. */
let patchPath: string;

const cli = (args: string[]): Promise<string> => cliStdout(db, args);

async function open(): Promise<void> {
  ({ bridge, browser, page } = await openApp(db, { engineer: 'mia', env: { ATLAS_ADJUDICATOR_ENGINEER: 'mia' } }));
}

/** The app closed and opened again: a new server on a new port and a fresh browser profile remember nothing. */
async function reopen(): Promise<void> {
  await browser.close();
  await bridge.close();
  await open();
}

async function releaseStep(name: RegExp): Promise<void> {
  await page.getByRole('tab', { name: /Export/ }).click();
  await page.locator('.release-nav').getByRole('button', { name }).click();
}

beforeAll(async () => {
  ensureRendererBuilt();
  dir = tempDir('atlas-release-loop-e2e-');
  db = dir.db();
  const workspace = await generateWorkspace(join(dir.path, 'ws'), {
    seed: 21,
    tasks: 8,
    systems: 4,
    maxRows: 6,
    maxColumns: 4,
    includeZelda: true,
  });
  dataset = workspace.dataset;
  patchPath = join(dirname(dataset), 'atlas-v1.1.patch.json');
  await cli(['import', '--json', workspace.dataset, workspace.runsDir]);
  // One ruling per task: the leading value that is not gold, with a source.
  const lines = (await cli(['disputes', '--json']))
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as DisputeLine);
  const seen = new Set<string>();
  for (const d of lines) {
    const value = d.clusters.find((c) => !c.agrees_with_gold)?.value;
    if (d.kind !== 'cell' || seen.has(d.task_id) || value == null) continue;
    await cli([
      'rule',
      d.id,
      '--decision',
      'accept_system',
      '--value',
      value,
      '--evidence',
      `https://example.org/sources/${encodeURIComponent(d.task_id)}/a-rather-long-path-to-the-page`,
    ]);
    seen.add(d.task_id);
  }
  expect(seen.size).toBeGreaterThanOrEqual(5);
  await open();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await bridge?.close();
  dir?.remove();
});

describe('the release desk across sessions', () => {
  it('exports with the patch beside the base dataset by default, and the notice names the file and says it is encrypted', async () => {
    await page.getByRole('tab', { name: /Export/ }).click();
    await page.locator('#export-dataset').fill(dataset);
    const suggestedOut = await page.locator('#export-out').inputValue();
    await page.locator('#export-out').fill(patchPath);
    await page
      .getByRole('button', { name: /^Export/ })
      .last()
      .click();
    const notice = page.locator('.notice').filter({ hasText: /^Patch v1\.1 written/ });
    await notice.waitFor({ timeout: 20_000 });
    const text = (await notice.textContent()) ?? '';
    expect(text).toContain('atlas-v1.1.patch.json');
    expect(text).toContain('encrypted');
    expect(text).not.toMatch(/plain text/i);
    expect((JSON.parse(readFileSync(patchPath, 'utf8')) as GoldPatch).encrypted).toBe(true);
    // The output was filled in before anything was typed: beside the base dataset, named with the tag.
    expect(suggestedOut).toBe(patchPath);
  });

  it('reopened, suggests the next tag the history has not taken and starts on the latest patch', async () => {
    await reopen();
    await page.getByRole('tab', { name: /Export/ }).click();
    const tag = page.getByRole('textbox', { name: 'Revision tag' });
    // The history lists v1.1: the suggestion is the next one.
    await expect.poll(() => tag.inputValue(), { timeout: 10_000 }).toBe('v1.2');
    expect(await page.locator('.export-form').textContent()).not.toContain('is taken');
    await tag.fill('v1.1');
    await expect.poll(async () => (await page.locator('.export-form').textContent()) ?? '').toContain('v1.1 is taken');

    await releaseStep(/Review patch/);
    await expect.poll(() => page.locator('#release-patch').inputValue(), { timeout: 10_000 }).toBe(patchPath);
    await releaseStep(/Apply/);
    expect(await page.locator('#release-patch').inputValue()).toBe(patchPath);
    await expect.poll(() => page.locator('#apply-out').inputValue()).toBe(dataset.replace(/\.jsonl$/u, '.v1.1.jsonl'));
    expect(await page.getByRole('button', { name: 'Apply patch' }).isEnabled()).toBe(true);
  });

  it('names the revised dataset from a patch typed by hand, and says why Apply patch is greyed out', async () => {
    await reopen();
    const colleague = join(dir.path, 'from-a-colleague.json');
    copyFileSync(patchPath, colleague);
    await releaseStep(/Apply/);
    const apply = page.getByRole('button', { name: 'Apply patch' });
    const why = page.locator('.apply-form .form-actions [role="status"]');
    // Read without waiting: there may be no line at all.
    const whyText = async () => (await why.allTextContents()).join(' ');

    await page.locator('#release-patch').fill('');
    await expect.poll(() => apply.isDisabled()).toBe(true);
    await expect.poll(whyText).toMatch(/patch file/i);

    // The patch names its revision: the revised dataset is named with it as soon as the file is read.
    await page.locator('#release-patch').fill(colleague);
    await expect
      .poll(() => page.locator('#apply-out').inputValue(), { timeout: 10_000 })
      .toBe(dataset.replace(/\.jsonl$/u, '.v1.1.jsonl'));
    await expect.poll(() => apply.isEnabled()).toBe(true);
    expect(await why.count()).toBe(0);

    await page.locator('#apply-dataset').fill('');
    await expect.poll(() => apply.isDisabled()).toBe(true);
    await expect.poll(whyText).toMatch(/dataset file/i);
    await page.locator('#apply-dataset').fill(dataset);
    await page.locator('#apply-out').fill('');
    await expect.poll(whyText).toMatch(/revised dataset/i);
    expect(await apply.isDisabled()).toBe(true);

    // A path that is no patch: the line says the file cannot be read.
    await page.locator('#release-patch').fill(join(dir.path, 'no-such.patch.json'));
    await expect.poll(whyText, { timeout: 10_000 }).toMatch(/cannot be read/i);
  });

  it('after an apply, imports the revised dataset as the new base through the Import job', async () => {
    await reopen();
    await releaseStep(/Apply/);
    await page.locator('#release-patch').fill(patchPath);
    await page.locator('#apply-dataset').fill(dataset);
    mkdirSync(join(dir.path, 'out'), { recursive: true });
    const out = join(dir.path, 'out', 'atlas-test.v1.1.jsonl');
    await page.locator('#apply-out').fill(out);
    await page.getByRole('button', { name: 'Apply patch' }).click();
    const summary = page.getByLabel('Revised dataset written');
    await summary.waitFor({ timeout: 20_000 });
    expect(existsSync(out)).toBe(true);

    await summary.getByRole('button', { name: /Import as the new base/ }).click({ timeout: 10_000 });
    // The Import dialog's own job: progress, then its report.
    const dialog = page.getByRole('dialog', { name: 'Import' });
    await dialog.waitFor();
    await expect
      .poll(async () => (await dialog.textContent()) ?? '', { timeout: 30_000 })
      .toMatch(/Last import \(\d\d:\d\d\)/u);
    expect(await dialog.locator('.import-report').count()).toBe(1);
    await dialog.getByRole('button', { name: 'Close' }).last().click();

    const info = await bridge.api('getInfo', {});
    expect(info.revision).toBe('v1.1');
    expect(info.dataset_path).toBe(out);
    await expect.poll(async () => (await summary.textContent()) ?? '').toContain('the store’s base is now v1.1');
    // The patch was made on the old base: Apply starts over on the new one.
    expect(await page.locator('#release-patch').inputValue()).toBe('');
    expect(await page.locator('#apply-dataset').inputValue()).toBe(out);
    // The next release starts from the new base: its file and its revision.
    await releaseStep(/Export patch/);
    await expect.poll(() => page.locator('#export-dataset').inputValue()).toBe(out);
    await expect.poll(() => page.getByRole('textbox', { name: 'Revision tag' }).inputValue()).toBe('v1.2');
    expect(await page.getByRole('textbox', { name: 'Base revision' }).inputValue()).toBe('v1.1');
    const revisions = await bridge.api('listRevisions', {});
    expect(revisions.find((r) => r.tag === 'v1.1')?.imported_at).toBeTruthy();
  });

  it('wraps the review table between words at 1024×768', async () => {
    await page.setViewportSize({ width: 1024, height: 768 });
    try {
      await releaseStep(/Review patch/);
      await page.locator('#release-patch').fill(patchPath);
      await page.getByRole('button', { name: /Review operations|Reload/ }).click();
      const table = page.getByRole('table', { name: 'Operations' });
      await table.locator('tbody tr').first().waitFor({ timeout: 20_000 });
      await page.screenshot({ path: join(dir.path, 'review-1024.png') });
      // Every word of the header and of the entity and column cells lies on one line: a word split over two
      // lines has two boxes.
      const broken = await table.evaluate((el) => {
        const out: string[] = [];
        const cells = el.querySelectorAll('thead th, td.op-entity, td.op-column, td.op-task');
        for (const cell of cells) {
          const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const text = node.textContent ?? '';
            for (const match of text.matchAll(/[^\s·→—/:-]+/gu)) {
              const range = document.createRange();
              range.setStart(node, match.index);
              range.setEnd(node, match.index + match[0].length);
              const lines = new Set(
                [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
              );
              if (lines.size > 1) out.push(match[0]);
            }
          }
        }
        return out;
      });
      expect(broken).toEqual([]);
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 });
    }
  });
});
