// Bundles the command line into dist-cli/ (npm run build:cli; `prepare`, so
// `npm install` and `npm ci` run it too): bin/atlas-adjudicator.mjs runs plain
// JavaScript, with no TypeScript compiler at run time. Each command is its own
// chunk, loaded when that command runs, and the import's worker thread is
// bundled beside them, where db/import/thread/script.ts looks for it.
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import type { Metafile } from 'esbuild';
import { BUNDLED_WORKER, WORKER_BUNDLE_OPTIONS } from '../db/import';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** One level below the root, as cli/ is: `../package.json` and `../dist/renderer` resolve alike from both. */
export const CLI_OUT_DIR = 'dist-cli';
export const CLI_ENTRY = 'main.mjs';
/** The sources the last build read, to tell a stale bundle from a fresh one. */
const INPUTS_FILE = 'inputs.json';

// esbuild turns require() in bundled CommonJS into a shim that needs a real
// require; an ES module has none, so give it one.
const ESM_REQUIRE_BANNER =
  "import { createRequire as __atlasCreateRequire } from 'node:module'; const require = __atlasCreateRequire(import.meta.url);";

/** Native: loaded from node_modules at run time. esbuild is asked for only by sources run unbundled. */
const EXTERNALS = ['better-sqlite3', 'esbuild'];

/** The project's own files a build read (paths relative to the root). */
function sourceInputs(metafile: Metafile): string[] {
  return Object.keys(metafile.inputs).filter((path) => !path.includes('node_modules/'));
}

/** Builds dist-cli/ afresh; returns the entry's path. */
export async function buildCli(root = REPO_ROOT): Promise<string> {
  const outDir = join(root, CLI_OUT_DIR);
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const [cli, worker] = await Promise.all([
    build({
      entryPoints: { main: join(root, 'cli', 'main.ts') },
      outdir: outDir,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      splitting: true,
      // Chunks beside main.mjs: wherever script.ts lands, the worker is beside it.
      chunkNames: '[name]-[hash]',
      platform: 'node',
      format: 'esm',
      target: 'node20',
      external: EXTERNALS,
      banner: { js: ESM_REQUIRE_BANNER },
      // Minified: V8 parses and compiles less at every start (zod alone is ~700 kB
      // unminified); the source maps keep stack traces readable with --enable-source-maps.
      minify: true,
      keepNames: true,
      sourcemap: true,
      legalComments: 'none',
      metafile: true,
      logLevel: 'warning',
      absWorkingDir: root,
    }),
    build({
      ...WORKER_BUNDLE_OPTIONS,
      entryPoints: [join(root, 'db', 'import', 'thread', 'worker.ts')],
      outfile: join(outDir, BUNDLED_WORKER),
      sourcemap: true,
      metafile: true,
      logLevel: 'warning',
      absWorkingDir: root,
    }),
  ]);
  const inputs = [
    ...new Set([
      ...sourceInputs(cli.metafile),
      ...sourceInputs(worker.metafile),
      relative(root, fileURLToPath(import.meta.url)),
    ]),
  ].sort();
  writeFileSync(join(outDir, INPUTS_FILE), `${JSON.stringify(inputs, null, 1)}\n`);
  return join(outDir, CLI_ENTRY);
}

/** Whether dist-cli/ exists and is newer than every source it was built from. */
export function cliBundleIsFresh(root = REPO_ROOT): boolean {
  const outDir = join(root, CLI_OUT_DIR);
  const listed = join(outDir, INPUTS_FILE);
  if (!existsSync(listed) || !existsSync(join(outDir, CLI_ENTRY))) return false;
  const builtAt = statSync(listed).mtimeMs;
  const inputs = JSON.parse(readFileSync(listed, 'utf8')) as string[];
  return inputs.every((input) => {
    const path = join(root, input);
    return existsSync(path) && statSync(path).mtimeMs <= builtAt;
  });
}

/** Rebuilds dist-cli/ when a source is newer than it (tests and the bench run the bundle users run). */
export async function ensureCliBuilt(root = REPO_ROOT): Promise<void> {
  if (!cliBundleIsFresh(root)) await buildCli(root);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  buildCli()
    .then((entry) => console.log(`Built ${relative(process.cwd(), entry)}`))
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    });
}
