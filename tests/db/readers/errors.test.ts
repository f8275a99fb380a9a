import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeValue, describeZodError, formatPath } from '../../../db/readers/errors';
import { gradeSchema } from '../../../db/readers/schemas';

describe('formatPath', () => {
  it('writes indexes in brackets, keys after dots, and quotes ambiguous keys', () => {
    expect(formatPath(['details', 'rows', 2, 'cells', 0, 'verdict'])).toBe('details.rows[2].cells[0].verdict');
    expect(formatPath(['rows', 3, 'cells', 'Critic Metascore'], 'gold')).toBe('gold.rows[3].cells.Critic Metascore');
    expect(formatPath(['cells', 'a.b'])).toBe('cells["a.b"]');
    expect(formatPath(['cells', ''])).toBe('cells[""]');
    expect(formatPath([])).toBe('');
  });
});

describe('describeZodError', () => {
  const validGrade = () => ({
    task_id: 't',
    scores: { discovery_f1: 1, item_f1: 1, row_f1: 1 },
    details: {
      rows: [{ gold_row: 0, response_row: 0, cells: [{ column: 'c', verdict: 'correct', method: 'deterministic' }] }],
    },
  });

  it('names the field and what was expected and found', () => {
    const grade = validGrade();
    grade.details.rows[0]!.cells[0]!.verdict = 'wrong';
    const result = gradeSchema.safeParse(grade, { reportInput: true });
    expect(result.success).toBe(false);
    expect(describeZodError(result.error!)).toEqual({
      field: 'details.rows[0].cells[0].verdict',
      reason: 'expected one of correct, incorrect, missing, blank_ok, ungraded, got "wrong"',
    });
  });

  it('says when a field is missing, and names the next problems by field, then counts the rest', () => {
    const result = gradeSchema.safeParse(
      { task_id: 't', details: { rows: [{ gold_row: 1.5, response_row: 0 }] } },
      { reportInput: true },
    );
    expect(describeZodError(result.error!)).toEqual({
      field: 'scores',
      reason: 'expected an object, but it is missing (also details.rows[0].gold_row: expected an integer, got 1.5)',
    });
    const many = z
      .object({ a: z.string(), b: z.string(), c: z.string(), d: z.string(), e: z.string() })
      .safeParse({}, { reportInput: true });
    expect(describeZodError(many.error!, 'x').reason).toBe(
      'expected string, but it is missing (also x.b: expected string, but it is missing; x.c: expected string, but it is missing; x.d: expected string, but it is missing; and 1 more)',
    );
  });

  it('prefixes fields and never serialises whole values', () => {
    const result = z.object({ a: z.string() }).safeParse({ a: { huge: 'x'.repeat(1000) } }, { reportInput: true });
    expect(describeZodError(result.error!, 'gold', ['rows', 1])).toEqual({
      field: 'gold.rows[1].a',
      reason: 'expected string, got an object',
    });
    expect(describeValue('y'.repeat(100))).toMatch(/^"y{57}"… \(100 characters\)$/u);
  });
});
