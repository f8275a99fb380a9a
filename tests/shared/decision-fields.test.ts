// Which fields each decision takes (design.md §6): one table for the service's
// check, the ruling log's check and the renderer's form.
import { describe, expect, it } from 'vitest';
import { DECISION_FIELDS, decisionFieldsProblem } from '../../shared/decision-fields';
import { DECISIONS, VALUE_DECISIONS } from '../../shared/domain';

const flag = (field: string): string => `--${field}`;

describe('DECISION_FIELDS', () => {
  it('gives a value to exactly the decisions whose value counts in agreement', () => {
    for (const decision of DECISIONS)
      expect(DECISION_FIELDS[decision].value !== 'refused', decision).toBe(VALUE_DECISIONS.has(decision));
  });

  it('gives column values to add_row only and a gold row to add_alias only', () => {
    expect(DECISIONS.filter((d) => DECISION_FIELDS[d].values !== 'refused')).toEqual(['add_row']);
    expect(DECISIONS.filter((d) => DECISION_FIELDS[d].row !== 'refused')).toEqual(['add_alias']);
  });
});

describe('decisionFieldsProblem', () => {
  it('accepts each decision with its own fields, absent ones given as null or left out', () => {
    expect(decisionFieldsProblem('keep_gold', { value: null, values: null, row: null }, flag)).toBeNull();
    expect(decisionFieldsProblem('new_value', { value: ' 93 ' }, flag)).toBeNull();
    expect(decisionFieldsProblem('add_row', {}, flag)).toBeNull();
    expect(decisionFieldsProblem('add_row', { value: 'Entity', values: { City: 'Kyoto' } }, flag)).toBeNull();
    expect(decisionFieldsProblem('add_alias', { row: 0 }, flag)).toBeNull();
  });

  it('names every field given in vain, an empty text included', () => {
    expect(decisionFieldsProblem('keep_gold', { value: '' }, flag)).toBe('decision keep_gold takes no value (--value)');
    expect(decisionFieldsProblem('reject_row', { value: 'x', values: {}, row: 1 }, flag)).toBe(
      'decision reject_row takes no value (--value) and no column values (--values) and no gold row (--row)',
    );
  });

  it('names what a decision needs', () => {
    expect(decisionFieldsProblem('accept_both', { value: '  ' }, flag)).toBe(
      'decision accept_both needs a value (--value)',
    );
    expect(decisionFieldsProblem('add_alias', { row: null }, flag)).toBe(
      'decision add_alias needs the gold row it is an alias of (--row)',
    );
  });
});
