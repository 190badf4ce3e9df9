import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { StatsBucket, StatsInterval } from '@rotalink/shared-api';
import { bucketLabel } from '../hooks/stats-format';

interface Props {
  buckets: StatsBucket[];
  interval: StatsInterval;
}

const HEIGHT = 240;
const COUNTED = '#2563eb';
const FILTERED = '#d97706';

/** uPlot's columns: bucket starts in Unix seconds, counted, and filtered (repeat + bot). */
export function chartColumns(buckets: StatsBucket[]): uPlot.AlignedData {
  return [buckets.map((b) => Date.parse(b.start) / 1000), buckets.map((b) => b.counted), buckets.map((b) => b.repeat + b.bot)];
}

function options(width: number, interval: StatsInterval): uPlot.Options {
  return {
    width,
    height: HEIGHT,
    scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
    series: [
      { label: interval === 'hour' ? 'Hour' : 'Day' },
      { label: 'Counted', stroke: COUNTED, fill: 'rgba(37, 99, 235, 0.12)', width: 2, points: { show: false } },
      { label: 'Filtered (repeat + bot)', stroke: FILTERED, width: 2, dash: [6, 4], points: { show: false } },
    ],
    axes: [{}, { incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 100_000, 1_000_000] }],
    legend: { show: true },
    cursor: { drag: { x: false, y: false } },
    plugins: [touchCursor()],
  };
}

const clamp = (n: number, max: number) => Math.min(Math.max(n, 0), max);

// uPlot's cursor follows only the mouse, and a phone sends mouse events for a tap but none for a
// finger drag: this lets a drag move it (a vertical swipe still scrolls: touch-action in stats.css).
// It listens on the whole drawing (plot and axes): a finger that lands on the axis labels, a big
// part of a phone-sized chart, moves the cursor too.
function touchCursor(): uPlot.Plugin {
  let follow: (e: PointerEvent) => void = () => undefined;
  let area: HTMLElement | null = null;
  return {
    hooks: {
      init: (u) => {
        follow = (e) => {
          if (e.pointerType !== 'touch') return;
          // Clamped to the plot: a touch on an axis, or one that slid off the chart (implicit capture), reads the nearest bucket; left of the plot, uPlot would blank the legend.
          const r = u.over.getBoundingClientRect();
          u.setCursor({ left: clamp(e.clientX - r.left, r.width), top: clamp(e.clientY - r.top, r.height) });
        };
        area = u.root.querySelector<HTMLElement>('.u-wrap') ?? u.over;
        area.addEventListener('pointerdown', follow);
        area.addEventListener('pointermove', follow);
      },
      destroy: () => {
        area?.removeEventListener('pointerdown', follow);
        area?.removeEventListener('pointermove', follow);
      },
    },
  };
}

/**
 * The time chart of counted vs filtered clicks (issue 15), drawn on a canvas by uPlot (decision
 * 0068: 22 KB gzip, the smallest and fastest of the candidates measured). The canvas is hidden from
 * assistive technology: the same figures follow as a table (ChartTable), which screen readers and
 * keyboard users open instead.
 */
export function ClicksChart({ buckets, interval }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);

  // A new plot when the bucket size changes (another axis); new data on the same plot otherwise.
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const made = new uPlot(options(el.clientWidth || 320, interval), chartColumns([]), el);
    plot.current = made;
    const resize =
      typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => made.setSize({ width: el.clientWidth, height: HEIGHT }));
    resize?.observe(el);
    return () => {
      resize?.disconnect();
      made.destroy();
      plot.current = null;
    };
  }, [interval]);

  useEffect(() => {
    plot.current?.setData(chartColumns(buckets));
  }, [buckets, interval]);

  const counted = buckets.reduce((n, b) => n + b.counted, 0);
  const filtered = buckets.reduce((n, b) => n + b.repeat + b.bot, 0);
  return (
    <div
      className="mem-chart"
      role="img"
      aria-label={`Chart: ${counted} counted and ${filtered} filtered clicks. The same figures are in the table below.`}
    >
      <div ref={box} className="mem-chart__canvas" aria-hidden="true" />
    </div>
  );
}

/**
 * The chart's figures as a table: the alternative for screen readers, and for anyone who wants
 * numbers. The summary says what pressing it does next, so it reads "Hide the table" while open
 * (the browser still tells screen readers expanded / collapsed).
 */
export function ChartTable({ buckets, interval }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <details className="mem-details" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{open ? 'Hide the table' : 'Show the chart as a table'}</summary>
      <div className="mem-scroll">
        <table className="mem-stats-table">
          <caption className="mem-sr-only">Clicks per {interval}</caption>
          <thead>
            <tr>
              <th scope="col">{interval === 'hour' ? 'Hour' : 'Day'}</th>
              <th scope="col">Counted</th>
              <th scope="col">Repeat</th>
              <th scope="col">Bot</th>
            </tr>
          </thead>
          <tbody>
            {buckets.map((b) => (
              <tr key={b.start}>
                <th scope="row">{bucketLabel(b, interval)}</th>
                <td>{b.counted}</td>
                <td>{b.repeat}</td>
                <td>{b.bot}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
