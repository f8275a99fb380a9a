// The panel's comparison lines: values in the column's format, the systems'
// spellings, verdicts and how a value differs from gold in the column's terms.
import { describe, expect, it } from 'vitest';
import type { ClusterDetail, SystemCellView } from '../../../shared/api-types';
import type { ColumnRule } from '../../../shared/domain';
import {
  comparisonLine,
  comparisonLines,
  diffFromGold,
  inColumnFormat,
  methodsText,
} from '../../../renderer/src/lib/cluster-compare';
import { writtenSpellings } from '../../../renderer/src/lib/gold-spelling';
import { cellDetail } from '../fixtures';

const cell = (
  response: string,
  verdict: SystemCellView['verdict'] = 'incorrect',
  method: SystemCellView['method'] = 'deterministic',
): SystemCellView => ({
  system: `s-${response}-${verdict}`,
  run: 'r',
  response_entity: null,
  response,
  verdict,
  method,
  reasoning: null,
  sources: [],
  aligned_by: null,
  graded_against: null,
});

const cluster = (value: string, cells: SystemCellView[], agrees = false): ClusterDetail => ({
  key: value,
  value,
  systems: cells.map((c) => c.system),
  agrees_with_gold: agrees,
  cells,
});
const gold = (value: string) => ({ gold: { state: 'value' as const, value, alternatives: [], sources: [] } });
const date: ColumnRule = { type: 'date' };
const number: ColumnRule = { type: 'number' };

describe('inColumnFormat', () => {
  it('writes dates in ISO 8601 and numbers without a trailing .0, grouped when gold groups', () => {
    expect(inColumnFormat('November 9, 2005', date, '2005-06-24')).toBe('2005-11-09');
    expect(inColumnFormat('1997.0', number, '1990')).toBe('1997');
    expect(inColumnFormat('26250', number, '12,500')).toBe('26,250');
    expect(inColumnFormat('26250 JPY', number, '12500')).toBe('26250 JPY');
    expect(
      inColumnFormat('COOPERATIVE', { type: 'choice', options: ['Independent', 'Cooperative'] }, 'Independent'),
    ).toBe('Cooperative');
  });
});

describe('diffFromGold', () => {
  it('measures numbers, dates and lists in the column’s terms', () => {
    expect(diffFromGold({ value: '1997', agrees_with_gold: false }, number, gold('1990'))).toEqual({
      text: '+7 (+0.4%)',
      tone: 'differs',
    });
    expect(diffFromGold({ value: '2005-11-09', agrees_with_gold: false }, date, gold('2005-11-06'))).toEqual({
      text: '+3 days',
      tone: 'differs',
    });
    expect(diffFromGold({ value: '2003', agrees_with_gold: false }, date, gold('2005'))).toEqual({
      text: '−2 years',
      tone: 'differs',
    });
    expect(diffFromGold({ value: 'a, b, c', agrees_with_gold: false }, { type: 'list' }, gold('a; d'))).toEqual({
      text: '+2 −1 items',
      tone: 'differs',
    });
    expect(diffFromGold({ value: 'x', agrees_with_gold: false }, { type: 'text' }, gold('y'))).toEqual({
      text: '≠ gold',
      tone: 'differs',
    });
    expect(diffFromGold({ value: '', agrees_with_gold: false }, { type: 'text' }, gold('y'))).toEqual({
      text: 'no answer',
      tone: 'muted',
    });
    expect(diffFromGold({ value: '1000.5', agrees_with_gold: false }, number, gold('1000'))).toEqual({
      text: '+0.5 (+0.05%)',
      tone: 'differs',
    });
    expect(
      diffFromGold({ value: '101', agrees_with_gold: true }, { type: 'number', tolerance: 2 }, gold('100')),
    ).toEqual({ text: '= gold, +1 (+1%)', tone: 'same' });
  });

  it('says what gold is when it holds no value', () => {
    const blank = { gold: { state: 'blank' as const, value: null, alternatives: [], sources: [] } };
    expect(diffFromGold({ value: 'x', agrees_with_gold: false }, null, blank)).toEqual({
      text: 'gold is blank',
      tone: 'differs',
    });
    expect(
      diffFromGold({ value: 'x', agrees_with_gold: false }, null, {
        gold: { state: 'ungraded', value: null, alternatives: [], sources: [] },
      }),
    ).toEqual({ text: 'gold ungraded', tone: 'muted' });
  });
});

describe('comparisonLine', () => {
  it('gives the value in gold’s format, the systems’ spellings, counts of verdicts and the methods', () => {
    const c = cluster('November 9, 2005', [
      cell('November 9, 2005'),
      cell('November 9, 2005'),
      cell('Nov 9 2005', 'incorrect', 'llm_judge'),
    ]);
    const line = comparisonLine(c, { ...gold('2005-06-24'), column_rule: date });
    expect(line).toMatchObject({
      value: '2005-11-09',
      spellings: [
        { text: 'November 9, 2005', count: 2 },
        { text: 'Nov 9 2005', count: 1 },
      ],
      also: false,
      count: 3,
      verdicts: [{ verdict: 'incorrect', count: 3 }],
      methods: ['deterministic', 'llm_judge'],
    });
    expect(methodsText(line.methods)).toBe('rule + LLM judge');
    expect(line.diff.text).toBe('+138 days (+0.4 years)');
  });

  it('lists only the other spellings when systems wrote the value as shown', () => {
    const c = cluster('Independent', [cell('Independent', 'correct'), cell('INDEPENDENT', 'correct')], true);
    expect(comparisonLine(c, { ...gold('Independent'), column_rule: { type: 'text' } })).toMatchObject({
      spellings: [{ text: 'INDEPENDENT', count: 1 }],
      also: true,
      diff: { text: '= gold', tone: 'same' },
    });
  });
});

describe('comparisonLines', () => {
  it('shows each value as accepting its cluster writes it, in gold’s format of the column', () => {
    // Gold writes this column with one decimal: "93" is written "93.0", as the form prefills it.
    const base = cellDetail();
    const detail = cellDetail({
      columns: base.columns.map((column) =>
        column.name === base.dispute.column ? { ...column, gold_values: ['94.0', '87.0', '71.0'] } : column,
      ),
    });
    const lines = comparisonLines(detail);
    expect(lines.map((line) => line.value)).toEqual(
      detail.clusters.map((_, i) => writtenSpellings(detail, i)[0]?.text),
    );
    expect(lines[1]!.value).toBe('93.0');
  });

  it('works each detail’s lines out once: the panel finds those of a dispute fetched ahead', () => {
    const detail = cellDetail();
    expect(comparisonLines(detail)).toBe(comparisonLines(detail));
    // Another detail of the same dispute (fetched again after a change) has lines of its own.
    const again = cellDetail();
    expect(comparisonLines(again)).not.toBe(comparisonLines(detail));
    expect(comparisonLines(again)).toEqual(comparisonLines(detail));
  });
});
