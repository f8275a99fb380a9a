import { beforeAll, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { METHOD_NAMES } from '../../shared/api';
import type { AdjudicatorApi } from '../../shared/api';
import { ApiCallError, refusedAs } from '../../shared/api-errors';
import type { HostBridge, MenuCommand } from '../../shared/host';
import { fake } from './fake-electron';

vi.mock('electron', async () => (await import('./fake-electron')).electronModule);

let api: AdjudicatorApi;
let host: HostBridge;

beforeAll(async () => {
  fake.reset();
  await import('../../electron/preload');
  api = fake.state.contextBridge.exposed.adjudicator as AdjudicatorApi;
  host = fake.state.contextBridge.exposed.adjudicatorHost as HostBridge;
});

describe('preload', () => {
  it('exposes exactly two globals through the context bridge', () => {
    expect(Object.keys(fake.state.contextBridge.exposed).sort()).toEqual(['adjudicator', 'adjudicatorHost']);
  });

  it('exposes every method of the contract, and only those', () => {
    expect(Object.keys(api).sort()).toEqual([...METHOD_NAMES].sort());
    for (const name of METHOD_NAMES) expect(typeof api[name]).toBe('function');
  });

  it('is typed as the contract', async () => {
    const { buildApi, buildHost } = await import('../../electron/preload');
    expectTypeOf(buildApi).returns.toEqualTypeOf<AdjudicatorApi>();
    expectTypeOf(buildHost).returns.toEqualTypeOf<HostBridge>();
  });

  it('invokes api:<name> with the input and unwraps the value', async () => {
    fake.state.ipcRenderer.invoke.mockResolvedValueOnce({ ok: true, value: { jobId: 'j1' } });
    await expect(api.startImport({ paths: ['/data/run'] })).resolves.toEqual({ jobId: 'j1' });
    expect(fake.state.ipcRenderer.invoke).toHaveBeenLastCalledWith('api:startImport', { paths: ['/data/run'] });
  });

  it('rejects with the main process error message', async () => {
    fake.state.ipcRenderer.invoke.mockResolvedValueOnce({ ok: false, error: 'rule: decision: Invalid option' });
    await expect(api.getInfo({})).rejects.toThrow('rule: decision: Invalid option');
    fake.state.ipcRenderer.invoke.mockResolvedValueOnce(undefined);
    await expect(api.getInfo({})).rejects.toThrow('malformed reply');
  });

  it('rejects with the refusal’s kind, for the page to act on', async () => {
    fake.state.ipcRenderer.invoke.mockResolvedValueOnce({ ok: false, error: 'out: x already exists and is not a ruling log', kind: 'OutputExistsError' });
    const refusal: unknown = await api.exportRulings({ out: '/tmp/x' }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiCallError);
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
