import { describe, expect, it } from 'vitest';
import { agreementBand, formatCoefficient, formatShare } from '../../renderer/src/lib/coefficients';
import { initials, policyLong, policyShort } from '../../renderer/src/lib/format';
import { nextPolicy } from '../../renderer/src/lib/policy';

describe('coefficients on screen', () => {
  it('shows "—" for undefined', () => {
    expect(formatCoefficient(null)).toBe('—');
    expect(formatCoefficient(Number.NaN)).toBe('—');
    expect(formatShare(null)).toBe('—');
  });

  it('rounds, keeps a real minus, and never shows −0.00', () => {
    expect(formatCoefficient(0.66539)).toBe('0.67');
    expect(formatCoefficient(0.66539, 3)).toBe('0.665');
    expect(formatCoefficient(-0.25)).toBe('−0.25');
    expect(formatCoefficient(-0.001)).toBe('0.00');
  });

  it('shows shares as percentages', () => {
    expect(formatShare(0.65753)).toBe('65.8%');
    expect(formatShare(1)).toBe('100%');
    expect(formatShare(0)).toBe('0%');
  });

  it('names Landis & Koch bands', () => {
    expect([-0.1, 0, 0.2, 0.21, 0.5, 0.7, 0.81, 1].map(agreementBand)).toEqual(['poor', 'slight', 'slight', 'fair', 'moderate', 'substantial', 'almost perfect', 'almost perfect']);
    expect(agreementBand(null)).toBeNull();
  });
});

describe('policy', () => {
  it('reads short in the header and whole in settings', () => {
    expect(policyShort({ required: 1, blind: false })).toBe('1 ruling');
    expect(policyShort({ required: 2, blind: true })).toBe('2 agreeing · blind');
    expect(policyLong({ required: 3, blind: false })).toBe('3 agreeing engineers resolve a dispute; blind review off.');
  });

  it('turns blind review on when going to double review, unless the user chose', () => {
    expect(nextPolicy({ required: 1, blind: false }, 2, false)).toEqual({ required: 2, blind: true });
    expect(nextPolicy({ required: 1, blind: false }, 2, true)).toEqual({ required: 2, blind: false });
    expect(nextPolicy({ required: 2, blind: false }, 3, false)).toEqual({ required: 3, blind: false });
    expect(nextPolicy({ required: 2, blind: true }, 1, false)).toEqual({ required: 1, blind: true });
  });
});

describe('engineer initials', () => {
  it('takes one or two letters', () => {
    expect(initials('mia')).toBe('M');
    expect(initials('Noah Berg')).toBe('NB');
    expect(initials('ava.k')).toBe('AK');
    expect(initials('Émile')).toBe('É');
  });
});
