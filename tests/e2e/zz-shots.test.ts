import { it } from 'vitest';
import { ensureRendererBuilt, openApp, runCli, tempDir } from './support';
it('shots', { timeout: 240_000 }, async () => {
  ensureRendererBuilt();
  const dir = tempDir('atlas-shots-');
  const db = dir.db();
  await runCli(['demo', '--db', db]);
  const { bridge, browser, page } = await openApp(db, { engineer: 'mia', env: { ATLAS_ADJUDICATOR_ENGINEER: 'mia' } });
  const show = async (q: string) => {
    await page.keyboard.press('/');
    await page.keyboard.press('Control+a');
    await page.keyboard.type(q);
    await page.waitForTimeout(800);
    await page.keyboard.press('Escape');
    await page.locator('aside.panel[aria-busy="false"] .dispute-head').waitFor();
    await page.waitForTimeout(500);
  };
  for (const [w, h] of [[1440, 900], [1280, 720]] as const) {
    await page.setViewportSize({ width: w, height: h });
    await show('d-47c8fdae88f788702bc8');
    await page.keyboard.press('2');
    await page.keyboard.press('r');
    await page.keyboard.type('Checked the opening notice');
    await page.keyboard.press('Escape');
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/shots-form/mid-ruling-${w}x${h}.png` });
    await show('d-7d7ad6a3dfe79bd6044a');
    await page.keyboard.press('2');
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/shots-form/add-row-${w}x${h}.png` });
    await page.keyboard.press('4');
    await page.waitForTimeout(200);
    await page.screenshot({ path: `/tmp/shots-form/no-decision-${w}x${h}.png` });
    await page.waitForTimeout(1000);
    await page.keyboard.press('3');
    await page.keyboard.type('Lanternfield');
    await page.keyboard.press('Enter');
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/shots-form/alias-nomatch-${w}x${h}.png` });
    await page.keyboard.press('Escape');
  }
  await browser.close(); await bridge.close(); dir.remove();
});
