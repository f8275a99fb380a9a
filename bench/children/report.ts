// Children print one JSON line with what they measured; the parent parses the last line.
export interface ChildReport {
  wallMs: number;
  /** Peak resident set size of the child, in bytes (getrusage maxrss). */
  peakRssBytes: number;
  /** User + system CPU time since the timer started, in ms: steadier than wall time on a busy machine. */
  cpuMs: number;
  [extra: string]: number | string;
}

export interface Timer {
  started: number;
  cpu: NodeJS.CpuUsage;
}

/** Started after the child's modules are loaded: module loading is not the figure. */
export function startTimer(): Timer {
  return { started: performance.now(), cpu: process.cpuUsage() };
}

export function report(timer: Timer, extra: Record<string, number | string> = {}): void {
  const cpu = process.cpuUsage(timer.cpu);
  const result: ChildReport = {
    wallMs: performance.now() - timer.started,
    peakRssBytes: process.resourceUsage().maxRSS * 1024,
    cpuMs: (cpu.user + cpu.system) / 1000,
    ...extra,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
