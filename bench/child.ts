// Runs a bench child (bench/children/*.ts) in its own Node process, so its
// peak RSS is its own, and returns the JSON line it printed last.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { ChildReport } from './children/report';
import { REPO_ROOT } from './paths';

export function runChild(
  script: string,
  args: readonly string[],
  extraNodeArgs: readonly string[] = [],
): Promise<ChildReport> {
  return runReporting(
    process.execPath,
    [...extraNodeArgs, '--import', 'tsx', join(REPO_ROOT, 'bench', 'children', script), ...args],
    script,
  );
}

/** Any program that prints a ChildReport as its last line (bench/peers/*.py). */
export function runReporting(command: string, args: readonly string[], script: string): Promise<ChildReport> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      const last = stdout.trim().split('\n').at(-1) ?? '';
      if (code !== 0 || !last.startsWith('{')) {
        reject(new Error(`${script} exited with ${code}: ${stderr.trim() || stdout.trim()}`));
        return;
      }
      resolve(JSON.parse(last) as ChildReport);
    });
  });
}
