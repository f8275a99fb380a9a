import { describe, expect, it } from 'vitest';
import { normalizeForRule, normalizeText, parseDate, parseNumber, splitList, urlHost } from '../../shared/normalize';

describe('normalizeText', () => {
  it('applies NFKC, full case folding, trimming and whitespace collapsing', () => {
    expect(normalizeText('  Straße  ')).toBe('strasse');
    expect(normalizeText('STRASSE')).toBe('strasse');
    expect(normalizeText(' Tokyo ')).toBe(normalizeText('tokyo'));
    expect(normalizeText('Ｔｏｋｙｏ')).toBe('tokyo'); // full-width forms fold under NFKC
    expect(normalizeText('ﬁle')).toBe('file');
    expect(normalizeText('a \t\n b')).toBe('a b');
    expect(normalizeText('ΟΔΟΣ')).toBe(normalizeText('οδος'));
  });
});

describe('numbers', () => {
  it.each([
    ['25,000', 25000],
    ['25000', 25000],
    ['¥25,000', 25000],
    ['$1,200.50', 1200.5],
    ['25 000 JPY', 25000],
    ['1.234,5', 1234.5],
    ['3,5', 3.5],
    ['−12', -12],
    ['2.5 million', 2_500_000],
    ['94', 94],
    ['about 7%', 7],
  ])('%s -> %d', (text, expected) => {
    expect(parseNumber(text)).toBe(expected);
  });

  it('returns null when there is no number', () => {
    expect(parseNumber('n/a')).toBeNull();
  });

  it('clusters equal amounts written differently', () => {
    expect(normalizeForRule('number', '25,000')).toBe(normalizeForRule('number', '25000 yen'));
    expect(normalizeForRule('number', '25,000')).not.toBe(normalizeForRule('number', '26250'));
  });
});

describe('dates', () => {
  it.each([
    ['2011-06-16', '2011-06-16'],
    ['June 16, 2011', '2011-06-16'],
    ['16 June 2011', '2011-06-16'],
    ['Jun 16th 2011', '2011-06-16'],
    ['06/16/2011', '2011-06-16'],
    ['16/06/2011', '2011-06-16'],
    ['2011/6/5', '2011-06-05'],
    ['June 2011', '2011-06'],
    ['2011', '2011'],
    ['2011-02-30', null],
    ['yesterday', null],
  ])('%s -> %s', (text, expected) => {
    expect(parseDate(text)).toBe(expected);
  });
});

describe('lists and urls', () => {
  it('compares lists as sets of normalised items', () => {
    expect(splitList('Kyoto, Tokyo and  OSAKA')).toEqual(['kyoto', 'osaka', 'tokyo']);
    expect(normalizeForRule('list', 'b; a')).toBe(normalizeForRule('list', 'A, B, a'));
  });

  it('compares urls by host', () => {
    expect(urlHost('https://www.Example.com/a?b')).toBe('example.com');
    expect(normalizeForRule('url', 'http://example.com/x')).toBe(normalizeForRule('url', 'https://www.example.com/y'));
    expect(urlHost('not a url')).toBeNull();
  });
});
