// Derives disputes on the import's worker thread while the importer reads the
// next tasks' inputs and writes the previous tasks' disputes: the clustering,
// normalising, opening and sealing (about half of derivation) leave the
// importer's thread. Answers come back in request order.
import type { Worker } from 'node:worker_threads';
import type { DerivedTask, TaskDerivationInput } from '../../disputes';
import type { DeriveRequest, DeriverMessage } from './protocol';
import { revive, startWorker } from './script';
import type { ThreadScript } from './script';

interface Pending {
  resolve: (derived: DerivedTask) => void;
  reject: (error: Error) => void;
}

export class DerivationThread {
  private readonly worker: Worker;
  private readonly pending: Pending[] = [];
  private failure: Error | null = null;

  constructor(
    script: ThreadScript,
    private readonly sealSecret: string,
  ) {
    this.worker = startWorker(script);
    this.worker.on('message', (message: DeriverMessage) => {
      const waiting = this.pending.shift();
      if (!waiting) return;
      if (message.type === 'derived') waiting.resolve(message.derived);
      else waiting.reject(revive(message.error));
    });
    this.worker.on('error', (error: Error) => this.fail(new Error(`the derivation thread failed: ${error.message}`)));
    this.worker.on('exit', (code: number) => this.fail(new Error(`the derivation thread stopped (exit code ${code})`)));
  }

  derive(input: TaskDerivationInput): Promise<DerivedTask> {
    if (this.failure) return Promise.reject(this.failure);
    const request: DeriveRequest = { type: 'derive', input, sealSecret: this.sealSecret };
    const answer = new Promise<DerivedTask>((resolve, reject) => this.pending.push({ resolve, reject }));
    this.worker.postMessage(request);
    return answer;
  }

  async close(): Promise<void> {
    this.fail(new Error('the derivation thread was closed'));
    await this.worker.terminate();
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const waiting of this.pending.splice(0)) waiting.reject(this.failure);
  }
}
