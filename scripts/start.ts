// `npm start`: build what is stale, then open the app in Electron; where
// Electron cannot run (no binary, no display, no native build), serve the same
// UI in browser mode and print its URL.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { EventEmitter } from 'node:events';
import type { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { buildElectron, ensureElectronSqlite, REPO_ROOT } from './build-electron';

/** How long Electron must stay up before we call it started. */
export const EARLY_EXIT_MS = 5000;

export type LaunchFailure =
  | { kind: 'no-binary' }
  | { kind: 'native-module'; detail: string }
  | { kind: 'spawn-failed'; detail: string }
  | { kind: 'exited-early'; code: number | null; signal: string | null; detail: string };

/** The one line `npm start` prints before falling back to browser mode. */
export function fallbackLine(failure: LaunchFailure): string {
  const tail = 'serving the same UI in browser mode.';
  switch (failure.kind) {
    case 'no-binary':
      return `Electron could not be started (its binary is not installed and cannot be downloaded here); ${tail}`;
    case 'native-module':
      return `Electron could not be started (better-sqlite3 could not be built for Electron: ${oneLine(failure.detail)}); ${tail}`;
    case 'spawn-failed':
      return `Electron could not be started (${oneLine(failure.detail)}); ${tail}`;
    case 'exited-early': {
      const how = failure.signal ? `signal ${failure.signal}` : `code ${String(failure.code)}`;
      const why = failure.detail ? `: ${oneLine(failure.detail)}` : '';
      return `Electron could not be started (it exited at once with ${how}${why}); ${tail}`;
    }
  }
}

function oneLine(text: string): string {
  const line = text.trim().split(/\r?\n/).filter(Boolean).pop() ?? '';
  return line.length > 160 ? `${line.slice(0, 157)}…` : line;
}

/** True when the output is missing or older than the newest source. */
export function isStale(outputMtimeMs: number | null, newestSourceMtimeMs: number): boolean {
  return outputMtimeMs === null || outputMtimeMs < newestSourceMtimeMs;
}

/** Newest modification time of any file under the given paths (missing paths count as 0). */
export function newestMtime(paths: string[]): number {
  let newest = 0;
  const visit = (path: string): void => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) if (entry !== 'node_modules') visit(join(path, entry));
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  paths.forEach(visit);
  return newest;
}

function mtimeOrNull(path: string): number | null {
  return existsSync(path) ? statSync(path).mtimeMs : null;
}

export function ensureRenderer(root = REPO_ROOT): void {
  const index = join(root, 'dist', 'renderer', 'index.html');
  const sources = ['renderer', 'shared', 'vite.config.ts', 'tsconfig.renderer.json', 'package.json'].map((p) =>
    join(root, p),
  );
  if (!isStale(mtimeOrNull(index), newestMtime(sources))) return;
  console.log('Building the user interface…');
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (result.status !== 0) throw new Error('vite build failed');
}

/**
 * The Electron binary's path. require('electron') downloads the binary on
 * first use; run it in a child so a failed download (as here, offline) costs
 * a second and prints nothing, and a slow one cannot hang us forever.
 */
export function resolveElectronBinary(root = REPO_ROOT, timeoutMs = 300_000): string | null {
  const result = spawnSync(process.execPath, ['-e', "process.stdout.write('\\n' + require('electron'))"], {
    cwd: root,
    encoding: 'utf8',
    timeout: timeoutMs,
  });
  if (result.status !== 0) return null;
  const path = result.stdout.trim().split('\n').pop() ?? '';
  return path !== '' && existsSync(path) ? path : null;
}

/** What watchStartup needs of a ChildProcess (a plain EventEmitter in tests). */
export type StartingChild = EventEmitter & { stderr: Readable | null };

/**
 * Resolves with the child once it has stayed up for `windowMs` (its buffered
 * stderr is then replayed), or with the failure if it errored or exited first.
 */
export function watchStartup(
  child: StartingChild,
  windowMs = EARLY_EXIT_MS,
  forward: (chunk: Buffer | string) => void = (chunk) => process.stderr.write(chunk),
): Promise<{ started: true } | { started: false; failure: LaunchFailure }> {
  return new Promise((resolvePromise) => {
    const early: (Buffer | string)[] = [];
    let settled = false;
    const collect = (chunk: Buffer | string): void => {
      if (settled) forward(chunk);
      else early.push(chunk);
    };
    child.stderr?.on('data', collect);
    const finish = (outcome: { started: true } | { started: false; failure: LaunchFailure }): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.removeListener('error', onError);
      child.removeListener('exit', onExit);
      if (outcome.started) early.forEach(forward);
      resolvePromise(outcome);
    };
    const onError = (error: Error): void =>
      finish({ started: false, failure: { kind: 'spawn-failed', detail: error.message } });
    const onExit = (code: number | null, signal: NodeJS.Signals | null): void =>
      finish({ started: false, failure: { kind: 'exited-early', code, signal, detail: early.map(String).join('') } });
    const timer = setTimeout(() => finish({ started: true }), windowMs);
    child.once('error', onError);
    child.once('exit', onExit);
  });
}

export type LaunchResult = { started: true; exited: Promise<number> } | { started: false; failure: LaunchFailure };

export async function launchElectron(root = REPO_ROOT): Promise<LaunchResult> {
  const binary = resolveElectronBinary(root);
  if (binary === null) return { started: false, failure: { kind: 'no-binary' } };
  const native = ensureElectronSqlite(root);
  if (!native.ok) return { started: false, failure: { kind: 'native-module', detail: native.reason } };
  const env = { ...process.env };
  // Set by some tools; it would make the binary behave as plain Node.
  delete env.ELECTRON_RUN_AS_NODE;
  const child = spawn(binary, [root], { cwd: root, env, stdio: ['ignore', 'inherit', 'pipe'] });
  const exited = new Promise<number>((done) => child.on('exit', (code) => done(code ?? 1)));
  const startup = await watchStartup(child);
  return startup.started ? { started: true, exited } : startup;
}

async function serveBrowserMode(root: string): Promise<void> {
  // Loaded only here: Electron mode never needs the HTTP bridge.
  const [{ startServer }, { openService }, paths, { loadDemoIfEmpty }, { writeDemoWorkspace }] = await Promise.all([
    import('../cli/server'),
    import('../db/service'),
    import('../db/paths'),
    import('../electron/first-run'),
    import('../demo'),
  ]);
  const dbPath = paths.defaultDbPath();
  mkdirSync(dirname(dbPath), { recursive: true });
  const service = openService({
    dbPath,
    settingsPath: paths.defaultSettingsPath(),
    prewarmSearch: true,
    demoWorkspace: writeDemoWorkspace,
  });
  const demo = await loadDemoIfEmpty(service).catch((error: unknown) => ({ outcome: 'failed', error: String(error) }));
  if (demo.error) console.error(`The demo workspace could not be loaded: ${demo.error}`);
  const server = await startServer({ dbPath, service, rendererDir: join(root, 'dist', 'renderer') });
  console.log(`ATLAS Adjudicator: ${server.url}`);
  const stop = (): void => {
    server
      .close()
      .catch(() => undefined)
      .finally(() => {
        service.close();
        process.exit(0);
      });
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

export async function main(root = REPO_ROOT): Promise<void> {
  ensureRenderer(root);
  await buildElectron(root);
  const launch = await launchElectron(root);
  if (launch.started) {
    process.exitCode = await launch.exited;
    return;
  }
  console.log(fallbackLine(launch.failure));
  await serveBrowserMode(root);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(`npm start failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
