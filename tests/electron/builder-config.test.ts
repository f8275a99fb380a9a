// The packaging essentials (issue #2): all three platforms, better-sqlite3
// unpacked from the asar and rebuilt for Electron, the right files shipped.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = join(import.meta.dirname, '..', '..');

interface BuilderConfig {
  appId?: string;
  productName?: string;
  files?: string[];
  asar?: boolean;
  asarUnpack?: string[];
  npmRebuild?: boolean;
  linux?: { target?: string[] };
  mac?: { target?: string[] };
  win?: { target?: string[] };
}

const config = parse(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as BuilderConfig;
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  main: string;
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
};

describe('electron-builder.yml', () => {
  it('names the app', () => {
    expect(config.appId).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/);
    expect(config.productName).toBe('ATLAS Adjudicator');
  });

  it('targets AppImage and deb, dmg, and nsis', () => {
    expect(config.linux?.target).toEqual(expect.arrayContaining(['AppImage', 'deb']));
    expect(config.mac?.target).toEqual(expect.arrayContaining(['dmg']));
    expect(config.win?.target).toEqual(expect.arrayContaining(['nsis']));
  });

  it('unpacks native modules from the asar and rebuilds them for Electron', () => {
    expect(config.asar).not.toBe(false);
    expect(config.asarUnpack).toContain('**/*.node');
    // The import's worker thread starts from a real file (db/import/thread/script.ts).
    expect(config.asarUnpack).toContain('dist-electron/import-thread-worker.cjs');
    expect(config.npmRebuild).toBe(true);
    expect(pkg.dependencies['better-sqlite3']).toBeDefined();
  });

  it('ships the renderer, the Electron bundles, package.json and production modules, not the local native build', () => {
    const files = config.files ?? [];
    expect(files.some((f) => f.startsWith('dist/renderer'))).toBe(true);
    expect(files.some((f) => f.startsWith('dist-electron'))).toBe(true);
    expect(files).toContain('package.json');
    expect(files.some((f) => f.startsWith('node_modules'))).toBe(true);
    expect(files).toContain('!dist-electron/node_modules/**');
  });

  it('starts from the main bundle the build writes', () => {
    expect(pkg.main).toBe('dist-electron/main.js');
    expect(pkg.scripts['build:electron']).toBe('tsx scripts/build-electron.ts');
    expect(pkg.scripts.dist).toBe('tsx scripts/dist.ts');
  });

  it('never rebuilds native modules for Electron on install (it would break the Node build the tests use)', () => {
    expect(pkg.scripts.postinstall ?? '').not.toMatch(/install-app-deps|electron-rebuild/);
  });
});
