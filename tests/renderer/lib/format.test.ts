import { describe, expect, it } from 'vitest';
import type { ColumnRule } from '../../../shared/domain';
import {
  fileAndLine,
  goldDisplay,
  oneLine,
  ruleText,
  shortPath,
  splitPath,
  suggestRevision,
  topValueText,
  valueDisplay,
} from '../../../renderer/src/lib/format';

describe('goldDisplay', () => {
  it('shows a value as a value', () => {
    expect(goldDisplay({ state: 'value', value: '94' }, 'cell')).toEqual({ text: '94', tone: 'value' });
  });
  it('shows blank and ungraded as muted words, never as an empty cell', () => {
    expect(goldDisplay({ state: 'blank', value: null }, 'cell')).toEqual({ text: 'blank', tone: 'muted' });
    expect(goldDisplay({ state: 'ungraded', value: null }, 'report')).toEqual({ text: 'ungraded', tone: 'muted' });
  });
  it('says a missing row is not in gold', () => {
    expect(goldDisplay({ state: 'value', value: null }, 'missing_row')).toEqual({ text: 'not in gold', tone: 'muted' });
    expect(goldDisplay({ state: 'value', value: null }, 'missing_row', 3)).toEqual({
      text: 'not in gold',
      tone: 'muted',
    });
    // Nobody contests a missing row gold names now (a revision added it): only a ruled one is still listed.
    expect(goldDisplay({ state: 'blank', value: null }, 'missing_row', 0)).toEqual({
      text: 'in gold now',
      tone: 'muted',
    });
  });
  it('keeps markup as text', () => {
    expect(goldDisplay({ state: 'value', value: '<img src=x onerror=alert(1)>' }, 'cell').text).toBe(
      '<img src=x onerror=alert(1)>',
    );
  });
});

describe('valueDisplay', () => {
  it('distinguishes absent, whitespace and real values', () => {
    expect(valueDisplay(null)).toEqual({ text: '—', tone: 'empty' });
    expect(valueDisplay('  ')).toEqual({ text: '(empty)', tone: 'muted' });
    expect(valueDisplay('Tokyo')).toEqual({ text: 'Tokyo', tone: 'value' });
  });
  it('folds line breaks into one line', () => {
    expect(valueDisplay('a\nb').text).toBe('a ⏎ b');
    expect(oneLine('a \r\n  b')).toBe('a ⏎ b');
  });
});

describe('topValueText', () => {
  it('shows the leading value with its system count', () => {
    expect(topValueText({ top_value: '93', top_count: 5 })).toBe('93 (5)');
    expect(topValueText({ top_value: null, top_count: 0 })).toBe('—');
  });
});

describe('ruleText', () => {
  it.each([
    [{ type: 'number', tolerance: 0 }, 'number · exact'],
    [{ type: 'number', tolerance: 2 }, 'number · ±2'],
    [{ type: 'number', relative_tolerance: 0.01 }, 'number · ±1%'],
    [{ type: 'number', relative_tolerance: 0.025 }, 'number · ±2.5%'],
    [{ type: 'date', tolerance_days: 1 }, 'date · ±1 day'],
    [{ type: 'date', tolerance_days: 3 }, 'date · ±3 days'],
    [{ type: 'date' }, 'date · exact'],
    [{ type: 'choice', options: ['E', 'E10+', 'T', 'M'] }, 'choice · E | E10+ | T | M'],
    [{ type: 'llm_judge', criterion: 'Prefecture name' }, 'LLM judge · Prefecture name'],
    [{ type: 'text' }, 'text · normalised equality'],
    [{ type: 'list' }, 'list · same set of items'],
    [{ type: 'url' }, 'url · same host'],
    [{ type: 'entity' }, 'entity name'],
  ] as [ColumnRule, string][])('%j → %s', (rule, text) => {
    expect(ruleText(rule)).toBe(text);
  });
  it('handles a missing rule', () => {
    expect(ruleText(null)).toBe('no rule');
  });
});

describe('suggestRevision', () => {
  it('bumps the last number of the base revision', () => {
    expect(suggestRevision('v1.0')).toBe('v1.1');
    expect(suggestRevision('v1.9')).toBe('v1.10');
    expect(suggestRevision(null)).toBe('v1.1');
    expect(suggestRevision('beta')).toBe('beta-next');
  });
});

describe('shortPath', () => {
  it('keeps the file name whole', () => {
    const p = shortPath('/home/mia/projects/atlas/stores/very/deep/folder/atlas.sqlite', 30);
    expect(p.length).toBeLessThanOrEqual(30);
    expect(p.endsWith('/atlas.sqlite')).toBe(true);
    expect(shortPath('/tmp/a.sqlite')).toBe('/tmp/a.sqlite');
  });
});

describe('splitPath', () => {
  it('splits before the last name, which keeps its separator, so the folder can give way in the middle', () => {
    expect(splitPath('/home/mia/stores/atlas.sqlite')).toEqual({ dir: '/home/mia/stores', name: '/atlas.sqlite' });
    expect(splitPath('C:\\Users\\mia\\atlas.sqlite')).toEqual({ dir: 'C:\\Users\\mia', name: '\\atlas.sqlite' });
    expect(splitPath('/home/mia/stores/')).toEqual({ dir: '/home/mia', name: '/stores/' });
  });

  it('keeps a bare name or a top-level file whole', () => {
    expect(splitPath('atlas.sqlite')).toEqual({ dir: '', name: 'atlas.sqlite' });
    expect(splitPath('/atlas.sqlite')).toEqual({ dir: '', name: '/atlas.sqlite' });
    expect(splitPath('')).toEqual({ dir: '', name: '' });
  });

  it('loses nothing: the two parts are the path', () => {
    for (const p of ['/a/b/c.sqlite', 'rel/x', '/x/', 'C:\\a\\b']) {
      const { dir, name } = splitPath(p);
      expect(dir + name).toBe(p);
    }
  });
});

describe('hostile text in values', () => {
  it('shows bidi and zero-width controls as visible markers and line breaks as ⏎', () => {
    expect(oneLine('abc\u202Edef\u200Bg\nh')).toBe('abc⟨U+202E⟩def⟨U+200B⟩g ⏎ h');
  });
});

describe('fileAndLine', () => {
  it("keeps a refused line's file name and number, POSIX or Windows", () => {
    expect(fileAndLine('/shared/logs/mia.rulings.jsonl:12')).toBe('mia.rulings.jsonl:12');
    expect(fileAndLine('C:\\logs\\noah.rulings.jsonl:3')).toBe('noah.rulings.jsonl:3');
    expect(fileAndLine('mia.rulings.jsonl')).toBe('mia.rulings.jsonl');
  });
});
