// Children print one JSON line with what they measured; the parent parses the last line.
export interface ChildReport {
  wallMs: number;
  /** Peak resident set size of the child, in bytes (getrusage maxrss). */
  peakRssBytes: number;
  [extra: string]: number | string;
}

export function report(started: number, extra: Record<string, number | string> = {}): void {
  const result: ChildReport = { wallMs: performance.now() - started, peakRssBytes: process.resourceUsage().maxRSS * 1024, ...extra };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
