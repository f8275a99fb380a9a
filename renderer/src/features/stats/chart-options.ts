// ECharts options for the three plots, built from already-shaped data. Pure:
// everything a chart shows (labels, tooltips) is plain text drawn on canvas.
import type { StatusCounts } from '../../../../shared/api-types';
import type { DisputeStatus } from '../../../../shared/domain';
import { formatCoefficient, formatShare } from '../../lib/coefficients';
import { formatCount, oneLine } from '../../lib/format';
import { AXIS_LINE, CHART_TEXT, KAPPA_BANDS, MUTED, SPLIT_LINE, STATUS_COLOURS, UNDEFINED_CELL } from './chart-theme';
import type { ChartOption } from './echarts';
import type { DailyRulings, KappaCell } from './stats-data';

/** Where undefined kappas sit on the colour scale: below every band. */
export const UNDEFINED_KAPPA = -9;

const STATUS_ORDER = ['resolved', 'conflict', 'open'] as const satisfies readonly DisputeStatus[];

interface ItemParams {
  seriesName?: string;
  value?: unknown;
  name?: string;
}

function tuple(value: unknown): number[] {
  return Array.isArray(value) ? value.map(Number) : [];
}

// One formatter for every label: toLocaleDateString builds a new one per call, a millisecond apiece at times.
const DAY_LABEL = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Short day label: "2026-11-21" → "Nov 21". */
export function dayLabel(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return DAY_LABEL.format(date);
}

/** One stacked bar: resolved, conflict, open. */
export function progressOption(progress: StatusCounts): ChartOption {
  const total = Math.max(progress.total, 1);
  return {
    animationDuration: 300,
    textStyle: CHART_TEXT,
    grid: { left: 0, right: 0, top: 0, bottom: 0 },
    xAxis: { type: 'value', max: total, show: false },
    yAxis: { type: 'category', data: ['disputes'], show: false },
    tooltip: {
      trigger: 'item',
      renderMode: 'richText',
      formatter: (p: unknown) => {
        const { seriesName = '', value } = p as ItemParams;
        const n = Number(value);
        return `${seriesName}: ${formatCount(n)} (${formatShare(n / total)})`;
      },
    },
    series: STATUS_ORDER.map((status) => ({
      type: 'bar' as const,
      name: status,
      stack: 'status',
      barWidth: '100%',
      data: [progress[status]],
      itemStyle: { color: STATUS_COLOURS[status] },
      label: {
        show: progress[status] / total > 0.07,
        color: status === 'open' ? '#1b2230' : '#fff',
        fontWeight: 600,
        formatter: () => `${status} ${formatCount(progress[status])}`,
      },
    })),
  };
}

/** Rulings per day, one stacked bar segment per engineer. */
export function dailyOption(daily: DailyRulings, colourOf: (engineer: string) => string): ChartOption {
  return {
    animationDuration: 300,
    textStyle: CHART_TEXT,
    grid: { left: 34, right: 8, top: 30, bottom: 22 },
    legend: { top: 0, left: 0, icon: 'roundRect', itemWidth: 10, itemHeight: 10, textStyle: CHART_TEXT },
    tooltip: { trigger: 'axis', renderMode: 'richText', axisPointer: { type: 'shadow' } },
    xAxis: {
      type: 'category',
      data: daily.days.map(dayLabel),
      axisLine: { lineStyle: { color: AXIS_LINE } },
      axisTick: { show: false },
      axisLabel: { color: CHART_TEXT.color, hideOverlap: true },
    },
    yAxis: {
      type: 'value',
      minInterval: 1,
      axisLabel: { color: MUTED },
      splitLine: { lineStyle: { color: SPLIT_LINE } },
    },
    series: daily.series.map((s) => ({
      type: 'bar' as const,
      name: oneLine(s.engineer),
      stack: 'rulings',
      data: s.counts,
      barMaxWidth: 26,
      itemStyle: { color: colourOf(s.engineer) },
      emphasis: { focus: 'series' as const },
    })),
  };
}

/** Engineers × engineers, each cell the pair's kappa; "—" where it is undefined. */
export function kappaOption(engineers: readonly string[], cells: readonly KappaCell[]): ChartOption {
  const byPosition = new Map(cells.map((c) => [`${c.x},${c.y}`, c]));
  // Canvas text reorders under bidi controls like any other: the names are marked too.
  const names = engineers.map(oneLine);
  const longest = Math.max(0, ...names.map((e) => e.length));
  return {
    animationDuration: 300,
    textStyle: CHART_TEXT,
    grid: { left: Math.min(140, 18 + longest * 7), right: 8, top: 24, bottom: 4 },
    xAxis: {
      type: 'category',
      data: names,
      position: 'top',
      axisLine: { show: false },
      axisTick: { show: false },
      axisLabel: { color: CHART_TEXT.color, fontWeight: 600, interval: 0, overflow: 'truncate', width: 90 },
    },
    yAxis: {
      type: 'category',
      data: names,
      inverse: true,
      axisLine: { show: false },
      axisTick: { show: false },
      axisLabel: { color: CHART_TEXT.color, fontWeight: 600, interval: 0, overflow: 'truncate', width: 130 },
    },
    // Colours only: the legend is text beside the chart (it wraps, the canvas would clip).
    visualMap: {
      type: 'piecewise',
      show: false,
      seriesIndex: 0,
      pieces: [
        { value: UNDEFINED_KAPPA, label: '— undefined', color: UNDEFINED_CELL },
        // The same bounds as agreementBand(): poor is below 0, slight is 0 to 0.20 inclusive.
        ...KAPPA_BANDS.map((b, i) => ({
          ...(i === 0 ? { gte: b.min, lt: b.max } : i === 1 ? { gte: b.min, lte: b.max } : { gt: b.min, lte: b.max }),
          label: b.label,
          color: b.colour,
        })),
      ],
    },
    tooltip: {
      trigger: 'item',
      renderMode: 'richText',
      formatter: (p: unknown) => {
        const [x, y] = tuple((p as ItemParams).value);
        const cell = byPosition.get(`${x},${y}`);
        if (!cell || x === undefined || y === undefined) return '';
        const kappa =
          cell.kappa == null ? 'undefined (too little variation or overlap)' : formatCoefficient(cell.kappa, 3);
        return `${names[x]} × ${names[y]}\nCohen's κ ${kappa}\n${formatShare(cell.percent)} agree on ${formatCount(cell.n)} disputes`;
      },
    },
    series: [
      {
        type: 'heatmap',
        data: cells.map((c) => [c.x, c.y, c.kappa ?? UNDEFINED_KAPPA]),
        itemStyle: { borderColor: '#fff', borderWidth: 2, borderRadius: 3 },
        label: {
          show: true,
          color: '#1b2230',
          fontWeight: 600,
          formatter: (p: unknown) => {
            const value = tuple((p as ItemParams).value)[2];
            return value === UNDEFINED_KAPPA ? '—' : formatCoefficient(value);
          },
        },
        emphasis: { itemStyle: { borderColor: '#1b2230', borderWidth: 1 } },
      },
    ],
  };
}
