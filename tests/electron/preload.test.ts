import { beforeAll, describe, expect, it, vi } from 'vitest';
import { OutputExistsError } from '../../db/path-checks';
import { callApi } from '../../electron/ipc';
import { createElectronClient } from '../../renderer/src/api/electron-client';
import { METHOD_NAMES } from '../../shared/api';
import type { AdjudicatorApi } from '../../shared/api';
import { ApiCallError, refusedAs } from '../../shared/api-errors';
import type { ApiBridge, HostBridge, MenuCommand } from '../../shared/host';
import { fake } from './fake-electron';
import { createFakeService } from './fake-service';

vi.mock('electron', async () => (await import('./fake-electron')).electronModule);

// What the page holds: the preload's globals as they come out of the
// contextBridge (values copied by structured clone, as in Electron), and the
// renderer's client built on them, as renderer/src/api/client.ts builds it.
let bridge: ApiBridge;
let api: AdjudicatorApi;
let host: HostBridge;

beforeAll(async () => {
  fake.reset();
  await import('../../electron/preload');
  bridge = fake.state.contextBridge.exposed.adjudicator as ApiBridge;
  api = createElectronClient(bridge);
  host = fake.state.contextBridge.exposed.adjudicatorHost as HostBridge;
});

describe('preload', () => {
  it('exposes exactly two globals through the context bridge', () => {
    expect(Object.keys(fake.state.contextBridge.exposed).sort()).toEqual(['adjudicator', 'adjudicatorHost']);
  });

  it('exposes every method of the contract, and only those', () => {
    expect(Object.keys(bridge).sort()).toEqual([...METHOD_NAMES].sort());
    for (const name of METHOD_NAMES) expect(typeof bridge[name]).toBe('function');
  });

  it('invokes api:<name> with the input; the page gets the value', async () => {
    fake.state.ipcRenderer.invoke.mockResolvedValueOnce({ ok: true, value: { jobId: 'j1' } });
    await expect(api.startImport({ paths: ['/data/run'] })).resolves.toEqual({ jobId: 'j1' });
    expect(fake.state.ipcRenderer.invoke).toHaveBeenLastCalledWith('api:startImport', { paths: ['/data/run'] });
  });

  it('answers a failure with plain data, never by throwing across the bridge', async () => {
    fake.state.ipcRenderer.invoke.mockResolvedValueOnce({
      ok: false,
      error: 'out: x already exists',
      kind: 'OutputExistsError',
    });
    await expect(bridge.exportRulings({ out: '/tmp/x' })).resolves.toEqual({
      ok: false,
      error: 'out: x already exists',
      kind: 'OutputExistsError',
    });
    fake.state.ipcRenderer.invoke.mockRejectedValueOnce(new Error("No handler registered for 'api:getInfo'"));
    await expect(bridge.getInfo({})).resolves.toEqual({ ok: false, error: "No handler registered for 'api:getInfo'" });
  });

  it('rejects in the page with the main process error message', async () => {
    fake.state.ipcRenderer.invoke.mockResolvedValueOnce({ ok: false, error: 'rule: decision: Invalid option' });
    await expect(api.getInfo({})).rejects.toThrow('rule: decision: Invalid option');
    fake.state.ipcRenderer.invoke.mockResolvedValueOnce(undefined);
    await expect(api.getInfo({})).rejects.toThrow('malformed reply');
  });

  it('brings a refusal thrown in main to the page with its kind, so "replace the file?" can be asked', async () => {
    const service = createFakeService();
    vi.spyOn(service, 'exportRulings').mockImplementationOnce(() => {
      throw new OutputExistsError('out: /tmp/x already exists and is not a ruling log');
    });
    fake.state.ipcRenderer.invoke.mockImplementationOnce((_channel, input) => callApi(service, 'exportRulings', input));
    const refusal: unknown = await api.exportRulings({ out: '/tmp/x' }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiCallError);
    expect((refusal as Error).message).toBe('out: /tmp/x already exists and is not a ruling log');
    expect(refusedAs(refusal, 'OutputExistsError')).toBe(true);
    fake.state.ipcRenderer.invoke.mockResolvedValueOnce({ ok: false, error: 'store is locked' });
    expect(((await api.getInfo({}).catch((error: unknown) => error)) as ApiCallError).kind).toBeUndefined();
  });

  it('offers the host capabilities over their own channels', async () => {
    expect(host.kind).toBe('electron');
    fake.state.ipcRenderer.invoke.mockResolvedValueOnce({ ok: true, value: undefined });
    await host.openExternal('https://example.com/');
    expect(fake.state.ipcRenderer.invoke).toHaveBeenLastCalledWith('host:openExternal', 'https://example.com/');
    fake.state.ipcRenderer.invoke.mockResolvedValueOnce({ ok: true, value: ['/a'] });
    await expect(host.pickPaths?.('folders')).resolves.toEqual(['/a']);
    expect(fake.state.ipcRenderer.invoke).toHaveBeenLastCalledWith('host:pickPaths', 'folders');
    fake.state.ipcRenderer.invoke.mockResolvedValueOnce({ ok: true, value: 'darwin' });
    await expect(host.platform?.()).resolves.toBe('darwin');
  });

  it('gives a dropped file its path through webUtils', () => {
    const file = { name: 'run.cells.jsonl' } as unknown as File;
    expect(host.pathForFile?.(file)).toBe('/dropped/run-dir');
    expect(fake.state.webUtils.getPathForFile).toHaveBeenCalledWith(file);
  });

  it('delivers known menu commands only, until unsubscribed', () => {
    const seen: MenuCommand[] = [];
    const off = host.onMenuCommand?.((command) => seen.push(command));
    fake.state.ipcRenderer.emit('host:menu', {}, 'import');
    fake.state.ipcRenderer.emit('host:menu', {}, 'rm -rf');
    fake.state.ipcRenderer.emit('host:menu', {}, 'shortcuts');
    off?.();
    fake.state.ipcRenderer.emit('host:menu', {}, 'export');
    expect(seen).toEqual(['import', 'shortcuts']);
    expect(fake.state.ipcRenderer.listenerCount('host:menu')).toBe(0);
  });
});
