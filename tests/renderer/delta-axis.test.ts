// The score chart's Δ axis (lib/release.ts deltaAxis): tick labels printed
// with the precision the tick step needs, so no two read alike — the audit
// saw "−0.01 −0.01 0.00 +0.01 +0.01" with a fixed two decimals.
import { describe, expect, it } from 'vitest';
import { deltaAxis, formatDelta } from '../../renderer/src/lib/release';

/** The labels ECharts draws between the (unlabelled) ends: every multiple of the interval inside. */
function tickLabels(largest: number): string[] {
  const axis = deltaAxis(largest);
  const labels: string[] = [];
  for (let k = Math.ceil(axis.min / axis.interval); k * axis.interval < axis.max; k++) {
    if (k * axis.interval > axis.min) labels.push(formatDelta(k * axis.interval, axis.digits));
  }
  return labels;
}

describe('deltaAxis', () => {
  it('labels the audit case distinctly', () => {
    expect(tickLabels(0.013)).toEqual(['−0.010', '−0.005', '0.000', '+0.005', '+0.010']);
  });

  it('gives distinct labels at every scale, with at least three ticks', () => {
    for (const largest of [0, 0.0004, 0.003, 0.0049, 0.013, 0.02, 0.037, 0.08, 0.15, 0.3, 0.51, 0.9, 1]) {
      const labels = tickLabels(largest);
      expect(new Set(labels).size, `${largest}: ${labels.join(' ')}`).toBe(labels.length);
      expect(labels.length, `${largest}: ${labels.join(' ')}`).toBeGreaterThanOrEqual(3);
      expect(labels, String(largest)).toContain((0).toFixed(deltaAxis(largest).digits));
    }
  });

  it('steps by 1, 2 or 5 × 10ⁿ, with the decimals that step needs', () => {
    expect(deltaAxis(0.013)).toMatchObject({ interval: 0.005, digits: 3 });
    expect(deltaAxis(0.08).digits).toBe(2);
    expect(deltaAxis(0.9).digits).toBe(1);
    const { interval } = deltaAxis(0.3);
    expect([1, 2, 5].some((m) => Math.abs(interval / (m * 10 ** Math.floor(Math.log10(interval))) - 1) < 1e-9)).toBe(true);
  });

  it('is symmetric and wider than the largest change', () => {
    const axis = deltaAxis(-0.2);
    expect(axis.min).toBe(-axis.max);
    expect(axis.max).toBeGreaterThan(0.2);
  });
});
