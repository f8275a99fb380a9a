// Runs crash-child.ts and kills it with SIGKILL at a chosen moment: a number
// of milliseconds after it is ready, or after a number of lines matching a prefix.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const CHILD = join(import.meta.dirname, 'crash-child.ts');

export interface KillPlan {
  /** ms after "ready" */
  afterMs?: number;
  /** kill when the n-th line starting with `prefix` arrives */
  afterLines?: { prefix: string; n: number };
  /** give up waiting (the child finished or hangs) */
  timeoutMs?: number;
}

export interface ChildOutcome {
  killed: boolean;
  lines: string[];
  stderr: string;
  code: number | null;
}

export function runAndKill(args: string[], plan: KillPlan): Promise<ChildOutcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    const lines: string[] = [];
    let stderr = '';
    let killed = false;
    let buffered = '';
    let matched = 0;
    const kill = (): void => {
      if (killed || child.exitCode !== null) return;
      killed = child.kill('SIGKILL');
    };
    const guard = setTimeout(kill, plan.timeoutMs ?? 30_000);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      buffered += chunk;
      const parts = buffered.split('\n');
      buffered = parts.pop()!;
      for (const line of parts) {
        lines.push(line);
        if (line === 'ready' && plan.afterMs !== undefined) setTimeout(kill, plan.afterMs);
        if (plan.afterLines && line.startsWith(plan.afterLines.prefix) && ++matched === plan.afterLines.n) kill();
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(guard);
      // A line cut by the kill was never acknowledged: only whole lines count.
      resolve({ killed, lines, stderr, code });
    });
  });
}
