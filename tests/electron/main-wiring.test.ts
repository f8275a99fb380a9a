// Electron main's wiring against a fake 'electron' and a fake service
// (db/service is mocked so this test does not depend on the store).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IpcMainInvokeEvent } from 'electron';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeDemoWorkspace } from '../../demo';
import { UNTRUSTED_SENDER } from '../../electron/ipc';
import { CONTENT_SECURITY_POLICY } from '../../electron/security';
import { METHOD_NAMES, parseInput } from '../../shared/api';
import { fake, FakeBrowserWindow } from './fake-electron';
import { createFakeService } from './fake-service';

vi.mock('electron', async () => (await import('./fake-electron')).electronModule);

const services: ReturnType<typeof createFakeService>[] = [];
const openService = vi.fn((_options: unknown) => {
  const service = createFakeService();
  services.push(service);
  return service;
});
vi.mock('../../db/service', () => ({ openService: (options: unknown) => openService(options) }));

const { runMain } = await import('../../electron/app');

let appRoot = '';
beforeAll(() => {
  appRoot = mkdtempSync(join(tmpdir(), 'atlas-main-'));
  mkdirSync(join(appRoot, 'dist', 'renderer'), { recursive: true });
  writeFileSync(join(appRoot, 'dist', 'renderer', 'index.html'), '<!doctype html><title>atlas</title>');
});
afterAll(() => rmSync(appRoot, { recursive: true, force: true }));

beforeEach(() => {
  fake.reset();
  services.length = 0;
  openService.mockClear();
});

async function start() {
  const handle = runMain({
    appRoot,
    dbPath: join(appRoot, 'atlas.sqlite'),
    settingsPath: join(appRoot, 'settings.json'),
  });
  await handle.ready;
  const win = FakeBrowserWindow.instances[0];
  if (!win) throw new Error('no window was created');
  return { win, service: services[0]! };
}

function ipcEvent(url: string, sender: unknown = {}): IpcMainInvokeEvent {
  return { sender, senderFrame: { url, parent: null } } as unknown as IpcMainInvokeEvent;
}

function invoke(channel: string, event: IpcMainInvokeEvent, arg?: unknown): Promise<unknown> {
  const handler = fake.state.ipcMain.handlers.get(channel);
  if (!handler) throw new Error(`no handler for ${channel}`);
  return Promise.resolve(handler(event, arg));
}

describe('Electron main wiring', () => {
  it('registers the app:// scheme as privileged before ready, and serves it after', async () => {
    await start();
    expect(fake.state.protocol.privilegedBeforeReady).toBe(true);
    expect(fake.state.protocol.privileged).toEqual([
      expect.objectContaining({
        scheme: 'app',
        privileges: expect.objectContaining({ standard: true, secure: true }) as unknown,
      }),
    ]);
    const handler = fake.state.protocol.handlers.get('app');
    const response = await handler!(new Request('app://atlas/'));
    expect(await response.text()).toContain('<title>atlas</title>');
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
  });

  it('opens a secure window on app://atlas/index.html with the preload bundle', async () => {
    const { win } = await start();
    expect(win.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      preload: join(appRoot, 'dist-electron', 'preload.cjs'),
    });
    expect(win.loadedUrls).toEqual(['app://atlas/index.html']);
    win.emit('ready-to-show');
    expect(win.shown).toBe(true);
  });

  it('opens the service on the given store and loads the demo when it is empty', async () => {
    const { service } = await start();
    expect(openService).toHaveBeenCalledWith({
      dbPath: join(appRoot, 'atlas.sqlite'),
      settingsPath: join(appRoot, 'settings.json'),
      // db/ imports no generator: the host hands the service the demo workspace.
      demoWorkspace: writeDemoWorkspace,
      // The GitHub token goes to the OS keychain, beside the settings, never into the store.
      secrets: expect.objectContaining({ kind: 'keychain' }) as unknown,
      // A long-running host: the first search should find the index built.
      prewarmSearch: true,
      // First launch: the page asks who is ruling before anything is recorded.
      confirmEngineer: true,
    });
    expect(service.loadDemo).toHaveBeenCalledWith({});
  });

  it('registers every method of the contract, plus the host channels', async () => {
    await start();
    const channels = [...fake.state.ipcMain.handlers.keys()];
    for (const name of METHOD_NAMES) expect(channels).toContain(`api:${name}`);
    expect(channels.filter((c) => c.startsWith('api:'))).toHaveLength(METHOD_NAMES.length);
    expect(channels).toEqual(
      expect.arrayContaining(['host:openExternal', 'host:pickPaths', 'host:pickSavePath', 'host:platform']),
    );
  });

  it('refuses a call from an untrusted sender', async () => {
    const { service } = await start();
    service.getInfo.mockClear();
    for (const url of ['https://evil.example/', 'file:///tmp/x.html', 'app://evil/']) {
      expect(await invoke('api:getInfo', ipcEvent(url), {})).toEqual({ ok: false, error: UNTRUSTED_SENDER });
    }
    expect(service.getInfo).not.toHaveBeenCalled();
  });

  it('refuses invalid input with the zod message, and answers valid input', async () => {
    const { service } = await start();
    const bad = { id: '' };
    let expected = '';
    try {
      parseInput('getDispute', bad);
    } catch (error) {
      expected = (error as Error).message;
    }
    expect(expected).toMatch(/^getDispute: id: /);
    expect(await invoke('api:getDispute', ipcEvent('app://atlas/index.html'), bad)).toEqual({
      ok: false,
      error: expected,
      kind: 'ApiInputError',
    });
    expect(service.getDispute).not.toHaveBeenCalled();
    expect(await invoke('api:getDispute', ipcEvent('app://atlas/index.html'), { id: 'd1' })).toEqual({
      ok: true,
      value: { method: 'getDispute', input: { id: 'd1' } },
    });
  });

  it('prevents navigation and redirects', async () => {
    const { win } = await start();
    for (const name of ['will-navigate', 'will-redirect', 'will-attach-webview']) {
      const event = { preventDefault: vi.fn() };
      win.webContents.emit(name, event, 'https://evil.example/');
      expect(event.preventDefault, name).toHaveBeenCalled();
    }
  });

  it('denies new windows and opens a safe link in the system browser', async () => {
    const { win } = await start();
    const open = win.webContents.windowOpenHandler!;
    expect(open({ url: 'https://example.com/source' } as never)).toEqual({ action: 'deny' });
    expect(fake.state.shell.openExternal).toHaveBeenCalledWith('https://example.com/source');
    fake.state.shell.openExternal.mockClear();
    expect(open({ url: 'javascript:alert(1)' } as never)).toEqual({ action: 'deny' });
    expect(open({ url: 'file:///etc/passwd' } as never)).toEqual({ action: 'deny' });
    expect(fake.state.shell.openExternal).not.toHaveBeenCalled();
  });

  it('denies permission requests and checks', async () => {
    await start();
    const callback = vi.fn();
    fake.state.defaultSession.permissionRequestHandler!({}, 'media', callback, {});
    expect(callback).toHaveBeenCalledWith(false);
    expect(fake.state.defaultSession.permissionCheckHandler!({}, 'clipboard-read', 'app://atlas', {})).toBe(false);
  });

  it('sets the CSP on every response header', async () => {
    await start();
    const callback = vi.fn();
    fake.state.defaultSession.headersListener!(
      { responseHeaders: { 'Content-Security-Policy': ['default-src *'] } },
      callback,
    );
    expect(callback).toHaveBeenCalledWith({ responseHeaders: { 'Content-Security-Policy': CONTENT_SECURITY_POLICY } });
  });

  it('opens links and dialogs for the trusted page only', async () => {
    const { win } = await start();
    const event = ipcEvent('app://atlas/index.html', win.webContents);
    expect(await invoke('host:openExternal', event, 'https://example.com/')).toEqual({ ok: true, value: undefined });
    expect(fake.state.shell.openExternal).toHaveBeenCalledWith('https://example.com/');
    expect(await invoke('host:pickPaths', event, 'files')).toEqual({ ok: true, value: ['/picked/a.jsonl'] });
    // Modal to the window that asked.
    expect(fake.state.dialog.showOpenDialog).toHaveBeenCalledWith(
      win,
      expect.objectContaining({ properties: ['openFile', 'multiSelections'] }),
    );
  });

  it('sends menu commands to the renderer', async () => {
    const { win } = await start();
    const file = fake.state.menu.template!.find((m) => m.label === 'File')!;
    const importItem = (file.submenu as { label?: string; click?: () => void }[]).find((i) => i.label === 'Import…');
    importItem!.click!();
    expect(win.webContents.sent).toEqual([{ channel: 'host:menu', args: ['import'] }]);
  });

  it('closes the service when the app quits', async () => {
    const { service } = await start();
    fake.state.app.emit('will-quit');
    expect(service.close).toHaveBeenCalledTimes(1);
  });

  it('quits at once when another instance holds the lock', async () => {
    fake.state.app.singleInstance = false;
    await runMain({ appRoot }).ready;
    expect(fake.state.app.quit).toHaveBeenCalled();
    expect(openService).not.toHaveBeenCalled();
    expect(fake.state.ipcMain.handlers.size).toBe(0);
    expect(FakeBrowserWindow.instances).toHaveLength(0);
  });

  it('shows an error and exits when startup fails', async () => {
    openService.mockImplementationOnce(() => {
      throw new Error('This store was written by a newer version of ATLAS Adjudicator');
    });
    await runMain({ appRoot, dbPath: join(appRoot, 'x.sqlite') }).ready;
    expect(fake.state.dialog.showErrorBox).toHaveBeenCalledWith(
      'ATLAS Adjudicator could not start',
      'This store was written by a newer version of ATLAS Adjudicator',
    );
    expect(fake.state.app.exit).toHaveBeenCalledWith(1);
    expect(FakeBrowserWindow.instances).toHaveLength(0);
  });
});
