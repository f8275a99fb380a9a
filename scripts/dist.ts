// `npm run dist [-- --linux|--mac|--win …]`: installers via electron-builder.
// Needs a machine that can download Electron and its headers. Packaging
// rebuilds better-sqlite3 for Electron inside node_modules (npmRebuild), which
// breaks it for Node; so the Node build is always restored afterwards.
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { buildElectron, REPO_ROOT } from './build-electron';

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): number {
  const result = spawnSync(command, args, { cwd: REPO_ROOT, stdio: 'inherit', env, shell: process.platform === 'win32' });
  if (result.error) console.error(`${command}: ${result.error.message}`);
  return result.status ?? 1;
}

/** The environment for electron-builder: no nodedir, or node-gyp builds against Node's headers again (STACK.md). */
export function builderEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const out = { ...env };
  delete out.npm_config_nodedir;
  delete out.NPM_CONFIG_NODEDIR;
  return out;
}

export async function dist(extraArgs: string[]): Promise<number> {
  if (run('npx', ['vite', 'build']) !== 0) return 1;
  await buildElectron();
  let status = 1;
  try {
    status = run('npx', ['electron-builder', '--config', 'electron-builder.yml', '--publish', 'never', ...extraArgs], builderEnv());
  } finally {
    // Whatever happened, leave node_modules able to run the tests and the CLI.
    console.log('Restoring the Node build of better-sqlite3…');
    if (run('npm', ['rebuild', 'better-sqlite3']) !== 0) {
      console.error('Could not restore the Node build of better-sqlite3: run "npm rebuild better-sqlite3" before testing.');
      status = status === 0 ? 1 : status;
    }
  }
  return status;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  dist(process.argv.slice(2))
    .then((status) => process.exit(status))
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    });
}
