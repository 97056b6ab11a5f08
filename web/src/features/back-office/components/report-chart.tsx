import { useEffect, useLayoutEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface DayChartSeries {
  label: string;
  /** A #rrggbb colour; canvas cannot read custom properties. */
  color: string;
  values: number[];
}

interface DayChartProps {
  title: string;
  /** UTC days, YYYY-MM-DD. */
  days: string[];
  series: DayChartSeries[];
  formatValue(value: number): string;
  testId?: string;
}

const AXIS = 'rgb(160 174 192)';
const GRID = 'rgb(255 255 255 / 0.07)';

/**
 * The reports' chart: one line per figure over UTC days, drawn with uPlot as the operations area's
 * charts are. Day labels are UTC dates, not the browser's local time, so they match the table.
 */
export function DayChart({ title, days, series, formatValue, testId }: DayChartProps) {
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
    const pad = (value: number) => String(value).padStart(2, '0');
    const options: uPlot.Options = {
      width: Math.max(element.clientWidth, 200),
      height: 240,
      legend: { show: true, live: false },
      cursor: { drag: { x: false, y: false } },
      scales: { x: { time: true } },
      axes: [
        {
          stroke: AXIS,
          grid: { stroke: GRID },
          ticks: { stroke: GRID },
          space: 70,
          values: (_plot, ticks) =>
            ticks.map((tick) => {
              const at = new Date(tick * 1000);
              return `${pad(at.getUTCDate())}.${pad(at.getUTCMonth() + 1)}.`;
            }),
        },
        { stroke: AXIS, grid: { stroke: GRID }, ticks: { stroke: GRID }, size: 80, values: (_plot, ticks) => ticks.map((tick) => format.current(tick)) },
      ],
      series: [
        {},
        ...labels.split(',').map((entry) => {
          const [label, color] = entry.split('|');
          return {
            label,
            stroke: color,
            width: 2,
            points: { show: true },
            value: (_plot: uPlot, value: number | null) => (value === null ? '–' : format.current(value)),
          };
        }),
      ],
    };
    const created = new uPlot(options, [[]], element);
    plot.current = created;
    const resize = new ResizeObserver(() => created.setSize({ width: Math.max(element.clientWidth, 200), height: 240 }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      created.destroy();
      plot.current = null;
    };
  }, [labels]);

  useEffect(() => {
    plot.current?.setData([days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000), ...series.map((line) => line.values)] as uPlot.AlignedData);
  });

  return <div ref={box} className="bo-chart" role="img" aria-label={title} data-testid={testId} data-points={days.length} />;
}
