// scripts/native/abi.ts against the real better-sqlite3 addon (a copy): the
// check `npm run dist` makes on the packaged .node file.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  binaryFormat,
  checkAddon,
  checkPackagedAddons,
  electronAbi,
  platformOfAppDir,
  registrationOf,
} from '../../../scripts/native/abi';
import { copySqlite, REPO } from '../support/sqlite-copy';

const NODE_ABI = Number(process.versions.modules);
const ELECTRON_VERSION = (
  JSON.parse(readFileSync(join(REPO, 'node_modules', 'electron', 'package.json'), 'utf8')) as { version: string }
).version;

/** The same ELF with its registration symbol renamed, as an Electron build of it would export. */
function relabelled(addon: string, abi: number): string {
  const bytes = readFileSync(addon);
  const from = Buffer.from(`node_register_module_v${NODE_ABI}`);
  const to = Buffer.from(`node_register_module_v${abi}`);
  expect(to.length).toBe(from.length);
  for (let at = bytes.indexOf(from); at !== -1; at = bytes.indexOf(from, at + 1)) to.copy(bytes, at);
  const out = `${addon}.relabelled`;
  writeFileSync(out, bytes);
  return out;
}

function releaseWith(addon: string): string {
  const release = mkdtempSync(join(tmpdir(), 'release-'));
  const dir = join(
    release,
    'linux-unpacked',
    'resources',
    'app.asar.unpacked',
    'node_modules',
    'better-sqlite3',
    'build',
    'Release',
  );
  mkdirSync(dir, { recursive: true });
  copyFileSync(addon, join(dir, 'better_sqlite3.node'));
  return release;
}

describe('native addon ABI', () => {
  it("reads the Node build's registration symbol: this Node's ABI", () => {
    const { addon } = copySqlite();
    expect(registrationOf(readFileSync(addon))).toEqual({ kind: 'abi', abi: NODE_ABI });
    expect(binaryFormat(readFileSync(addon))).toBe(
      process.platform === 'linux' ? 'elf' : process.platform === 'darwin' ? 'mach-o' : 'pe',
    );
  });

  it("knows the installed Electron's ABI offline, and node-abi agrees", () => {
    const abi = electronAbi(ELECTRON_VERSION, REPO);
    expect(abi).toBe(Number(readFileSync(join(REPO, 'node_modules', 'electron', 'abi_version'), 'utf8')));
    const nodeAbi = createRequire(join(REPO, 'package.json'))('node-abi') as { getAbi(v: string, r: string): string };
    expect(abi).toBe(Number(nodeAbi.getAbi(ELECTRON_VERSION, 'electron')));
    expect(abi).not.toBe(NODE_ABI);
  });

  it('refuses the Node build for Electron, saying which ABI it has and which is needed', () => {
    const { addon } = copySqlite();
    const abi = electronAbi(ELECTRON_VERSION, REPO);
    const result = checkAddon(addon, abi, process.platform, REPO);
    expect(result.ok).toBe(false);
    expect(result.problem).toContain(`built for ABI ${NODE_ABI} (Node ${process.versions.node.split('.')[0]!}`);
    expect(result.problem).toContain(`needs ABI ${abi}`);
    expect(result.problem).toContain(addon);
  });

  it('accepts an addon that registers for Electron’s ABI', () => {
    const { addon } = copySqlite();
    const abi = electronAbi(ELECTRON_VERSION, REPO);
    expect(checkAddon(relabelled(addon, abi), abi, process.platform, REPO)).toEqual({
      file: `${addon}.relabelled`,
      ok: true,
    });
  });

  it('refuses a binary for another platform', () => {
    const { addon } = copySqlite();
    const other = process.platform === 'darwin' ? 'win32' : 'darwin';
    expect(checkAddon(addon, NODE_ABI, other, REPO).problem).toMatch(/native modules must be built on the platform/);
  });

  it('checks every addon of the packaged apps and fails when one is the Node build', () => {
    const { addon } = copySqlite();
    const abi = electronAbi(ELECTRON_VERSION, REPO);
    const bad = checkPackagedAddons(releaseWith(addon), ELECTRON_VERSION, REPO);
    expect(bad.checked).toHaveLength(1);
    expect(bad.problems).toHaveLength(1);
    expect(bad.problems[0]).toContain(`needs ABI ${abi}`);
    const good = checkPackagedAddons(releaseWith(relabelled(addon, abi)), ELECTRON_VERSION, REPO);
    expect(good.problems).toEqual([]);
  });

  it('fails when no addon was packaged unpacked', () => {
    const empty = mkdtempSync(join(tmpdir(), 'release-'));
    expect(checkPackagedAddons(empty, ELECTRON_VERSION, REPO).problems[0]).toMatch(/No native addon found/);
  });

  it("tells each platform's layout apart", () => {
    expect(platformOfAppDir('/r/mac-arm64/ATLAS Adjudicator.app/Contents/Resources/app.asar.unpacked')).toBe('darwin');
    expect(platformOfAppDir('/r/win-unpacked/resources/app.asar.unpacked')).toBe('win32');
    expect(platformOfAppDir('/r/linux-unpacked/resources/app.asar.unpacked')).toBe('linux');
  });
});
