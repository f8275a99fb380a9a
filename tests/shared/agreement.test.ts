import { describe, expect, it } from 'vitest';
import { agreementKey, statusFromPositions } from '../../shared/agreement';

describe('agreement between rulings', () => {
  it('treats values equal after normalisation as the same decision', () => {
    expect(agreementKey({ decision: 'new_value', value: '25,000' }, 'number')).toBe(
      agreementKey({ decision: 'new_value', value: '25000' }, 'number'),
    );
    expect(agreementKey({ decision: 'new_value', value: 'Straße' }, 'text')).toBe(
      agreementKey({ decision: 'new_value', value: 'STRASSE' }, 'text'),
    );
    expect(agreementKey({ decision: 'new_value', value: '93' }, 'number')).not.toBe(
      agreementKey({ decision: 'new_value', value: '94' }, 'number'),
    );
  });

  it('ignores a stray value on decisions that carry none, but not the row of add_alias', () => {
    expect(agreementKey({ decision: 'keep_gold', value: 'x' }, 'text')).toBe(
      agreementKey({ decision: 'keep_gold' }, 'text'),
    );
    expect(agreementKey({ decision: 'add_alias', row: 1 }, 'entity')).not.toBe(
      agreementKey({ decision: 'add_alias', row: 2 }, 'entity'),
    );
  });

  it('derives status from counted positions and the policy', () => {
    expect(statusFromPositions([], 1, false)).toBe('open');
    expect(statusFromPositions(['a'], 1, false)).toBe('resolved');
    expect(statusFromPositions(['a'], 2, false)).toBe('open');
    expect(statusFromPositions(['a', 'a'], 2, false)).toBe('resolved');
    expect(statusFromPositions(['a', 'b'], 1, false)).toBe('conflict');
    expect(statusFromPositions(['a', 'a', 'b'], 2, false)).toBe('conflict');
    expect(statusFromPositions([], 2, true)).toBe('resolved');
  });
});
