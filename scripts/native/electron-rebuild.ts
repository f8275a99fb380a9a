// The Electron build of better-sqlite3, made so that nothing from the user's
// npm set-up can change it: @electron/rebuild's own script run directly with
// Node (npx would re-read ~/.npmrc), --force (it skips a module whose
// build/Release/.forge-meta marker matches, which `npm rebuild` leaves
// behind), and an environment without npm's settings (a `nodedir` there makes
// node-gyp compile against Node's headers while labelling the result Electron's).
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export const SQLITE_MODULE = 'better-sqlite3';

/** Network settings are kept: the headers may only be reachable through a proxy. */
const KEPT_NPM_SETTINGS = new Set([
  'proxy',
  'https_proxy',
  'http_proxy',
  'noproxy',
  'no_proxy',
  'cafile',
  'ca',
  'strict_ssl',
]);

/**
 * `env` without npm's configuration (npm and npx export every setting of
 * every npmrc to what they run as npm_config_*, and node-gyp takes any of
 * them, or npm_package_config_node_gyp_*, as its own option), and pointing
 * npm at empty npmrc files so no tool below can read one again.
 */
export function npmConfigFreeEnv(env: NodeJS.ProcessEnv, emptyNpmrc: string): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(env)) {
    if (/^npm_package_config_node_gyp_/i.test(key)) continue;
    const setting = /^npm_config_(.+)$/i.exec(key)?.[1]?.toLowerCase().replace(/-/g, '_');
    if (setting === undefined || KEPT_NPM_SETTINGS.has(setting)) out[key] = value;
  }
  out.NPM_CONFIG_USERCONFIG = emptyNpmrc;
  out.NPM_CONFIG_GLOBALCONFIG = emptyNpmrc;
  return out;
}

/** An empty npmrc in a fresh temporary folder; remove() deletes it. */
export function emptyNpmrc(): { path: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'atlas-npmrc-'));
  const path = join(dir, 'npmrc');
  writeFileSync(path, '');
  return { path, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** build/Release/.forge-meta: @electron/rebuild's "already built for this ABI" marker. */
export function rebuildMarker(moduleDir: string): string {
  return join(moduleDir, 'build', 'Release', '.forge-meta');
}

/** An installed package's folder, found from its main file (its exports hide the rest). */
export function packageDir(root: string, name: string): string {
  let dir = dirname(createRequire(join(root, 'package.json')).resolve(name));
  while (
    !existsSync(join(dir, 'package.json')) ||
    (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string }).name !== name
  ) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`${name} is not installed`);
    dir = parent;
  }
  return dir;
}

/** The script of an installed package's command (package.json "bin"), to run with Node rather than through npx. */
export function binScript(root: string, name: string, command = name.replace(/^@[^/]+\//, '')): string {
  const dir = packageDir(root, name);
  const bin = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { bin?: string | Record<string, string> })
    .bin;
  const script = typeof bin === 'string' ? bin : bin?.[command];
  if (!script) throw new Error(`${name} has no "${command}" command`);
  return join(dir, script);
}

export interface RebuildCommand {
  command: string;
  args: string[];
}

/** `node <@electron/rebuild>/lib/cli.js … --force` for better-sqlite3 alone. */
export function electronRebuildCommand(
  root: string,
  electronVersion: string,
  arch: string = process.arch,
): RebuildCommand {
  const cli = join(packageDir(root, '@electron/rebuild'), 'lib', 'cli.js');
  return {
    command: process.execPath,
    args: [cli, '--version', electronVersion, '--arch', arch, '--module-dir', root, '--only', SQLITE_MODULE, '--force'],
  };
}
