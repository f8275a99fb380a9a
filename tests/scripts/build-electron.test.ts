// The bundles Electron loads: the preload must be self-contained CommonJS
// requiring only 'electron' (a sandboxed preload can load nothing else).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInThisContext } from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { pathToFileURL } from 'node:url';
import { RunTaskPreparer } from '../../db/import/prepared-run-task';
import { computeTaskDisputes } from '../../db/disputes/derive-compute';
import { readTaskInput } from '../../db/disputes/derive-input';
import { importPaths } from '../../db/import/import-paths';
import { DerivationThread } from '../../db/import/thread/deriver';
import { RunReaderThread } from '../../db/import/thread/run-reader';
import { openStore } from '../../db/store';
import { readHarnessRun } from '../../db/readers/index';
import {
  buildMain,
  buildPreload,
  buildImportThread,
  externalImports,
  gypFailureReason,
  REPO_ROOT,
} from '../../scripts/build-electron';
import { smallWorkspace, workspacePaths } from '../support/workspace';
import { METHOD_NAMES } from '../../shared/api';

const outDir = mkdtempSync(join(tmpdir(), 'atlas-bundle-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('preload bundle', () => {
  it('requires only electron, carries every method name and no zod', async () => {
    const { path, metafile } = await buildPreload(REPO_ROOT, outDir);
    expect(externalImports(metafile)).toEqual(['electron']);
    const code = readFileSync(path, 'utf8');
    expect([...code.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1])).toEqual(['electron']);
    expect(code).not.toMatch(/zod/i);
    expect(code.length).toBeLessThan(20_000);
  });

  it('exposes the contract when loaded the way Electron loads it', async () => {
    const { path } = await buildPreload(REPO_ROOT, outDir);
    const exposed: Record<string, Record<string, unknown>> = {};
    const invoked: unknown[][] = [];
    const electron = {
      contextBridge: { exposeInMainWorld: (key: string, value: Record<string, unknown>) => (exposed[key] = value) },
      ipcRenderer: {
        invoke: (...args: unknown[]) => (invoked.push(args), Promise.resolve({ ok: true, value: 7 })),
        on: () => undefined,
        removeListener: () => undefined,
      },
      webUtils: { getPathForFile: () => '/x' },
    };
    // Run the CommonJS bundle with a require that knows only 'electron'.
    const source = readFileSync(path, 'utf8');
    const module = { exports: {} };
    const requireOnlyElectron = (id: string) => {
      if (id !== 'electron') throw new Error(`sandboxed preload cannot require ${id}`);
      return electron;
    };
    const wrapper = runInThisContext(`(function (require, module, exports) {${source}\n})`, { filename: path }) as (
      require: (id: string) => unknown,
      module: { exports: object },
      exports: object,
    ) => void;
    wrapper(requireOnlyElectron, module, module.exports);
    expect(Object.keys(exposed.adjudicator ?? {}).sort()).toEqual([...METHOD_NAMES].sort());
    expect(exposed.adjudicatorHost?.kind).toBe('electron');
    const getInfo = exposed.adjudicator?.getInfo as (input: object) => Promise<unknown>;
    // Plain data, as the page's client expects it (renderer/src/api/electron-client.ts).
    await expect(getInfo({})).resolves.toEqual({ ok: true, value: 7 });
    expect(invoked).toEqual([['api:getInfo', {}]]);
  });
});

describe('main bundle', () => {
  it('is one ES module loading only electron, better-sqlite3 and Node built-ins', async () => {
    const { path, metafile } = await buildMain(REPO_ROOT, outDir);
    const externals = new Set(externalImports(metafile));
    const allowed = (name: string) =>
      name === 'electron' || name === 'better-sqlite3' || builtinModules.includes(name.replace(/^node:/, ''));
    expect([...externals].filter((name) => !allowed(name))).toEqual([]);
    expect(externals.has('electron')).toBe(true);
    const code = readFileSync(path, 'utf8');
    expect(code.startsWith("import { createRequire as __atlasCreateRequire } from 'node:module';")).toBe(true);
  });
});

describe('import thread bundle', () => {
  it('is one CommonJS script beside main.js that reads a run as the importer thread does', async () => {
    const { path, metafile } = await buildImportThread(REPO_ROOT, outDir);
    expect(path).toBe(join(outDir, 'import-thread-worker.cjs'));
    // better-sqlite3 only for the search's reads, loaded when one is asked for (db/queries/search-texts-thread.ts).
    expect(externalImports(metafile).filter((name) => !builtinModules.includes(name.replace(/^node:/, '')))).toEqual([
      'better-sqlite3',
    ]);

    const workspace = await smallWorkspace();
    const runDir = workspace.runDirs[0]!;
    const run = await readHarnessRun(runDir);
    const preparer = new RunTaskPreparer('bundle-secret');
    const expected: unknown[] = [];
    for await (const item of run.tasks) expected.push('ok' in item ? { ok: preparer.prepare(item.ok) } : item);

    const thread = new RunReaderThread({ file: pathToFileURL(path) }, 'bundle-secret');
    const received: unknown[] = [];
    try {
      // What the thread leaves open the importer seals, as import-paths does.
      const importer = new RunTaskPreparer('bundle-secret');
      for await (const item of thread.read(runDir, run.runs[0]!, { maxFileBytes: 64 << 20, known: null })) {
        received.push('ok' in item ? { ok: importer.sealCellTexts(item.ok) } : item);
      }
    } finally {
      await thread.close();
    }
    expect(received.length).toBe(run.taskCount);
    expect(received).toEqual(expected);
  });

  it('derives a task on the bundled worker as the importer thread does', async () => {
    const { path } = await buildImportThread(REPO_ROOT, outDir);
    const workspace = await smallWorkspace();
    const store = openStore(join(mkdtempSync(join(tmpdir(), 'atlas-bundle-store-')), 'store.sqlite'));
    const thread = new DerivationThread({ file: pathToFileURL(path) }, store.sealer.secret);
    try {
      await importPaths(store, workspacePaths(workspace), { threads: 'never' });
      for (const taskId of workspace.taskIds) {
        const input = readTaskInput(store, taskId, 2);
        expect(await thread.derive(input)).toEqual(computeTaskDisputes(input, store.sealer));
      }
    } finally {
      await thread.close();
      store.db.close();
    }
  });
});

describe('gypFailureReason', () => {
  it('picks the error out of node-gyp output', () => {
    const stderr = [
      'gyp info it worked if it ends with ok',
      'gyp ERR! configure error ',
      'gyp ERR! stack Error: This is most likely not a problem with node-gyp or the package itself and',
      'gyp ERR! stack at go (/x/install.js:244:21)',
      'gyp ERR! System Linux 6.1',
      'gyp ERR! not ok ',
    ].join('\n');
    expect(gypFailureReason(stderr)).toBe(
      'Error: This is most likely not a problem with node-gyp or the package itself and',
    );
    expect(gypFailureReason('gyp ERR! find Python\ngyp ERR! not ok\n')).toBe('find Python');
    expect(gypFailureReason('something else\n')).toBe('something else');
  });
});
