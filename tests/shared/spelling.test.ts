import { describe, expect, it } from 'vitest';
import { preferredSpelling, rankSpellings, tidySpelling } from '../../shared/spelling';

describe('which spelling is proposed', () => {
  it('tidies whitespace: runs are one space, ends trimmed', () => {
    expect(tidySpelling('  Lanternfield  Sound\tLines \n')).toBe('Lanternfield Sound Lines');
  });

  it('takes the most common, counting tidied spellings as one', () => {
    expect(
      preferredSpelling([
        ['  Lanternfield  Sound  Lines ', 1],
        ['Lanternfield Sound Lines', 1],
        ['LANTERNFIELD SOUND LINES', 1],
      ]),
    ).toBe('Lanternfield Sound Lines');
    expect(
      preferredSpelling([
        ['GALICIA', 3],
        ['Galicia', 2],
      ]),
    ).toBe('GALICIA');
  });

  it('breaks a tie towards how a person writes it: mixed case, then no letters or lower case, all caps last', () => {
    expect(
      preferredSpelling([
        ['JUNIPER CHESS CIRCLE', 1],
        ['Juniper Chess Circle', 1],
      ]),
    ).toBe('Juniper Chess Circle');
    expect(
      rankSpellings([
        ['JUNIPER', 1],
        ['juniper', 1],
        ['Juniper', 1],
      ]).map(([text]) => text),
    ).toEqual(['Juniper', 'juniper', 'JUNIPER']);
    // No letters with case: code-unit order, the same on every machine; a unit in capitals is not mixed case.
    expect(
      rankSpellings([
        ['1997', 1],
        ['1997.0', 1],
      ]).map(([text]) => text),
    ).toEqual(['1997', '1997.0']);
    expect(
      rankSpellings([
        ['26250 JPY', 1],
        ['26250', 1],
        ['26,250', 1],
      ]).map(([text]) => text),
    ).toEqual(['26,250', '26250', '26250 JPY']);
  });

  it('drops blank spellings; none left is null', () => {
    expect(
      rankSpellings([
        [' ', 2],
        ['x', 1],
      ]),
    ).toEqual([['x', 1]]);
    expect(preferredSpelling([['  ', 1]])).toBeNull();
  });
});
