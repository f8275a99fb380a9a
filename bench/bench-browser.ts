// Chromium as every UI figure drives it: one page at 1440×900 with the
// bench's probes installed before the app starts.
import { launchBrowser } from '../tests/e2e/support/index';
import type { LaunchedBrowser, LaunchOptions } from '../tests/e2e/support/index';
import { INSTALL_PROBES } from './page-probes';

/** `initScripts` run after the probes, before the app, on every navigation. */
export async function launchBenchBrowser(
  options: LaunchOptions = {},
  ...initScripts: string[]
): Promise<LaunchedBrowser> {
  const browser = await launchBrowser(options);
  try {
    await browser.page.setViewportSize({ width: 1440, height: 900 });
    for (const script of [INSTALL_PROBES, ...initScripts]) await browser.page.addInitScript(script);
    return browser;
  } catch (error) {
    await browser.close();
    throw error;
  }
}
