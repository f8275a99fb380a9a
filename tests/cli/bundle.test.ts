// The command line users run is the bundle in dist-cli/: plain JavaScript
// (no TypeScript compiler at run time), each command loaded only when it runs,
// the import's worker thread started from the file bundled beside it, and a
// bundle older than its sources rebuilt before tests run it.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, statSync, symlinkSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { generateWorkspace } from '../../db/demo/generate';
import { buildCli, cliBundleIsFresh, ensureCliBuilt } from '../../scripts/build-cli';
import { BIN, REPO_ROOT, tempDir } from '../e2e/support';
import { workspacePaths } from '../support/workspace';

const dir = tempDir('atlas-cli-bundle-');
afterAll(() => dir.remove());

/**
 * Preloaded into the CLI's process: logs every module URL the ES module loader
 * resolves, and the script of every worker thread started, one per line.
 */
const RECORDER = `
import { appendFileSync } from 'node:fs';
import { register, syncBuiltinESMExports } from 'node:module';
import threads from 'node:worker_threads';
const log = process.env.ATLAS_LOAD_LOG;
register('data:text/javascript,' + encodeURIComponent(\`
  import { appendFileSync } from 'node:fs';
  export async function resolve(specifier, context, next) {
    const result = await next(specifier, context);
    appendFileSync(\${JSON.stringify(log)}, 'module ' + result.url + '\\\\n');
    return result;
  }\`));
const Original = threads.Worker;
threads.Worker = class extends Original {
  constructor(script, options) {
    appendFileSync(log, 'worker ' + String(script) + '\\n');
    super(script, options);
  }
};
syncBuiltinESMExports();
`;

/** Runs the real bin with the recorder; returns its stdout and what it loaded. */
function runRecorded(args: string[], logName: string): { stdout: string; modules: string[]; workers: string[] } {
  const log = join(dir.path, logName);
  const stdout = execFileSync(
    process.execPath,
    ['--import', `data:text/javascript,${encodeURIComponent(RECORDER)}`, BIN, ...args],
    {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      env: { ...process.env, ATLAS_LOAD_LOG: log, ATLAS_ADJUDICATOR_ENGINEER: 'mia' },
    },
  );
  const lines = readFileSync(log, 'utf8').trimEnd().split('\n');
  const of = (kind: string) =>
    lines.filter((line) => line.startsWith(`${kind} `)).map((line) => line.slice(kind.length + 1));
  return { stdout, modules: of('module'), workers: of('worker') };
}

const ownModules = (modules: string[]) =>
  modules.filter((url) => url.startsWith('file:') && !url.includes('/node_modules/'));

describe('the bundled CLI', () => {
  it('answers help from dist-cli/ without a TypeScript loader, a command module or the store', () => {
    const { stdout, modules } = runRecorded(['help'], 'help.log');
    expect(stdout).toContain('Usage: atlas-adjudicator COMMAND');
    expect(modules.some((url) => url.endsWith('/dist-cli/main.mjs'))).toBe(true);
    expect(modules.filter((url) => url.includes('tsx') || url.endsWith('.ts'))).toEqual([]);
    // Only the entry and what every command shares: no command's chunk, no service, no zod.
    const chunks = ownModules(modules).map((url) => url.split('/').pop()!);
    expect(chunks.filter((name) => /^(import|disputes|show|rule|stats|serve|service|demo)-/.test(name))).toEqual([]);
    // zod and the service alone are several hundred kB.
    const bytes = ownModules(modules).reduce((sum, url) => sum + statSync(fileURLToPath(url)).size, 0);
    expect(bytes).toBeLessThan(64 * 1024);
  });

  it('loads the one command it runs, and starts the import thread from the worker bundled beside it', async () => {
    // 120 tasks: enough for the import to derive disputes on its worker thread.
    const ws = await generateWorkspace(join(dir.path, 'ws'), {
      seed: 3,
      tasks: 120,
      systems: 2,
      maxRows: 3,
      maxColumns: 3,
    });
    const store = dir.db();
    const { modules, workers } = runRecorded(['import', ...workspacePaths(ws), '--db', store, '--json'], 'import.log');
    expect(modules.filter((url) => url.includes('tsx') || url.endsWith('.ts'))).toEqual([]);
    const chunks = ownModules(modules).map((url) => url.split('/').pop()!);
    expect(chunks.some((name) => name.startsWith('import-'))).toBe(true);
    expect(chunks.filter((name) => /^(disputes|show|rule|stats|serve)-/.test(name))).toEqual([]);
    expect(workers.length).toBeGreaterThan(0);
    for (const worker of workers) expect(worker).toMatch(/\/dist-cli\/import-thread-worker\.cjs$/);

    const listed = runRecorded(['disputes', '--json', '--db', store], 'disputes.log').stdout.trimEnd().split('\n');
    expect(listed.length).toBeGreaterThan(100);
    expect(Object.keys(JSON.parse(listed[0]!) as object)).toContain('clusters');
  });
});

describe('a stale bundle', () => {
  it('is told from a fresh one by its sources, and rebuilt', async () => {
    // A copy of what the build reads, so touching a source leaves the checkout alone.
    const root = join(dir.path, 'checkout');
    mkdirSync(root);
    for (const folder of ['cli', 'db', 'shared', 'scripts'])
      cpSync(join(REPO_ROOT, folder), join(root, folder), { recursive: true });
    cpSync(join(REPO_ROOT, 'package.json'), join(root, 'package.json'));
    symlinkSync(join(REPO_ROOT, 'node_modules'), join(root, 'node_modules'));
    expect(cliBundleIsFresh(root)).toBe(false);
    await buildCli(root);
    expect(cliBundleIsFresh(root)).toBe(true);

    // A build ten minutes old, a source edited five minutes ago.
    const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
    utimesSync(join(root, 'dist-cli', 'inputs.json'), minutesAgo(10), minutesAgo(10));
    utimesSync(join(root, 'db', 'queries', 'list.ts'), minutesAgo(5), minutesAgo(5));
    expect(cliBundleIsFresh(root)).toBe(false);
    await ensureCliBuilt(root);
    expect(cliBundleIsFresh(root)).toBe(true);
  });
});
