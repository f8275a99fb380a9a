// The estimate and each stratum's rate with its 95% interval, as horizontal
// interval bars: an invisible bar up to the lower bound, a bar from it to
// the upper bound, and a point at the estimate. Rows without a rate are left
// out. Pure; every label is plain text drawn on canvas.
import { percent, percentRange } from '../../../../shared/audit';
import { AXIS_LINE, CHART_TEXT, SPLIT_LINE } from '../stats/chart-theme';
import type { ChartOption } from '../stats/echarts';

export interface IntervalRow {
  label: string;
  rate: number;
  low: number;
  high: number;
}

const BAR = '#9bb6ec';
const POINT = '#1f3f8f';

export function intervalOption(rows: readonly IntervalRow[]): ChartOption {
  // Top to bottom as listed: ECharts draws category 0 at the bottom.
  const ordered = [...rows].reverse();
  // A round axis end above every upper bound (1%, 2%, 5%, 10%, 20%, 50%, 100%).
  const highest = Math.max(...rows.map((row) => row.high), 0);
  const top = [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1].find((end) => end >= highest) ?? 1;
  return {
    animationDuration: 300,
    textStyle: CHART_TEXT,
    grid: { left: 110, right: 24, top: 8, bottom: 28 },
    xAxis: {
      type: 'value',
      min: 0,
      max: top,
      axisLabel: { formatter: (value: number) => percent(value) },
      axisLine: { lineStyle: { color: AXIS_LINE } },
      splitLine: { lineStyle: { color: SPLIT_LINE } },
    },
    yAxis: {
      type: 'category',
      data: ordered.map((row) => row.label),
      axisLine: { lineStyle: { color: AXIS_LINE } },
      axisTick: { show: false },
    },
    tooltip: {
      trigger: 'axis',
      renderMode: 'richText',
      axisPointer: { type: 'shadow' },
      formatter: (params: unknown) => {
        const first = (Array.isArray(params) ? params[0] : params) as { dataIndex?: number } | undefined;
        const row = ordered[first?.dataIndex ?? -1];
        return row ? `${row.label}: ${percent(row.rate)} (95% CI ${percentRange(row.low, row.high)})` : '';
      },
    },
    series: [
      {
        type: 'bar',
        stack: 'interval',
        silent: true,
        itemStyle: { color: 'transparent' },
        data: ordered.map((row) => row.low),
        barWidth: 14,
      },
      {
        type: 'bar',
        stack: 'interval',
        name: '95% CI',
        itemStyle: { color: BAR, borderRadius: 3 },
        data: ordered.map((row) => row.high - row.low),
        barWidth: 14,
      },
      {
        type: 'scatter',
        name: 'estimate',
        symbol: 'diamond',
        symbolSize: 12,
        itemStyle: { color: POINT },
        data: ordered.map((row, index) => [row.rate, index]),
      },
    ],
  };
}
