// Where an import's time goes, told from its progress messages: reading the
// sources, building the cells' index (a large first import), deriving
// disputes, then finishing (rank, statuses, commit, closing). The bench logs
// it beside each import run, so a slower figure points at its phase.
export type ImportPhase = 'reading' | 'indexing' | 'deriving' | 'finishing';

const ORDER: readonly ImportPhase[] = ['reading', 'indexing', 'deriving', 'finishing'];

export function phaseOf(message: string): ImportPhase {
  if (message === 'indexing cells') return 'indexing';
  // "deriving disputes", then "deriving disputes: N of M tasks"; the last of those ends derivation's own work.
  if (message.startsWith('deriving disputes')) return 'deriving';
  return 'reading';
}

export class PhaseClock {
  private readonly started = new Map<ImportPhase, number>();

  constructor(private readonly now: () => number = () => performance.now()) {
    this.started.set('reading', this.now());
  }

  /** Progress callback: notes when each phase first shows. */
  readonly onProgress = (done: number, total: number, message: string): void => {
    const phase = phaseOf(message);
    if (!this.started.has(phase)) this.started.set(phase, this.now());
    const derived = /^deriving disputes: (\d+) of (\d+) tasks$/u.exec(message);
    if (derived && derived[1] === derived[2] && !this.started.has('finishing'))
      this.started.set('finishing', this.now());
  };

  /** Milliseconds per phase that happened, in order, up to now. */
  durations(): [ImportPhase, number][] {
    const end = this.now();
    const seen = ORDER.filter((phase) => this.started.has(phase));
    return seen.map((phase, i) => [
      phase,
      (i + 1 < seen.length ? this.started.get(seen[i + 1]!)! : end) - this.started.get(phase)!,
    ]);
  }

  /** "reading 5.02 s, indexing 0.49 s, deriving 2.10 s, finishing 0.80 s" */
  summary(): string {
    return this.durations()
      .map(([phase, ms]) => `${phase} ${(ms / 1000).toFixed(2)} s`)
      .join(', ');
  }
}
