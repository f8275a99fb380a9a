// Bundles Electron main and preload (npm run build:electron), and builds the
// Electron flavour of better-sqlite3 into dist-electron/node_modules for
// `npm start` — beside, never over, the Node build the tests use.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import type { Metafile, Plugin } from 'esbuild';
import { BUNDLED_WORKER, WORKER_BUNDLE_OPTIONS, workerEntry } from '../db/import';
import { METHOD_NAMES } from '../shared/api';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Native or Electron-provided: loaded at run time, never bundled. */
const MAIN_EXTERNALS = ['electron', 'better-sqlite3'];

// esbuild turns require() in bundled CommonJS into a shim that needs a real
// require; an ES module has none, so give it one.
const ESM_REQUIRE_BANNER =
  "import { createRequire as __atlasCreateRequire } from 'node:module'; const require = __atlasCreateRequire(import.meta.url);";

export interface ElectronBundles {
  main: string;
  preload: string;
}

/** dist-electron/package.json: main.js is an ES module whatever the folder it is copied to. */
function writeOutputPackageJson(outDir: string): void {
  const manifest = {
    name: 'atlas-adjudicator-electron-build',
    private: true,
    type: 'module',
  };
  writeFileSync(join(outDir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
}

/** What a bundle still loads at run time (its external imports). */
export function externalImports(metafile: Metafile): string[] {
  return Object.values(metafile.outputs).flatMap((output) =>
    output.imports.filter((i) => i.external).map((i) => i.path),
  );
}

/**
 * The preload needs only the method names from shared/api.ts, but importing
 * that module would bundle zod (~450 kB) into every page load. Swap in the
 * names, computed from the real contract at build time; any other value the
 * preload might import from shared/api then fails the build loudly.
 */
export function methodNamesOnly(root: string, names: readonly string[] = METHOD_NAMES): Plugin {
  const contract = join(root, 'shared', 'api');
  return {
    name: 'atlas-method-names-only',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /(^|[\\/])api(\.ts)?$/ }, (args) => {
        const target = resolve(args.resolveDir, args.path).replace(/\.ts$/, '');
        return target === contract ? { path: contract, namespace: 'atlas-method-names' } : undefined;
      });
      pluginBuild.onLoad({ filter: /.*/, namespace: 'atlas-method-names' }, () => ({
        contents: `export const METHOD_NAMES = ${JSON.stringify(names)};`,
        loader: 'js',
      }));
    },
  };
}

/** electron/main.ts -> <outDir>/main.js: one ES module; electron and better-sqlite3 stay external. */
export async function buildMain(root: string, outDir: string): Promise<{ path: string; metafile: Metafile }> {
  const path = join(outDir, 'main.js');
  const result = await build({
    entryPoints: [join(root, 'electron', 'main.ts')],
    outfile: path,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: MAIN_EXTERNALS,
    banner: { js: ESM_REQUIRE_BANNER },
    sourcemap: true,
    legalComments: 'none',
    metafile: true,
    logLevel: 'warning',
  });
  return { path, metafile: result.metafile };
}

/** electron/preload.ts -> <outDir>/preload.cjs: CommonJS requiring only 'electron'. */
export async function buildPreload(root: string, outDir: string): Promise<{ path: string; metafile: Metafile }> {
  const path = join(outDir, 'preload.cjs');
  const result = await build({
    entryPoints: [join(root, 'electron', 'preload.ts')],
    outfile: path,
    bundle: true,
    platform: 'browser',
    format: 'cjs',
    target: 'chrome120',
    external: ['electron'],
    // Unminified: a few kB that a reviewer can read whole.
    sourcemap: true,
    legalComments: 'none',
    metafile: true,
    logLevel: 'warning',
    plugins: [methodNamesOnly(root)],
  });
  const foreign = externalImports(result.metafile).filter((p) => p !== 'electron');
  if (foreign.length > 0)
    throw new Error(`preload would require ${foreign.join(', ')}: a sandboxed preload can load only 'electron'`);
  return { path, metafile: result.metafile };
}

/**
 * The import's worker thread -> <outDir>/import-thread-worker.cjs, beside
 * main.js where the bundled importer looks for it (db/import/thread).
 */
export async function buildImportThread(root: string, outDir: string): Promise<{ path: string; metafile: Metafile }> {
  const path = join(outDir, BUNDLED_WORKER);
  const entry = join(root, relative(REPO_ROOT, workerEntry()));
  const result = await build({
    ...WORKER_BUNDLE_OPTIONS,
    entryPoints: [entry],
    outfile: path,
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
  });
  if (!result.metafile) throw new Error('esbuild gave no metafile for the import thread');
  return { path, metafile: result.metafile };
}

export async function buildElectron(root = REPO_ROOT): Promise<ElectronBundles> {
  const outDir = join(root, 'dist-electron');
  mkdirSync(outDir, { recursive: true });
  writeOutputPackageJson(outDir);
  const [main, preload] = await Promise.all([
    buildMain(root, outDir),
    buildPreload(root, outDir),
    buildImportThread(root, outDir),
  ]);
  return { main: main.path, preload: preload.path };
}

function packageVersion(root: string, name: string): string {
  const manifest = JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}

export type NativeResult = { ok: true; dir: string } | { ok: false; reason: string };

export interface NativeTarget {
  runtime: 'electron' | 'node';
  version: string;
  /** Where node-gyp fetches headers for `version` (Electron: https://electronjs.org/headers). */
  distUrl?: string;
  /** Local headers instead of a download (tests build for Node from /usr). */
  nodedir?: string;
}

/** A tool's entry script: from the project's node_modules, else the copy bundled with npm. */
function toolScript(root: string, request: string): string | null {
  try {
    return createRequire(join(root, 'package.json')).resolve(request);
  } catch {
    const npmCli = process.env.npm_execpath;
    const bundled = npmCli ? join(dirname(npmCli), '..', 'node_modules', request) : '';
    return bundled !== '' && existsSync(bundled) ? bundled : null;
  }
}

/** The line of node-gyp's output that says what went wrong (its last line is only "not ok"). */
export function gypFailureReason(stderr: string): string {
  const lines = stderr
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const error = lines.map((line) => /ERR! stack (\w*Error: .*)$/.exec(line)?.[1]).find(Boolean);
  if (error) return error;
  const noise = /ERR! (not ok|System|command|cwd|node -v|node-gyp -v|stack\s+at )/;
  return (
    lines.find((line) => line.includes('ERR!') && !noise.test(line))?.replace(/^gyp ERR!\s*/, '') ?? lines.pop() ?? ''
  );
}

/**
 * Copies better-sqlite3 to <outDir>/node_modules and compiles it for `target`:
 * a prebuilt binary if one can be downloaded, else node-gyp. Tools are run
 * directly, not through npm, so no nodedir from an .npmrc can point the build
 * at Node's headers (STACK.md).
 */
export function buildSqliteFor(root: string, outDir: string, target: NativeTarget): NativeResult {
  const source = join(root, 'node_modules', 'better-sqlite3');
  const dest = join(outDir, 'node_modules', 'better-sqlite3');
  const binary = join(dest, 'build', 'Release', 'better_sqlite3.node');
  rmSync(dest, { recursive: true, force: true });
  // Sources only: the Node build under build/ must not be mistaken for ours.
  cpSync(source, dest, { recursive: true, filter: (path) => relative(source, path).split(sep)[0] !== 'build' });
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env)) if (key.toLowerCase() === 'npm_config_nodedir') delete env[key];
  const run = (script: string, args: string[], timeout: number) =>
    spawnSync(process.execPath, [script, ...args], { cwd: dest, env, encoding: 'utf8', timeout });
  const arch = `--arch=${process.arch}`;

  const prebuild = toolScript(root, 'prebuild-install/bin.js');
  if (prebuild && !target.nodedir) {
    const result = run(prebuild, [`--runtime=${target.runtime}`, `--target=${target.version}`, arch], 120_000);
    if (result.status === 0 && existsSync(binary)) return { ok: true, dir: dest };
  }
  const gyp = toolScript(root, 'node-gyp/bin/node-gyp.js');
  if (!gyp) return { ok: false, reason: 'node-gyp was not found' };
  const gypArgs = ['rebuild', '--release', `--target=${target.version}`, arch];
  if (target.distUrl) gypArgs.push(`--dist-url=${target.distUrl}`);
  if (target.nodedir) gypArgs.push(`--nodedir=${target.nodedir}`);
  const result = run(gyp, gypArgs, 900_000);
  if (result.status === 0 && existsSync(binary)) return { ok: true, dir: dest };
  return {
    ok: false,
    reason:
      gypFailureReason(result.stderr ?? '') || result.error?.message || `node-gyp exited with ${String(result.status)}`,
  };
}

/**
 * better-sqlite3 compiled for the installed Electron, in dist-electron/node_modules,
 * which Node's resolution finds first from dist-electron/main.js; the tests and
 * the CLI keep using the Node build in node_modules. Built once per version pair.
 */
export function ensureElectronSqlite(root = REPO_ROOT, log: (line: string) => void = console.log): NativeResult {
  const outDir = join(root, 'dist-electron');
  const electronVersion = packageVersion(root, 'electron');
  const sqliteVersion = packageVersion(root, 'better-sqlite3');
  const stampPath = join(outDir, 'node_modules', '.atlas-electron-native');
  const stamp = `electron ${electronVersion} better-sqlite3 ${sqliteVersion} ${process.platform}-${process.arch}`;
  const binary = join(outDir, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node');
  if (existsSync(binary) && existsSync(stampPath) && readFileSync(stampPath, 'utf8') === stamp)
    return { ok: true, dir: outDir };

  mkdirSync(join(outDir, 'node_modules'), { recursive: true });
  writeOutputPackageJson(outDir);
  log(`Building better-sqlite3 ${sqliteVersion} for Electron ${electronVersion} (first launch only)…`);
  const result = buildSqliteFor(root, outDir, {
    runtime: 'electron',
    version: electronVersion,
    distUrl: 'https://electronjs.org/headers',
  });
  if (result.ok) writeFileSync(stampPath, stamp);
  return result.ok ? { ok: true, dir: outDir } : result;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  buildElectron()
    .then(({ main, preload }) => console.log(`Built ${main} and ${preload}`))
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    });
}
