// The one implementation of the grading rules (design.md §4.1): each rule type,
// accepted alternatives, blank and ungraded gold, and both gold shapes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ColumnRule } from '../../shared/domain';
import { normalizeText } from '../../shared/normalize';
import { checkCell, equalsAccepted, matchesRule } from '../../shared/rules';

const v = (value: string, alternatives?: string[]) => ({ value, ...(alternatives ? { alternatives } : {}) });
const TEXT: ColumnRule = { type: 'text' };

describe('checkCell: gold states come before the rule', () => {
  it('ungraded gold is excluded whatever was answered', () => {
    for (const rule of [TEXT, { type: 'number' } as ColumnRule, { type: 'llm_judge' } as ColumnRule]) {
      expect(checkCell(rule, { ungraded: true }, '')).toBe('ungraded');
      expect(checkCell(rule, { ungraded: true }, 'anything')).toBe('ungraded');
    }
  });

  it('blank gold credits only an empty answer (whitespace is empty)', () => {
    expect(checkCell(TEXT, { blank: true }, '')).toBe('blank_ok');
    expect(checkCell(TEXT, { blank: true }, '  \t')).toBe('blank_ok');
    expect(checkCell(TEXT, { blank: true }, 'Tokyo')).toBe('incorrect');
    // Even for llm_judge columns: a value where none exists is wrong without a judge.
    expect(checkCell({ type: 'llm_judge' }, { blank: true }, 'Hiroshima')).toBe('incorrect');
  });

  it('an empty answer to a value is missing', () => {
    expect(checkCell(TEXT, v('Tokyo'), '')).toBe('missing');
    expect(checkCell({ type: 'llm_judge' }, v('Tokyo'), ' ')).toBe('missing');
  });

  it('accepts the store shape {state, value, alternatives} as well as the JSON shape', () => {
    expect(checkCell(TEXT, { state: 'value', value: 'Kyoto', alternatives: ['Kyōto'] }, 'kyōto')).toBe('correct');
    expect(checkCell(TEXT, { state: 'blank', value: null, alternatives: [] }, '')).toBe('blank_ok');
    expect(checkCell(TEXT, { state: 'ungraded', value: null }, 'x')).toBe('ungraded');
  });
});

describe('checkCell: rule types', () => {
  it('text: normalised equality (case, spacing, NFKC, full case folding)', () => {
    expect(checkCell(TEXT, v('Tokyo'), '  tokyo ')).toBe('correct');
    expect(checkCell(TEXT, v('Straße'), 'STRASSE')).toBe('correct');
    expect(checkCell(TEXT, v('Tokyo'), 'Ｔｏｋｙｏ')).toBe('correct');
    expect(checkCell(TEXT, v('Tokyo'), 'Kyoto')).toBe('incorrect');
  });

  it('number with an absolute tolerance', () => {
    const exact: ColumnRule = { type: 'number', tolerance: 0 };
    expect(checkCell(exact, v('25000'), '25,000')).toBe('correct');
    expect(checkCell(exact, v('25000'), '¥25,000')).toBe('correct');
    expect(checkCell(exact, v('94'), '93')).toBe('incorrect');
    const loose: ColumnRule = { type: 'number', tolerance: 1 };
    expect(checkCell(loose, v('94'), '93')).toBe('correct');
    expect(checkCell(loose, v('94'), '92')).toBe('incorrect');
    // Exactly at the bound passes despite binary rounding (0.3 - 0.1 is not 0.2 in floating point).
    expect(checkCell({ type: 'number', tolerance: 0.2 }, v('0.1'), '0.3')).toBe('correct');
  });

  it('number with a relative tolerance; with both, the looser bound applies', () => {
    const relative: ColumnRule = { type: 'number', relative_tolerance: 0.01 };
    expect(checkCell(relative, v('25000'), '25250')).toBe('correct'); // |250| <= 1% of 25000
    expect(checkCell(relative, v('25000'), '25251')).toBe('incorrect');
    expect(checkCell(relative, v('25000'), '24750')).toBe('correct');
    const both: ColumnRule = { type: 'number', tolerance: 500, relative_tolerance: 0.01 };
    expect(checkCell(both, v('25000'), '25500')).toBe('correct'); // 500 absolute beats 250 relative
    expect(checkCell(both, v('25000'), '25501')).toBe('incorrect');
  });

  it('number: text that is no number compares as text', () => {
    expect(checkCell({ type: 'number' }, v('unknown'), 'Unknown')).toBe('correct');
    expect(checkCell({ type: 'number' }, v('94'), 'ninety-four')).toBe('incorrect');
  });

  it('date: ISO comparison with tolerance_days', () => {
    const exact: ColumnRule = { type: 'date' };
    expect(checkCell(exact, v('2011-06-16'), 'June 16, 2011')).toBe('correct');
    expect(checkCell(exact, v('2011-06-16'), '16 June 2011')).toBe('correct');
    expect(checkCell(exact, v('2011-06-16'), '2011-06-17')).toBe('incorrect');
    const week: ColumnRule = { type: 'date', tolerance_days: 7 };
    expect(checkCell(week, v('2011-06-16'), '2011-06-23')).toBe('correct');
    expect(checkCell(week, v('2011-06-16'), '2011-06-24')).toBe('incorrect');
    expect(checkCell(week, v('2011-12-30'), '2012-01-02')).toBe('correct'); // across a year boundary
    expect(checkCell(exact, v('circa 1990s'), 'Circa 1990s')).toBe('correct'); // not a date: as text
  });

  it('choice: normalised equality with the option', () => {
    const rule: ColumnRule = { type: 'choice', options: ['E', 'E10+', 'T', 'M'] };
    expect(checkCell(rule, v('E10+'), 'e10+')).toBe('correct');
    expect(checkCell(rule, v('E10+'), 'E')).toBe('incorrect');
  });

  it('list: set equality of items (order, separators and duplicates do not matter)', () => {
    const rule: ColumnRule = { type: 'list' };
    expect(checkCell(rule, v('Tokyo, Kyoto; Osaka'), 'osaka | kyoto and Tokyo')).toBe('correct');
    expect(checkCell(rule, v('Tokyo, Kyoto'), 'Kyoto, Tokyo, Tokyo')).toBe('correct');
    expect(checkCell(rule, v('Tokyo, Kyoto'), 'Tokyo')).toBe('incorrect');
    expect(checkCell(rule, v('Tokyo, Kyoto'), 'Tokyo, Kyoto, Nara')).toBe('incorrect');
  });

  it('url: same host (www. and scheme aside), any path', () => {
    const rule: ColumnRule = { type: 'url' };
    expect(checkCell(rule, v('https://www.nintendo.co.jp/'), 'http://nintendo.co.jp/games/zelda')).toBe('correct');
    expect(checkCell(rule, v('https://www.nintendo.co.jp/'), 'https://nintendo.com/')).toBe('incorrect');
    expect(checkCell(rule, v('https://nintendo.co.jp/'), 'not a url')).toBe('incorrect');
    // Gold that is no URL at all names no host: compared as text.
    expect(checkCell(rule, v('none'), 'None')).toBe('correct');
  });

  it('entity: the name or any alias, normalised', () => {
    const rule: ColumnRule = { type: 'entity' };
    const gold = v('The Legend of Zelda: Ocarina of Time 3D', ['Ocarina of Time 3D']);
    expect(checkCell(rule, gold, 'ocarina of time 3d')).toBe('correct');
    expect(checkCell(rule, gold, 'the legend of zelda:  ocarina of time 3d')).toBe('correct');
    expect(checkCell(rule, gold, 'Ocarina of Time')).toBe('incorrect');
  });

  it('llm_judge: any non-empty answer to a value goes to the judge', () => {
    const rule: ColumnRule = { type: 'llm_judge', criterion: 'Prefecture name' };
    expect(checkCell(rule, v('Hiroshima'), 'Hiroshima')).toBe('needs_judge');
    expect(checkCell(rule, v('Hiroshima'), 'Hiroshima-ken')).toBe('needs_judge');
    expect(equalsAccepted(v('Hiroshima'), ' hiroshima ')).toBe(true);
    expect(equalsAccepted(v('Hiroshima'), 'Hiroshima-ken')).toBe(false);
    expect(equalsAccepted({ blank: true }, '')).toBe(false);
  });

  it('accepted alternatives count like the value, for every deterministic rule', () => {
    expect(checkCell(TEXT, v('Kyoto', ['Kyōto', 'Kioto']), 'KIOTO')).toBe('correct');
    expect(checkCell({ type: 'number', tolerance: 0 }, v('25000', ['26250']), '26,250')).toBe('correct');
    expect(checkCell({ type: 'date' }, v('2011-06-16', ['2011-06-17']), 'June 17, 2011')).toBe('correct');
    expect(checkCell({ type: 'url' }, v('https://a.example/', ['https://b.example/']), 'https://b.example/x')).toBe(
      'correct',
    );
    expect(checkCell(TEXT, v('Kyoto', ['Kioto']), 'Tokyo')).toBe('incorrect');
  });
});

describe('properties', () => {
  const nonEmpty = fc.string({ minLength: 1, maxLength: 30 }).filter((s) => normalizeText(s) !== '');

  it('every value matches itself under every deterministic rule', () => {
    const rules: ColumnRule[] = [
      { type: 'text' },
      { type: 'number' },
      { type: 'date' },
      { type: 'choice' },
      { type: 'list' },
      { type: 'entity' },
    ];
    fc.assert(
      fc.property(nonEmpty, (value) => {
        for (const rule of rules) expect(matchesRule(rule, value, value)).toBe(true);
      }),
    );
  });

  it('text matching ignores case and surrounding whitespace', () => {
    fc.assert(
      fc.property(nonEmpty, fc.constantFrom('', ' ', '\t', '  '), (value, pad) => {
        expect(checkCell(TEXT, v(value), `${pad}${value.toUpperCase()}${pad}`)).toBe(
          checkCell(TEXT, v(value), value.toLowerCase()),
        );
      }),
    );
  });

  it('numbers within an absolute tolerance are correct and beyond it incorrect', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 0, max: 2000 }),
        (gold, tolerance, delta) => {
          const verdict = checkCell({ type: 'number', tolerance }, v(String(gold)), String(gold + delta));
          expect(verdict).toBe(delta <= tolerance ? 'correct' : 'incorrect');
        },
      ),
    );
  });

  it('the verdict never depends on which accepted spelling is the value', () => {
    fc.assert(
      fc.property(nonEmpty, nonEmpty, nonEmpty, (a, b, response) => {
        expect(checkCell(TEXT, v(a, [b]), response)).toBe(checkCell(TEXT, v(b, [a]), response));
      }),
    );
  });
});
