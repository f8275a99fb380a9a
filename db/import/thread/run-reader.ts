// Reads run directories on a second thread while the importer writes, so an
// import uses both cores: reading, UTF-8 decoding, JSON parsing and
// validation (a quarter of a full import) overlap with the SQLite work. The
// records are the same as when read in the importer's own thread (the worker
// runs the same reader), in the same order, paced by a shared counter so the
// reader is never more than WINDOW records ahead: memory stays bounded by a
// few tasks, not the workload. A run is requested only once the previous one
// is done: a thread blocked on one run's full window could not read another,
// so requesting ahead on the same thread can deadlock.
import type { Worker } from 'node:worker_threads';
import { ReaderError } from '../../readers';
import type { PreparedRunTask } from '../prepared-run-task';
import type { KnownRunTask, ReaderItem, RunHeader } from '../../readers';
import { CONSUMED, STOP } from './protocol';
import type { ReadRunRequest, ReaderMessage } from './protocol';
import { revive, startWorker } from './script';
import type { ThreadScript } from './script';

export interface ThreadReadOptions {
  signal?: AbortSignal;
  maxFileBytes: number;
  known: ReadonlyMap<string, KnownRunTask> | null;
}

export class RunReaderThread {
  private worker: Worker | null = null;
  private inbox: Inbox | null = null;
  private consumed = 0;

  /** `sealSecret`: the store's seal key; the thread seals what it sends (the text never leaves this process). */
  constructor(
    private readonly script: ThreadScript,
    private readonly sealSecret: string,
  ) {}

  /**
   * The run's task records, read on the thread. `planned` is the header read
   * when the import was planned: a run whose config changed since is refused.
   */
  async *read(
    dir: string,
    planned: RunHeader,
    options: ThreadReadOptions,
  ): AsyncGenerator<ReaderItem<PreparedRunTask>> {
    const worker = this.started();
    const flow = new Int32Array(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT));
    const inbox = new Inbox(worker);
    this.inbox = inbox;
    this.consumed = 0;
    const request: ReadRunRequest = {
      type: 'readRun',
      dir,
      maxFileBytes: options.maxFileBytes,
      known: options.known ? [...options.known] : null,
      sealSecret: this.sealSecret,
      flow: flow.buffer,
    };
    worker.postMessage(request);
    let finished = false;
    try {
      for (;;) {
        const message = await inbox.next(options.signal);
        if (message.type === 'header') {
          if (JSON.stringify(message.run) !== JSON.stringify(planned)) {
            throw new ReaderError(dir, 'config.json', 'the run changed while it was being imported; import again');
          }
        } else if (message.type === 'items') {
          for (const item of message.items) {
            yield item;
            this.consumed++;
            Atomics.add(flow, CONSUMED, 1);
            Atomics.notify(flow, CONSUMED);
          }
        } else if (message.type === 'done') {
          finished = true;
          return;
        } else {
          finished = true;
          throw revive(message.error);
        }
      }
    } finally {
      inbox.close();
      this.inbox = null;
      // Cut short (cancel, a failed write, a refused header): the thread may be mid-run, so it goes.
      if (!finished) this.stop(flow);
    }
  }

  /** Records of the current run received from the thread and not yet taken by the importer (at most WINDOW). */
  readAhead(): number {
    return this.inbox ? this.inbox.records - this.consumed : 0;
  }

  /** Ends the thread; the next read starts another. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }

  private started(): Worker {
    this.worker ??= startWorker(this.script);
    return this.worker;
  }

  private stop(flow: Int32Array): void {
    Atomics.store(flow, STOP, 1);
    Atomics.notify(flow, CONSUMED);
    void this.close();
  }
}

/** The worker's messages as a queue the reading generator awaits, with its failure (crash, exit) as a rejection. */
class Inbox {
  private readonly queue: ReaderMessage[] = [];
  /** Task records received so far. */
  records = 0;
  private failure: Error | null = null;
  private wake: (() => void) | null = null;

  constructor(private readonly worker: Worker) {
    worker.on('message', this.onMessage);
    worker.on('error', this.onError);
    worker.on('exit', this.onExit);
  }

  async next(signal?: AbortSignal): Promise<ReaderMessage> {
    for (;;) {
      signal?.throwIfAborted();
      const message = this.queue.shift();
      if (message) return message;
      if (this.failure) throw this.failure;
      await new Promise<void>((resolve) => {
        const onAbort = (): void => resolve();
        this.wake = () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        };
        signal?.addEventListener('abort', onAbort, { once: true });
      });
      this.wake = null;
    }
  }

  close(): void {
    this.worker.off('message', this.onMessage);
    this.worker.off('error', this.onError);
    this.worker.off('exit', this.onExit);
  }

  private readonly onMessage = (message: ReaderMessage): void => {
    if (message.type === 'items') this.records += message.items.length;
    this.queue.push(message);
    this.wake?.();
  };

  private readonly onError = (error: Error): void => {
    this.failure ??= new Error(`the run reader thread failed: ${error.message}`);
    this.wake?.();
  };

  private readonly onExit = (code: number): void => {
    this.failure ??= new Error(`the run reader thread stopped (exit code ${code})`);
    this.wake?.();
  };
}
