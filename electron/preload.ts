// Sandboxed preload: the only bridge between the page and main. It exposes
// window.adjudicator (the whole AdjudicatorApi, built generically from the
// contract) and window.adjudicatorHost. Bundled to CommonJS: a sandboxed
// preload can require nothing but 'electron'.
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { METHOD_NAMES } from '../shared/api';
import type { AdjudicatorApi, MethodInput, MethodName, MethodOutput } from '../shared/api';
import { ApiCallError } from '../shared/api-errors';
import { isMenuCommand } from '../shared/host';
import type { HostBridge, MenuCommand, PickKind } from '../shared/host';
import { apiChannel, HOST_CHANNELS } from './channels';
import type { IpcResult } from './channels';

function unwrap<T>(result: unknown): T {
  const r = result as IpcResult<T> | null;
  if (r && r.ok === true) return r.value;
  throw new ApiCallError(r && r.ok === false ? r.error : 'malformed reply from the main process', r && r.ok === false ? r.kind : undefined);
}

async function invoke<T>(channel: string, arg?: unknown): Promise<T> {
  return unwrap<T>(await ipcRenderer.invoke(channel, arg));
}

/** One method of the contract, as the page calls it. */
type Invoker<M extends MethodName> = (input: MethodInput<M>) => Promise<MethodOutput<M>>;
type Bridge = { [M in MethodName]: Invoker<M> };

function method<M extends MethodName>(name: M): Invoker<M> {
  return (input) => invoke<MethodOutput<M>>(apiChannel(name), input);
}

export function buildApi(): AdjudicatorApi {
  // The one cast: Object.fromEntries forgets which invoker belongs to which
  // name; METHOD_NAMES is Object.keys of the contract, so every key is there.
  const api = Object.fromEntries(METHOD_NAMES.map((name) => [name, method(name)])) as Bridge;
  // A bridge whose invokers disagree with the contract fails to compile here.
  return api satisfies AdjudicatorApi;
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
  contextBridge.exposeInMainWorld('adjudicator', buildApi() satisfies AdjudicatorApi);
  contextBridge.exposeInMainWorld('adjudicatorHost', buildHost() satisfies HostBridge);
}

exposeBridges();
