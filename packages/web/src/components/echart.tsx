import { Empty } from 'antd';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import { init, use as registerChartParts, type EChartsCoreOption, type EChartsType } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import './echart.css';

// Only what the data center and the data board draw. Import this file from lazily loaded pages
// alone, so the login page never loads echarts (DESIGN.md §7: its bundle stays under 350 KB).
registerChartParts([BarChart, LineChart, PieChart, GridComponent, LegendComponent, MarkLineComponent, TooltipComponent, SVGRenderer]);

interface EChartProps {
  /** names the figure for screen readers and tests */
  title: string;
  option: EChartsCoreOption;
  /** no answer (the call failed) or nothing to draw: 暂无数据 instead of an empty frame (seed 000 §8) */
  empty: boolean;
  /** the page's own class, added to the figure so its stylesheet can size and frame the chart */
  className?: string;
}

/** One chart of a big screen, or 暂无数据. */
export function EChart({ title, option, empty, className }: EChartProps) {
  return (
    <figure className={className ? `echart ${className}` : 'echart'} aria-label={title}>
      {empty ? (
        <Empty className="echart__empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />
      ) : (
        <ChartSurface option={option} />
      )}
    </figure>
  );
}

/**
 * ECharts on a div, drawn as SVG: sharp on any screen, and a big screen's few dozen
 * points cost nothing to redraw. The chart starts once the div has a size (a
 * slide laid out off screen may have none yet) and follows it when it changes
 * (the window, full screen).
 */
function ChartSurface({ option }: { option: EChartsCoreOption }) {
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

  return <div ref={element} className="echart__surface" />;
}
