// The app open on a store while the command line writes to it from another
// process: the counts, the grid's status and the dispute on screen follow
// within a few seconds, without a key pressed, and a rationale being typed
// is kept. A script writing through the app's own bridge is followed the same way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Bridge, LaunchedBrowser, TempDir } from './support';
import { ensureRendererBuilt, openApp, runCli, tempDir } from './support';

let dir: TempDir;
let db: string;
let bridge: Bridge;
let browser: LaunchedBrowser;
let page: Page;

beforeAll(async () => {
  ensureRendererBuilt();
  dir = tempDir('atlas-external-writes-');
  db = dir.db();
  const demo = await runCli(['demo', '--db', db]);
  expect(demo.code, demo.stderr).toBe(0);
  ({ bridge, browser, page } = await openApp(db));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await bridge?.close();
  dir?.remove();
});

const count = async (kind: 'open' | 'resolved' | 'conflict'): Promise<number> =>
  Number(((await page.locator(`.status-bar .count-${kind}`).textContent()) ?? '').replace(/[^0-9]/gu, ''));

describe('writes from another process', () => {
  it('show in the counts and on the dispute on screen, keeping the rationale being typed', async () => {
    await page.locator('aside.panel[aria-busy="false"]').waitFor();
    const onScreen = (await page
      .locator('.ag-grid-scrolling-container .ag-row-selected')
      .first()
      .getAttribute('row-id'))!;
    const { rows } = await bridge.api('listDisputes', { filter: {}, limit: 50 });
    const other = rows.find((row) => row.id !== onScreen && row.kind === 'cell' && row.status === 'open')!;
    const resolvedBefore = await count('resolved');

    await page.keyboard.press('r');
    await page.keyboard.type('half a thought');

    const ruled = await runCli(['rule', other.id, '--decision', 'keep_gold', '--engineer', 'noah', '--db', db]);
    expect(ruled.code, ruled.stderr).toBe(0);
    await expect.poll(() => count('resolved'), { timeout: 10_000 }).toBe(resolvedBefore + 1);

    const onScreenRuled = await runCli(['rule', onScreen, '--decision', 'keep_gold', '--engineer', 'noah', '--db', db]);
    expect(onScreenRuled.code, onScreenRuled.stderr).toBe(0);
    await expect
      .poll(async () => (await page.locator('aside.panel').textContent()) ?? '', { timeout: 10_000 })
      .toContain('noah');
    expect(await page.locator('textarea.rationale-input').inputValue()).toBe('half a thought');
  });

  it('show when another client writes through the app’s own bridge (a script on the same connection)', async () => {
    const { rows } = await bridge.api('listDisputes', { filter: { status: 'open', kind: 'cell' }, limit: 50 });
    const resolvedBefore = await count('resolved');
    await bridge.api('rule', { disputeId: rows.at(-1)!.id, decision: 'keep_gold', engineer: 'ravi' });
    await expect.poll(() => count('resolved'), { timeout: 10_000 }).toBe(resolvedBefore + 1);
  });
});
