// Small measuring helpers: repeated timings and their percentiles.

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export const median = (values: readonly number[]): number => percentile(values, 50);

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
