// scripts/native/node-build.ts: the Node build of better-sqlite3 comes back
// after packaging, however packaging ends, so the CLI and the tests keep
// working. A real copy of the addon; interruptions are real signals sent to a
// child process running the step.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rebuildMarker } from '../../../scripts/native/electron-rebuild';
import { restoreNodeBuild, stashNodeBuild, withRestore } from '../../../scripts/native/node-build';
import { copySqlite, opensDatabase } from '../support/sqlite-copy';
import type { SqliteCopy } from '../support/sqlite-copy';

function replaceWithElectronBuild(copy: SqliteCopy): void {
  rmSync(copy.addon);
  writeFileSync(copy.addon, 'an Electron build');
  writeFileSync(rebuildMarker(copy.moduleDir), 'linux--x64--150');
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Whether the process is gone within a few seconds (a signal is delivered, not awaited). */
async function ends(pid: number): Promise<boolean> {
  for (let i = 0; i < 50 && alive(pid); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  return !alive(pid);
}

async function interrupt(
  signal: NodeJS.Signals,
): Promise<{ copy: SqliteCopy; original: Buffer; code: number | null; output: string; compiler: number }> {
  const copy = copySqlite();
  const original = readFileSync(copy.addon);
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'support', 'interrupted-build.ts'), copy.moduleDir],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const started = new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const pid = /BUILDING (\d+)/.exec(output)?.[1];
      if (pid) resolve(Number(pid));
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', () => reject(new Error(`the step ended before building:\n${output}`)));
  });
  const compiler = await started;
  expect(readFileSync(copy.addon, 'utf8')).toBe('half-written Electron build');
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill(signal);
  return { copy, original, code: await exited, output, compiler };
}

describe('the Node build of better-sqlite3 during packaging', () => {
  it('is put back after the work, and the marker that would mislabel it removed', async () => {
    const copy = copySqlite();
    const original = readFileSync(copy.addon);
    const stash = stashNodeBuild(copy.moduleDir);
    await withRestore(() => Promise.resolve(replaceWithElectronBuild(copy)), {
      restore: () => restoreNodeBuild(copy.moduleDir, stash),
      stopRunning: () => Promise.resolve(),
    });
    expect(readFileSync(copy.addon).equals(original)).toBe(true);
    expect(existsSync(rebuildMarker(copy.moduleDir))).toBe(false);
    expect(opensDatabase(copy)).toEqual({ ok: true, output: '42\n' });
  });

  it('is put back when the work throws', async () => {
    const copy = copySqlite();
    const original = readFileSync(copy.addon);
    const stash = stashNodeBuild(copy.moduleDir);
    const work = withRestore(
      () => {
        replaceWithElectronBuild(copy);
        return Promise.reject(new Error('electron-builder failed'));
      },
      { restore: () => restoreNodeBuild(copy.moduleDir, stash), stopRunning: () => Promise.resolve() },
    );
    await expect(work).rejects.toThrow('electron-builder failed');
    expect(readFileSync(copy.addon).equals(original)).toBe(true);
    expect(opensDatabase(copy).ok).toBe(true);
  });

  it('is put back on Ctrl-C (SIGINT) in the middle of the rebuild, whose compilers are stopped', async () => {
    const { copy, original, code, output, compiler } = await interrupt('SIGINT');
    expect(code).toBe(130);
    expect(output).toContain('RESTORED');
    expect(readFileSync(copy.addon).equals(original)).toBe(true);
    expect(existsSync(rebuildMarker(copy.moduleDir))).toBe(false);
    expect(await ends(compiler)).toBe(true);
    expect(opensDatabase(copy)).toEqual({ ok: true, output: '42\n' });
  });

  it('is put back on SIGTERM', async () => {
    const { copy, original, code, output } = await interrupt('SIGTERM');
    expect(code).toBe(143);
    expect(output).toContain('RESTORED');
    expect(readFileSync(copy.addon).equals(original)).toBe(true);
    expect(opensDatabase(copy).ok).toBe(true);
  });

  it('reports when there was no Node build to put back', () => {
    const copy = copySqlite();
    rmSync(copy.addon);
    const stash = stashNodeBuild(copy.moduleDir);
    expect(restoreNodeBuild(copy.moduleDir, stash)).toBe(false);
  });
});
