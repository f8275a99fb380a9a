// The score chart's Δ axis (features/release/release-data.ts deltaAxis): tick labels printed
// with the precision the tick step needs, so no two read alike — the audit
// saw "−0.01 −0.01 0.00 +0.01 +0.01" with a fixed two decimals — and ticks
// that fall on round values: ECharts counts an axis with a given interval
// from its minimum, so ends of ±(1.15 × the largest change) gave
// "−0.006 −0.001 +0.004 +0.009", with no 0 and each label off its value.
import { describe, expect, it } from 'vitest';
import { deltaAxis, formatDelta } from '../../../../renderer/src/features/release/release-data';

/** The ticks ECharts draws for a value axis with min, max and interval set: from the minimum, one interval apart, up to the maximum. */
function echartsTicks(largest: number): number[] {
  const axis = deltaAxis(largest);
  const ticks: number[] = [];
  for (let tick = axis.min; tick <= axis.max + axis.interval * 1e-6; tick += axis.interval) ticks.push(tick);
  return ticks;
}

function tickLabels(largest: number): string[] {
  const { digits } = deltaAxis(largest);
  return echartsTicks(largest).map((t) => formatDelta(t, digits));
}

/** What a label reads, as a number ("−0.005" → -0.005). */
function labelValue(label: string): number {
  return Number(label.replace('−', '-').replace('+', ''));
}

const SCALES = [0, 0.0004, 0.003, 0.0049, 0.0087, 0.01, 0.013, 0.02, 0.037, 0.08, 0.15, 0.3, 0.51, 0.9, 1];

describe('deltaAxis', () => {
  it('labels the audit case at round ticks, 0 among them', () => {
    // The audit's chart: a largest change of +0.009 to +0.010 read −0.006 −0.001 +0.004 +0.009.
    expect(tickLabels(0.01)).toEqual(['−0.015', '−0.010', '−0.005', '0.000', '+0.005', '+0.010', '+0.015']);
    expect(tickLabels(0.013)).toEqual(['−0.015', '−0.010', '−0.005', '0.000', '+0.005', '+0.010', '+0.015']);
  });

  it('puts every label exactly at the value it reads, at every scale', () => {
    for (const largest of SCALES) {
      const { digits, interval } = deltaAxis(largest);
      for (const tick of echartsTicks(largest)) {
        expect(Math.abs(labelValue(formatDelta(tick, digits)) - tick), `${largest}: tick ${tick}`).toBeLessThan(
          interval * 1e-6,
        );
      }
    }
  });

  it('gives distinct labels at every scale: 0, and two or three steps each side', () => {
    for (const largest of SCALES) {
      const labels = tickLabels(largest);
      expect(new Set(labels).size, `${largest}: ${labels.join(' ')}`).toBe(labels.length);
      expect([5, 7], `${largest}: ${labels.join(' ')}`).toContain(labels.length);
      expect(labels[(labels.length - 1) / 2], String(largest)).toBe((0).toFixed(deltaAxis(largest).digits));
    }
  });

  it('has ends that are multiples of the step, past the largest change', () => {
    for (const largest of SCALES) {
      const axis = deltaAxis(largest);
      const steps = axis.max / axis.interval;
      expect(Math.abs(steps - Math.round(steps)), String(largest)).toBeLessThan(1e-9);
      expect(axis.max, String(largest)).toBeGreaterThan(Math.abs(largest));
    }
  });

  it('steps by 1, 2 or 5 × 10ⁿ, with the decimals that step needs', () => {
    expect(deltaAxis(0.013)).toMatchObject({ interval: 0.005, digits: 3 });
    expect(deltaAxis(0.08).digits).toBe(2);
    expect(deltaAxis(0.9).digits).toBe(1);
    for (const largest of SCALES) {
      const { interval } = deltaAxis(largest);
      expect(
        [1, 2, 5].some((m) => Math.abs(interval / (m * 10 ** Math.floor(Math.log10(interval) + 1e-9)) - 1) < 1e-9),
        String(largest),
      ).toBe(true);
    }
  });

  it('is symmetric and wider than the largest change', () => {
    const axis = deltaAxis(-0.2);
    expect(axis.min).toBe(-axis.max);
    expect(axis.max).toBeGreaterThan(0.2);
  });
});
