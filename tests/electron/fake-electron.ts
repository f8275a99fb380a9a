// A fake 'electron' module for tests under Node: records what main and the
// preload ask of Electron so the wiring can be checked without the binary.
// Use: vi.mock('electron', async () => (await import('./fake-electron')).electronModule)
import { EventEmitter } from 'node:events';
import { vi } from 'vitest';
import type {
  BrowserWindowConstructorOptions,
  HandlerDetails,
  MenuItemConstructorOptions,
  WindowOpenHandlerResponse,
} from 'electron';

type Handler = (...args: unknown[]) => unknown;

export class FakeWebContents extends EventEmitter {
  readonly sent: { channel: string; args: unknown[] }[] = [];
  windowOpenHandler: ((details: HandlerDetails) => WindowOpenHandlerResponse) | null = null;
  setWindowOpenHandler(handler: (details: HandlerDetails) => WindowOpenHandlerResponse): void {
    this.windowOpenHandler = handler;
  }
  send(channel: string, ...args: unknown[]): void {
    this.sent.push({ channel, args });
  }
}

export class FakeBrowserWindow extends EventEmitter {
  static instances: FakeBrowserWindow[] = [];
  static fromWebContents(contents: unknown): FakeBrowserWindow | null {
    return FakeBrowserWindow.instances.find((w) => w.webContents === contents) ?? null;
  }
  readonly webContents = new FakeWebContents();
  readonly loadedUrls: string[] = [];
  shown = false;
  constructor(readonly options: BrowserWindowConstructorOptions) {
    super();
    FakeBrowserWindow.instances.push(this);
    // Electron emits this for every new webContents, before anything loads.
    state.app.emit('web-contents-created', {}, this.webContents);
  }
  loadURL(url: string): Promise<void> {
    this.loadedUrls.push(url);
    return Promise.resolve();
  }
  show(): void {
    this.shown = true;
  }
  focus(): void {}
  restore(): void {}
  isMinimized(): boolean {
    return false;
  }
}

type HeadersListener = (
  details: { responseHeaders?: Record<string, string | string[]> },
  callback: (response: { responseHeaders?: Record<string, string | string[]> }) => void,
) => void;

/**
 * A value as Electron's contextBridge hands it to the other world: functions
 * become proxies, and everything else, arguments, results and errors alike,
 * is copied by structured clone, so an Error arrives as a bare Error(message)
 * without its class or extra fields, as in the real app.
 */
export function acrossBridge(value: unknown): unknown {
  if (typeof value === 'function') {
    const fn = value as (...args: unknown[]) => unknown;
    return (...args: unknown[]): unknown => {
      let out: unknown;
      try {
        out = fn(...args.map(acrossBridge));
      } catch (error) {
        throw structuredClone(error);
      }
      if (out instanceof Promise) {
        return out.then(acrossBridge, (error: unknown) => {
          throw structuredClone(error);
        });
      }
      return acrossBridge(out);
    };
  }
  if (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).some((v) => typeof v === 'function')
  ) {
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, acrossBridge(v)]));
  }
  return structuredClone(value);
}

function createState() {
  const app = Object.assign(new EventEmitter(), {
    isReady: false,
    isPackaged: false,
    singleInstance: true,
    requestSingleInstanceLock: vi.fn((): boolean => app.singleInstance),
    quit: vi.fn(),
    exit: vi.fn(),
    getAppPath: vi.fn(() => '/fake/app'),
    getName: vi.fn(() => 'ATLAS Adjudicator'),
    whenReady: vi.fn((): Promise<void> => {
      app.isReady = true;
      return Promise.resolve();
    }),
  });
  const ipcMain = {
    handlers: new Map<string, Handler>(),
    handle: vi.fn((channel: string, handler: Handler) => {
      // Like Electron: a second handler for one channel is an error.
      if (ipcMain.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
      ipcMain.handlers.set(channel, handler);
    }),
  };
  const ipcRenderer = Object.assign(new EventEmitter(), {
    invoke: vi.fn((_channel: string, ..._args: unknown[]): Promise<unknown> =>
      Promise.resolve({ ok: true, value: null }),
    ),
  });
  const contextBridge = {
    /** What the page sees: each exposed value as it comes out of the bridge (see acrossBridge). */
    exposed: {} as Record<string, unknown>,
    exposeInMainWorld: vi.fn((key: string, api: unknown) => {
      contextBridge.exposed[key] = acrossBridge(api);
    }),
  };
  const protocol = {
    privileged: [] as unknown[],
    privilegedBeforeReady: false,
    handlers: new Map<string, (request: Request) => Promise<Response> | Response>(),
    registerSchemesAsPrivileged: vi.fn((schemes: unknown[]) => {
      protocol.privileged.push(...schemes);
      protocol.privilegedBeforeReady = !app.isReady;
    }),
    handle: vi.fn((scheme: string, handler: (request: Request) => Promise<Response> | Response) => {
      protocol.handlers.set(scheme, handler);
    }),
  };
  const defaultSession = {
    permissionRequestHandler: null as Handler | null,
    permissionCheckHandler: null as Handler | null,
    headersListener: null as HeadersListener | null,
    setPermissionRequestHandler: vi.fn((h: Handler) => {
      defaultSession.permissionRequestHandler = h;
    }),
    setPermissionCheckHandler: vi.fn((h: Handler) => {
      defaultSession.permissionCheckHandler = h;
    }),
    webRequest: {
      onHeadersReceived: vi.fn((listener: HeadersListener) => {
        defaultSession.headersListener = listener;
      }),
    },
  };
  const shell = { openExternal: vi.fn((_url: string) => Promise.resolve()) };
  const dialog = {
    showOpenDialog: vi.fn((..._args: unknown[]) =>
      Promise.resolve({ canceled: false, filePaths: ['/picked/a.jsonl'] }),
    ),
    showSaveDialog: vi.fn((..._args: unknown[]) => Promise.resolve({ canceled: false, filePath: '/picked/out.json' })),
    showErrorBox: vi.fn(),
  };
  const menu = { template: null as MenuItemConstructorOptions[] | null };
  const Menu = {
    buildFromTemplate: vi.fn((template: MenuItemConstructorOptions[]) => ({ template })),
    setApplicationMenu: vi.fn((built: { template: MenuItemConstructorOptions[] }) => {
      menu.template = built.template;
    }),
  };
  const webUtils = { getPathForFile: vi.fn((_file: unknown) => '/dropped/run-dir') };
  return { app, ipcMain, ipcRenderer, contextBridge, protocol, defaultSession, shell, dialog, menu, Menu, webUtils };
}

let state = createState();

/** The recorded state of the fake; reset() starts a fresh one. */
export const fake = {
  get state() {
    return state;
  },
  reset(): void {
    state = createState();
    FakeBrowserWindow.instances = [];
  },
};

// Getters so a reset between tests reaches modules that already imported 'electron'.
export const electronModule = {
  get app() {
    return state.app;
  },
  get ipcMain() {
    return state.ipcMain;
  },
  get ipcRenderer() {
    return state.ipcRenderer;
  },
  get contextBridge() {
    return state.contextBridge;
  },
  get protocol() {
    return state.protocol;
  },
  get session() {
    return { defaultSession: state.defaultSession };
  },
  get shell() {
    return state.shell;
  },
  get dialog() {
    return state.dialog;
  },
  get Menu() {
    return state.Menu;
  },
  get webUtils() {
    return state.webUtils;
  },
  /** A keychain that "encrypts" by reversing bytes: enough to see that plain text never reaches the disk. */
  safeStorage: {
    isEncryptionAvailable: () => true,
    encryptString: (plain: string) => Buffer.from(plain, 'utf8').reverse(),
    decryptString: (encrypted: Buffer) => Buffer.from(encrypted).reverse().toString('utf8'),
    // Linux with a Secret Service; 'basic_text' would mean no keychain (electron/secrets.ts).
    getSelectedStorageBackend: () => 'gnome_libsecret',
  },
  BrowserWindow: FakeBrowserWindow,
};
