// Shared helpers for end-to-end tests: the CLI, browser mode, headless Chromium.
export { cliStdout, runCli, killGroup } from './cli';
export type { CliResult, RunCliOptions } from './cli';
export { startBridge } from './bridge';
export type { Bridge, StartBridgeOptions } from './bridge';
export { launchBrowser, CHROMIUM } from './browser';
export type { LaunchedBrowser, LaunchOptions } from './browser';
export { BIN, REPO_ROOT, tempDir } from './paths';
export type { TempDir } from './paths';
export { ensureRendererBuilt } from './renderer';
export { openApp, openAppOnWorkspace } from './app';
export { holdRoute } from './held-route';
export type { HeldRoute } from './held-route';
export type { OpenedApp } from './app';
export { highlightedRow, shownDispute } from './queue';
