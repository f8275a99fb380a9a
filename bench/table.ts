// The one table `npm run bench` prints: figure | value | peer / floor | ratio | goal | met?
// Goals are either a ratio to the floor, an absolute bound, or both.

export interface Figure {
  figure: string;
  value: string;
  floor: string;
  ratio: number | null;
  goal: string;
  /** null: not measured (n/a) or no goal to meet. */
  met: boolean | null;
}

export interface FigureInput {
  figure: string;
  /** Measured value (ms, bytes…) or null when the figure could not be measured. */
  value: number | null;
  format: (value: number) => string;
  floor?: number | null;
  /** Highest allowed value / floor. */
  maxRatio?: number;
  /** Highest allowed absolute value, in the value's unit. */
  maxValue?: number;
  goal: string;
  /** Why the value is missing (printed instead of a number). */
  note?: string;
}

export function figure(input: FigureInput): Figure {
  const { value, floor } = input;
  if (value === null) {
    return {
      figure: input.figure,
      value: input.note ?? 'n/a',
      floor: floor == null ? '—' : input.format(floor),
      ratio: null,
      goal: input.goal,
      met: null,
    };
  }
  const ratio = floor != null && floor > 0 ? value / floor : null;
  const checks: boolean[] = [];
  if (input.maxRatio !== undefined && ratio !== null) checks.push(ratio <= input.maxRatio);
  if (input.maxValue !== undefined) checks.push(value <= input.maxValue);
  return {
    figure: input.figure,
    value: input.format(value),
    floor: floor == null ? '—' : input.format(floor),
    ratio,
    goal: input.goal,
    met: checks.length === 0 ? null : checks.every(Boolean),
  };
}

/** A Markdown table, so the same text goes to the terminal and to docs/benchmarks.md. */
export function renderTable(figures: readonly Figure[]): string {
  const header = ['figure', 'value', 'peer / floor', 'ratio', 'goal', 'met?'];
  const rows = figures.map((f) => [
    f.figure,
    f.value,
    f.floor,
    f.ratio === null ? '—' : `${f.ratio.toFixed(2)}×`,
    f.goal,
    f.met === null ? '—' : f.met ? 'yes' : 'NO',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]): string => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}
