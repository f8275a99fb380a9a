// ECharts, tree-shaken: only the charts, components and renderer the Stats
// and Audit views draw with. Canvas rendering, no eval, and tooltips drawn on the canvas
// too (renderMode 'richText'), so data never becomes HTML.
import {
  BarChart,
  HeatmapChart,
  ScatterChart,
  type BarSeriesOption,
  type HeatmapSeriesOption,
  type ScatterSeriesOption,
} from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  TooltipComponent,
  VisualMapPiecewiseComponent,
  type GridComponentOption,
  type LegendComponentOption,
  type TooltipComponentOption,
  type VisualMapComponentOption,
} from 'echarts/components';
import { use, type ComposeOption } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

use([
  BarChart,
  HeatmapChart,
  ScatterChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  VisualMapPiecewiseComponent,
  CanvasRenderer,
]);

export type ChartOption = ComposeOption<
  | BarSeriesOption
  | HeatmapSeriesOption
  | ScatterSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | TooltipComponentOption
  | VisualMapComponentOption
>;

export { init, type ECharts } from 'echarts/core';
