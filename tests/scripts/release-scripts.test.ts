// The small decisions of `npm start` and `npm run dist`: the Node version
// check, the signing lines, the package size limit.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PACKAGE_LIMIT_BYTES, packagedSizes, sizeReport } from '../../scripts/package-size';
import { signingLines, targetPlatforms } from '../../scripts/signing';
import { REPO } from './support/sqlite-copy';

const CHECK = join(REPO, 'scripts', 'check-node.mjs');
const RANGE = '^20.19.0 || ^22.13.0 || >=24.0.0';

/** nodeVersionProblem for each version, from the plain-JavaScript script itself (one child for all). */
function problems(versions: string[], range = RANGE): Record<string, string | null> {
  const script = `import(${JSON.stringify(`file://${CHECK}`)}).then((m) => process.stdout.write(JSON.stringify(Object.fromEntries(${JSON.stringify(versions)}.map((v) => [v, m.nodeVersionProblem(v, ${JSON.stringify(range)})])))))`;
  const result = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout) as Record<string, string | null>;
}

describe('the Node version check before npm start', () => {
  it('passes this Node, which package.json says works', () => {
    const result = spawnSync(process.execPath, [CHECK], { encoding: 'utf8' });
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('');
  });

  it('says in one line that an older Node is too old, and accepts every version of the range', () => {
    const found = problems([
      '18.19.1',
      '20.18.3',
      '22.12.0',
      '21.7.0',
      '20.19.0',
      '20.20.0',
      '22.13.0',
      '24.0.0',
      '26.1.0',
    ]);
    expect(found['18.19.1']).toBe(
      `ATLAS Adjudicator needs Node ${RANGE}; this is Node 18.19.1. Install a supported Node (e.g. the current LTS) and run the command again.`,
    );
    for (const old of ['20.18.3', '22.12.0', '21.7.0']) expect(found[old]).toContain(`this is Node ${old}.`);
    for (const good of ['20.19.0', '20.20.0', '22.13.0', '24.0.0', '26.1.0']) expect(found[good]).toBeNull();
  });
});

describe('signing lines', () => {
  it('says macOS notarisation and Windows signing are skipped when their variables are absent', () => {
    expect(signingLines('darwin', {}).join('\n')).toMatch(
      /notarisation: skipped \(set APPLE_API_KEY, APPLE_API_KEY_ID and APPLE_API_ISSUER/,
    );
    expect(signingLines('win32', {})[0]).toMatch(
      /^Windows signing: skipped \(set WIN_CSC_LINK and WIN_CSC_KEY_PASSWORD\)/,
    );
  });

  it('says what will be used when they are set', () => {
    const env = { CSC_LINK: '/certs/dev-id.p12', APPLE_API_KEY: '/k.p8', APPLE_API_KEY_ID: 'K', APPLE_API_ISSUER: 'I' };
    expect(signingLines('darwin', env)).toEqual([
      'macOS signing: with the certificate from CSC_LINK/CSC_NAME.',
      'macOS notarisation: on (Apple credentials found in the environment).',
    ]);
    expect(signingLines('win32', { WIN_CSC_LINK: 'x' })[0]).toMatch(/^Windows signing: with the certificate/);
    // Half a set of credentials is no set.
    expect(signingLines('darwin', { APPLE_ID: 'a@b.c' })[1]).toMatch(/skipped/);
  });

  it('follows electron-builder’s platform flags, else the host', () => {
    expect(targetPlatforms(['--mac', '--win'], 'linux')).toEqual(['darwin', 'win32']);
    expect(targetPlatforms(['-l', 'deb'], 'darwin')).toEqual(['linux']);
    expect(targetPlatforms([], 'darwin')).toEqual(['darwin']);
    expect(targetPlatforms([], 'freebsd')).toEqual(['linux']);
  });
});

describe('package size', () => {
  function release(asarBytes: number, unpackedBytes: number): string {
    const out = mkdtempSync(join(tmpdir(), 'release-'));
    const resources = join(out, 'linux-unpacked', 'resources');
    mkdirSync(join(resources, 'app.asar.unpacked', 'node_modules'), { recursive: true });
    writeFileSync(join(resources, 'app.asar'), Buffer.alloc(asarBytes));
    writeFileSync(join(resources, 'app.asar.unpacked', 'node_modules', 'addon.node'), Buffer.alloc(unpackedBytes));
    return out;
  }

  it('prints app.asar plus unpacked files per packaged app', () => {
    const out = release(3 * 1024 * 1024, 2 * 1024 * 1024);
    const sizes = packagedSizes(out);
    expect(sizes).toEqual([
      { resources: join(out, 'linux-unpacked', 'resources'), asar: 3 * 1024 * 1024, unpacked: 2 * 1024 * 1024 },
    ]);
    const report = sizeReport(sizes, out);
    expect(report.lines).toEqual([
      'Package size: 5.0 MB (app.asar 3.0 MB + unpacked 2.0 MB) in linux-unpacked/resources',
    ]);
    expect(report.problems).toEqual([]);
  });

  it('fails a package over 20 MB', () => {
    const out = release(PACKAGE_LIMIT_BYTES, 1);
    expect(sizeReport(packagedSizes(out), out).problems[0]).toMatch(/over the 20\.0 MB limit/);
  });
});
