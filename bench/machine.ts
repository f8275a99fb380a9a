// The machine a run was measured on, for docs/benchmarks.md.
import { cpus, freemem, loadavg, totalmem } from 'node:os';
import { readFileSync } from 'node:fs';

export function machineSummary(): string {
  let model = cpus()[0]?.model ?? 'unknown CPU';
  try {
    model = /model name\s*:\s*(.+)/u.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? model;
  } catch {
    // Not Linux: os.cpus() named it.
  }
  const gib = (bytes: number): string => `${(bytes / 1024 ** 3).toFixed(1)} GiB`;
  return [
    `CPU: ${model} × ${cpus().length} (nproc)`,
    `memory: ${gib(totalmem())} total, ${gib(freemem())} free`,
    `node ${process.version}, ${process.platform} ${process.arch}`,
    `load average at the end: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  ].join('\n');
}
