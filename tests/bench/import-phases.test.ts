// The bench's phase clock reads an import's progress messages as the import
// sends them (reading, indexing cells, deriving disputes: N of M tasks).
import { describe, expect, it } from 'vitest';
import { PhaseClock, phaseOf } from '../../bench/import-phases';

describe('import phases', () => {
  it('names the phase of each progress message', () => {
    expect(phaseOf('reading')).toBe('reading');
    expect(phaseOf('/runs/egret/tasks/atlas-0001')).toBe('reading');
    expect(phaseOf('indexing cells')).toBe('indexing');
    expect(phaseOf('deriving disputes')).toBe('deriving');
    expect(phaseOf('deriving disputes: 12 of 547 tasks')).toBe('deriving');
  });

  it('times each phase from its first message to the next phase, finishing after the last task derived', () => {
    let now = 0;
    const clock = new PhaseClock(() => now);
    const at = (ms: number, message: string): void => {
      now = ms;
      clock.onProgress(0, 0, message);
    };
    at(10, 'reading');
    at(4000, '/data/cells.jsonl');
    at(5000, 'indexing cells');
    at(5500, 'deriving disputes');
    at(6000, 'deriving disputes: 300 of 547 tasks');
    at(7600, 'deriving disputes: 547 of 547 tasks');
    now = 8400;
    expect(clock.durations()).toEqual([
      ['reading', 5000],
      ['indexing', 500],
      ['deriving', 2100],
      ['finishing', 800],
    ]);
    expect(clock.summary()).toBe('reading 5.00 s, indexing 0.50 s, deriving 2.10 s, finishing 0.80 s');
  });

  it('leaves out the phases an import did not go through', () => {
    let now = 0;
    const clock = new PhaseClock(() => now);
    now = 1200;
    clock.onProgress(0, 0, 'deriving disputes');
    now = 1300;
    expect(clock.durations()).toEqual([
      ['reading', 1200],
      ['deriving', 100],
    ]);
  });
});
