import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { DashboardChart } from '#shared/dashboard/dashboard.ts';
import { chartPlan } from './chart-plan';

// uPlot draws on a canvas, so the drawing is hidden from screen readers: the chart's table beside it is
// what they read. This module, and uPlot with it, is loaded only where a chart is drawn.

const plotHeight = 260;

/** Draws `chart` as wide as its box, and follows the box's width as the window changes. */
export function ChartPlot({ chart }: { chart: DashboardChart }) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const { options, data } = chartPlan(chart);
    const width = () => Math.max(Math.floor(element.clientWidth), 240);
    const plot = new uPlot({ ...options, width: width(), height: plotHeight }, data, element);
    const observer = new ResizeObserver(() => {
      const next = width();
      if (next !== plot.width) plot.setSize({ width: next, height: plotHeight });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [chart]);

  return <div ref={box} aria-hidden="true" className="w-full min-w-0 overflow-hidden text-slate-700" />;
}
