// Taking the store's write lock when another process may hold it (another
// command, the app, a long import). SQLite's own busy wait would block this
// thread, and with it every read the app or the bridge answers meanwhile, so
// the connection never waits inside SQLite for a write: BEGIN IMMEDIATE is
// tried at once and, while the store is busy, tried again after a pause that
// lets the event loop run, up to a limit (ATLAS_ADJUDICATOR_BUSY_TIMEOUT,
// default 60 s). Who holds the lock, when it is this tool, is written beside
// the store for the others to name.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { Db, Store } from './store';

/** The store stayed locked by another writer for longer than the limit. */
export class StoreBusyError extends Error {
  override name = 'StoreBusyError';
}

export const BUSY_TIMEOUT_ENV = 'ATLAS_ADJUDICATOR_BUSY_TIMEOUT';
export const DEFAULT_BUSY_TIMEOUT_MS = 60_000;
/** How long a read may wait inside SQLite (a writer's checkpoint, a recovery): short enough not to be felt. */
export const READ_BUSY_TIMEOUT_MS = 50;

export interface WriteLockOptions {
  /** How long to keep trying (default: ATLAS_ADJUDICATOR_BUSY_TIMEOUT, else 60 s). */
  busyTimeoutMs?: number;
  /** Said once, when the lock is not free at the first try: what the store is busy with, and how long this waits. */
  onWait?: (message: string) => void;
  /** What this process writes, for the message another one shows while it waits: `import`, `rule`… */
  purpose?: string;
  signal?: AbortSignal;
}

/** `90` (seconds), `500ms`, `2m`, `1.5s`; null when it is none of those. */
export function parseDuration(text: string): number | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m)?\s*$/iu.exec(text);
  if (!match) return null;
  const unit = { ms: 1, s: 1000, m: 60_000 }[(match[2] ?? 's').toLowerCase() as 'ms' | 's' | 'm'];
  const ms = Math.round(Number(match[1]) * unit);
  return Number.isSafeInteger(ms) ? ms : null;
}

/** The limit in force: the caller's, else the environment's, else 60 s. A setting that is no duration is refused, naming it. */
export function busyTimeoutOf(options: { busyTimeoutMs?: number } = {}, env: NodeJS.ProcessEnv = process.env): number {
  if (options.busyTimeoutMs !== undefined && Number.isFinite(options.busyTimeoutMs) && options.busyTimeoutMs >= 0)
    return options.busyTimeoutMs;
  const setting = env[BUSY_TIMEOUT_ENV];
  if (setting === undefined || setting.trim() === '') return DEFAULT_BUSY_TIMEOUT_MS;
  const parsed = parseDuration(setting);
  if (parsed === null)
    throw new StoreBusyError(
      `${BUSY_TIMEOUT_ENV}=${JSON.stringify(setting)}: expected a duration such as 60 (seconds), 90s, 500ms or 2m`,
    );
  return parsed;
}

interface Holder {
  pid: number;
  purpose: string;
  since: string;
}

const holderPath = (dbPath: string): string => `${dbPath}-writer.json`;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Who holds the write lock, when it is a live process of this tool; null otherwise (another program, or not known). */
function currentHolder(dbPath: string): Holder | null {
  try {
    const holder = JSON.parse(readFileSync(holderPath(dbPath), 'utf8')) as Partial<Holder>;
    if (typeof holder.pid !== 'number' || holder.pid === process.pid || !alive(holder.pid)) return null;
    return { pid: holder.pid, purpose: String(holder.purpose ?? 'a write'), since: String(holder.since ?? '') };
  } catch {
    return null;
  }
}

function describeHolder(dbPath: string): string {
  const holder = currentHolder(dbPath);
  if (holder === null) return 'another process holds its write lock';
  return `process ${holder.pid} (atlas-adjudicator ${holder.purpose}${holder.since ? `, since ${holder.since}` : ''}) holds its write lock`;
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_BUSY_SNAPSHOT' || code === 'SQLITE_LOCKED';
}

const sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** A write transaction this process holds: end it with COMMIT or ROLLBACK on the connection, then release. */
export interface WriteLock {
  release(): void;
}

/**
 * BEGIN IMMEDIATE on `db` (the store at `dbPath`), waiting without blocking
 * while another process writes. Throws StoreBusyError, naming the holder when
 * known, once the limit has passed.
 */
export async function beginWrite(db: Db, dbPath: string, options: WriteLockOptions = {}): Promise<WriteLock> {
  const limit = busyTimeoutOf(options);
  const started = performance.now();
  let pause = 5;
  let said = false;
  for (;;) {
    options.signal?.throwIfAborted();
    try {
      db.pragma('busy_timeout = 0');
      try {
        db.exec('BEGIN IMMEDIATE');
      } finally {
        db.pragma(`busy_timeout = ${READ_BUSY_TIMEOUT_MS}`);
      }
      return holdLock(dbPath, options.purpose ?? 'write');
    } catch (error) {
      if (!isBusy(error)) throw error;
    }
    const waited = performance.now() - started;
    if (waited >= limit) {
      throw new StoreBusyError(
        `the store ${dbPath} is busy: ${describeHolder(dbPath)}; gave up after ${Math.round(waited / 100) / 10} s ` +
          `(set ${BUSY_TIMEOUT_ENV} to wait longer, such as 5m), and nothing was written`,
      );
    }
    if (!said) {
      said = true;
      options.onWait?.(
        `the store ${basename(dbPath)} is busy: ${describeHolder(dbPath)}; waiting up to ${Math.round(limit / 1000)} s for it (${BUSY_TIMEOUT_ENV})`,
      );
    }
    await sleep(Math.min(pause, limit - waited), options.signal);
    pause = Math.min(pause * 2, 250);
  }
}

function holdLock(dbPath: string, purpose: string): WriteLock {
  if (dbPath === ':memory:') return { release: () => undefined };
  const path = holderPath(dbPath);
  try {
    writeFileSync(path, JSON.stringify({ pid: process.pid, purpose, since: new Date().toISOString() }));
  } catch {
    // Naming the holder is a courtesy to other processes: a folder that refuses the note does not stop the write.
  }
  // Only our own note: another process may have taken the lock, and written its note, since our COMMIT.
  const ours = (): boolean => {
    try {
      return (JSON.parse(readFileSync(path, 'utf8')) as Partial<Holder>).pid === process.pid;
    } catch {
      return false;
    }
  };
  return { release: () => (ours() ? rmSync(path, { force: true }) : undefined) };
}

/** Runs `work` in one write transaction on the store's connection, once the write lock is this process's. */
export async function writeTransaction<T>(store: Store, work: () => T, options: WriteLockOptions = {}): Promise<T> {
  const { db } = store;
  const lock = await beginWrite(db, store.path, options);
  try {
    // Synchronous from here to COMMIT: nothing else on this connection runs in between.
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw error;
  } finally {
    lock.release();
  }
}
