// Another process holding the store's write lock: a write waits for it
// without blocking this process (the bridge answers reads meanwhile), is
// saved once the lock is released, and past the limit is refused as
// StoreBusyError, naming the holder when it is this tool, with nothing written.
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../cli/server';
import type { RunningServer } from '../../cli/server';
import type { ServiceHandle } from '../../db/service';
import { openService } from '../../db/service';
import { refusalKindOf } from '../../shared/api-errors';
import { api } from '../support/http';
import { runCli } from '../e2e/support';
import { freshService, smallWorkspace, tempDir, workspacePaths } from '../support/workspace';

const HOLDER = join(import.meta.dirname, 'support', 'lock-holder.ts');

interface Holder {
  pid: number;
  release(): Promise<void>;
}

/** Starts a process holding the write lock; resolves once it holds it. */
function holdLock(dbPath: string, mode: 'raw' | 'tool'): Promise<Holder> {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, ['--import', 'tsx', HOLDER, dbPath, mode], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const released = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      if (out.includes('locked\n')) {
        resolve({
          pid: child.pid!,
          release: () => {
            child.stdin.end('release\n');
            return released;
          },
        });
      }
    });
    child.on('exit', (code) => reject(new Error(`lock holder exited ${String(code)} before holding the lock: ${err}`)));
  });
}

let service: ServiceHandle;
let server: RunningServer;
let disputeIds: string[];
/** Resolves the next time a write of the bridge's service starts waiting for the lock. */
let nextWait: Promise<void>;
let waited: () => void = () => undefined;
const expectWait = (): void => {
  nextWait = new Promise((resolve) => (waited = resolve));
};

beforeAll(async () => {
  const ws = await smallWorkspace();
  const importer = freshService('mia');
  await importer.importPaths(workspacePaths(ws));
  importer.close();
  service = openService({
    dbPath: importer.dbPath,
    settingsPath: join(tempDir(), 'settings.json'),
    engineer: 'mia',
    onBusy: () => waited(),
  });
  disputeIds = [...service.disputeRecords({ kind: 'cell' })].map((record) => record.id);
  const folder = join(tempDir('atlas-busy-'), 'renderer');
  mkdirSync(folder);
  server = await startServer({ dbPath: service.dbPath, service, rendererDir: folder });
});
afterAll(async () => {
  await server.close();
  service.close();
});

const rulingsOn = (id: string): number =>
  service.store.db.prepare<[string], number>('SELECT count(*) FROM rulings WHERE dispute_id = ?').pluck().get(id)!;

describe('a store another process is writing to', () => {
  it('answers reads through the bridge while a ruling waits, and saves the ruling once the lock is released', async () => {
    const id = disputeIds[0]!;
    const holder = await holdLock(service.dbPath, 'raw');
    let ruleSettled = false;
    expectWait();
    const ruling = api(server.port, server.token, 'rule', {
      disputeId: id,
      decision: 'keep_gold',
      rationale: 'checked',
    }).finally(() => (ruleSettled = true));
    // Once the ruling waits for the lock (or has given up, as a blocking wait would), a read is sent.
    await Promise.race([nextWait, ruling]);
    expect(ruleSettled).toBe(false);
    // It is answered while the ruling still waits (the holder lets go only below).
    const read = await api(server.port, server.token, 'getDispute', { id: disputeIds[1]! });
    expect(read.status).toBe(200);
    expect(ruleSettled).toBe(false);
    expect(rulingsOn(id)).toBe(0);
    await holder.release();
    const saved = await ruling;
    expect(saved.json()).toMatchObject({ ok: true });
    expect(rulingsOn(id)).toBe(1);
  });

  it('refuses a write past the limit with a kind, naming the holder, and writes nothing', async () => {
    const id = disputeIds[2]!;
    const waits: string[] = [];
    const impatient = openService({
      dbPath: service.dbPath,
      settingsPath: join(tempDir(), 'settings.json'),
      engineer: 'mia',
      busyTimeoutMs: 300,
      onBusy: (message) => waits.push(message),
    });
    const holder = await holdLock(service.dbPath, 'tool');
    try {
      const refusal: unknown = await Promise.resolve(impatient.rule({ disputeId: id, decision: 'keep_gold' })).catch(
        (error: unknown) => error,
      );
      expect(refusalKindOf(refusal)).toBe('StoreBusyError');
      expect((refusal as Error).message).toMatch(
        new RegExp(
          `is busy: process ${holder.pid} \\(atlas-adjudicator import, since [^)]+\\) holds its write lock; gave up after`,
          'u',
        ),
      );
      expect(waits).toEqual([expect.stringContaining(`process ${holder.pid} (atlas-adjudicator import`)]);
    } finally {
      await holder.release();
      impatient.close();
    }
    expect(rulingsOn(id)).toBe(0);
  });

  it('on the command line, says the store is busy and exits 1 past ATLAS_ADJUDICATOR_BUSY_TIMEOUT', async () => {
    const id = disputeIds[3]!;
    const holder = await holdLock(service.dbPath, 'raw');
    try {
      const res = await runCli(['rule', id, '--decision', 'keep_gold', '--db', service.dbPath], {
        ATLAS_ADJUDICATOR_ENGINEER: 'mia',
        ATLAS_ADJUDICATOR_HOME: tempDir(),
        ATLAS_ADJUDICATOR_BUSY_TIMEOUT: '500ms',
      });
      expect(res.code).toBe(1);
      expect(res.stderr).toContain('is busy: another process holds its write lock; waiting up to');
      expect(res.stderr).toContain('gave up after');
    } finally {
      await holder.release();
    }
    expect(rulingsOn(id)).toBe(0);
  });
});
