import { BOARD_LIMITS, type ChartPoint, type RatePoint } from '@factory/contracts';
import type { BarSeriesOption } from 'echarts/charts';
import { chartStyleOf, plotGrid as grid, SCREEN_COLORS, targetLine, verticalGradient, type ScreenChartOption } from '../../lib/chart-options';
import { ratePercent } from './board-view';

/**
 * The chart options of the data board, built from the calls' answers. Pure
 * functions (types only from echarts), so tests read the options directly:
 * jsdom-like test DOMs draw no charts.
 */
export type BoardChartOption = ScreenChartOption;

/** Light on dark, sized to be read from across the line. */
export const BOARD_COLORS = {
  ...SCREEN_COLORS,
  palette: ['#3fd0ff', '#36d399', '#ffb547', '#ff6b6b', '#a78bfa', '#5b8ff9', '#f472b6', '#facc15', '#2dd4bf', '#fb923c'],
} as const;

const LABEL_SIZE = 18;
const { axisLabel, axisLine, splitLine, tooltip } = chartStyleOf({ label: LABEL_SIZE, tooltip: 16 });

/** The one-pass target on the 0–100 axis (seed 000 §9: 80). */
export const TARGET_PERCENT = ratePercent(BOARD_LIMITS.aimRate);

/** The y axis of every rate chart: 0–100 % (seed 000 §9). */
const percentAxis = {
  type: 'value',
  min: 0,
  max: 100,
  interval: 20,
  axisLabel: { ...axisLabel, formatter: '{value}%' },
  axisLine,
  splitLine,
} as const;

/** 一次通过率曲线: one point per bucket (x its time), y 0–100 %, a dashed target line at 80. */
export function onePassCurveOption(points: readonly ChartPoint[]): BoardChartOption {
  return {
    grid: grid({ left: 16, right: 40, top: 48, bottom: 16 }),
    tooltip: { ...tooltip, trigger: 'axis', valueFormatter: (value) => `${String(value)}%` },
    xAxis: {
      type: 'category',
      boundaryGap: false,
      data: points.map((point) => point.xVal),
      axisLabel,
      axisLine,
    },
    yAxis: percentAxis,
    series: [
      {
        type: 'line',
        name: '一次通过率',
        data: points.map((point) => ratePercent(point.yVal)),
        smooth: true,
        symbolSize: 10,
        lineStyle: { width: 4, color: BOARD_COLORS.accent },
        itemStyle: { color: BOARD_COLORS.accent },
        label: { show: true, formatter: '{c}%', color: BOARD_COLORS.text, fontSize: LABEL_SIZE, distance: 10 },
        areaStyle: { color: verticalGradient('rgba(63, 208, 255, 0.35)', 'rgba(63, 208, 255, 0.02)') },
        markLine: targetLine(TARGET_PERCENT, LABEL_SIZE),
      },
    ],
  };
}

/** 问题分布 by flow: a ring, each flow's failed results. */
export function problemPieOption(points: readonly ChartPoint[]): BoardChartOption {
  return {
    color: [...BOARD_COLORS.palette],
    tooltip: { ...tooltip, trigger: 'item', formatter: '{b}：{c} 次（{d}%）' },
    legend: { bottom: 0, textStyle: { color: BOARD_COLORS.text, fontSize: 16 }, itemWidth: 18, itemHeight: 12 },
    series: [
      {
        type: 'pie',
        name: '问题分布',
        // A ring small enough to leave each side room for a whole flow name: at 1366 px the labels,
        // truncated to fit a larger ring, read 版本… instead of 版本校验 (issue 13).
        radius: ['34%', '56%'],
        center: ['50%', '45%'],
        data: points.map((point) => ({ name: point.xVal, value: point.yVal })),
        label: {
          color: BOARD_COLORS.text,
          fontSize: LABEL_SIZE,
          formatter: '{b}\n{c} 次',
          alignTo: 'edge',
          edgeDistance: 8,
          overflow: 'none',
        },
        labelLine: { lineStyle: { color: BOARD_COLORS.muted } },
        itemStyle: { borderColor: BOARD_COLORS.background, borderWidth: 3 },
      },
    ],
  };
}

/** The top problems: horizontal bars, the most frequent at the top. */
export function problemTopOption(points: readonly ChartPoint[]): BoardChartOption {
  const top = points.slice(0, BOARD_LIMITS.problemTop);
  return {
    grid: grid({ left: 16, right: 64, top: 8, bottom: 8 }),
    tooltip: { ...tooltip, trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: { type: 'value', minInterval: 1, axisLabel, splitLine },
    yAxis: {
      type: 'category',
      inverse: true,
      data: top.map((point) => point.xVal),
      axisLabel: { ...axisLabel, color: BOARD_COLORS.text, width: 220, overflow: 'truncate' },
      axisLine,
      axisTick: { show: false },
    },
    series: [
      {
        type: 'bar',
        name: '问题次数',
        data: top.map((point) => point.yVal),
        barMaxWidth: 28,
        itemStyle: { color: BOARD_COLORS.warn, borderRadius: [0, 6, 6, 0] },
        label: { show: true, position: 'right', color: BOARD_COLORS.text, fontSize: LABEL_SIZE },
      },
    ],
  };
}

/**
 * 一次通过率总览: a bar per flow (0–100 %), green at or above the target, amber below, the
 * target dashed. A flow with no first attempt (null) keeps its place with no bar, not a 0% one.
 */
export function flowRateOption(points: readonly RatePoint[], aimRate: number): BoardChartOption {
  const aim = ratePercent(aimRate);
  return {
    grid: grid({ left: 16, right: 40, top: 48, bottom: 16 }),
    tooltip: { ...tooltip, trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (value) => `${String(value)}%` },
    xAxis: {
      type: 'category',
      data: points.map((point) => point.xVal),
      axisLabel: { ...axisLabel, color: BOARD_COLORS.text, interval: 0, width: 140, overflow: 'truncate' },
      axisLine,
      axisTick: { show: false },
    },
    yAxis: percentAxis,
    series: [
      {
        type: 'bar',
        name: '一次通过率',
        barMaxWidth: 72,
        data: points.map((point) => {
          if (point.yVal === null) return { value: null };
          const percent = ratePercent(point.yVal);
          return { value: percent, itemStyle: { color: percent >= aim ? BOARD_COLORS.pass : BOARD_COLORS.warn } };
        }),
        itemStyle: { borderRadius: [6, 6, 0, 0] },
        label: { show: true, position: 'top', formatter: '{c}%', color: BOARD_COLORS.text, fontSize: LABEL_SIZE },
        markLine: targetLine(aim, LABEL_SIZE) as BarSeriesOption['markLine'],
      },
    ],
  };
}
