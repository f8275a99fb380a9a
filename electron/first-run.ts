// First launch: an empty store gets the bundled demo so the app opens on
// something to look at. Used by Electron main and by `npm start`'s browser
// fallback; no electron import.
import type { AdjudicatorService } from '../shared/api';

export type DemoOutcome = 'loaded' | 'not-empty' | 'failed' | 'timeout';
export interface DemoResult {
  outcome: DemoOutcome;
  /** Why the demo job failed, when it did. */
  error?: string;
}

type DemoService = Pick<AdjudicatorService, 'getInfo' | 'loadDemo' | 'getJob'>;

export interface DemoOptions {
  timeoutMs?: number;
  pollMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function isEmptyStore(info: { tasks: number; runs: number; counts: { total: number } }): boolean {
  return info.tasks === 0 && info.runs === 0 && info.counts.total === 0;
}

/** Loads the demo when the store is empty and waits for its job to finish. */
export async function loadDemoIfEmpty(service: DemoService, options: DemoOptions = {}): Promise<DemoResult> {
  const { timeoutMs = 60_000, pollMs = 100, sleep = wait } = options;
  if (!isEmptyStore(await service.getInfo({}))) return { outcome: 'not-empty' };
  const { jobId } = await service.loadDemo({});
  for (let waited = 0; waited <= timeoutMs; waited += pollMs) {
    const job = await service.getJob({ jobId });
    if (job.state === 'done') return { outcome: 'loaded' };
    if (job.state !== 'running') return { outcome: 'failed', error: job.error ?? job.message ?? job.state };
    await sleep(pollMs);
  }
  return { outcome: 'timeout', error: `the demo was still loading after ${timeoutMs / 1000} s` };
}
