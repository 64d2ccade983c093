import { useEffect, useRef, useState } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { shortDate } from '../lib/i18n/format';

export interface ChartSeries {
  label: string;
  /** A CSS custom property holding the colour, e.g. `--type-fact`, so dark mode follows. */
  colorVar: string;
  bars?: boolean;
}

export interface UplotChartProps {
  title: string;
  /** What the chart shows, in words: the canvas's accessible name. */
  summary: string;
  data: uPlot.AlignedData;
  series: readonly ChartSeries[];
  height?: number;
}

function css(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || '#888';
}

function options(series: readonly ChartSeries[], width: number, height: number): uPlot.Options {
  const axis = { stroke: css('--muted'), grid: { stroke: css('--line'), width: 1 }, ticks: { stroke: css('--line') } };
  const bars = uPlot.paths.bars?.({ size: [0.7, 14] });
  return {
    width,
    height,
    scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max) * 1.1] } },
    cursor: { drag: { x: false, y: false } },
    legend: { show: true, live: false },
    axes: [
      { ...axis, space: 70, values: (_u, splits) => splits.map((s) => shortDate(new Date(s * 1000).toISOString())) },
      { ...axis, size: 40 },
    ],
    series: [
      {},
      ...series.map((s) => {
        const color = css(s.colorVar);
        return s.bars
          ? { label: s.label, stroke: color, fill: color, paths: bars, points: { show: false } }
          : { label: s.label, stroke: color, width: 2, fill: `${color}22`, points: { show: false } };
      }),
    ],
  };
}

/** A uPlot chart that fills its container's width and redraws when the colour scheme changes. */
export function UplotChart({ title, summary, data, series, height = 180 }: UplotChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const [scheme, setScheme] = useState(0);
  const seriesKey = series.map((s) => `${s.label}:${s.colorVar}:${s.bars}`).join('|');
  useEffect(() => {
    const media = matchMedia('(prefers-color-scheme: dark)');
    const onScheme = () => setScheme((n) => n + 1);
    media.addEventListener('change', onScheme);
    return () => media.removeEventListener('change', onScheme);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilt only when the series or colours change; data flows in below.
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const u = new uPlot(options(series, el.clientWidth || 320, height), data, el);
    plot.current = u;
    const ro = new ResizeObserver(() => u.setSize({ width: el.clientWidth || 320, height }));
    ro.observe(el);
    return () => {
      ro.disconnect();
      u.destroy();
      plot.current = null;
    };
  }, [seriesKey, scheme, height]);
  useEffect(() => {
    plot.current?.setData(data);
  }, [data]);
  return (
    <figure class="chart">
      <figcaption>{title}</figcaption>
      <div ref={host} role="img" aria-label={summary} />
    </figure>
  );
}
