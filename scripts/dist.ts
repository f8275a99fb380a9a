// `npm run dist [-- --linux|--mac|--win …]`: installers via electron-builder,
// into release/ (emptied first). Needs a machine that can download Electron
// and its headers. In order:
//   1. the renderer, the Electron bundles and the icons are built;
//   2. better-sqlite3 is rebuilt for Electron in node_modules, forced and
//      without the user's npm settings (native/electron-rebuild.ts), with its
//      Node build set aside and put back at the end, also on Ctrl-C
//      (native/node-build.ts), so the tests and the CLI keep working;
//   3. electron-builder packages (its own rebuild off: step 2 did it);
//   4. every packaged .node file is checked against Electron's ABI
//      (native/abi.ts) and the package's size is printed and limited
//      (package-size.ts); either failing fails the build.
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildElectron, REPO_ROOT } from './build-electron';
import { buildIcons } from './icons';
import { checkAddon, checkPackagedAddons, electronAbi } from './native/abi';
import {
  binScript,
  electronRebuildCommand,
  emptyNpmrc,
  npmConfigFreeEnv,
  rebuildMarker,
  SQLITE_MODULE,
} from './native/electron-rebuild';
import { addonPath, restoreNodeBuild, stashNodeBuild, withRestore } from './native/node-build';
import { runTool } from './native/run-tool';
import type { ToolRun } from './native/run-tool';
import { packagedSizes, sizeReport } from './package-size';
import { signingLines, targetPlatforms } from './signing';

/** electron-builder.yml's directories.output. */
export const OUTPUT_DIR = 'release';

function installedVersion(root: string, name: string): string {
  return (createRequire(join(root, 'package.json'))(`${name}/package.json`) as { version: string }).version;
}

export async function dist(extraArgs: string[], root = REPO_ROOT): Promise<number> {
  const electronVersion = installedVersion(root, 'electron');
  const moduleDir = join(root, 'node_modules', SQLITE_MODULE);
  const outDir = join(root, OUTPUT_DIR);
  let running: ToolRun | null = null;
  const run = (command: string, args: string[], env?: NodeJS.ProcessEnv): Promise<number> => {
    running = runTool(command, args, { cwd: root, env });
    return running.done.finally(() => {
      running = null;
    });
  };

  if ((await run(process.execPath, [binScript(root, 'vite'), 'build'])) !== 0) return 1;
  await buildElectron(root);
  buildIcons(root);
  for (const line of targetPlatforms(extraArgs).flatMap((platform) => signingLines(platform, process.env)))
    console.log(line);
  rmSync(outDir, { recursive: true, force: true });

  const stash = stashNodeBuild(moduleDir);
  const npmrc = emptyNpmrc();
  const restore = (): void => {
    npmrc.remove();
    const restored =
      restoreNodeBuild(moduleDir, stash) &&
      checkAddon(addonPath(moduleDir), Number(process.versions.modules), process.platform, root).ok;
    if (restored) console.log('Restored the Node build of better-sqlite3.');
    else
      console.error(
        'The Node build of better-sqlite3 could not be put back: run "npm rebuild better-sqlite3" before using the CLI or the tests.',
      );
  };
  const status = await withRestore(
    async () => {
      console.log(`Building better-sqlite3 for Electron ${electronVersion}…`);
      // The marker would make @electron/rebuild skip; --force says the same, twice is cheap.
      rmSync(rebuildMarker(moduleDir), { force: true });
      const rebuild = electronRebuildCommand(root, electronVersion);
      if ((await run(rebuild.command, rebuild.args, npmConfigFreeEnv(process.env, npmrc.path))) !== 0) {
        console.error('Could not build better-sqlite3 for Electron (see above); nothing was packaged.');
        return 1;
      }
      // Fail before packaging when the rebuild produced the wrong thing.
      const built = checkAddon(addonPath(moduleDir), electronAbi(electronVersion, root), process.platform, root);
      if (!built.ok) {
        console.error(built.problem);
        return 1;
      }
      const builderArgs = [
        binScript(root, 'electron-builder'),
        '--config',
        'electron-builder.yml',
        '--publish',
        'never',
        '-c.npmRebuild=false',
        ...extraArgs,
      ];
      if ((await run(process.execPath, builderArgs)) !== 0) return 1;
      return checkOutput(outDir, electronVersion, root);
    },
    {
      restore,
      stopRunning: async () => {
        const current = running;
        current?.stop();
        await current?.done;
      },
    },
  );
  return status;
}

/** The packaged addon's ABI and the package's size: prints both, returns the exit status. */
export function checkOutput(outDir: string, electronVersion: string, root: string): number {
  const addons = checkPackagedAddons(outDir, electronVersion, root);
  const sizes = sizeReport(packagedSizes(outDir), root);
  for (const file of addons.checked) console.log(`Native addon built for Electron ${electronVersion}: ${file}`);
  for (const line of sizes.lines) console.log(line);
  const problems = [...addons.problems, ...sizes.problems];
  for (const problem of problems) console.error(problem);
  return problems.length === 0 ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  dist(process.argv.slice(2))
    .then((status) => process.exit(status))
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    });
}
