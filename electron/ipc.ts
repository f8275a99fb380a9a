// Main-process IPC: the whole AdjudicatorApi registered generically (adding a
// method to shared/api.ts needs nothing here), plus the host capabilities.
// Electron objects are passed in, so this module imports electron's types only.
import type {
  IpcMain,
  IpcMainInvokeEvent,
  OpenDialogOptions,
  OpenDialogReturnValue,
  SaveDialogOptions,
  SaveDialogReturnValue,
} from 'electron';
import { METHOD_NAMES, parseInput } from '../shared/api';
import type { AdjudicatorService, MethodName, MethodOutput, MethodParsedInput } from '../shared/api';
import { refusalKindOf } from '../shared/api-errors';
import { isPickKind } from '../shared/host';
import type { PickKind } from '../shared/host';
import { apiChannel, HOST_CHANNELS } from './channels';
import type { IpcResult } from './channels';
import { isTrustedSender, safeExternalUrl } from './security';

export const UNTRUSTED_SENDER = 'refused: IPC from an untrusted sender';
export const UNSAFE_URL = 'refused: not a safe http(s) URL';

type Handle = Pick<IpcMain, 'handle'>;
type SenderEvent = Pick<IpcMainInvokeEvent, 'senderFrame'>;

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Only the top frame of our own page may call: the page has no iframes (CSP), so any other frame is foreign. */
export function isTrustedEvent(event: SenderEvent): boolean {
  let frame: IpcMainInvokeEvent['senderFrame'];
  try {
    frame = event.senderFrame;
  } catch {
    return false; // the frame navigated or was destroyed while the call was in flight
  }
  if (!frame || frame.parent !== null) return false;
  return isTrustedSender(frame.url);
}

/** Validates with the method's zod schema, then calls the service; never throws. */
export async function callApi<M extends MethodName>(
  service: AdjudicatorService,
  name: M,
  input: unknown,
): Promise<IpcResult<MethodOutput<M>>> {
  try {
    const parsed = parseInput(name, input);
    // TS cannot narrow service[name] for a generic M; parseInput gave exactly this method's input.
    const method = service[name] as (input: MethodParsedInput<M>) => MethodOutput<M> | Promise<MethodOutput<M>>;
    return { ok: true, value: await method.call(service, parsed) };
  } catch (error) {
    const kind = refusalKindOf(error);
    return kind === undefined ? { ok: false, error: messageOf(error) } : { ok: false, error: messageOf(error), kind };
  }
}

/** Registers `api:<name>` for every method of the contract. Returns the channels. */
export function registerApi(ipcMain: Handle, service: AdjudicatorService): string[] {
  return METHOD_NAMES.map((name) => {
    const channel = apiChannel(name);
    ipcMain.handle(channel, async (event: IpcMainInvokeEvent, input: unknown): Promise<IpcResult<unknown>> => {
      if (!isTrustedEvent(event)) return { ok: false, error: UNTRUSTED_SENDER };
      return callApi(service, name, input);
    });
    return channel;
  });
}

export function openDialogProperties(kind: PickKind): NonNullable<OpenDialogOptions['properties']> {
  switch (kind) {
    case 'files':
      return ['openFile', 'multiSelections'];
    case 'folders':
      return ['openDirectory', 'multiSelections'];
    case 'any':
      return ['openFile', 'openDirectory', 'multiSelections'];
  }
}

/** A bare file name for the save dialog's default; anything path-like is dropped. */
export function safeDefaultName(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > 255) return undefined;
  // eslint-disable-next-line no-control-regex
  if (/[/\\:\u0000-\u001f]/.test(value) || value === '.' || value === '..') return undefined;
  return value;
}

export interface HostDeps {
  openExternal(url: string): Promise<void>;
  showOpenDialog(event: IpcMainInvokeEvent, options: OpenDialogOptions): Promise<OpenDialogReturnValue>;
  showSaveDialog(event: IpcMainInvokeEvent, options: SaveDialogOptions): Promise<SaveDialogReturnValue>;
  platform: string;
}

function guarded<T>(run: (event: IpcMainInvokeEvent, arg: unknown) => T | Promise<T>) {
  return async (event: IpcMainInvokeEvent, arg: unknown): Promise<IpcResult<T>> => {
    if (!isTrustedEvent(event)) return { ok: false, error: UNTRUSTED_SENDER };
    try {
      return { ok: true, value: await run(event, arg) };
    } catch (error) {
      return { ok: false, error: messageOf(error) };
    }
  };
}

/** host:* channels: link opening, dialogs, platform. */
export function registerHostChannels(ipcMain: Handle, deps: HostDeps): string[] {
  ipcMain.handle(
    HOST_CHANNELS.openExternal,
    guarded(async (_event, url) => {
      const safe = safeExternalUrl(url);
      if (safe === null) throw new Error(UNSAFE_URL);
      await deps.openExternal(safe);
    }),
  );
  ipcMain.handle(
    HOST_CHANNELS.pickPaths,
    guarded(async (event, kind) => {
      const pick = kind ?? 'any';
      if (!isPickKind(pick)) throw new Error('pickPaths: kind must be files, folders or any');
      const result = await deps.showOpenDialog(event, { title: 'Import', properties: openDialogProperties(pick) });
      return result.canceled ? [] : result.filePaths;
    }),
  );
  ipcMain.handle(
    HOST_CHANNELS.pickSavePath,
    guarded(async (event, options) => {
      const defaultName =
        typeof options === 'object' && options !== null
          ? safeDefaultName((options as { defaultName?: unknown }).defaultName)
          : undefined;
      const result = await deps.showSaveDialog(event, {
        title: 'Export',
        ...(defaultName ? { defaultPath: defaultName } : {}),
        properties: ['createDirectory', 'showOverwriteConfirmation'],
      });
      return result.canceled || !result.filePath ? null : result.filePath;
    }),
  );
  ipcMain.handle(
    HOST_CHANNELS.platform,
    guarded(() => deps.platform),
  );
  return [HOST_CHANNELS.openExternal, HOST_CHANNELS.pickPaths, HOST_CHANNELS.pickSavePath, HOST_CHANNELS.platform];
}
