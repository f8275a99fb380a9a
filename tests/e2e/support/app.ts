// The app in browser mode on a store, as every e2e file opens it: the bridge
// serving the real bundle, headless Chromium at 1440×900, the queue's first
// row painted.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { generateWorkspace } from '../../../demo/generate';
import type { GenerateOptions, GeneratedWorkspace } from '../../../demo/generate';
import { startBridge } from './bridge';
import type { Bridge, StartBridgeOptions } from './bridge';
import { launchBrowser } from './browser';
import type { LaunchedBrowser } from './browser';
import { runCli } from './cli';
import { tempDir } from './paths';
import { ensureRendererBuilt } from './renderer';

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

export interface OpenedWorkspace extends OpenedApp {
  /** The test's folder: the store, the workspace and any outputs live in it. */
  dir: string;
  workspace: GeneratedWorkspace;
}

/** A generated workspace imported with the real command line (dataset and runs), then the app opened on its store. */
export async function openAppOnWorkspace(
  prefix: string,
  generate: GenerateOptions,
  options: StartBridgeOptions = {},
): Promise<OpenedWorkspace> {
  ensureRendererBuilt();
  const dir = tempDir(prefix).path;
  const db = join(dir, 'store.sqlite');
  const workspace = await generateWorkspace(join(dir, 'ws'), generate);
  const imported = await runCli(['import', '--db', db, '--json', workspace.dataset, workspace.runsDir]);
  if (imported.code !== 0) throw new Error(`import failed (${imported.code}): ${imported.stderr}`);
  return { ...(await openApp(db, options)), dir, workspace };
}
