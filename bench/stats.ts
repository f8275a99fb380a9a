// Small measuring helpers: repeated timings and their percentiles.

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export const median = (values: readonly number[]): number => percentile(values, 50);

/** Milliseconds taken by each of `runs` calls of `fn` (after `warmup` unmeasured calls). */
export function timeRepeated(runs: number, fn: (i: number) => void, warmup = 5): number[] {
  for (let i = 0; i < warmup; i++) fn(i);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    fn(i);
    times.push(performance.now() - started);
  }
  return times;
}

/** The fastest of `runs` runs of `fn` (awaited), in ms: noise only slows a run down. */
export async function fastestOf(runs: number, fn: (run: number) => unknown): Promise<number> {
  let fastest = Infinity;
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await fn(run);
    fastest = Math.min(fastest, performance.now() - started);
  }
  return fastest;
}

export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

export function millis(ms: number): string {
  return ms >= 100 ? `${ms.toFixed(0)} ms` : ms >= 10 ? `${ms.toFixed(1)} ms` : `${ms.toFixed(2)} ms`;
}

export function mib(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(0)} MiB`;
}
