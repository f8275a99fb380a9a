import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  agreementBand,
  alphaReading,
  bandClass,
  formatCoefficient,
  formatShare,
} from '../../../renderer/src/lib/coefficients';
import { initials, policyLong, policyShort } from '../../../renderer/src/lib/format';
import { nextPolicy, policyChangeNotice } from '../../../renderer/src/lib/policy';
import { KAPPA_BANDS } from '../../../renderer/src/features/stats/chart-theme';

const statsCss = readFileSync(new URL('../../../renderer/src/styles/stats.css', import.meta.url), 'utf8');

/** The declarations of one CSS rule, by its exact selector. */
function rule(selector: string): string {
  const at = statsCss.indexOf(`${selector} {`);
  if (at < 0) throw new Error(`no rule ${selector}`);
  return statsCss.slice(at, statsCss.indexOf('}', at));
}

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
    expect([-0.1, 0, 0.2, 0.21, 0.5, 0.7, 0.81, 1].map(agreementBand)).toEqual([
      'poor',
      'slight',
      'slight',
      'fair',
      'moderate',
      'substantial',
      'almost perfect',
      'almost perfect',
    ]);
    expect(agreementBand(null)).toBeNull();
  });

  it('colours every band as the heat map legend names it, the α label too', () => {
    const bands = ['poor', 'slight', 'fair', 'moderate', 'substantial', 'almost perfect'];
    // The legend's entries, in order, are the bands agreementBand names.
    expect(KAPPA_BANDS.map((b) => b.label.replace(/^[^a-z]*/u, ''))).toEqual(bands);
    for (const [i, band] of bands.entries()) {
      const mid = (KAPPA_BANDS[i]!.min + KAPPA_BANDS[i]!.max) / 2;
      expect(agreementBand(mid)).toBe(band);
      expect(bandClass(band)).toBe(`band-${band.replace(' ', '-')}`);
      expect(rule(`.${bandClass(band)}`)).toMatch(/color:/u);
    }
    expect(bandClass(null)).toBe('coef-undefined');
    // The α figure's band label takes its colour from the band's class alone: "slight" is not painted "resolved" green.
    expect(rule('.stat-figure-note')).not.toMatch(/(^|[^-])color:/mu);
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

  it('says what saving another number does: the service’s count of disputes that reopen or resolve', () => {
    const raised = policyChangeNotice(1, 2, { reopen: 12, resolve: 0 });
    expect(raised).toMatchObject({ tone: 'warning', title: '12 disputes will reopen.' });
    expect(raised?.text).toContain(
      'the 12 disputes resolved by a single engineer go back to open until 2 engineers agree on each',
    );
    expect(raised?.text).toContain('even those a patch already carries');
    const one = policyChangeNotice(2, 3, { reopen: 1, resolve: 0 });
    expect(one?.title).toBe('1 dispute will reopen.');
    expect(one?.text).toContain(
      'the dispute resolved by fewer than 3 agreeing engineers goes back to open until 3 engineers agree on it',
    );
    // Asked, not answered yet: the general warning.
    expect(policyChangeNotice(1, 2, null)).toMatchObject({ tone: 'warning', title: 'Disputes may reopen.' });
    // Nothing to reopen: nothing to say.
    expect(policyChangeNotice(1, 2, { reopen: 0, resolve: 0 })).toBeNull();
    // Lowering resolves disputes that many engineers already agree on.
    expect(policyChangeNotice(3, 1, { reopen: 0, resolve: 5 })).toMatchObject({
      tone: 'info',
      title: '5 disputes will resolve.',
    });
    expect(policyChangeNotice(3, 1, { reopen: 0, resolve: 0 })).toBeNull();
    expect(policyChangeNotice(2, 2, { reopen: 3, resolve: 3 })).toBeNull();
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

describe("Krippendorff's reading of α", () => {
  it('is stricter than the kappa bands: 0.649 is not reliable, 0.7 tentative, 0.8 reliable', () => {
    expect(alphaReading(0.649)).toBe('not reliable (α < 0.667)');
    expect(alphaReading(0.7)).toBe('tentative conclusions only (0.667 ≤ α < 0.800)');
    expect(alphaReading(0.8)).toBe('reliable (α ≥ 0.800)');
    expect(alphaReading(null)).toBeNull();
  });
});
