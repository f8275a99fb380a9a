// Runs a build tool as its own process group, so that stopping it (Ctrl-C,
// SIGTERM) also stops the compilers it started, before anything is restored.
import { spawn } from 'node:child_process';

export interface ToolRun {
  /** Resolves with the exit status (a signal counts as failure). */
  done: Promise<number>;
  /** Stops the tool and everything it started. */
  stop(): void;
}

export function runTool(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): ToolRun {
  const posix = process.platform !== 'win32';
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: 'inherit',
    detached: posix,
    shell: !posix,
  });
  const done = new Promise<number>((resolve) => {
    child.once('error', (error) => {
      console.error(`${command}: ${error.message}`);
      resolve(1);
    });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
  return {
    done,
    stop: () => {
      if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
      try {
        if (posix) process.kill(-child.pid, 'SIGTERM');
        else child.kill();
      } catch {
        // Already gone.
      }
    },
  };
}
