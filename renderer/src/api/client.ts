// The one place that decides how the renderer reaches the service: Electron's
// preload bridge when present, else the loopback HTTP bridge (browser mode).
import type { AdjudicatorApi } from '../../../shared/api';
import { createBrowserClient } from './browser-client';
import { createBrowserHost } from './browser-host';
import { createElectronClient } from './electron-client';
import type { HostBridge } from '../../../shared/host';
import { shownText } from '../lib/format';
import { takeToken } from './token';
import { watchWrites } from './watch-writes';

export interface Connection {
  mode: 'electron' | 'browser';
  /** Browser mode without a token cannot reach the bridge. */
  connected: boolean;
}

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function connect(): { api: AdjudicatorApi; host: HostBridge; connection: Connection } {
  if (window.adjudicator) {
    const host =
      window.adjudicatorHost ?? createBrowserHost((url, target, features) => window.open(url, target, features));
    return { api: createElectronClient(window.adjudicator), host, connection: { mode: 'electron', connected: true } };
  }
  const token = takeToken({ location: window.location, history: window.history, storage: sessionStore() });
  const api = createBrowserClient(token ?? '', (url, init) => window.fetch(url, init));
  const host = createBrowserHost((url, target, features) => window.open(url, target, features));
  return { api, host, connection: { mode: 'browser', connected: token != null } };
}

const connected = connect();

type WriteListener = () => void;
const writeListeners = new Set<WriteListener>();

/** Called after every API call that may have changed the store's data (see watch-writes.ts). */
export function onApiWrite(listener: WriteListener): () => void {
  writeListeners.add(listener);
  return () => writeListeners.delete(listener);
}

export const api: AdjudicatorApi = watchWrites(connected.api, () => {
  for (const listener of writeListeners) listener();
});
export const host: HostBridge = connected.host;
export const connection: Connection = connected.connection;

/** An error from any call, for the user: it may quote a path or a value from the data, so controls are marked. */
export function errorMessage(error: unknown): string {
  return shownText(error instanceof Error ? error.message : String(error));
}
