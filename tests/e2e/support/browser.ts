// Headless Debian Chromium through playwright-core, exactly as STACK.md says:
// a persistent context on a fresh profile folder (Playwright refuses
// --user-data-dir among launch args), no network side traffic.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { BrowserContext, Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

export interface LaunchedBrowser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

export interface LaunchOptions {
  /** Added after the standard flags, e.g. `--host-resolver-rules=…` to simulate DNS rebinding. */
  extraArgs?: string[];
  /**
   * Classic scrollbars that take room, as on the desktop, instead of the
   * hidden ones Playwright's headless mode asks for (--hide-scrollbars): for
   * layout tests, where a 15-px scrollbar is what pushes a column out of view.
   */
  showScrollbars?: boolean;
}

export async function launchBrowser(options: LaunchOptions = {}): Promise<LaunchedBrowser> {
  const profile = mkdtempSync(join(tmpdir(), 'profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    ...(options.showScrollbars === true ? { ignoreDefaultArgs: ['--hide-scrollbars'] } : {}),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...(options.extraArgs ?? []),
    ],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  let closed: Promise<void> | null = null;
  return {
    context,
    page,
    close() {
      closed ??= context.close().finally(() => rmSync(profile, { recursive: true, force: true }));
      return closed;
    },
  };
}
