// Colours and text of the charts, matching the app's CSS tokens (base.css).
// Canvas cannot read CSS variables cheaply, so the few that charts use are here.

export const CHART_TEXT = {
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  fontSize: 11,
  color: '#465163',
};

export const AXIS_LINE = '#c9cfd7';
export const SPLIT_LINE = '#eceef1';
export const MUTED = '#97a0ad';

export const STATUS_COLOURS = { resolved: '#2e9e6a', conflict: '#e07b39', open: '#9bb6ec' } as const;

/** One colour per engineer, stable by position in the sorted engineer list. */
const ENGINEER_PALETTE = [
  '#2f62d4',
  '#d9822b',
  '#2e9e6a',
  '#8e4fcf',
  '#0f8fa8',
  '#c2417a',
  '#7d8a1f',
  '#6b7486',
  '#b8542e',
  '#3f8cff',
];

export function engineerColour(index: number): string {
  return ENGINEER_PALETTE[index % ENGINEER_PALETTE.length]!;
}

/** Landis & Koch bands, poor → almost perfect, for the kappa heat map. */
export const KAPPA_BANDS: readonly { min: number; max: number; label: string; colour: string }[] = [
  { min: -1, max: 0, label: '< 0 poor', colour: '#d64545' },
  { min: 0, max: 0.2, label: '0–0.20 slight', colour: '#ef8a5b' },
  { min: 0.2, max: 0.4, label: '0.21–0.40 fair', colour: '#f3c25b' },
  { min: 0.4, max: 0.6, label: '0.41–0.60 moderate', colour: '#d9dc6f' },
  { min: 0.6, max: 0.8, label: '0.61–0.80 substantial', colour: '#8fcf83' },
  { min: 0.8, max: 1, label: '0.81–1 almost perfect', colour: '#3fa66a' },
];

export const UNDEFINED_CELL = '#eef0f3';
