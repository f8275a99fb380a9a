// Packaging needs better-sqlite3 built for Electron in node_modules, where the
// tests and the CLI need the Node build. The Node addon is set aside first and
// put back afterwards, whatever happens: success, failure, an exception, or
// Ctrl-C / SIGTERM / SIGHUP while a compiler runs. Copying it back takes no
// compiler and no network, so it cannot fail the way a rebuild can.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rebuildMarker } from './electron-rebuild';

export function addonPath(moduleDir: string): string {
  return join(moduleDir, 'build', 'Release', 'better_sqlite3.node');
}

export interface Stash {
  /** The Node addon's copy, or null when there was none to keep. */
  saved: string | null;
  dir: string;
}

export function stashNodeBuild(moduleDir: string): Stash {
  const dir = mkdtempSync(join(tmpdir(), 'atlas-node-addon-'));
  const addon = addonPath(moduleDir);
  if (!existsSync(addon)) return { saved: null, dir };
  const saved = join(dir, 'better_sqlite3.node');
  copyFileSync(addon, saved);
  return { saved, dir };
}

/**
 * Puts the Node addon back and removes @electron/rebuild's marker, which
 * would otherwise claim the Node build is Electron's. Returns false when
 * there was no Node build to put back.
 */
export function restoreNodeBuild(moduleDir: string, stash: Stash): boolean {
  rmSync(rebuildMarker(moduleDir), { force: true });
  if (stash.saved === null || !existsSync(stash.saved)) return false;
  const addon = addonPath(moduleDir);
  mkdirSync(join(moduleDir, 'build', 'Release'), { recursive: true });
  // A new file rather than writing into the old one: node_modules may be hard-linked elsewhere.
  rmSync(addon, { force: true });
  copyFileSync(stash.saved, addon);
  rmSync(stash.dir, { recursive: true, force: true });
  return true;
}

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
const SIGNAL_NUMBERS: Record<(typeof SIGNALS)[number], number> = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 };

export interface Guarded {
  /** Called on a signal before restoring: stop the running tool, wait for it to end. */
  stopRunning: () => Promise<void>;
  restore: () => void;
  log?: (line: string) => void;
  /** For tests; defaults to process. */
  proc?: Pick<NodeJS.Process, 'on' | 'removeListener' | 'exit'>;
}

/**
 * Runs `work` with `restore` guaranteed afterwards: in a finally block, and
 * from a signal handler that stops the running tool, restores and exits with
 * 128 + the signal's number, as a shell reports it.
 */
export async function withRestore<T>(work: () => Promise<T>, guard: Guarded): Promise<T> {
  const proc = guard.proc ?? process;
  const log = guard.log ?? ((line: string) => console.error(line));
  let restored = false;
  const restoreOnce = (): void => {
    if (restored) return;
    restored = true;
    guard.restore();
  };
  const handlers = SIGNALS.map((signal) => {
    const handler = (): void => {
      log(`${signal}: stopping, then restoring the Node build of better-sqlite3…`);
      const timeout = new Promise<void>((resolve) => setTimeout(resolve, 15_000).unref());
      void Promise.race([guard.stopRunning().catch(() => undefined), timeout]).finally(() => {
        try {
          restoreOnce();
        } finally {
          proc.exit(128 + SIGNAL_NUMBERS[signal]);
        }
      });
    };
    proc.on(signal, handler);
    return { signal, handler };
  });
  // Last resort (an exception nobody caught): 'exit' runs synchronous code only, which restore is.
  proc.on('exit', restoreOnce);
  try {
    return await work();
  } finally {
    restoreOnce();
    for (const { signal, handler } of handlers) proc.removeListener(signal, handler);
    proc.removeListener('exit', restoreOnce);
  }
}
