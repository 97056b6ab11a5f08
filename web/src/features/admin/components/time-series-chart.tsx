import { useEffect, useLayoutEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import './time-series-chart.css';
import { clockTime } from '../clock-time';

export interface ChartSeries {
  label: string;
  /** A #rrggbb colour; canvas cannot read custom properties. */
  color: string;
  values: (number | null)[];
}

interface TimeSeriesChartProps {
  /** Names the chart for assistive technology; the figures are also in the view's tables. */
  title: string;
  /** Reading times in milliseconds since the epoch. */
  times: number[];
  series: ChartSeries[];
  formatValue(value: number): string;
  /** The page's language, for the time axis. */
  language: string;
  height?: number;
  testId?: string;
}

const AXIS = 'rgb(160 174 192)';
const GRID = 'rgb(255 255 255 / 0.07)';

/**
 * A line chart over time (uPlot: small, canvas-drawn, fast with many points). It follows its box's
 * width, so it fits a phone as well as a desktop.
 */
export function TimeSeriesChart({ title, times, series, formatValue, language, height = 200, testId }: TimeSeriesChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const format = useRef(formatValue);
  useLayoutEffect(() => {
    format.current = formatValue;
  });
  const labels = series.map((line) => `${line.label}|${line.color}`).join(',');

  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const options: uPlot.Options = {
      width: Math.max(element.clientWidth, 200),
      height,
      // The legend names the lines; the figures under each chart give the values in the page's language.
      legend: { show: true, live: false },
      cursor: { drag: { x: false, y: false } },
      scales: { x: { time: true } },
      axes: [
        {
          stroke: AXIS,
          grid: { stroke: GRID },
          ticks: { stroke: GRID },
          // Room for a 24-hour time under each tick, so a phone's narrow chart does not overlap them.
          space: 90,
          values: (_plot, ticks) => ticks.map((tick) => clockTime(tick * 1000, language)),
        },
        { stroke: AXIS, grid: { stroke: GRID }, ticks: { stroke: GRID }, size: 72, values: (_plot, ticks) => ticks.map((tick) => format.current(tick)) },
      ],
      series: [
        {},
        ...labels.split(',').map((entry) => {
          const [label, color] = entry.split('|');
          return {
            label,
            stroke: color,
            width: 2,
            fill: `${color ?? '#888888'}1f`,
            value: (_plot: uPlot, value: number | null) => (value === null ? '–' : format.current(value)),
          };
        }),
      ],
    };
    const created = new uPlot(options, [[]], element);
    plot.current = created;
    const resize = new ResizeObserver(() => created.setSize({ width: Math.max(element.clientWidth, 200), height }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      created.destroy();
      plot.current = null;
    };
  }, [labels, height, language]);

  useEffect(() => {
    plot.current?.setData([times.map((time) => time / 1000), ...series.map((line) => line.values)] as uPlot.AlignedData);
  });

  return <div ref={box} className="time-series-chart" role="img" aria-label={title} data-testid={testId} data-points={times.length} />;
}
