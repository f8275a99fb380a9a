// What the UI audit found at 1024×768 and 1440×900, in the real bundle in
// headless Chromium with classic scrollbars (they take 15 px, as on the
// desktop; Playwright hides them by default): a missing row's "Returned by"
// block keeps to the panel (long source URLs cut, whole in their tooltips);
// the Reports list gives its Title the room; the queue keeps the selected row
// in view across a resize, and never scrolls sideways after a filter; the
// export and ruling-log forms name the field as they label it; the ruling log
// starts filled in, and outputs follow the folder last written to.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateWorkspace } from '../../demo/generate';
import type { Bridge, LaunchedBrowser, TempDir } from './support';
import { cliStdout, ensureRendererBuilt, launchBrowser, startBridge, tempDir } from './support';

interface DisputeLine {
  id: string;
  kind: string;
  clusters: { value: string; agrees_with_gold: boolean }[];
}

let dir: TempDir;
let db: string;
let dataset: string;
let bridge: Bridge;
let browser: LaunchedBrowser;
let page: Page;

const cli = (args: string[]): Promise<string> => cliStdout(db, args);

const select = (label: string) => page.locator('label.filter-select', { hasText: label }).locator('select');

async function releaseStep(name: RegExp): Promise<void> {
  await page.getByRole('tab', { name: /Export/ }).click();
  await page.locator('.release-nav').getByRole('button', { name }).click();
}

beforeAll(async () => {
  ensureRendererBuilt();
  dir = tempDir('atlas-ui-fit-e2e-');
  db = dir.db();
  const workspace = await generateWorkspace(join(dir.path, 'ws'), { seed: 2026, tasks: 8, systems: 6 });
  dataset = workspace.dataset;
  await cli(['import', '--json', workspace.dataset, workspace.runsDir]);
  // Two disputes accepted both ways: "accept both", the Mine column's longest text.
  const cells = (await cli(['disputes', '--json']))
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as DisputeLine)
    .filter((d) => d.kind === 'cell');
  for (const d of cells.slice(0, 2)) {
    const value = d.clusters.find((c) => !c.agrees_with_gold)?.value;
    if (value != null) await cli(['rule', d.id, '--decision', 'accept_both', '--value', value]);
  }
  const task = workspace.taskIds[0]!;
  const issue = (number: number, title: string, body: string) => ({
    number,
    title,
    body,
    url: `https://github.com/exa-ai/ATLAS/issues/${number}`,
    author: { login: 'reporter' },
    labels: [],
    state: 'OPEN',
    createdAt: '2026-11-01T10:00:00Z',
  });
  const issues = join(dir.path, 'issues.json');
  writeFileSync(
    issues,
    JSON.stringify([
      issue(101, 'Wrong sister region for the harbour town', `Task: ${task}\nRow: 1\nThe value is wrong.`),
      issue(102, 'HQ city is wrong in the robotics table', `Task: ${task}\nRow: 2\nCorrect value: Lisbon`),
      issue(103, 'Something is off somewhere', 'I think one of the tables has a typo.'),
    ]),
  );
  await cli(['reports', 'import', issues]);

  bridge = await startBridge(db, { engineer: 'mia', env: { ATLAS_ADJUDICATOR_ENGINEER: 'mia' } });
  browser = await launchBrowser({ showScrollbars: true });
  page = browser.page;
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(bridge.url);
  await page.locator('.ag-grid-scrolling-container .ag-row').first().waitFor({ timeout: 20_000 });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await bridge?.close();
  dir?.remove();
});

describe('the queue grid', () => {
  /** Whether the selected row lies inside the grid's viewport, below its header. */
  const selectedInView = () =>
    page.evaluate(() => {
      const row = document.querySelector('.ag-grid-scrolling-container .ag-row-selected');
      const viewport = document.querySelector('.queue-grid .ag-grid-viewport');
      const header = document.querySelector('.queue-grid .ag-header');
      if (!row || !viewport || !header) return null;
      const box = row.getBoundingClientRect();
      return (
        box.top >= header.getBoundingClientRect().bottom - 1 &&
        box.bottom <= viewport.getBoundingClientRect().bottom + 1
      );
    });

  it('keeps the selected row in view when the window is resized', async () => {
    // Near the bottom of a 900-px window: below the fold of a 560-px one.
    await page.locator('.ag-grid-scrolling-container .ag-row[row-index="22"]').click();
    await expect
      .poll(() => page.locator('.ag-grid-scrolling-container .ag-row-selected').getAttribute('row-index'))
      .toBe('22');
    await expect.poll(selectedInView).toBe(true);
    await page.setViewportSize({ width: 1024, height: 560 });
    await expect.poll(selectedInView).toBe(true);
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect.poll(selectedInView).toBe(true);
  });

  it('at 1440, never scrolls sideways after a filter, and shows "accept both" whole in Mine', async () => {
    // A short listing (no vertical scrollbar), then the whole queue again (the scrollbar back).
    await select('Status').selectOption('resolved');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.ag-grid-scrolling-container .ag-row').count()).toBe(2);
    await select('Status').selectOption('');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.ag-grid-scrolling-container .ag-row').count()).toBeGreaterThan(20);
    const mine = page.locator('.ag-grid-scrolling-container .ag-cell[col-id="mine"] .mine', { hasText: 'accept both' });
    await expect.poll(() => mine.count()).toBe(2);
    const fit = await page.evaluate(() => {
      const viewport = document.querySelector('.queue-grid .ag-grid-viewport') as HTMLElement;
      const bounds = viewport.getBoundingClientRect();
      const right = bounds.left + viewport.clientWidth;
      const cells = [...document.querySelectorAll('.ag-grid-scrolling-container .ag-cell[col-id="mine"] .mine')].map(
        (el) => el.getBoundingClientRect().right <= right + 0.5,
      );
      return { sideways: viewport.scrollWidth > viewport.clientWidth, cells };
    });
    expect(fit).toEqual({ sideways: false, cells: [true, true] });
  });
});

describe('a missing row at 1024×768', () => {
  it('keeps "Returned by" inside the panel, long source URLs cut and whole in their tooltips', async () => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await select('Kind').selectOption('missing_row');
    await page.keyboard.press('Escape');
    await page.locator('aside.panel[aria-busy="false"] .chip-kind', { hasText: 'missing row' }).waitFor();
    // Each system's values with their sources, under the side-by-side lines.
    await page.locator('aside.panel .section-toggle', { hasText: 'Systems’ sources' }).click();
    const sources = page.locator('aside.panel .clusters .source-list li');
    await expect.poll(() => sources.count()).toBeGreaterThan(0);
    const fit = await page.evaluate(() => {
      const scroll = document.querySelector('aside.panel .panel-scroll') as HTMLElement;
      const right = scroll.getBoundingClientRect().left + scroll.clientWidth;
      const items = [...document.querySelectorAll('aside.panel .clusters .source-list li')];
      const source = (li: Element) => li.querySelector('.source-host')?.textContent ?? '';
      return {
        sideways: scroll.scrollWidth > scroll.clientWidth,
        outside: items.filter((li) => li.getBoundingClientRect().right > right + 0.5).length,
        untitled: items.filter((li) => !(li.getAttribute('title') ?? '').includes(source(li))).length,
        cut: items.filter((li) => {
          const path = li.querySelector<HTMLElement>('.source-path');
          return path != null && path.scrollWidth > path.clientWidth;
        }).length,
      };
    });
    // The demo's sources are long enough that some paths have to be cut at this width.
    expect(fit.cut).toBeGreaterThan(0);
    expect(fit).toMatchObject({ sideways: false, outside: 0, untitled: 0 });
  });
});

describe('the Reports list at 1024×768', () => {
  it('gives the Title the room, not the Column', async () => {
    await page.getByRole('tab', { name: /Reports/ }).click();
    const table = page.locator('table.reports-table');
    await table.locator('tbody tr').nth(2).waitFor({ timeout: 20_000 });
    const widths = await table.evaluate((el) => {
      const th = [...el.querySelectorAll('thead th')].map((h) => h.getBoundingClientRect().width);
      const wrap = el.closest('.reports-table-wrap') as HTMLElement;
      return { title: th[1]!, column: th[5]!, sideways: wrap.scrollWidth > wrap.clientWidth };
    });
    expect(widths.sideways).toBe(false);
    expect(widths.title).toBeGreaterThan(widths.column);
    expect(widths.title).toBeGreaterThanOrEqual(100);
  });
});

describe('the export and ruling-log forms', () => {
  const errorText = (form: string) => page.locator(`${form} .error-text, ${form} .error-box`).first();

  it('starts the ruling log beside the dataset, named for the engineer, ready to write', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await releaseStep(/Ruling logs/);
    await expect
      .poll(() => page.locator('#ruling-log-out').inputValue())
      .toBe(join(dirname(dataset), 'mia.rulings.jsonl'));
    expect(await page.getByRole('button', { name: 'Write log' }).isEnabled()).toBe(true);
  });

  it('names the ruling-log fields as the forms label them', async () => {
    await page.locator('#ruling-log-out').fill(join(dir.path, 'no-such-dir', 'mia.rulings.jsonl'));
    await page.getByRole('button', { name: 'Write log' }).click();
    const write = errorText('form[aria-label="Write the ruling log"]');
    await write.waitFor({ timeout: 20_000 });
    expect(await write.textContent()).toBe(`Output file: no such directory: ${join(dir.path, 'no-such-dir')}`);

    await page.locator('#ruling-log-in').fill(join(dir.path, 'noah.rulings.jsonl'));
    await page.getByRole('button', { name: /^Merge log/ }).click();
    const merge = errorText('form[aria-label="Merge ruling logs"]');
    await merge.waitFor({ timeout: 20_000 });
    expect(await merge.textContent()).toMatch(
      new RegExp(
        `^Log files: no such file: ${join(dir.path, 'noah.rulings.jsonl').replace(/[.*+?^${}()|[\]\\/]/gu, '\\$&')}`,
        'u',
      ),
    );
  });

  it('names the export fields as the form labels them', async () => {
    await releaseStep(/Export patch/);
    const tag = page.getByRole('textbox', { name: 'Revision tag' });
    const refusal = page.locator('.export-form .error-box');
    await tag.fill('v 1.1');
    await page
      .locator('.export-form')
      .getByRole('button', { name: /^Export/ })
      .click();
    await refusal.waitFor({ timeout: 20_000 });
    expect(await refusal.textContent()).toMatch(/^Not exported: Revision tag: expected a tag such as v1\.1/u);

    await tag.fill('v1.1');
    await page.locator('#export-out').fill(join(dir.path, 'no-such-dir', 'atlas-v1.1.patch.json'));
    await page
      .locator('.export-form')
      .getByRole('button', { name: /^Export/ })
      .click();
    await expect
      .poll(async () => (await refusal.textContent()) ?? '', { timeout: 20_000 })
      .toBe(`Not exported: Output file: no such directory: ${join(dir.path, 'no-such-dir')}`);
  });

  it('puts the next export and ruling log in the folder last written to', async () => {
    const releases = join(dir.path, 'releases');
    mkdirSync(releases);
    await page.locator('#export-out').fill(join(releases, 'atlas-v1.1.patch.json'));
    await page
      .locator('.export-form')
      .getByRole('button', { name: /^Export/ })
      .click();
    await page
      .locator('.notice')
      .filter({ hasText: /^Patch v1\.1 written/ })
      .waitFor({ timeout: 20_000 });
    await releaseStep(/Export patch/);
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Revision tag' }).inputValue(), { timeout: 10_000 })
      .toBe('v1.2');
    expect(await page.locator('#export-out').inputValue()).toBe(join(releases, 'atlas-v1.2.patch.json'));
    await releaseStep(/Ruling logs/);
    expect(await page.locator('#ruling-log-out').inputValue()).toBe(join(releases, 'mia.rulings.jsonl'));
  });
});
