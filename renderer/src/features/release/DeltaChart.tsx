// The score preview's chart: each system's change in Row F1, largest gain on
// top, gains green and losses red. Drawn on canvas (tooltips too), so system
// names stay text; the table beside it carries the same numbers.
import { useMemo } from 'react';
import { deltaAxis, formatDelta, formatF1, type DeltaRow } from './release-data';
import { AXIS_LINE, CHART_TEXT, MUTED, SPLIT_LINE } from '../stats/chart-theme';
import { EChart } from '../stats/EChart';
import type { ChartOption } from '../stats/echarts';

const GAIN = '#2e9e6a';
const LOSS = '#d64545';
const FLAT = '#b7bfcb';

export interface DeltaChartRow extends DeltaRow {
  label: string;
  before: number;
  after: number;
}

export function deltaOption(rows: readonly DeltaChartRow[]): ChartOption {
  const axis = deltaAxis(Math.max(0, ...rows.map((r) => Math.abs(r.rowDelta))));
  return {
    animationDuration: 300,
    textStyle: CHART_TEXT,
    grid: { left: 8, right: 56, top: 8, bottom: 24, containLabel: true },
    tooltip: {
      trigger: 'item',
      renderMode: 'richText',
      formatter: (p: unknown) => {
        const { dataIndex } = p as { dataIndex: number };
        const row = rows[dataIndex];
        return row
          ? `${row.label}\nRow F1 ${formatF1(row.before)} → ${formatF1(row.after)} (${formatDelta(row.rowDelta)})`
          : '';
      },
    },
    xAxis: {
      type: 'value',
      min: axis.min,
      max: axis.max,
      interval: axis.interval,
      axisLine: { show: false },
      // The ends are multiples of the interval (deltaAxis), so ECharts' ticks, counted from the minimum, are round values and 0 is one of them.
      axisLabel: {
        color: MUTED,
        showMinLabel: true,
        showMaxLabel: true,
        formatter: (v: number) => formatDelta(v, axis.digits),
      },
      splitLine: { lineStyle: { color: SPLIT_LINE } },
    },
    yAxis: {
      type: 'category',
      inverse: true,
      data: rows.map((r) => r.label),
      axisLine: { lineStyle: { color: AXIS_LINE } },
      axisTick: { show: false },
      axisLabel: { color: CHART_TEXT.color, width: 170, overflow: 'truncate' },
    },
    series: [
      {
        type: 'bar',
        name: 'Δ Row F1',
        barMaxWidth: 18,
        data: rows.map((r) => ({
          value: r.rowDelta,
          itemStyle: {
            color: Math.abs(r.rowDelta) < 5e-4 ? FLAT : r.rowDelta > 0 ? GAIN : LOSS,
            borderRadius: r.rowDelta >= 0 ? [0, 3, 3, 0] : [3, 0, 0, 3],
          },
          label: {
            show: true,
            position: r.rowDelta >= 0 ? 'right' : 'left',
            formatter: () => formatDelta(r.rowDelta),
            color: CHART_TEXT.color,
            fontWeight: 600,
          },
        })),
      },
    ],
  };
}

export default function DeltaChart({ rows }: { rows: readonly DeltaChartRow[] }) {
  const option = useMemo(() => deltaOption(rows), [rows]);
  return (
    <EChart
      option={option}
      height={Math.max(120, rows.length * 30 + 40)}
      label={`Change in Row F1 per system, largest gain first: ${rows.map((r) => `${r.label} ${formatDelta(r.rowDelta)}`).join(', ')}`}
      className="delta-chart"
    />
  );
}
