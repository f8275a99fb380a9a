// npm start's decision to fall back to browser mode, tested without Electron.
import { EventEmitter } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fallbackLine, isStale, newestMtime, watchStartup } from '../../scripts/start';

function fakeChild() {
  const child = Object.assign(new EventEmitter(), { stderr: new PassThrough() });
  return child;
}

describe('fallbackLine', () => {
  it('explains a missing binary in one line', () => {
    expect(fallbackLine({ kind: 'no-binary' })).toBe(
      'Electron could not be started (its binary is not installed and cannot be downloaded here); serving the same UI in browser mode.',
    );
  });

  it('keeps every explanation on one line, with the last line of the detail', () => {
    const lines = [
      fallbackLine({ kind: 'native-module', detail: 'gyp info\ngyp ERR! stack Error: 404 Not Found\n' }),
      fallbackLine({ kind: 'spawn-failed', detail: 'spawn EACCES' }),
      fallbackLine({ kind: 'exited-early', code: 1, signal: null, detail: 'Missing X server or $DISPLAY\n' }),
      fallbackLine({ kind: 'exited-early', code: null, signal: 'SIGTRAP', detail: '' }),
    ];
    for (const line of lines) {
      expect(line).not.toContain('\n');
      expect(line).toMatch(/^Electron could not be started \(.+\); serving the same UI in browser mode\.$/);
    }
    expect(lines[0]).toContain('gyp ERR! stack Error: 404 Not Found');
    expect(lines[2]).toContain('code 1: Missing X server or $DISPLAY');
    expect(lines[3]).toContain('signal SIGTRAP');
  });
});

describe('watchStartup', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reports a spawn error within the window', async () => {
    const child = fakeChild();
    const outcome = watchStartup(child, 5000, vi.fn());
    child.emit('error', new Error('spawn ENOENT'));
    await expect(outcome).resolves.toEqual({
      started: false,
      failure: { kind: 'spawn-failed', detail: 'spawn ENOENT' },
    });
  });

  it('reports an early exit with what Electron said, and prints none of it', async () => {
    const child = fakeChild();
    const forward = vi.fn();
    const outcome = watchStartup(child, 5000, forward);
    child.stderr.write('Missing X server or $DISPLAY\n');
    await vi.advanceTimersByTimeAsync(1000);
    child.emit('exit', 1, null);
    await expect(outcome).resolves.toEqual({
      started: false,
      failure: { kind: 'exited-early', code: 1, signal: null, detail: 'Missing X server or $DISPLAY\n' },
    });
    expect(forward).not.toHaveBeenCalled();
  });

  it('calls Electron started once it survives the window, then replays and forwards its stderr', async () => {
    const child = fakeChild();
    const forward = vi.fn();
    const outcome = watchStartup(child, 5000, forward);
    child.stderr.write('early warning\n');
    await vi.advanceTimersByTimeAsync(5000);
    await expect(outcome).resolves.toEqual({ started: true });
    expect(forward.mock.calls.map(([chunk]) => String(chunk))).toEqual(['early warning\n']);
    child.stderr.write('later\n');
    await vi.advanceTimersByTimeAsync(1);
    expect(forward.mock.calls.map(([chunk]) => String(chunk))).toEqual(['early warning\n', 'later\n']);
    // A later exit is the normal end of the app, not a startup failure.
    child.emit('exit', 0, null);
    expect(child.listenerCount('exit')).toBe(0);
  });
});

describe('staleness', () => {
  let dir = '';
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'atlas-start-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('rebuilds when the output is missing or older than a source', () => {
    expect(isStale(null, 0)).toBe(true);
    expect(isStale(100, 200)).toBe(true);
    expect(isStale(200, 200)).toBe(false);
    expect(isStale(300, 200)).toBe(false);
  });

  it('finds the newest file in nested folders, skipping node_modules and missing paths', () => {
    mkdirSync(join(dir, 'src', 'deep'), { recursive: true });
    mkdirSync(join(dir, 'src', 'node_modules'), { recursive: true });
    writeFileSync(join(dir, 'src', 'a.ts'), '');
    writeFileSync(join(dir, 'src', 'deep', 'b.ts'), '');
    writeFileSync(join(dir, 'src', 'node_modules', 'c.js'), '');
    utimesSync(join(dir, 'src', 'a.ts'), 1000, 1000);
    utimesSync(join(dir, 'src', 'deep', 'b.ts'), 2000, 2000);
    utimesSync(join(dir, 'src', 'node_modules', 'c.js'), 9000, 9000);
    expect(newestMtime([join(dir, 'src'), join(dir, 'missing')])).toBe(2_000_000);
  });
});
