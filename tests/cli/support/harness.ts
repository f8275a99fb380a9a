// Runs the CLI in-process with captured output, a chosen service and signals
// the test fires itself.
import { Writable } from 'node:stream';
import { run } from '../../../cli/main';
import type { CliContext } from '../../../cli/context';
import type { ServiceHandle } from '../../../db/service';

export class Capture extends Writable {
  text = '';
  constructor(readonly isTTY = false) {
    super();
  }
  override _write(chunk: Buffer | string, _enc: BufferEncoding, done: (error?: Error | null) => void): void {
    this.text += chunk.toString();
    done();
  }
}

export interface InProcessResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface Harness {
  /** Fires a signal at whatever the running command subscribed. */
  signal(name: NodeJS.Signals): void;
  /** How many signal handlers are subscribed right now. */
  listeners(): number;
  run(argv: string[], overrides?: Partial<CliContext>): Promise<InProcessResult>;
}

export function harness(
  service: () => ServiceHandle,
  options: { tty?: boolean; env?: Record<string, string | undefined>; cwd?: string } = {},
): Harness {
  const handlers = new Set<{ signals: NodeJS.Signals[]; fn: (s: NodeJS.Signals) => void }>();
  return {
    signal(name) {
      for (const h of [...handlers]) if (h.signals.includes(name)) h.fn(name);
    },
    listeners: () => handlers.size,
    async run(argv, overrides = {}) {
      const stdout = new Capture(options.tty);
      const stderr = new Capture(options.tty);
      const code = await run(argv, {
        stdout,
        stderr,
        env: options.env ?? {},
        cwd: options.cwd ?? process.cwd(),
        openService: service,
        onSignal(signals, fn) {
          const entry = { signals, fn };
          handlers.add(entry);
          return () => handlers.delete(entry);
        },
        ...overrides,
      });
      return { code, stdout: stdout.text, stderr: stderr.text };
    },
  };
}
