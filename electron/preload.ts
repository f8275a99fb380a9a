// Sandboxed preload: the only bridge between the page and main. It exposes
// window.adjudicator (the whole contract, built generically from it, answering
// with plain data: see ApiBridge) and window.adjudicatorHost. Bundled to
// CommonJS: a sandboxed preload can require nothing but 'electron'.
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { METHOD_NAMES } from '../shared/api';
import type { MethodInput, MethodName, MethodOutput } from '../shared/api';
import { isCallResult } from '../shared/api-errors';
import type { CallResult } from '../shared/api-errors';
import { isMenuCommand } from '../shared/host';
import type { ApiBridge, HostBridge, MenuCommand, PickKind } from '../shared/host';
import { apiChannel, HOST_CHANNELS } from './channels';

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** main's reply as it is, or a failure saying why there is none: never a rejection. */
async function call<T>(channel: string, arg?: unknown): Promise<CallResult<T>> {
  try {
    const reply: unknown = await ipcRenderer.invoke(channel, arg);
    return isCallResult(reply)
      ? (reply as CallResult<T>)
      : { ok: false, error: 'malformed reply from the main process' };
  } catch (error) {
    return { ok: false, error: messageOf(error) };
  }
}

/** For the host capabilities, whose failures carry a message only (which survives the bridge). */
async function invoke<T>(channel: string, arg?: unknown): Promise<T> {
  const result = await call<T>(channel, arg);
  if (result.ok) return result.value;
  throw new Error(result.error);
}

/** One method of the contract, as the page calls it: it answers with data, the page builds any error. */
type Caller<M extends MethodName> = (input: MethodInput<M>) => Promise<CallResult<MethodOutput<M>>>;

function method<M extends MethodName>(name: M): Caller<M> {
  return (input) => call<MethodOutput<M>>(apiChannel(name), input);
}

export function buildApi(): ApiBridge {
  // The one cast: Object.fromEntries forgets which caller belongs to which
  // name; METHOD_NAMES is Object.keys of the contract, so every key is there.
  const api = Object.fromEntries(METHOD_NAMES.map((name) => [name, method(name)])) as { [M in MethodName]: Caller<M> };
  // A bridge whose callers disagree with the contract fails to compile here.
  return api satisfies ApiBridge;
}

export function buildHost(): HostBridge {
  return {
    kind: 'electron',
    openExternal: (url: string) => invoke<void>(HOST_CHANNELS.openExternal, url),
    pickPaths: (kind?: PickKind) => invoke<string[]>(HOST_CHANNELS.pickPaths, kind),
    pickSavePath: (options?: { defaultName?: string }) => invoke<string | null>(HOST_CHANNELS.pickSavePath, options),
    // Web pages never see a dropped file's path; Electron 32+ gives it here only.
    pathForFile: (file: File) => webUtils.getPathForFile(file),
    onMenuCommand: (listener: (command: MenuCommand) => void) => {
      const handler = (_event: unknown, command: unknown): void => {
        if (isMenuCommand(command)) listener(command);
      };
      ipcRenderer.on(HOST_CHANNELS.menu, handler);
      return () => {
        ipcRenderer.removeListener(HOST_CHANNELS.menu, handler);
      };
    },
    platform: () => invoke<string>(HOST_CHANNELS.platform),
  };
}

export function exposeBridges(): void {
  contextBridge.exposeInMainWorld('adjudicator', buildApi() satisfies ApiBridge);
  contextBridge.exposeInMainWorld('adjudicatorHost', buildHost() satisfies HostBridge);
}

exposeBridges();
