import { Empty } from 'antd';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import { init, use as registerChartParts, type EChartsType } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import type { DashboardChartOption } from '../dashboard-options';
import './dashboard-chart.css';

// Only what the dashboard draws, so this route's chunk stays small (and the login page never loads echarts).
registerChartParts([BarChart, LineChart, PieChart, GridComponent, MarkLineComponent, TooltipComponent, SVGRenderer]);

interface DashboardChartProps {
  /** names the figure for screen readers and tests */
  title: string;
  option: DashboardChartOption;
  /** no answer (the call failed) or nothing to draw: 暂无数据 instead of an empty frame (seed 000 §8) */
  empty: boolean;
}

/** One chart of the dashboard, or 暂无数据. */
export function DashboardChart({ title, option, empty }: DashboardChartProps) {
  return (
    <figure className="dashboard-chart" aria-label={title}>
      {empty ? (
        <Empty className="dashboard-chart__empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />
      ) : (
        <ChartSurface option={option} />
      )}
    </figure>
  );
}

/**
 * ECharts on a div, drawn as SVG: sharp on any screen, and the dashboard's few dozen
 * points cost nothing to redraw. The chart starts once the div has a size and
 * follows it when it changes (the window, full screen).
 */
function ChartSurface({ option }: { option: DashboardChartOption }) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const latest = useRef(option);

  useEffect(() => {
    const div = element.current;
    if (!div) return;
    const fit = () => {
      if (div.clientWidth === 0 || div.clientHeight === 0) return;
      if (chart.current) {
        chart.current.resize();
        return;
      }
      chart.current = init(div, null, { renderer: 'svg' });
      chart.current.setOption(latest.current);
    };
    const observer = new ResizeObserver(fit);
    observer.observe(div);
    fit();
    return () => {
      observer.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    latest.current = option;
    // Merged into the chart as it is, so a refresh moves the bars instead of redrawing them.
    chart.current?.setOption(option);
  }, [option]);

  return <div ref={element} className="dashboard-chart__surface" />;
}
