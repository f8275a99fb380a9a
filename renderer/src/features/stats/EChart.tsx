// One ECharts canvas. Created once per mount, given a new option whenever the
// option object changes (callers memoise it), resized with its box, disposed
// on unmount. The chart is an image to assistive tech; the tables beside each
// chart carry the same numbers as text.
import { useEffect, useRef } from 'react';
import { init, type ChartOption, type ECharts } from './echarts';

interface EChartProps {
  option: ChartOption;
  height: number;
  /** What the chart shows, for screen readers and tooltips of the box. */
  label: string;
  className?: string;
}

export function EChart({ option, height, label, className = '' }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const instance = init(el, null, { renderer: 'canvas' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={box} className={`chart ${className}`} style={{ height }} role="img" aria-label={label} />;
}
