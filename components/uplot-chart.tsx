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
  /** Draw the series as stacked areas (each on top of the previous ones). */
  stacked?: boolean;
}

/** Running sums across series, so series k is drawn at the total of series 1..k. */
function stack(data: uPlot.AlignedData): uPlot.AlignedData {
  const [x, ...ys] = data;
  let acc = (x as number[]).map(() => 0);
  const out = ys.map((y) => {
    acc = acc.map((v, i) => v + ((y as (number | null)[])[i] ?? 0));
    return acc;
  });
  return [x, ...out];
}

function css(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || '#888';
}

const COUNTS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000];

function seriesOptions(s: ChartSeries, stacked: boolean): uPlot.Series {
  const color = css(s.colorVar);
  if (s.bars)
    return {
      label: s.label,
      stroke: color,
      fill: color,
      paths: uPlot.paths.bars?.({ size: [0.7, 14] }),
      points: { show: false },
    };
  return {
    label: s.label,
    stroke: color,
    width: stacked ? 1 : 2,
    fill: `${color}${stacked ? '66' : '22'}`,
    points: { show: false },
  };
}

function options(series: readonly ChartSeries[], width: number, height: number, stacked: boolean): uPlot.Options {
  const axis = { stroke: css('--muted'), grid: { stroke: css('--line'), width: 1 }, ticks: { stroke: css('--line') } };
  return {
    width,
    height,
    scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max) * 1.1] } },
    cursor: { drag: { x: false, y: false } },
    legend: { show: true, live: false },
    axes: [
      { ...axis, space: 70, values: (_u, splits) => splits.map((s) => shortDate(new Date(s * 1000).toISOString())) },
      { ...axis, size: 40, incrs: COUNTS },
    ],
    // Stacked: fill between each series and the one under it, not down to zero.
    ...(stacked ? { bands: series.slice(1).map((_, i) => ({ series: [i + 2, i + 1] as [number, number] })) } : {}),
    series: [{}, ...series.map((s) => seriesOptions(s, stacked))],
  };
}

/** A uPlot chart that fills its container's width and redraws when the colour scheme changes. */
export function UplotChart({ title, summary, data, series, height = 180, stacked = false }: UplotChartProps) {
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
    const u = new uPlot(options(series, el.clientWidth || 320, height, stacked), stacked ? stack(data) : data, el);
    plot.current = u;
    const ro = new ResizeObserver(() => u.setSize({ width: el.clientWidth || 320, height }));
    ro.observe(el);
    return () => {
      ro.disconnect();
      u.destroy();
      plot.current = null;
    };
  }, [seriesKey, scheme, height, stacked]);
  useEffect(() => {
    plot.current?.setData(stacked ? stack(data) : data);
  }, [data, stacked]);
  return (
    <figure class="chart">
      <figcaption>{title}</figcaption>
      <div ref={host} role="img" aria-label={summary} />
    </figure>
  );
}
