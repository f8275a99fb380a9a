import type { IpcMainInvokeEvent } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { apiChannel, HOST_CHANNELS } from '../../electron/channels';
import type { IpcResult } from '../../electron/channels';
import {
  callApi,
  isTrustedEvent,
  openDialogProperties,
  registerApi,
  registerHostChannels,
  safeDefaultName,
  UNSAFE_URL,
  UNTRUSTED_SENDER,
} from '../../electron/ipc';
import { NotFoundError } from '../../db/not-found';
import { OutputExistsError } from '../../db/path-checks';
import { METHOD_NAMES, parseInput } from '../../shared/api';
import { createFakeService } from './fake-service';

type Handler = (event: IpcMainInvokeEvent, arg?: unknown) => Promise<IpcResult<unknown>>;

function fakeIpcMain() {
  const handlers = new Map<string, Handler>();
  return { handlers, handle: (channel: string, handler: Handler) => void handlers.set(channel, handler) };
}

function eventFrom(
  url: string,
  options: { parent?: unknown; noFrame?: boolean; throws?: boolean } = {},
): IpcMainInvokeEvent {
  const event = {
    sender: {},
    get senderFrame() {
      if (options.throws) throw new Error('Render frame was disposed');
      return options.noFrame ? null : { url, parent: options.parent ?? null };
    },
  };
  return event as unknown as IpcMainInvokeEvent;
}

const trusted = eventFrom('app://atlas/index.html');

function zodMessage(name: (typeof METHOD_NAMES)[number], input: unknown): string {
  try {
    parseInput(name, input);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('input was valid');
}

describe('isTrustedEvent', () => {
  it('trusts the top frame of app://atlas only', () => {
    expect(isTrustedEvent(trusted)).toBe(true);
    expect(isTrustedEvent(eventFrom('https://evil.example/'))).toBe(false);
    expect(isTrustedEvent(eventFrom('file:///index.html'))).toBe(false);
    expect(isTrustedEvent(eventFrom('app://atlas/index.html', { parent: {} }))).toBe(false);
    expect(isTrustedEvent(eventFrom('app://atlas/', { noFrame: true }))).toBe(false);
    expect(isTrustedEvent(eventFrom('app://atlas/', { throws: true }))).toBe(false);
  });
});

describe('callApi', () => {
  it('passes the parsed, defaulted input to the service', async () => {
    const service = createFakeService();
    const result = await callApi(service, 'getDispute', { id: 'd1' });
    expect(result).toEqual({ ok: true, value: { method: 'getDispute', input: { id: 'd1' } } });
  });

  it('turns a service error into plain data', async () => {
    const service = createFakeService();
    expect(await callApi(service, 'listDisputes', {})).toEqual({ ok: false, error: 'store is locked' });
  });

  it('carries a refusal’s kind beside its message, and no kind for a fault', async () => {
    const service = createFakeService();
    vi.mocked(service.exportPatch).mockRejectedValueOnce(
      new OutputExistsError('out: /tmp/notes.txt already exists and is not a patch for v1.1 (overwrite replaces it)'),
    );
    expect(await callApi(service, 'exportPatch', { revision: 'v1.1', out: '/tmp/notes.txt' })).toEqual({
      ok: false,
      error: 'out: /tmp/notes.txt already exists and is not a patch for v1.1 (overwrite replaces it)',
      kind: 'OutputExistsError',
    });
    vi.mocked(service.getDispute).mockRejectedValueOnce(new NotFoundError('no dispute with id d9'));
    expect(await callApi(service, 'getDispute', { id: 'd9' })).toEqual({
      ok: false,
      error: 'no dispute with id d9',
      kind: 'NotFoundError',
    });
    vi.mocked(service.getDispute).mockRejectedValueOnce(new TypeError('x is undefined'));
    expect(await callApi(service, 'getDispute', { id: 'd9' })).toEqual({ ok: false, error: 'x is undefined' });
  });

  it('refuses invalid input with the zod message, without calling the service', async () => {
    const service = createFakeService();
    const input = { disputeId: 'd1', decision: 'not-a-decision' };
    expect(await callApi(service, 'rule', input)).toEqual({
      ok: false,
      error: zodMessage('rule', input),
      kind: 'ApiInputError',
    });
    expect(service.rule).not.toHaveBeenCalled();
  });
});

describe('registerApi', () => {
  it('registers every method of the contract and nothing else', () => {
    const ipc = fakeIpcMain();
    const channels = registerApi(ipc, createFakeService());
    expect(channels).toEqual(METHOD_NAMES.map(apiChannel));
    expect([...ipc.handlers.keys()].sort()).toEqual(METHOD_NAMES.map((n) => `api:${n}`).sort());
  });

  it('refuses an untrusted sender before validating or calling anything', async () => {
    const ipc = fakeIpcMain();
    const service = createFakeService();
    registerApi(ipc, service);
    const result = await ipc.handlers.get('api:getInfo')!(eventFrom('https://evil.example/'), {});
    expect(result).toEqual({ ok: false, error: UNTRUSTED_SENDER });
    expect(service.getInfo).not.toHaveBeenCalled();
  });

  it('answers a trusted call', async () => {
    const ipc = fakeIpcMain();
    const service = createFakeService({ tasks: 4 });
    registerApi(ipc, service);
    const result = await ipc.handlers.get('api:getInfo')!(trusted, {});
    expect(result).toMatchObject({ ok: true, value: { tasks: 4 } });
  });
});

describe('host channels', () => {
  function setup() {
    const ipc = fakeIpcMain();
    const deps = {
      openExternal: vi.fn((_url: string) => Promise.resolve()),
      showOpenDialog: vi.fn(() => Promise.resolve({ canceled: false, filePaths: ['/a', '/b'] })),
      showSaveDialog: vi.fn(() => Promise.resolve({ canceled: false, filePath: '/out/patch.json' })),
      platform: 'linux',
    };
    registerHostChannels(ipc, deps);
    const call = (channel: string, arg?: unknown, event = trusted) => ipc.handlers.get(channel)!(event, arg);
    return { ipc, deps, call };
  }

  it('opens only safe URLs, normalised', async () => {
    const { deps, call } = setup();
    expect(await call(HOST_CHANNELS.openExternal, 'HTTPS://Example.com/a')).toEqual({ ok: true, value: undefined });
    expect(deps.openExternal).toHaveBeenCalledWith('https://example.com/a');
    for (const url of ['javascript:alert(1)', 'file:///etc/passwd', 'http://u:p@example.com/', 42]) {
      expect(await call(HOST_CHANNELS.openExternal, url)).toEqual({ ok: false, error: UNSAFE_URL });
    }
    expect(deps.openExternal).toHaveBeenCalledTimes(1);
  });

  it('refuses every host capability to an untrusted sender', async () => {
    const { deps, call } = setup();
    const evil = eventFrom('https://evil.example/');
    for (const channel of [
      HOST_CHANNELS.openExternal,
      HOST_CHANNELS.pickPaths,
      HOST_CHANNELS.pickSavePath,
      HOST_CHANNELS.platform,
    ]) {
      expect(await call(channel, 'https://example.com/', evil)).toEqual({ ok: false, error: UNTRUSTED_SENDER });
    }
    expect(deps.openExternal).not.toHaveBeenCalled();
    expect(deps.showOpenDialog).not.toHaveBeenCalled();
  });

  it('picks files and folders with a multi-select dialog', async () => {
    const { deps, call } = setup();
    expect(await call(HOST_CHANNELS.pickPaths)).toEqual({ ok: true, value: ['/a', '/b'] });
    expect(deps.showOpenDialog).toHaveBeenCalledWith(
      trusted,
      expect.objectContaining({ properties: ['openFile', 'openDirectory', 'multiSelections'] }),
    );
    await call(HOST_CHANNELS.pickPaths, 'folders');
    expect(deps.showOpenDialog).toHaveBeenLastCalledWith(
      trusted,
      expect.objectContaining({ properties: ['openDirectory', 'multiSelections'] }),
    );
    expect(await call(HOST_CHANNELS.pickPaths, 'everything')).toMatchObject({ ok: false });
  });

  it('returns [] and null when the user cancels', async () => {
    const { deps, call } = setup();
    deps.showOpenDialog.mockResolvedValueOnce({ canceled: true, filePaths: [] });
    expect(await call(HOST_CHANNELS.pickPaths, 'files')).toEqual({ ok: true, value: [] });
    deps.showSaveDialog.mockResolvedValueOnce({ canceled: true, filePath: '' });
    expect(await call(HOST_CHANNELS.pickSavePath)).toEqual({ ok: true, value: null });
  });

  it('uses only a bare file name as the save default', async () => {
    const { deps, call } = setup();
    await call(HOST_CHANNELS.pickSavePath, { defaultName: 'gold-patch-v2.json' });
    expect(deps.showSaveDialog).toHaveBeenLastCalledWith(
      trusted,
      expect.objectContaining({ defaultPath: 'gold-patch-v2.json' }),
    );
    await call(HOST_CHANNELS.pickSavePath, { defaultName: '../../.bashrc' });
    expect(deps.showSaveDialog).toHaveBeenLastCalledWith(
      trusted,
      expect.not.objectContaining({ defaultPath: expect.anything() as unknown }),
    );
  });

  it('reports the platform', async () => {
    const { call } = setup();
    expect(await call(HOST_CHANNELS.platform)).toEqual({ ok: true, value: 'linux' });
  });
});

describe('helpers', () => {
  it('maps pick kinds to dialog properties', () => {
    expect(openDialogProperties('files')).toEqual(['openFile', 'multiSelections']);
    expect(openDialogProperties('folders')).toEqual(['openDirectory', 'multiSelections']);
    expect(openDialogProperties('any')).toEqual(['openFile', 'openDirectory', 'multiSelections']);
  });

  it('accepts only bare file names as save defaults', () => {
    expect(safeDefaultName('patch.json')).toBe('patch.json');
    for (const bad of ['', '..', 'a/b', 'a\\b', 'C:x', 'a\nb', 'x'.repeat(300), 7, null])
      expect(safeDefaultName(bad)).toBeUndefined();
  });
});
