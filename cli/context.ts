// Everything a command touches in the outside world, injectable so tests can run
// commands in-process against a fake service and capture the output.
import type { Writable } from 'node:stream';
import type { ServiceHandle, ServiceOptions } from '../db/service';
import { demoWorkspace } from './demo-workspace';

export type OutStream = Writable & { isTTY?: boolean };

export interface CliContext {
  stdout: OutStream;
  stderr: OutStream;
  env: Record<string, string | undefined>;
  cwd: string;
  /** May be asynchronous: the real service is loaded lazily, so `--help` and usage errors never load the store's native module. */
  openService: (options: ServiceOptions) => ServiceHandle | Promise<ServiceHandle>;
  /** Calls handler on any of the signals until the returned function unsubscribes. */
  onSignal: (signals: NodeJS.Signals[], handler: (signal: NodeJS.Signals) => void) => () => void;
}

export function processContext(): CliContext {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    cwd: process.cwd(),
    openService: async (options) => (await import('../db/service')).openService({ demoWorkspace, ...options }),
    onSignal(signals, handler) {
      for (const s of signals) process.on(s, handler);
      return () => {
        for (const s of signals) process.off(s, handler);
      };
    },
  };
}

/** Writes and waits for the stream to drain, so long listings never buffer unboundedly. */
export async function write(stream: OutStream, text: string): Promise<void> {
  if (text === '') return;
  if (stream.write(text)) return;
  await new Promise<void>((resolve) => {
    const done = (): void => {
      stream.off('drain', done);
      stream.off('close', done);
      stream.off('error', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
    stream.on('error', done);
  });
}

export async function writeJsonLine(stream: OutStream, value: unknown): Promise<void> {
  await write(stream, `${JSON.stringify(value)}\n`);
}
