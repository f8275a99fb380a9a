// Electron main's wiring: every decision lives in security.ts, protocol.ts,
// ipc.ts, menu.ts and first-run.ts; this file only connects them to Electron.
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { app, BrowserWindow, dialog, ipcMain, Menu, protocol, safeStorage, session, shell } from 'electron';
import type { IpcMainInvokeEvent } from 'electron';
import { defaultDbPath, defaultSettingsPath } from '../db/paths';
import { writeDemoWorkspace } from '../demo';
import { openService } from '../db/service';
import type { ServiceHandle } from '../db/service';
import type { MenuCommand } from '../shared/host';
import { HOST_CHANNELS } from './channels';
import { loadDemoIfEmpty } from './first-run';
import { hardenWebContents } from './harden';
import { registerApi, registerHostChannels } from './ipc';
import { buildMenuTemplate } from './menu';
import { keychainSecretStore } from './secrets';
import { APP_SCHEME_PRIVILEGES, createAppProtocolHandler } from './protocol';
import { allowPermission, APP_ENTRY_URL, APP_SCHEME, withContentSecurityPolicy } from './security';
import { createMainWindow } from './window';

export interface MainOptions {
  /** Folder holding package.json, dist/renderer and dist-electron (default: app.getAppPath()). */
  appRoot?: string;
  dbPath?: string;
  settingsPath?: string;
}

export interface MainHandle {
  /** Settles once the window is loading (or startup failed and the app is exiting). */
  ready: Promise<void>;
}

const openExternal = (url: string): Promise<void> => shell.openExternal(url);

function parentWindow(event: IpcMainInvokeEvent): BrowserWindow | null {
  return BrowserWindow.fromWebContents(event.sender);
}

export function runMain(options: MainOptions = {}): MainHandle {
  // A second copy would open the same SQLite store from two processes.
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return { ready: Promise.resolve() };
  }
  // Must happen before 'ready'.
  protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, openExternal));

  let service: ServiceHandle | null = null;
  let win: BrowserWindow | null = null;
  const send = (command: MenuCommand): void => win?.webContents.send(HOST_CHANNELS.menu, command);

  app.on('second-instance', () => {
    if (!win) return;
    if (win.isMinimized()) win.restore();
    win.focus();
  });
  // One window, one store: closing it ends the session on every platform.
  app.on('window-all-closed', () => app.quit());
  app.on('will-quit', () => {
    service?.close();
    service = null;
  });

  const start = async (): Promise<void> => {
    const appRoot = options.appRoot ?? app.getAppPath();
    const isDev = !app.isPackaged;
    const ses = session.defaultSession;
    ses.setPermissionRequestHandler((_contents, permission, callback) => callback(allowPermission(permission)));
    ses.setPermissionCheckHandler((_contents, permission) => allowPermission(permission));
    ses.webRequest.onHeadersReceived((details, callback) =>
      callback({ responseHeaders: withContentSecurityPolicy(details.responseHeaders) }),
    );
    const rendererDir = join(appRoot, 'dist', 'renderer');
    if (!existsSync(join(rendererDir, 'index.html'))) {
      throw new Error(`The user interface is not built (${rendererDir} has no index.html): run "npm run build".`);
    }
    protocol.handle(APP_SCHEME, createAppProtocolHandler(rendererDir));

    const dbPath = options.dbPath ?? defaultDbPath();
    mkdirSync(dirname(dbPath), { recursive: true });
    const settingsPath = options.settingsPath ?? defaultSettingsPath();
    service = openService({
      dbPath,
      settingsPath,
      demoWorkspace: writeDemoWorkspace,
      secrets: keychainSecretStore(safeStorage, join(dirname(settingsPath), 'github-token.bin')),
      // The app's first search then usually finds the index built.
      prewarmSearch: true,
      // The page asks the engineer's name at the first launch; no ruling is recorded before.
      confirmEngineer: true,
    });
    registerApi(ipcMain, service);
    registerHostChannels(ipcMain, {
      openExternal,
      showOpenDialog: (event, dialogOptions) => {
        const parent = parentWindow(event);
        return parent ? dialog.showOpenDialog(parent, dialogOptions) : dialog.showOpenDialog(dialogOptions);
      },
      showSaveDialog: (event, dialogOptions) => {
        const parent = parentWindow(event);
        return parent ? dialog.showSaveDialog(parent, dialogOptions) : dialog.showSaveDialog(dialogOptions);
      },
      platform: process.platform,
    });
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(
        buildMenuTemplate({ appName: app.getName(), isMac: process.platform === 'darwin', isDev, send }),
      ),
    );

    // The demo is a convenience: if it fails the user still gets an empty, working app.
    const demo = await loadDemoIfEmpty(service).catch((error: unknown) => ({
      outcome: 'failed',
      error: String(error),
    }));
    if (demo.error) console.error(`The demo workspace could not be loaded: ${demo.error}`);
    win = createMainWindow(join(appRoot, 'dist-electron', 'preload.cjs'), isDev);
    win.on('closed', () => {
      win = null;
    });
    await win.loadURL(APP_ENTRY_URL);
  };

  const ready = app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      // e.g. a store written by a newer version: say so and leave, never half-start.
      dialog.showErrorBox('ATLAS Adjudicator could not start', error instanceof Error ? error.message : String(error));
      app.exit(1);
    });
  return { ready };
}
