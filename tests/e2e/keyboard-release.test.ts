// Keyboard beyond the queue, in the real bundle, with the keyboard only: the
// release desk's steps (keys 1 … 6 on the Export view, the step's first field
// focused), export, score preview, review and apply, each run from its form;
// the Import dialog imports on Ctrl+Enter from its paths box and Settings
// saves on Ctrl+Enter; `?` lists these keys. The revised dataset written is
// named by a path that wraps at its separators, never inside a folder's name.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bridge, LaunchedBrowser } from './support';
import { openAppOnWorkspace } from './support';

let bridge: Bridge;
let browser: LaunchedBrowser;
let page: Page;
let dir: string;
let dataset: string;
let patchPath: string;
let revisedPath: string;

/** Set ATLAS_E2E_SHOTS to a folder to keep screenshots of the release desk. */
const shots = process.env.ATLAS_E2E_SHOTS;
const shot = async (name: string) => {
  if (shots) await page.screenshot({ path: join(shots, `keyboard-release-${name}.png`) });
};

const active = () =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      id: el?.id ?? '',
      tag: el?.tagName.toLowerCase() ?? '',
      text: (el?.textContent ?? '').trim(),
      label: el?.getAttribute('aria-label') ?? '',
      role: el?.getAttribute('role') ?? '',
      name: el?.closest('label')?.querySelector('.field-label')?.textContent?.trim() ?? '',
    };
  });

/** Presses Tab until the focused element matches, as an engineer would; fails after 60 presses. */
async function tabTo(matches: (el: Awaited<ReturnType<typeof active>>) => boolean, what: string): Promise<void> {
  for (let i = 0; i < 60; i++) {
    if (matches(await active())) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${what}`);
}

/** Replaces the focused field's text by typing. */
async function retype(text: string): Promise<void> {
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text);
}

beforeAll(async () => {
  ({ bridge, browser, page, dir } = await openAppOnWorkspace(
    'atlas-keyboard-release-',
    { seed: 21, tasks: 8, systems: 4, maxRows: 6, maxColumns: 4 },
    { engineer: 'mia' },
  ));
  const info = await bridge.api('getInfo', {});
  dataset = info.dataset_path!;
  // Deep folders with long names: the patch's path has to wrap in the summary.
  patchPath = join(
    dir,
    'release-desk-output',
    'a-folder-with-a-rather-long-name-for-patches',
    'another-nested-folder-of-the-release',
    'atlas-v1.1.patch.json',
  );
  mkdirSync(dirname(patchPath), { recursive: true });
  revisedPath = join(dirname(patchPath), 'atlas-test.v1.1.jsonl');
  const seen = new Set<string>();
  for (const row of (await bridge.api('listDisputes', { filter: { kind: 'cell' }, limit: 200 })).rows) {
    if (seen.has(row.task_id) || row.top_value == null || row.gold.state !== 'value') continue;
    await bridge.api('rule', {
      disputeId: row.id,
      decision: 'accept_system',
      value: row.top_value,
      rationale: 'the sources agree',
    });
    seen.add(row.task_id);
  }
  expect(seen.size).toBeGreaterThanOrEqual(3);
  await page.reload();
  await page.locator('.ag-grid-scrolling-container .ag-row').first().waitFor();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await bridge?.close();
});

describe('the release desk by keys', () => {
  it('goes to Export with Alt+5 and to step 1 with 1, its first field focused; Enter exports', async () => {
    await page.keyboard.press('Alt+5');
    await page.locator('.release-nav').waitFor();
    await page.keyboard.press('1');
    await expect.poll(async () => (await active()).name).toBe('Revision tag');
    await retype('v1.1');
    await tabTo((el) => el.id === 'export-out', 'the output file');
    await retype(patchPath);
    await tabTo((el) => el.id === 'export-dataset', 'the base dataset');
    await retype(dataset);
    await page.keyboard.press('Enter');
    // Written: the desk moves on to the score preview of that patch.
    await expect
      .poll(async () => (await page.locator('.release-step-on').textContent()) ?? '', { timeout: 20_000 })
      .toContain('Score preview');
    await expect.poll(() => page.locator('#release-patch').inputValue()).toBe(patchPath);
  });

  it('previews the scores from step 2 with Enter in its patch field', async () => {
    await page.keyboard.press('Escape');
    await page.keyboard.press('2');
    await expect.poll(async () => (await active()).id).toBe('release-patch');
    await retype(patchPath);
    await page.keyboard.press('Enter');
    await page.getByRole('table', { name: 'Score preview per system' }).waitFor({ timeout: 30_000 });
    await shot('preview');
    await page.setViewportSize({ width: 1280, height: 720 });
    await shot('preview-1280');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('reviews the operations from step 3', async () => {
    await page.keyboard.press('Escape');
    await page.keyboard.press('3');
    await expect.poll(async () => (await active()).id).toBe('release-patch');
    await page.keyboard.press('Enter');
    await page.getByRole('table', { name: 'Operations' }).locator('tbody tr').first().waitFor({ timeout: 20_000 });
    await shot('review');
    await page.setViewportSize({ width: 1280, height: 720 });
    await shot('review-1280');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('applies the patch from step 4, Tab reaching Apply and Enter pressing it', async () => {
    await page.keyboard.press('Escape');
    await page.keyboard.press('4');
    await expect.poll(async () => (await active()).id).toBe('release-patch');
    await tabTo((el) => el.id === 'apply-dataset', 'the dataset field');
    if ((await page.locator('#apply-dataset').inputValue()) !== dataset) await retype(dataset);
    await tabTo((el) => el.id === 'apply-out', 'the output file');
    await retype(revisedPath);
    await tabTo((el) => el.tag === 'button' && el.text === 'Apply patch', 'Apply patch');
    await page.keyboard.press('Enter');
    await page.getByRole('region', { name: 'Revised dataset written' }).waitFor({ timeout: 30_000 });
    await shot('applied');
    await page.setViewportSize({ width: 1280, height: 720 });
    await shot('applied-1280');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('names the revised dataset with a path that wraps only at its separators', async () => {
    await page.setViewportSize({ width: 1024, height: 768 });
    const wrap = await page
      .getByRole('region', { name: 'Revised dataset written' })
      .locator('.fs-path')
      .first()
      .evaluate((el) => {
        const segments = [...el.querySelectorAll('.fs-path-part, .fs-path-long')];
        const lineTops = new Set(segments.map((s) => Math.round(s.getBoundingClientRect().top)));
        return {
          text: el.textContent,
          lines: lineTops.size,
          brokenSegments: segments.filter((s) => s.getClientRects().length > 1).map((s) => s.textContent),
        };
      });
    await shot('wrapped-path-1024');
    expect(wrap.text).toBe(revisedPath);
    expect(wrap.lines).toBeGreaterThan(1);
    expect(wrap.brokenSegments).toEqual([]);
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('lists the step keys, Tab, Space and Ctrl+Enter in the key map', async () => {
    await page.keyboard.press('Escape');
    await page.keyboard.press('?');
    const keymap = page.getByRole('dialog', { name: 'Keys' });
    await keymap.waitFor();
    const text = (await keymap.textContent()) ?? '';
    expect(text).toContain('Export view: go to a step of the release desk');
    expect(text).toContain('Move through the controls of the release desk or a dialog');
    expect(text).toContain('In the Import or Settings dialog');
    await page.keyboard.press('Escape');
  });
});

describe('dialogs by keys', () => {
  it('opens Import from the header with Tab and Enter, and imports on Ctrl+Enter from the paths box', async () => {
    await page.keyboard.press('Alt+1');
    await page.locator('.brand').focus();
    await tabTo((el) => el.text === 'Import…', 'Import…');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Import' });
    await dialog.waitFor();
    expect((await active()).tag).toBe('textarea');
    await page.keyboard.type(dataset);
    await page.keyboard.press('Control+Enter');
    await dialog.locator('.import-report').waitFor({ timeout: 30_000 });
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
  });

  it('saves Settings on Ctrl+Enter from a control that is not a text field', async () => {
    const before = (await bridge.api('getInfo', {})).policy.blind;
    await page.locator('.brand').focus();
    await tabTo((el) => el.label === 'Settings', 'Settings');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.waitFor();
    expect((await active()).tag).toBe('input');
    // The blind-review switch, by Tab; Space flips it.
    await tabTo((el) => el.role === 'switch', 'the blind-review switch');
    await page.keyboard.press('Space');
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(async () => (await bridge.api('getInfo', {})).policy.blind).toBe(!before);
  });
});
