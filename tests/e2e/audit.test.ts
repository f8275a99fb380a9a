// The gold audit end to end in the real bundle, headless Chromium against the
// loopback bridge on a real store: open the Audit tab (Alt+6), draw a seeded
// sample, review every cell with the keyboard (blind until `s`), see the
// estimate and its interval chart agree with the command line, and copy the
// dataset-card sentence.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { percent } from '../../shared/audit/sentence';
import type { Bridge, LaunchedBrowser } from './support';
import { openAppOnWorkspace, runCli } from './support';

let bridge: Bridge;
let browser: LaunchedBrowser;
let page: Page;
let db: string;
/** Set ATLAS_E2E_SHOTS to a folder to keep screenshots of the Audit view at 1440×900 and 1280×720. */
const shots = process.env.ATLAS_E2E_SHOTS;
const shot = async (name: string) => {
  if (!shots) return;
  await page.screenshot({ path: join(shots, `audit-${name}-1440x900.png`) });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.screenshot({ path: join(shots, `audit-${name}-1280x720.png`) });
  await page.setViewportSize({ width: 1440, height: 900 });
};

const cells = () => page.locator('.audit-row');
const progress = async () => ((await page.getByTestId('audit-progress').textContent()) ?? '').trim();
const selectedCell = () => page.locator('article.audit-cell').getAttribute('data-cell-id');

beforeAll(async () => {
  const opened = await openAppOnWorkspace('atlas-e2e-audit-', {
    seed: 5,
    tasks: 6,
    systems: 4,
    maxRows: 8,
    maxColumns: 5,
    includeZelda: true,
  });
  ({ bridge, browser, page } = opened);
  db = join(opened.dir, 'store.sqlite');
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(bridge.url).origin });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await bridge?.close();
});

describe.sequential('the Audit view', () => {
  it('Alt+6 opens it; it proposes sizes for a target half-width and draws a seeded sample', async () => {
    await page.keyboard.press('Alt+6');
    await page.getByRole('region', { name: 'Draw a sample' }).waitFor();
    expect(((await page.locator('button.tab.tab-active').textContent()) ?? '').trim()).toBe('Audit');
    await page.getByRole('button', { name: 'Propose sizes' }).click();
    await expect
      .poll(async () => (await page.getByTestId('audit-proposal').textContent()) ?? '')
      .toMatch(/^\d+ disputed, \d+ undisputed \(n₀ = \d+, n = \d+\)$/u);
    await page.locator('#audit-disputed').fill('2');
    await page.locator('#audit-undisputed').fill('4');
    await page.locator('#audit-seed').fill('e2e-seed');
    await page.getByRole('button', { name: 'Draw sample' }).click();
    await expect.poll(() => cells().count()).toBe(6);
    expect(await progress()).toBe('0 of 6 with my verdict');
    // The same draw from the command line's view of the store: the cells the app lists.
    const listed = (await runCli(['audit', 'list', '--json', '--db', db])).stdout
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { id: string }).id);
    expect(listed).toHaveLength(6);
    expect(await selectedCell()).toBe(listed[0]);
  });

  it('shows gold, the question and the rule, blind to the systems until s, which is recorded', async () => {
    const card = page.locator('article.audit-cell');
    await expect.poll(async () => (await card.textContent()) ?? '').toContain('Gold');
    expect(await card.locator('.audit-systems').count()).toBe(0);
    expect(await card.textContent()).toContain('Blind: the systems’ values and verdicts are hidden.');
    expect(await card.locator('.audit-question').count()).toBe(1);
    await shot('review');
    await page.keyboard.press('s');
    await card.locator('.audit-systems').waitFor();
    expect(await card.locator('.audit-systems').textContent()).toContain('unblinded');
  });

  it('rules every cell with the keyboard: 2 r … Ctrl+Enter, then 1 Enter for the rest', async () => {
    await page.keyboard.press('2');
    await page.keyboard.press('r');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('audit-rationale');
    await page.keyboard.type('The cited source gives another value.');
    // A saved verdict moves on to the next cell: the keys are for that cell once it shows.
    const shownCell = () => page.locator('article.audit-cell').getAttribute('data-cell-id');
    let shown = await shownCell();
    await page.keyboard.press('Control+Enter');
    await expect.poll(progress).toBe('1 of 6 with my verdict');
    for (let done = 2; done <= 6; done++) {
      await expect.poll(shownCell).not.toBe(shown);
      shown = await shownCell();
      await expect
        .poll(() => page.evaluate(() => document.activeElement === document.body || document.activeElement === null))
        .toBe(true);
      await page.keyboard.press('1');
      await page.keyboard.press('Enter');
      await expect.poll(progress).toBe(`${done} of 6 with my verdict`);
    }
    const listed = (await runCli(['audit', 'list', '--json', '--db', db])).stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { verdict: string; status: string });
    expect(listed.map((cell) => cell.verdict)).toEqual([
      'incorrect',
      'correct',
      'correct',
      'correct',
      'correct',
      'correct',
    ]);
    // k goes back to the first cell: its incorrect verdict raised (or joined) a dispute, shown as the fix to rule.
    for (let i = 0; i < 6; i++) await page.keyboard.press('k');
    await expect
      .poll(async () => (await page.locator('.audit-fix').textContent()) ?? '')
      .toMatch(/Dispute d-[0-9a-f]+ \(open\) — not ruled yet/u);
  });

  it('shows the estimate and its interval chart, as the command line computes them', async () => {
    const estimate = JSON.parse((await runCli(['audit', 'estimate', '--json', '--db', db])).stdout) as {
      rate: number;
      n: number;
    };
    expect(estimate.n).toBe(6);
    const figure = page.getByTestId('audit-estimate');
    await expect
      .poll(async () => (await figure.locator('.audit-figure-value').textContent()) ?? '')
      .toBe(percent(estimate.rate));
    expect(await page.getByTestId('audit-chart').locator('canvas').count()).toBeGreaterThan(0);
    const size = await page.getByTestId('audit-chart').locator('canvas').first().boundingBox();
    expect(size!.width).toBeGreaterThan(100);
    await shot('results');
  });

  it('copies the dataset-card sentence', async () => {
    const sentence = await page.getByRole('textbox', { name: 'Sentence for the dataset card' }).inputValue();
    expect(sentence).toMatch(
      /^We estimate that \d+\.\d+% of gold values are incorrect \(95% CI \d+\.\d+–\d+\.\d+%\), from 6 audited cells /u,
    );
    expect(sentence).toContain('(1 shown them on request)');
    await page.getByRole('button', { name: 'Copy' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(sentence);
    await page.getByRole('button', { name: 'Copied' }).waitFor();
  });
});
