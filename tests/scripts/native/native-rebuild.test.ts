// scripts/native/electron-rebuild.ts: the Electron rebuild of better-sqlite3
// cannot be skipped by a stale marker, nor pointed at Node's headers by the
// user's npm settings. The tools involved are the installed ones, run here.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  electronRebuildCommand,
  emptyNpmrc,
  npmConfigFreeEnv,
  rebuildMarker,
} from '../../../scripts/native/electron-rebuild';
import { REPO } from '../support/sqlite-copy';

const require = createRequire(join(REPO, 'package.json'));

/** A home whose ~/.npmrc sets nodedir, as some users' do, and npm's own export of it. */
function userWithNodedir(): NodeJS.ProcessEnv {
  const home = mkdtempSync(join(tmpdir(), 'home-'));
  writeFileSync(join(home, '.npmrc'), 'nodedir=/opt/node-headers\n');
  // Whatever npm or npx exported to this test run is not the point here.
  const base = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
  return {
    ...base,
    HOME: home,
    USERPROFILE: home,
    npm_config_nodedir: '/opt/node-headers',
    npm_package_config_node_gyp_nodedir: '/opt/node-headers',
    npm_config_proxy: 'http://proxy.example:3128',
  };
}

/** What node-gyp (the compiler driver @electron/rebuild uses) takes as nodedir in this environment. */
function nodeGypNodedir(env: NodeJS.ProcessEnv): string {
  const gyp = require.resolve('node-gyp');
  const script = `const gyp = require(${JSON.stringify(gyp)})(); gyp.parseArgv(['node', 'node-gyp', 'configure']); process.stdout.write(String(gyp.opts.nodedir));`;
  return spawnSync(process.execPath, ['-e', script], { env, encoding: 'utf8' }).stdout;
}

function npmNodedir(env: NodeJS.ProcessEnv): string {
  return spawnSync('npm', ['config', 'get', 'nodedir'], {
    env,
    encoding: 'utf8',
    cwd: tmpdir(),
    shell: process.platform === 'win32',
  }).stdout.trim();
}

describe('the Electron rebuild of better-sqlite3', () => {
  it('runs @electron/rebuild’s own script with Node, forced, for better-sqlite3 alone', () => {
    const command = electronRebuildCommand(REPO, '45.5.0', 'x64');
    expect(command.command).toBe(process.execPath);
    expect(existsSync(command.args[0]!)).toBe(true);
    expect(command.args).toEqual(
      expect.arrayContaining([
        '--force',
        '--only',
        'better-sqlite3',
        '--version',
        '45.5.0',
        '--arch',
        'x64',
        '--module-dir',
        REPO,
      ]),
    );
    const help = spawnSync(process.execPath, [command.args[0]!, '--help'], { encoding: 'utf8' });
    expect(help.stdout).toMatch(/--force\s+Force rebuilding modules, even if we would skip it/);
  });

  it('is needed: without --force, @electron/rebuild skips a module whose marker matches', () => {
    const project = mkdtempSync(join(tmpdir(), 'rebuild-'));
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({ name: 'p', version: '1.0.0', dependencies: { 'better-sqlite3': '*' } }),
    );
    const moduleDir = join(project, 'node_modules', 'better-sqlite3');
    mkdirSync(join(moduleDir, 'build', 'Release'), { recursive: true });
    writeFileSync(
      join(moduleDir, 'package.json'),
      JSON.stringify({ name: 'better-sqlite3', version: '12.0.0', scripts: { install: 'node-gyp rebuild' } }),
    );
    writeFileSync(join(moduleDir, 'binding.gyp'), '{}');
    const abi = (require('node-abi') as { getAbi(v: string, r: string): string }).getAbi('45.5.0', 'electron');
    writeFileSync(rebuildMarker(moduleDir), `${process.platform}--${process.arch}--${abi}`);
    const cli = electronRebuildCommand(REPO, '45.5.0').args[0]!;
    const unforced = spawnSync(
      process.execPath,
      [cli, '--version', '45.5.0', '--module-dir', project, '--only', 'better-sqlite3'],
      {
        encoding: 'utf8',
        env: { ...process.env, DEBUG: 'electron-rebuild' },
        timeout: 60_000,
      },
    );
    expect(`${unforced.stdout}${unforced.stderr}`).toMatch(/skipping: better-sqlite3 as it is already built/);
  });

  it('drops every npm setting but the network ones, and points npm at an empty npmrc', () => {
    const npmrc = emptyNpmrc();
    try {
      const env = npmConfigFreeEnv(
        {
          PATH: '/bin',
          npm_config_nodedir: '/a',
          NPM_CONFIG_NODEDIR: '/b',
          Npm_Config_NodeDir: '/c',
          npm_package_config_node_gyp_nodedir: '/d',
          npm_config_target: '20.0.0',
          npm_config_runtime: 'node',
          npm_config_https_proxy: 'http://p:1',
        },
        npmrc.path,
      );
      expect(env).toEqual({
        PATH: '/bin',
        npm_config_https_proxy: 'http://p:1',
        NPM_CONFIG_USERCONFIG: npmrc.path,
        NPM_CONFIG_GLOBALCONFIG: npmrc.path,
      });
    } finally {
      npmrc.remove();
    }
    expect(existsSync(npmrc.path)).toBe(false);
  });

  it('keeps a nodedir from the environment or from ~/.npmrc away from node-gyp and npm', () => {
    const user = userWithNodedir();
    // The trap is real here: both tools take it as given.
    expect(nodeGypNodedir(user)).toBe('/opt/node-headers');
    const withoutEnv = Object.fromEntries(Object.entries(user).filter(([key]) => !/nodedir$/i.test(key)));
    expect(npmNodedir(withoutEnv)).toBe('/opt/node-headers');
    const npmrc = emptyNpmrc();
    try {
      const clean = npmConfigFreeEnv(user, npmrc.path);
      expect(nodeGypNodedir(clean)).toBe('undefined');
      expect(npmNodedir(clean)).not.toContain('/opt/node-headers');
      expect(clean.npm_config_proxy).toBe('http://proxy.example:3128');
    } finally {
      npmrc.remove();
    }
  });
});
