// CSV for spreadsheets: RFC 4180 quoting, and formula-like values kept as text.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvField, csvLine } from '../../shared/csv';

/** A strict RFC 4180 reader for one record, to check what a spreadsheet would see. */
function parseRecord(line: string): string[] {
  expect(line.endsWith('\r\n')).toBe(true);
  const text = line.slice(0, -2);
  const fields: string[] = [];
  let i = 0;
  for (;;) {
    if (text[i] === '"') {
      let value = '';
      i++;
      for (;;) {
        const quote = text.indexOf('"', i);
        expect(quote).toBeGreaterThanOrEqual(0);
        value += text.slice(i, quote);
        if (text[quote + 1] === '"') {
          value += '"';
          i = quote + 2;
        } else {
          i = quote + 1;
          break;
        }
      }
      fields.push(value);
    } else {
      const comma = text.indexOf(',', i);
      const end = comma === -1 ? text.length : comma;
      const value = text.slice(i, end);
      expect(value).not.toMatch(/["\r\n]/u);
      fields.push(value);
      i = end;
    }
    if (i >= text.length) return fields;
    expect(text[i]).toBe(',');
    i++;
  }
}

const FORMULA = /^[=+\-@\t\r]/u;

describe('CSV', () => {
  it('round-trips any fields through an RFC 4180 reader, formula-like ones behind an apostrophe', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: 'grapheme', maxLength: 20 }), { minLength: 1, maxLength: 6 }),
        (fields) => {
          expect(parseRecord(csvLine(fields))).toEqual(fields.map((f) => (FORMULA.test(f) ? `'${f}` : f)));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('neutralises every formula prefix of the hostile corpus', () => {
    const { texts } = JSON.parse(
      readFileSync(join(import.meta.dirname, '..', 'fixtures', 'hostile', 'text-formula-prefixes.json'), 'utf8'),
    ) as { texts: string[] };
    expect(texts.length).toBeGreaterThan(3);
    for (const text of texts) {
      expect(text).toMatch(FORMULA);
      expect(parseRecord(csvLine([text]))).toEqual([`'${text}`]);
    }
  });

  it('writes numbers, booleans and nulls plainly', () => {
    expect([csvField(3), csvField(-1), csvField(true), csvField(null), csvField(undefined)]).toEqual([
      '3',
      '-1',
      'true',
      '',
      '',
    ]);
  });
});
