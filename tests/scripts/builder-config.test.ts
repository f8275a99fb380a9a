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
  directories?: { buildResources?: string };
  linux?: { target?: string[]; icon?: string };
  mac?: { target?: string[]; icon?: string };
  win?: { target?: string[]; icon?: string };
}

const config = parse(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as BuilderConfig;
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  main: string;
  productName?: string;
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
};

describe('electron-builder.yml', () => {
  it('names the app, in package.json too (Electron takes the app menu name on macOS from it)', () => {
    expect(config.appId).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/);
    expect(config.productName).toBe('ATLAS Adjudicator');
    expect(pkg.productName).toBe('ATLAS Adjudicator');
  });

  it('has an icon for every platform, made from the one source drawing', () => {
    expect(config.directories?.buildResources).toBe('build');
    expect(config.linux?.icon).toBe('build/icons');
    expect(config.mac?.icon).toBe('build/icon.icns');
    expect(config.win?.icon).toBe('build/icon.ico');
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

  // What the package holds is checked on electron-builder's own output: package-contents.test.ts.

  it('starts from the main bundle the build writes', () => {
    expect(pkg.main).toBe('dist-electron/main.js');
    expect(pkg.scripts['build:electron']).toBe('tsx scripts/build-electron.ts');
    expect(pkg.scripts.dist).toMatch(/tsx scripts\/dist\.ts$/);
  });

  it('never rebuilds native modules for Electron on install (it would break the Node build the tests use)', () => {
    expect(pkg.scripts.postinstall ?? '').not.toMatch(/install-app-deps|electron-rebuild/);
  });
});
