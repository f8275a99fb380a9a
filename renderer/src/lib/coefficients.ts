// How agreement figures read on screen. The service sends fractions and null
// for "undefined" (no overlap, one category only); the screen shows "—" then.

export const UNDEFINED_MARK = '—';

function defined(x: number | null | undefined): x is number {
  return x != null && Number.isFinite(x);
}

/** 0.6653 → "0.67"; null → "—". Negative values keep their sign (−0.12). */
export function formatCoefficient(x: number | null | undefined, digits = 2): string {
  if (!defined(x)) return UNDEFINED_MARK;
  const text = x.toFixed(digits);
  // "-0.00" reads as a disagreement that is not there.
  if (Number(text) === 0) return (0).toFixed(digits);
  return text.replace('-', '−');
}

/** 0.6575 → "65.8%"; 1 → "100%"; null → "—". */
export function formatShare(x: number | null | undefined): string {
  if (!defined(x)) return UNDEFINED_MARK;
  const pct = x * 100;
  if (pct === 100 || pct === 0) return `${pct}%`;
  return `${pct.toFixed(1)}%`;
}

/** Landis & Koch's (1977) bands for kappa-like coefficients; null when undefined. */
export function agreementBand(x: number | null | undefined): string | null {
  if (!defined(x)) return null;
  if (x < 0) return 'poor';
  if (x <= 0.2) return 'slight';
  if (x <= 0.4) return 'fair';
  if (x <= 0.6) return 'moderate';
  if (x <= 0.8) return 'substantial';
  return 'almost perfect';
}

/**
 * How Krippendorff (2004) reads his α, which is stricter than the kappa bands
 * the heat map colours by: at least 0.800 reliable, from 0.667 good for
 * tentative conclusions only, below that not reliable. Null when undefined.
 */
export function alphaReading(x: number | null | undefined): string | null {
  if (!defined(x)) return null;
  if (x >= 0.8) return 'reliable (α ≥ 0.800)';
  if (x >= 0.667) return 'tentative conclusions only (0.667 ≤ α < 0.800)';
  return 'not reliable (α < 0.667)';
}

/** The CSS class that colours a coefficient by its band, as the heat map's legend does ("coef-undefined" when undefined). */
export function bandClass(band: string | null): string {
  return band == null ? 'coef-undefined' : `band-${band.replace(/ /gu, '-')}`;
}
