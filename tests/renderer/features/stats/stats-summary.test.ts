// The Stats header's count agrees with Activity (stats-data rulingSummary):
// the audit saw "0 engineers · 1 rulings" beside one engineer with one ruling,
// because AgreementStats.engineers lists only engineers whose ruling counts
// now, and that ruling had been retracted.
import { describe, expect, it } from 'vitest';
import type { AgreementStats } from '../../../../shared/api-types';
import { dailyRulings, rulingSummary } from '../../../../renderer/src/features/stats/stats-data';

type Counts = Pick<AgreementStats, 'engineers' | 'per_day'>;

describe('rulingSummary', () => {
  it('counts engineers and rulings as Activity does, named apart from engineers with a counted ruling', () => {
    const stats: Counts = { engineers: [], per_day: [{ day: '2026-11-30', engineer: 'root', rulings: 1 }] };
    expect(dailyRulings(stats).series.map((s) => [s.engineer, s.total])).toEqual([['root', 1]]);
    expect(rulingSummary(stats)).toBe('1 ruling by 1 engineer · 0 engineers with a counted ruling');
  });

  it('says it once when both counts agree, pluralised', () => {
    const stats: Counts = {
      engineers: ['ava', 'mia'],
      per_day: [
        { day: '2026-11-20', engineer: 'mia', rulings: 4 },
        { day: '2026-11-22', engineer: 'ava', rulings: 2 },
      ],
    };
    expect(rulingSummary(stats)).toBe('6 rulings by 2 engineers');
  });

  it('says when nothing was ruled yet', () => {
    expect(rulingSummary({ engineers: [], per_day: [] })).toBe('no rulings yet');
  });
});
