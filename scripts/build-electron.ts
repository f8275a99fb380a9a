// Bundles Electron main and preload (npm run build:electron), and builds the
// Electron flavour of better-sqlite3 into dist-electron/node_modules for
// `npm start` — beside, never over, the Node build the tests use.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import type { Metafile, Plugin } from 'esbuild';
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

/** dist-electron/package.json: main.js is an ES module, and the Electron native build installs here. */
function writeOutputPackageJson(outDir: string): void {
  const manifest = {
    name: 'atlas-adjudicator-electron-build',
    private: true,
    type: 'module',
    // npm only runs install scripts it is told to trust (same policy as the root).
    allowScripts: { 'better-sqlite3': true },
  };
  writeFileSync(join(outDir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
}

/** What a bundle still loads at run time (its external imports). */
export function externalImports(metafile: Metafile): string[] {
  return Object.values(metafile.outputs).flatMap((output) => output.imports.filter((i) => i.external).map((i) => i.path));
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
  if (foreign.length > 0) throw new Error(`preload would require ${foreign.join(', ')}: a sandboxed preload can load only 'electron'`);
  return { path, metafile: result.metafile };
}

export async function buildElectron(root = REPO_ROOT): Promise<ElectronBundles> {
  const outDir = join(root, 'dist-electron');
  mkdirSync(outDir, { recursive: true });
  writeOutputPackageJson(outDir);
  const [main, preload] = await Promise.all([buildMain(root, outDir), buildPreload(root, outDir)]);
  return { main: main.path, preload: preload.path };
}

function packageVersion(root: string, name: string): string {
  const manifest = JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string };
  return manifest.version;
}

export type NativeResult = { ok: true; dir: string } | { ok: false; reason: string };

/**
 * better-sqlite3 compiled against Electron's headers, in dist-electron/node_modules,
 * which Node's resolution finds first from dist-electron/main.js. Needs the
 * Electron headers (internet); skipped when a build for this Electron exists.
 */
export function ensureElectronSqlite(root = REPO_ROOT, log: (line: string) => void = console.log): NativeResult {
  const outDir = join(root, 'dist-electron');
  const electronVersion = packageVersion(root, 'electron');
  const sqliteVersion = packageVersion(root, 'better-sqlite3');
  const stampPath = join(outDir, 'node_modules', '.atlas-electron-native');
  const stamp = `electron ${electronVersion} better-sqlite3 ${sqliteVersion} ${process.platform}-${process.arch}`;
  const binary = join(outDir, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node');
  if (existsSync(binary) && existsSync(stampPath) && readFileSync(stampPath, 'utf8') === stamp) return { ok: true, dir: outDir };

  mkdirSync(outDir, { recursive: true });
  writeOutputPackageJson(outDir);
  log(`Building better-sqlite3 ${sqliteVersion} for Electron ${electronVersion} (first launch only)…`);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // The documented way to build a native module for Electron with npm.
    npm_config_runtime: 'electron',
    npm_config_target: electronVersion,
    npm_config_disturl: 'https://electronjs.org/headers',
    npm_config_arch: process.arch,
    npm_config_target_arch: process.arch,
  };
  // A nodedir pointing at Node's headers would silently build for Node again (STACK.md).
  delete env.npm_config_nodedir;
  delete env.NPM_CONFIG_NODEDIR;
  const result = spawnSync(
    'npm',
    ['install', '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--prefix', outDir, `better-sqlite3@${sqliteVersion}`],
    { cwd: outDir, env, encoding: 'utf8', shell: process.platform === 'win32' },
  );
  if (result.status !== 0 || !existsSync(binary)) {
    const detail = `${result.stderr ?? ''}${result.error ? String(result.error) : ''}`.trim().split('\n').pop() ?? 'unknown error';
    return { ok: false, reason: detail };
  }
  writeFileSync(stampPath, stamp);
  return { ok: true, dir: outDir };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  buildElectron()
    .then(({ main, preload }) => console.log(`Built ${main} and ${preload}`))
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    });
}
