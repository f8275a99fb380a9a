import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeExternalUrl } from '../../../shared/host';
import { extractUrls, nameScore, parseReport } from '../../../shared/report-parse';
import { BAUHAUS, CATALOGUE, ZELDA } from './catalogue';
import { CORPUS } from './corpus';

describe('report corpus', () => {
  it('has at least 30 bodies', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(30);
  });

  it.each(CORPUS.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const parsed = parseReport({ title: c.title, body: c.body }, CATALOGUE);
    const e = c.expect;
    expect(parsed.task_id).toBe(e.task_id);
    expect(parsed.task_text).toBe(e.task_text ?? null);
    expect(parsed.ambiguous_task).toBe(e.ambiguous_task ?? false);
    if (e.task_candidates) expect(parsed.task_candidates).toEqual(e.task_candidates);
    else expect(parsed.task_candidates).toEqual(e.task_id ? [e.task_id] : []);
    expect(parsed.gold_row).toBe(e.gold_row);
    expect(parsed.row_by).toBe(e.row_by);
    if (e.gold_row !== null) expect(parsed.row_text).toBeTruthy();
    expect(parsed.column).toBe(e.column);
    if (e.column !== null) expect(parsed.column_text).toBeTruthy();
    if (Array.isArray(e.column_score)) {
      expect(parsed.column_score).toBeGreaterThanOrEqual(e.column_score[0]);
      expect(parsed.column_score).toBeLessThanOrEqual(e.column_score[1]);
      expect(parsed.column_score).toBeLessThan(1);
    } else {
      expect(parsed.column_score).toBe(e.column_score);
    }
    expect(parsed.proposed_value).toBe(e.proposed_value);
    expect(parsed.missing_entity).toBe(e.missing_entity ?? null);
    expect(parsed.urls.map(({ url, safe }) => ({ url, safe }))).toEqual(e.urls);
    for (const url of parsed.urls) {
      expect(url.href).toBe(url.safe ? safeExternalUrl(url.url) : null);
      expect(url.reason === null).toBe(url.safe);
    }
    expect(parsed.confidence).toBeGreaterThanOrEqual(e.confidence[0]);
    expect(parsed.confidence).toBeLessThanOrEqual(e.confidence[1]);
    for (const note of e.notes ?? []) expect(parsed.notes.some((n) => note.test(n))).toBe(true);
  });

  it('ranks complete, exact reports above vague ones', () => {
    const full = parseReport(
      {
        title: 't',
        body: 'Task: atlas-0012\nRow: 1\nColumn: Birth year\nCorrect value: 1883\nSource: https://a.example/x',
      },
      CATALOGUE,
    );
    const vague = parseReport({ title: 'atlas-0012 something is off', body: 'please check' }, CATALOGUE);
    expect(full.confidence).toBeGreaterThan(vague.confidence);
    expect(vague).toMatchObject({ task_id: BAUHAUS, gold_row: null, column: null, proposed_value: null, urls: [] });
  });
});

describe('column similarity', () => {
  it('is 1 only for an exact name after normalisation', () => {
    expect(nameScore('critic  METASCORE', 'Critic Metascore')).toBe(1);
    expect(nameScore('Critc Metascore', 'Critic Metascore')).toBeLessThan(1);
    expect(nameScore('Critc Metascore', 'Critic Metascore')).toBeGreaterThan(0.85);
  });

  it('prefers the column whose words the reporter used', () => {
    const columns = CATALOGUE.tasks.find((t) => t.id === ZELDA)!.columns;
    const best = (written: string): string =>
      [...columns].sort((a, b) => nameScore(written, b) - nameScore(written, a))[0]!;
    expect(best('metascore')).toBe('Critic Metascore');
    expect(best('HQ city')).toBe('Lead developer headquarters city');
    expect(best('founding yr')).toBe('Lead developer founding year');
    expect(best('voice actor prefecture')).toBe('Hero voice actor home prefecture');
  });
});

describe('links', () => {
  it('lists http(s) as safe and every other scheme as unsafe, trimming prose punctuation', () => {
    const urls = extractUrls(
      'See (https://x.example/a_(b)), <https://y.example/>. Also javascript:alert(1); vbscript:msgbox and data: none.',
    );
    expect(urls.map((u) => [u.url, u.safe])).toEqual([
      ['https://x.example/a_(b)', true],
      ['https://y.example/', true],
      ['javascript:alert(1)', false],
      ['vbscript:msgbox', false],
    ]);
  });

  it('flags credentials in a link and links hiding bidi controls', () => {
    const [credentials, bidi] = extractUrls('https://bank.example@evil.example/ https://a.example/\u202egpj.exe');
    expect(credentials).toMatchObject({ safe: false, href: null });
    expect(bidi).toMatchObject({
      url: 'https://a.example/\u202egpj.exe',
      safe: false,
      reason: expect.stringMatching(/bidirectional/) as unknown,
    });
  });
});

describe('robustness', () => {
  it('never throws, and only ever offers links the hosts would open', () => {
    fc.assert(
      fc.property(fc.string(), fc.option(fc.string({ maxLength: 400 })), (title, body) => {
        const parsed = parseReport({ title, body }, CATALOGUE);
        for (const url of parsed.urls) if (url.safe) expect(safeExternalUrl(url.url)).not.toBeNull();
        expect(parsed.confidence).toBeGreaterThanOrEqual(0);
        expect(parsed.confidence).toBeLessThanOrEqual(1);
      }),
      { numRuns: 300 },
    );
  });

  it.each([
    [
      'tables, repeated words and a long link',
      `${'| a | b |\n|---|---|\n'.repeat(200)}${'row row row '.repeat(2000)}${'https://x.example/'.repeat(500)}`,
    ],
    ['a heading padded with spaces', `# a${' '.repeat(100_000)}b`],
    ['a label padded with spaces', `Column:${' '.repeat(100_000)}x`],
    ['a proposal padded with spaces', `should be ${' '.repeat(100_000)}x\nchange from ${'x '.repeat(50_000)}`],
    ['schemes back to back', 'https:'.repeat(100_000)],
    ['a link ending in brackets', `https://x.example/${')'.repeat(100_000)}`],
    ['thousands of links', Array.from({ length: 20_000 }, (_, i) => `https://a.example/${i}`).join(' ')],
    ['many short lines', 'Row: 1\nColumn: birth year\nshould be 1883, not 1884 -> 1885\n'.repeat(3000)],
  ])('parses a long hostile body quickly: %s', (_name, body) => {
    const started = performance.now();
    parseReport({ title: 'atlas-0012', body }, CATALOGUE);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
