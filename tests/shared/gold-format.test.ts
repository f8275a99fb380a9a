import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ColumnRule, RuleType } from '../../shared/domain';
import { RULE_TYPES } from '../../shared/domain';
import { formatLikeGold } from '../../shared/gold-format';
import { normalizeForRule } from '../../shared/normalize';

const DATE: ColumnRule = { type: 'date' };
const NUMBER: ColumnRule = { type: 'number', tolerance: 0 };
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

describe("a system's value written in gold's format", () => {
  it('writes a date in the style gold uses: ISO, or the month spelled out', () => {
    const iso = ['2005-06-24', '1998-01-02'];
    expect(formatLikeGold(DATE, iso, 'November 9, 2005')).toBe('2005-11-09');
    expect(formatLikeGold(DATE, iso, '9 Nov 2005')).toBe('2005-11-09');
    expect(formatLikeGold(DATE, iso, 'November 2005')).toBe('2005-11');
    expect(formatLikeGold(DATE, ['June 24, 2005'], '2005-11-09')).toBe('November 9, 2005');
    expect(formatLikeGold(DATE, ['24 June 2005'], '2005-11-09')).toBe('9 November 2005');
    expect(formatLikeGold(DATE, ['Jun 24, 2005'], '2005-11-09')).toBe('Nov 9, 2005');
  });

  it('leaves a date as written when gold has no recognisable style or the value is no date', () => {
    expect(formatLikeGold(DATE, ['06/24/2005'], 'November 9, 2005')).toBe('November 9, 2005');
    expect(formatLikeGold(DATE, [], 'November 9, 2005')).toBe('November 9, 2005');
    expect(formatLikeGold(DATE, ['2005-06-24'], 'sometime in 2005')).toBe('sometime in 2005');
  });

  it("writes a number with gold's decimals, thousands separator and unit", () => {
    expect(formatLikeGold(NUMBER, ['1984', '2001'], '1997.0')).toBe('1997');
    expect(formatLikeGold(NUMBER, ['1984'], '1,997')).toBe('1997');
    expect(formatLikeGold(NUMBER, ['26,250', '1,200'], '26250')).toBe('26,250');
    expect(formatLikeGold(NUMBER, ['¥26,250'], '31500')).toBe('¥31,500');
    expect(formatLikeGold(NUMBER, ['12.50', '3.00'], '12.5')).toBe('12.50');
    expect(formatLikeGold(NUMBER, ['42 km'], '17 KM')).toBe('17 km');
    expect(formatLikeGold(NUMBER, ['42 km'], '17')).toBe('17 km');
    // Gold writes no unit: the column's is implied (its name says it), and the system's is dropped.
    expect(formatLikeGold(NUMBER, ['17.20', '3.05'], '€12.5')).toBe('12.50');
    expect(formatLikeGold(NUMBER, ['17.20'], '12.50 EUR')).toBe('12.50');
  });

  it('never drops digits or converts units to fit gold', () => {
    expect(formatLikeGold(NUMBER, ['1984'], '1997.5')).toBe('1997.5');
    expect(formatLikeGold(NUMBER, ['42 km'], '17 miles')).toBe('17 miles');
    expect(formatLikeGold(NUMBER, ['1,200,000'], '1.2 million')).toBe('1.2 million');
    expect(formatLikeGold(NUMBER, ['12,5'], '12.5')).toBe('12.5');
  });

  it("takes gold's own spelling of the same text, else gold's case", () => {
    expect(formatLikeGold({ type: 'choice', options: ['E', 'E10+', 'T'] }, [], 'e10+')).toBe('E10+');
    expect(formatLikeGold({ type: 'entity' }, ['Lisbon', 'Porto'], 'LISBON')).toBe('Lisbon');
    expect(formatLikeGold({ type: 'text' }, ['GALICIA', 'ASTURIAS'], 'Cantabria')).toBe('CANTABRIA');
    expect(formatLikeGold({ type: 'text' }, ['Galicia', 'Asturias'], 'CANTABRIA')).toBe('CANTABRIA');
  });

  it("joins a list's items with gold's separator, items in gold's spelling", () => {
    expect(formatLikeGold({ type: 'list' }, ['Oslo; Bergen'], 'oslo, Trondheim and Bergen')).toBe(
      'Oslo; Trondheim; Bergen',
    );
    expect(formatLikeGold({ type: 'url' }, ['https://a.example/'], 'HTTPS://B.example/x')).toBe('HTTPS://B.example/x');
  });
});

const isoDate = fc
  .date({ min: new Date(Date.UTC(1000, 0, 1)), max: new Date(Date.UTC(9999, 11, 31)), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const longDate = isoDate.map((iso) => {
  const [y, m, d] = iso.split('-').map(Number);
  return `${MONTHS[m! - 1]} ${d}, ${y}`;
});
const anyText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  longDate,
  isoDate,
  fc.double({ noNaN: true }).map(String),
  fc.integer().map((n) => n.toLocaleString('en-US')),
);

describe('properties', () => {
  it('a long date in an ISO column is written as its ISO date', () => {
    fc.assert(
      fc.property(isoDate, (iso) => {
        const [y, m, d] = iso.split('-').map(Number);
        expect(formatLikeGold(DATE, ['2005-06-24'], `${MONTHS[m! - 1]} ${d}, ${y}`)).toBe(iso);
      }),
    );
  });

  it('an integral number is written without decimals in a column of integers', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), (n) => {
        expect(formatLikeGold(NUMBER, ['1984', '7'], `${n}.0`)).toBe(String(n));
      }),
    );
  });

  it('whatever gold holds, the written value normalises equal to the raw one under every rule type', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<RuleType>(...RULE_TYPES),
        fc.array(anyText, { maxLength: 4 }),
        anyText,
        (type, gold, raw) => {
          const rule: ColumnRule = type === 'choice' ? { type, options: gold } : { type };
          expect(normalizeForRule(type, formatLikeGold(rule, gold, raw))).toBe(normalizeForRule(type, raw));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('a date is written in the style gold uses, whichever style the system wrote it in', () => {
    const goldStyles = fc.constantFrom(
      ['2005-06-24'],
      ['June 24, 2005'],
      ['24 June 2005'],
      ['Jun 24, 2005'],
      ['24 Jun 2005'],
    );
    fc.assert(
      fc.property(goldStyles, isoDate, (gold, iso) => {
        const [y, m, d] = iso.split('-').map(Number);
        const written = formatLikeGold(DATE, gold, iso);
        // The same date spelled another way is written the same: the style is gold's, not the system's.
        expect(formatLikeGold(DATE, gold, `${d} ${MONTHS[m! - 1]} ${y}`)).toBe(written);
        expect(normalizeForRule('date', written)).toBe(iso);
      }),
    );
  });
});
