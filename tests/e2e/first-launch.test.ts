// The first launch asks who is ruling, prefilled with the OS user name, and
// nothing is recorded before the engineer confirms it: not by the keys, not
// by a call that names no engineer. Then the header shows the name and the
// rulings carry it.
import { userInfo } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Bridge, LaunchedBrowser } from './support';
import { openAppOnWorkspace } from './support';

let bridge: Bridge;
let browser: LaunchedBrowser;
let page: Page;

beforeAll(async () => {
  ({ bridge, browser, page } = await openAppOnWorkspace(
    'atlas-first-launch-',
    { seed: 11, tasks: 4, systems: 4, maxRows: 5, maxColumns: 4 },
    { firstLaunch: true },
  ));
});
afterAll(async () => {
  await browser?.close();
  await bridge?.close();
});

const dialog = () => page.getByRole('dialog', { name: 'Who is ruling?' });
const selectedId = async (): Promise<string> =>
  (await bridge.api('listDisputes', { filter: {}, offset: 0, limit: 1 })).rows[0]!.id;

describe('the first launch', () => {
  it('asks the name, prefilled with the OS user name, and records nothing before it is confirmed', async () => {
    await dialog().waitFor();
    const name = dialog().getByLabel('Your name');
    expect(await name.inputValue()).toBe(userInfo().username);
    expect(await bridge.api('getSettings', {})).toEqual({ engineer: userInfo().username, confirmed: false });

    // A call naming no engineer is refused as long as the name is unconfirmed.
    const id = await selectedId();
    await expect(bridge.api('rule', { disputeId: id, decision: 'keep_gold' })).rejects.toThrow(
      /confirm who is ruling first/u,
    );

    // Dismissed, the keys still record nothing: saving asks again.
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
    await page.keyboard.press('1');
    await page.keyboard.press('Enter');
    await dialog().waitFor();
    expect((await bridge.api('getDispute', { id })).rulings).toEqual([]);
  });

  it('records under the confirmed name, which the header shows', async () => {
    const name = dialog().getByLabel('Your name');
    await name.fill('Mia Ruiz');
    await name.press('Enter');
    await dialog().waitFor({ state: 'detached' });
    await expect.poll(async () => (await page.locator('.engineer-badge').textContent()) ?? '').toContain('Mia Ruiz');
    expect(await bridge.api('getSettings', {})).toEqual({ engineer: 'Mia Ruiz', confirmed: true });

    const id = await selectedId();
    await page.keyboard.press('1');
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await bridge.api('getDispute', { id })).rulings.map((r) => r.engineer))
      .toEqual(['Mia Ruiz']);
  });
});
