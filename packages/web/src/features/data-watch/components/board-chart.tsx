import { Empty } from 'antd';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import { init, use as registerChartParts, type EChartsType } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import type { BoardChartOption } from '../board-options';
import './board-chart.css';

// Only what the board draws, so this route's chunk stays small (and the login page never loads echarts).
registerChartParts([BarChart, LineChart, PieChart, GridComponent, LegendComponent, MarkLineComponent, TooltipComponent, SVGRenderer]);

interface BoardChartProps {
  /** names the figure for screen readers and tests */
  title: string;
  option: BoardChartOption;
  /** no answer (the call failed) or nothing to draw: 暂无数据 instead of an empty frame (seed 000 §8) */
  empty: boolean;
}

/** One chart of the board, or 暂无数据. */
export function BoardChart({ title, option, empty }: BoardChartProps) {
  return (
    <figure className="board-chart" aria-label={title}>
      {empty ? (
        <Empty className="board-chart__empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />
      ) : (
        <ChartSurface option={option} />
      )}
    </figure>
  );
}

/**
 * ECharts on a div, drawn as SVG: sharp on any screen, and the board's few dozen
 * points cost nothing to redraw. The chart starts once the div has a size (a
 * slide laid out off screen may have none yet) and follows it when it changes.
 */
function ChartSurface({ option }: { option: BoardChartOption }) {
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

  return <div ref={element} className="board-chart__surface" />;
}
