import { describe, expect, it } from 'vitest';
import type { AgreementStats, AgreementSummary } from '../../../../shared/api-types';
import {
  dailyOption,
  dayLabel,
  kappaOption,
  progressOption,
  UNDEFINED_KAPPA,
} from '../../../../renderer/src/features/stats/chart-options';
import {
  calendarDays,
  dailyRulings,
  findScope,
  kappaMatrix,
  pairedEngineers,
  scopesOf,
  totalRulings,
} from '../../../../renderer/src/features/stats/stats-data';

const summary = (over: Partial<AgreementSummary> = {}): AgreementSummary => ({
  disputes: 0,
  percent_agreement: null,
  alpha: null,
  pairs: [],
  ...over,
});

function stats(over: Partial<AgreementStats> = {}): AgreementStats {
  return {
    engineers: ['ava', 'mia', 'noah'],
    overall: summary({
      disputes: 5,
      percent_agreement: 0.8,
      alpha: 0.61,
      pairs: [
        { a: 'ava', b: 'mia', n: 3, percent: 1, kappa: 1 },
        { a: 'mia', b: 'noah', n: 2, percent: 0.5, kappa: null },
      ],
    }),
    by_rule_type: { text: summary({ disputes: 2 }), number: summary({ disputes: 3 }) },
    by_kind: { missing_row: summary({ disputes: 1 }), cell: summary({ disputes: 4 }) },
    progress: { open: 5, resolved: 3, conflict: 2, total: 10 },
    per_day: [
      { day: '2026-11-20', engineer: 'mia', rulings: 4 },
      { day: '2026-11-22', engineer: 'mia', rulings: 1 },
      { day: '2026-11-22', engineer: 'ava', rulings: 2 },
    ],
    policy: { required: 2, blind: true },
    ...over,
  };
}

describe('scopes', () => {
  it('lists overall, then rule types and kinds in name order', () => {
    const scopes = scopesOf(stats());
    expect(scopes.map((s) => s.id)).toEqual(['overall', 'rule:number', 'rule:text', 'kind:cell', 'kind:missing_row']);
    expect(scopes.find((s) => s.id === 'kind:missing_row')?.label).toBe('missing row');
  });

  it('falls back to overall for a scope that no longer exists', () => {
    expect(findScope(scopesOf(stats()), 'rule:date').id).toBe('overall');
  });
});

describe('rulings per day', () => {
  it('fills quiet days with zero, so the time axis is honest', () => {
    expect(calendarDays(['2026-11-22', '2026-11-20'])).toEqual(['2026-11-20', '2026-11-21', '2026-11-22']);
    expect(calendarDays([])).toEqual([]);
  });

  it('crosses a month end', () => {
    expect(calendarDays(['2026-11-30', '2026-12-01'])).toEqual(['2026-11-30', '2026-12-01']);
  });

  it('aligns each engineer on the calendar, with totals', () => {
    const daily = dailyRulings(stats());
    expect(daily.days).toEqual(['2026-11-20', '2026-11-21', '2026-11-22']);
    expect(daily.series).toEqual([
      { engineer: 'ava', counts: [0, 0, 2], total: 2 },
      { engineer: 'mia', counts: [4, 0, 1], total: 5 },
    ]);
    expect(daily.totals).toEqual([4, 0, 3]);
    expect(totalRulings(stats())).toBe(7);
  });
});

describe('kappa matrix', () => {
  it('is symmetric, keeps undefined kappas, and leaves the diagonal empty', () => {
    const s = stats().overall;
    const engineers = pairedEngineers(s, ['ava', 'liam', 'mia', 'noah']);
    expect(engineers).toEqual(['ava', 'mia', 'noah']);
    const cells = kappaMatrix(s, engineers);
    expect(cells).toHaveLength(4);
    expect(cells).toContainEqual({ x: 0, y: 1, kappa: 1, percent: 1, n: 3 });
    expect(cells).toContainEqual({ x: 1, y: 0, kappa: 1, percent: 1, n: 3 });
    expect(cells).toContainEqual({ x: 2, y: 1, kappa: null, percent: 0.5, n: 2 });
    expect(cells.some((c) => c.x === c.y)).toBe(false);
  });
});

describe('chart options', () => {
  it('labels days briefly, in UTC', () => {
    expect(dayLabel('2026-11-02')).toBe('Nov 2');
    expect(dayLabel('not a day')).toBe('not a day');
  });

  it('puts undefined kappas below every band, drawn as "—"', () => {
    const s = stats().overall;
    const engineers = pairedEngineers(s, stats().engineers);
    const option = kappaOption(engineers, kappaMatrix(s, engineers));
    const series = (option.series as { data: number[][]; label: { formatter: (p: unknown) => string } }[])[0]!;
    expect(series.data).toContainEqual([2, 1, UNDEFINED_KAPPA]);
    expect(series.label.formatter({ value: [2, 1, UNDEFINED_KAPPA] })).toBe('—');
    expect(series.label.formatter({ value: [0, 1, 1] })).toBe('1.00');
  });

  it('draws tooltips as text on the canvas, never HTML', () => {
    const s = stats();
    const daily = dailyRulings(s);
    for (const option of [progressOption(s.progress), dailyOption(daily, () => '#000'), kappaOption(['a', 'b'], [])]) {
      expect((option.tooltip as { renderMode?: string }).renderMode).toBe('richText');
    }
  });

  it('stacks resolved, conflict and open in one bar', () => {
    const option = progressOption(stats().progress);
    const series = option.series as { name: string; stack: string; data: number[] }[];
    expect(series.map((s) => [s.name, s.data[0]])).toEqual([
      ['resolved', 3],
      ['conflict', 2],
      ['open', 5],
    ]);
    expect(new Set(series.map((s) => s.stack)).size).toBe(1);
  });
});

describe('kappa colours', () => {
  it('use the same bands as the text labels (0 is slight, not poor)', () => {
    const option = kappaOption(['a', 'b'], []);
    const pieces = (
      option.visualMap as {
        pieces: { gte?: number; gt?: number; lt?: number; lte?: number; label: string; value?: number }[];
      }
    ).pieces;
    const pieceOf = (x: number) =>
      pieces.find(
        (p) =>
          p.value === x ||
          ((p.gte === undefined || x >= p.gte) &&
            (p.gt === undefined || x > p.gt) &&
            (p.lt === undefined || x < p.lt) &&
            (p.lte === undefined || x <= p.lte) &&
            p.value === undefined),
      );
    expect(pieceOf(0)?.label).toMatch(/slight/);
    expect(pieceOf(-0.1)?.label).toMatch(/poor/);
    expect(pieceOf(0.2)?.label).toMatch(/slight/);
    expect(pieceOf(0.21)?.label).toMatch(/fair/);
    expect(pieceOf(1)?.label).toMatch(/almost perfect/);
    expect(pieceOf(UNDEFINED_KAPPA)?.label).toMatch(/undefined/);
  });
});
