// The e2e tests drive the real production bundle. `npm test` builds it first;
// a test run on its own rebuilds it when it is missing or older than the
// renderer's sources — as production (vitest sets NODE_ENV=test, which would
// give React's development build), one builder at a time.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './paths';

/** Newest modification time under a folder (0 when absent). */
function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

function isFresh(): boolean {
  const index = join(REPO_ROOT, 'dist', 'renderer', 'index.html');
  return (
    existsSync(index) &&
    statSync(index).mtimeMs >= Math.max(newest(join(REPO_ROOT, 'renderer')), newest(join(REPO_ROOT, 'shared')))
  );
}

export function ensureRendererBuilt(): void {
  if (isFresh()) return;
  const lock = join(REPO_ROOT, 'dist', '.e2e-build-lock');
  mkdirSync(join(REPO_ROOT, 'dist'), { recursive: true });
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error('another test held the renderer build lock for 2 minutes');
      execFileSync('sleep', ['0.5']);
    }
  }
  try {
    if (!isFresh()) {
      execFileSync(process.execPath, [join(REPO_ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], {
        cwd: REPO_ROOT,
        stdio: 'ignore',
        env: { ...process.env, NODE_ENV: 'production' },
      });
    }
  } finally {
    rmdirSync(lock);
  }
}
