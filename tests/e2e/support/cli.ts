// Runs the real command line (bin/atlas-adjudicator.mjs) in a child process.
import { spawn } from 'node:child_process';
import { BIN, REPO_ROOT } from './paths';

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface RunCliOptions {
  cwd?: string;
  /** Written to the child's stdin, which is then closed. */
  input?: string;
  /** Kill the child (whole process group) after this long; default 120 s. */
  timeoutMs?: number;
}

/**
 * `atlas-adjudicator ARGS…` with `env` added to this process's environment
 * (a value of undefined removes a variable). Never rejects on a non-zero exit.
 */
export function runCli(
  args: string[],
  env: Record<string, string | undefined> = {},
  options: RunCliOptions = {},
): Promise<CliResult> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete childEnv[k];
    else childEnv[k] = v;
  }
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: options.cwd ?? REPO_ROOT,
      env: childEnv,
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => {
      killGroup(child.pid, 'SIGKILL');
      stderr += `\n[runCli: killed after ${options.timeoutMs ?? 120_000} ms]`;
    }, options.timeoutMs ?? 120_000);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
    child.stdin.end(options.input ?? '');
  });
}

/** `atlas-adjudicator ARGS… --db DB` as `engineer`: its stdout, or a failure naming its exit code and stderr. */
export async function cliStdout(db: string, args: string[], engineer = 'mia'): Promise<string> {
  const run = await runCli([...args, '--db', db], { ATLAS_ADJUDICATOR_ENGINEER: engineer });
  if (run.code !== 0) throw new Error(`atlas-adjudicator ${args.join(' ')} exited ${String(run.code)}: ${run.stderr}`);
  return run.stdout;
}

/** Signals a child's whole process group (it was spawned detached, so it leads one). */
export function killGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}
