// The e2e tests drive the real production bundle; `npm test` builds it first,
// and a test run on its own builds it when it is missing.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './paths';

export function ensureRendererBuilt(): void {
  if (existsSync(join(REPO_ROOT, 'dist', 'renderer', 'index.html'))) return;
  execFileSync(process.execPath, [join(REPO_ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], { cwd: REPO_ROOT, stdio: 'ignore' });
}
