// What the package holds, as electron-builder itself lays it out from
// electron-builder.yml (not from reading the YAML here): a throwaway project
// with the real package.json, lock and config, the installed production
// modules and stand-in build outputs, packaged with `electron-builder --dir`
// and a stand-in Electron (the real binary cannot be downloaded everywhere).
// A dependency added later, or a build output nobody meant to ship, fails
// this test. About 15 s, most of it electron-builder.
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO } from './support/sqlite-copy';

const require = createRequire(join(REPO, 'package.json'));
const asar = require('@electron/asar') as {
  listPackage(archive: string, options: { isPack: boolean }): string[];
  statFile(archive: string, path: string): { files?: unknown };
};
const fuses = require('@electron/fuses') as {
  getCurrentFuseWire(path: string): Promise<Record<number, number>>;
  FuseV1Options: Record<string, number>;
};

const ELECTRON_VERSION = (require('electron/package.json') as { version: string }).version;
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
// Electron 45's defaults, in @electron/fuses' order: RunAsNode on, cookie encryption off, NODE_OPTIONS on,
// --inspect on, asar integrity off, only-from-asar off, browser V8 snapshot off, file:// privileges on.
const DEFAULT_WIRE = '10110001';

/** Files the app runs, and nothing else. */
const SHIPPED = [
  /^\/package\.json$/,
  /^\/dist\/renderer\/(index\.html|assets\/[\w.-]+\.(js|css))$/,
  /^\/dist-electron\/(main\.js|preload\.cjs|import-thread-worker\.cjs|package\.json)$/,
  /^\/node_modules\/better-sqlite3\/(package\.json|lib\/[\w/-]+\.js|build\/Release\/better_sqlite3\.node)$/,
  /^\/node_modules\/bindings\/(package\.json|bindings\.js)$/,
  /^\/node_modules\/file-uri-to-path\/(package\.json|index\.js)$/,
];

/** Hard links (a copy across file systems): nothing in node_modules is changed. */
function linkTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const [source, target] = [join(from, entry.name), join(to, entry.name)];
    if (entry.isSymbolicLink()) symlinkSync(readlinkSync(source), target);
    else if (entry.isDirectory()) linkTree(source, target);
    else {
      try {
        linkSync(source, target);
      } catch {
        copyFileSync(source, target);
      }
    }
  }
}

/** The installed production dependencies, transitively (nested copies come inside their parents). */
function productionModules(): string[] {
  const manifest = (dir: string) =>
    JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
      optionalDependencies?: Record<string, string>;
    };
  const seen = new Set<string>();
  const queue = Object.keys(manifest(REPO).dependencies ?? {});
  while (queue.length > 0) {
    const name = queue.shift()!;
    const dir = join(REPO, 'node_modules', name);
    if (seen.has(name) || !existsSync(join(dir, 'package.json'))) continue;
    seen.add(name);
    const pkg = manifest(dir);
    queue.push(...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.optionalDependencies ?? {}));
  }
  return [...seen].sort();
}

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

let resources = '';
let files: string[] = [];
let executable = '';

beforeAll(() => {
  const project = mkdtempSync(join(tmpdir(), 'package-contents-'));
  for (const file of ['package.json', 'package-lock.json', 'electron-builder.yml'])
    copyFileSync(join(REPO, file), join(project, file));
  for (const name of productionModules())
    linkTree(join(REPO, 'node_modules', name), join(project, 'node_modules', name));
  // Build outputs as `npm run dist` leaves them, with what must not ship beside them.
  write(join(project, 'dist', 'renderer', 'index.html'), '<!doctype html>');
  write(join(project, 'dist', 'renderer', 'assets', 'index-abc123.js'), '');
  write(join(project, 'dist', 'renderer', 'assets', 'index-abc123.css'), '');
  for (const bundle of ['main.js', 'preload.cjs', 'import-thread-worker.cjs']) {
    write(join(project, 'dist-electron', bundle), `// ${bundle}\n`);
    write(join(project, 'dist-electron', `${bundle}.map`), '{}');
  }
  write(join(project, 'dist-electron', 'package.json'), '{"type":"module"}');
  // `npm start`'s own Electron build of better-sqlite3, for this machine only.
  write(
    join(project, 'dist-electron', 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node'),
    'local',
  );
  write(join(project, 'tests', 'stray.test.ts'), '');
  // A stand-in Electron: a file with Electron's fuse wire, so the fuses are really flipped.
  const electronDist = join(project, 'electron-dist');
  write(
    join(electronDist, 'electron'),
    `#!/bin/sh\n${SENTINEL}\u0001${String.fromCharCode(DEFAULT_WIRE.length)}${DEFAULT_WIRE}\n`,
  );

  const cli = join(dirname(require.resolve('electron-builder/package.json')), 'cli.js');
  const out = join(project, 'out');
  const args = [
    cli,
    '--dir',
    '--linux',
    '--publish',
    'never',
    '-c.npmRebuild=false',
    `-c.electronDist=${electronDist}`,
    `-c.electronVersion=${ELECTRON_VERSION}`,
    `-c.directories.output=${out}`,
  ];
  const result = spawnSync(process.execPath, args, {
    cwd: project,
    encoding: 'utf8',
    env: { ...process.env, CI: 'true' },
    timeout: 240_000,
  });
  if (result.status !== 0) throw new Error(`electron-builder failed:\n${result.stdout}\n${result.stderr}`);
  resources = join(out, 'linux-unpacked', 'resources');
  const archive = join(resources, 'app.asar');
  files = asar
    .listPackage(archive, { isPack: false })
    .filter((path) => asar.statFile(archive, path.slice(1)).files === undefined);
  executable = join(
    out,
    'linux-unpacked',
    (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { name: string }).name,
  );
}, 300_000);

describe('the packaged app (electron-builder --dir with electron-builder.yml)', () => {
  it('holds only the bundles, the renderer build and better-sqlite3’s runtime files', () => {
    expect(files.filter((file) => !SHIPPED.some((pattern) => pattern.test(file.replaceAll('\\', '/'))))).toEqual([]);
  });

  it('holds everything the app needs to start', () => {
    const required = [
      '/package.json',
      '/dist/renderer/index.html',
      '/dist-electron/main.js',
      '/dist-electron/preload.cjs',
      '/dist-electron/import-thread-worker.cjs',
      '/dist-electron/package.json',
      '/node_modules/better-sqlite3/lib/index.js',
      '/node_modules/better-sqlite3/build/Release/better_sqlite3.node',
      '/node_modules/bindings/bindings.js',
      '/node_modules/file-uri-to-path/index.js',
    ];
    expect(required.filter((file) => !files.includes(file))).toEqual([]);
  });

  it('keeps the native addon and the import worker unpacked, as real files', () => {
    const unpacked = join(resources, 'app.asar.unpacked');
    expect(
      existsSync(join(unpacked, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node')),
    ).toBe(true);
    expect(existsSync(join(unpacked, 'dist-electron', 'import-thread-worker.cjs'))).toBe(true);
    // The worker requires better-sqlite3 from the unpacked folder: all of its loader must be there.
    for (const file of [
      'better-sqlite3/lib/index.js',
      'better-sqlite3/package.json',
      'bindings/bindings.js',
      'file-uri-to-path/index.js',
    ]) {
      expect(existsSync(join(unpacked, 'node_modules', file)), file).toBe(true);
    }
    expect(existsSync(join(unpacked, 'node_modules', 'better-sqlite3', 'src'))).toBe(false);
    expect(existsSync(join(unpacked, 'node_modules', 'better-sqlite3', 'deps'))).toBe(false);
  });

  it('flips the fuses of a hardened build', async () => {
    const wire = await fuses.getCurrentFuseWire(executable);
    const option = fuses.FuseV1Options;
    // A fuse is the character '0' (off) or '1' (on) in the wire.
    const state = { DISABLE: '0'.charCodeAt(0), ENABLE: '1'.charCodeAt(0) };
    expect({
      runAsNode: wire[option.RunAsNode!],
      nodeOptions: wire[option.EnableNodeOptionsEnvironmentVariable!],
      inspect: wire[option.EnableNodeCliInspectArguments!],
      cookieEncryption: wire[option.EnableCookieEncryption!],
      asarIntegrity: wire[option.EnableEmbeddedAsarIntegrityValidation!],
      onlyFromAsar: wire[option.OnlyLoadAppFromAsar!],
    }).toEqual({
      runAsNode: state.DISABLE,
      nodeOptions: state.DISABLE,
      inspect: state.DISABLE,
      cookieEncryption: state.ENABLE,
      asarIntegrity: state.ENABLE,
      onlyFromAsar: state.ENABLE,
    });
  });
});
