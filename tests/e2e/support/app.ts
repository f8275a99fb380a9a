// The app in browser mode on a store, as every e2e file opens it: the bridge
// serving the real bundle, headless Chromium at 1440×900, the queue's first
// row painted.
import type { Page } from 'playwright-core';
import { startBridge } from './bridge';
import type { Bridge, StartBridgeOptions } from './bridge';
import { launchBrowser } from './browser';
import type { LaunchedBrowser } from './browser';

export interface OpenedApp {
  bridge: Bridge;
  browser: LaunchedBrowser;
  page: Page;
}

export async function openApp(dbPath: string, options: StartBridgeOptions = {}): Promise<OpenedApp> {
  const bridge = await startBridge(dbPath, options);
  const browser = await launchBrowser();
  try {
    const page = browser.page;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(bridge.url);
    await page.locator('.ag-grid-scrolling-container .ag-row').first().waitFor({ timeout: 20_000 });
    return { bridge, browser, page };
  } catch (error) {
    await browser.close();
    await bridge.close();
    throw error;
  }
}
