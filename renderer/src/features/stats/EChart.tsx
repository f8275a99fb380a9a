// One ECharts canvas. Created once per mount, after the view's first paint
// (the cards and tables show at once, the canvases a frame later), given a
// new option whenever the option object changes (callers memoise it), resized
// with its box, disposed on unmount. The chart is an image to assistive tech; the tables beside each
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
  const latest = useRef(option);
  latest.current = option;

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let instance: ECharts | null = null;
    let observer: ResizeObserver | null = null;
    let timer = 0;
    // A frame's callback runs before that frame is painted; the timeout it sets, after.
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => {
        const created = init(el, null, { renderer: 'canvas' });
        instance = created;
        chart.current = created;
        created.setOption(latest.current, { notMerge: true });
        observer = new ResizeObserver(() => created.resize());
        observer.observe(el);
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
      observer?.disconnect();
      instance?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={box} className={`chart ${className}`} style={{ height }} role="img" aria-label={label} />;
}
