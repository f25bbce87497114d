import type { BarSeriesOption, LineSeriesOption, PieSeriesOption } from 'echarts/charts';
import type {
  GridComponentOption,
  LegendComponentOption,
  MarkLineComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';

/**
 * What the big screens' chart options are made of (components/echart.tsx registers
 * the same parts). Types only from echarts, so the option builders stay pure
 * functions that tests read directly, and the login page never loads echarts.
 */
export type ScreenChartOption = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | PieSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | MarkLineComponentOption
  | TooltipComponentOption
>;

/** Light on dark, the colours both big screens draw with (each adds its own palette). */
export const SCREEN_COLORS = {
  text: '#e6f0ff',
  muted: '#93a9cc',
  axis: '#36507d',
  split: 'rgba(120, 160, 220, 0.16)',
  accent: '#3fd0ff',
  pass: '#36d399',
  warn: '#ffb547',
  background: '#0b1a36',
} as const;

/** The axes' and tooltip's styles of a screen, its text at the sizes it is read at. */
export function chartStyleOf(sizes: { label: number; tooltip: number }) {
  return {
    axisLabel: { color: SCREEN_COLORS.muted, fontSize: sizes.label },
    axisLine: { lineStyle: { color: SCREEN_COLORS.axis } },
    splitLine: { lineStyle: { color: SCREEN_COLORS.split } },
    tooltip: { textStyle: { fontSize: sizes.tooltip } },
  };
}

/** The plot area with room kept for the axis labels whatever their length. */
export const plotGrid = (margins: { left: number; right: number; top: number; bottom: number }): GridComponentOption => ({
  ...margins,
  outerBoundsMode: 'same',
  outerBoundsContain: 'axisLabel',
});

/** A dashed horizontal target line at `percent` on a 0–100 axis, labelled 目标 n%. */
export function targetLine(percent: number, fontSize: number): LineSeriesOption['markLine'] {
  return {
    silent: true,
    symbol: 'none',
    lineStyle: { type: 'dashed', color: SCREEN_COLORS.warn, width: 2 },
    label: { formatter: `目标 ${percent}%`, position: 'insideEndTop', color: SCREEN_COLORS.warn, fontSize },
    data: [{ yAxis: percent, name: '目标' }],
  };
}

/** A top-to-bottom gradient from `top` to `bottom`, for areas under a line and bars. */
export function verticalGradient(top: string, bottom: string) {
  return {
    type: 'linear' as const,
    x: 0,
    y: 0,
    x2: 0,
    y2: 1,
    colorStops: [
      { offset: 0, color: top },
      { offset: 1, color: bottom },
    ],
  };
}
