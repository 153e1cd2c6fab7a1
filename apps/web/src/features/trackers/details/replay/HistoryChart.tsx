import { useEffect, useRef } from 'react';
import { Box, Text } from '@mantine/core';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ChartMeasure } from './chartSeries';
import type { ReplayClock } from './replayClock';
import classes from './HistoryChart.module.css';

const HEIGHT = 110;
/** All the charts of a screen share the cursor: hovering one shows the time on all of them. */
export const CHART_SYNC_KEY = 'tracker-history';
/** performance.mark of a chart drawn, with `detail.points` and `detail.measure` (bench:details). */
export const CHART_DRAWN_MARK = 'chart-drawn';

interface HistoryChartProps {
  measure: ChartMeasure;
  /** The fixes' times in epoch ms, oldest first (the history's own column). */
  times: readonly number[];
  clock: ReplayClock;
  /** The moment under the pointer (epoch ms), while it hovers the plot. */
  onHover: (time: number) => void;
}

/**
 * One measure over the range, drawn by uPlot (a canvas per chart, made for long series: 86,400
 * points draw in one pass). A red line marks the replay's moment; hovering moves the replay.
 * The box carries `data-points`, `data-x-min` and `data-x-max` (epoch ms of the time axis)
 * for tests.
 */
export function HistoryChart({ measure, times, clock, onHover }: HistoryChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const hover = useRef(onHover);
  useEffect(() => {
    hover.current = onHover;
  }, [onHover]);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const now = document.createElement('div');
    now.className = classes.now ?? '';
    // Assigned below; the chart's first setScale comes before, while it is being made.
    let plot: uPlot | null = null;
    const place = () => {
      if (!plot) return;
      const x = plot.valToPos(clock.get(), 'x');
      now.style.left = `${x}px`;
      now.hidden = !Number.isFinite(x) || x < 0 || x > plot.over.clientWidth;
    };
    const chart = new uPlot(
      {
        width: Math.max(element.clientWidth, 200),
        height: HEIGHT,
        legend: { show: false },
        cursor: {
          sync: { key: CHART_SYNC_KEY },
          y: false,
          points: { show: false },
        },
        // The time axis in milliseconds, so uPlot draws the history's times column as it is.
        ms: 1,
        scales: { x: { time: true } },
        axes: [{ size: 30 }, { size: 44, values: (_u, ticks) => ticks.map((t) => `${t}`) }],
        series: [
          {},
          {
            label: measure.label,
            stroke: measure.colour,
            width: 1.5,
            spanGaps: true,
            points: { show: false },
          },
        ],
        hooks: {
          // The time axis as drawn, for tests (and the moment's line, placed on it).
          setScale: [
            (u, key) => {
              if (key !== 'x') return;
              element.dataset.xMin = String(u.scales.x!.min ?? 0);
              element.dataset.xMax = String(u.scales.x!.max ?? 0);
              place();
            },
          ],
          setCursor: [
            (u) => {
              const { left, event } = u.cursor as uPlot.Cursor & { event?: Event | null };
              // Only the user's pointer moves the replay, not another chart's synced cursor.
              if (left === undefined || left < 0 || !event) return;
              hover.current(u.posToVal(left, 'x'));
            },
          ],
        },
      },
      // uPlot reads the arrays and keeps them; it does not change them.
      [times as number[], measure.values as (number | null)[]],
      element,
    );
    plot = chart;
    chart.over.appendChild(now);
    place();
    const unsubscribe = clock.subscribe(place);
    const resize = new ResizeObserver(() => {
      chart.setSize({ width: Math.max(element.clientWidth, 200), height: HEIGHT });
      place();
    });
    resize.observe(element);
    element.dataset.points = String(times.length);
    // uPlot draws the data it was made with before the next frame.
    const frame = requestAnimationFrame(() =>
      performance.mark(CHART_DRAWN_MARK, {
        detail: { points: times.length, measure: measure.key },
      }),
    );
    return () => {
      cancelAnimationFrame(frame);
      unsubscribe();
      resize.disconnect();
      chart.destroy();
    };
  }, [measure, times, clock]);

  return (
    <div>
      <Text size="xs" c="dimmed" fw={500}>
        {measure.label} ({measure.unit})
      </Text>
      <Box ref={box} data-testid={`chart-${measure.key}`} aria-label={`${measure.label} chart`} />
    </div>
  );
}
