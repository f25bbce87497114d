import { BOARD_LIMITS, type ChartPoint, type RatePoint, type TimeType } from '@factory/contracts';
import { chartStyleOf, plotGrid as grid, SCREEN_COLORS, targetLine, verticalGradient, type ScreenChartOption } from '../../lib/chart-options';
import { countText, ratePercent } from './dashboard-view';

/**
 * The chart options of the big-screen dashboard, built from the calls' answers.
 * Pure functions (types only from echarts), so tests read the options directly.
 */
export type DashboardChartOption = ScreenChartOption;

export const DASHBOARD_COLORS = {
  ...SCREEN_COLORS,
  palette: ['#3fd0ff', '#36d399', '#ffb547', '#a78bfa', '#ff6b6b', '#5b8ff9'],
} as const;

/** The switch of the trend charts (seed 000 §7: timeType PRE_30_DAY or PRE_12_MONTH). */
export const TIME_TYPE_LABELS: Record<TimeType, string> = { PRE_30_DAY: '近30天', PRE_12_MONTH: '近12个月' };

/** The one-pass target on the 0–100 axis (seed 000 §9: 80). */
export const TARGET_PERCENT = ratePercent(BOARD_LIMITS.aimRate);

const LABEL_SIZE = 15;
const { axisLabel, axisLine, splitLine, tooltip } = chartStyleOf({ label: LABEL_SIZE, tooltip: 15 });

/** 生产 TOP5: products by units made, the first on top. */
export function productionTopOption(points: readonly ChartPoint[]): DashboardChartOption {
  const top = points.slice(0, BOARD_LIMITS.productionTop);
  return {
    grid: grid({ left: 8, right: 64, top: 4, bottom: 4 }),
    tooltip: { ...tooltip, trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (value) => `${countText(Number(value))} 台` },
    xAxis: { type: 'value', show: false },
    yAxis: {
      type: 'category',
      inverse: true,
      data: top.map((point) => point.xVal),
      axisLabel: { ...axisLabel, color: DASHBOARD_COLORS.text, width: 120, overflow: 'truncate' },
      axisLine: { show: false },
      axisTick: { show: false },
    },
    series: [
      {
        type: 'bar',
        name: '生产数量',
        data: top.map((point) => point.yVal),
        barMaxWidth: 22,
        showBackground: true,
        backgroundStyle: { color: 'rgba(120, 160, 220, 0.08)', borderRadius: 11 },
        itemStyle: {
          borderRadius: 11,
          color: {
            type: 'linear',
            x: 0,
            y: 0,
            x2: 1,
            y2: 0,
            colorStops: [
              { offset: 0, color: '#1d5fbf' },
              { offset: 1, color: DASHBOARD_COLORS.accent },
            ],
          },
        },
        label: {
          show: true,
          position: 'right',
          color: DASHBOARD_COLORS.text,
          fontSize: LABEL_SIZE,
          formatter: (params) => countText(Number(params.value)),
        },
      },
    ],
  };
}

/** PDA or PAD terminals by state: a ring in the palette's order (the panel lists the states beside it). */
export function terminalRingOption(points: readonly ChartPoint[], name: string): DashboardChartOption {
  return {
    color: [...DASHBOARD_COLORS.palette],
    tooltip: { ...tooltip, trigger: 'item', formatter: '{b}：{c} 台（{d}%）' },
    series: [
      {
        type: 'pie',
        name,
        radius: ['56%', '86%'],
        center: ['50%', '50%'],
        label: { show: false },
        itemStyle: { borderColor: DASHBOARD_COLORS.background, borderWidth: 2 },
        data: points.map((point) => ({ name: point.xVal, value: point.yVal })),
      },
    ],
  };
}

/** 设备生产力: units made per day (last 30 days) or per month (last 12 months). */
export function productivityOption(points: readonly ChartPoint[], timeType: TimeType): DashboardChartOption {
  return {
    grid: grid({ left: 8, right: 16, top: 36, bottom: 4 }),
    tooltip: { ...tooltip, trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (value) => `${countText(Number(value))} 台` },
    xAxis: {
      type: 'category',
      name: timeType === 'PRE_12_MONTH' ? '月份' : '日期',
      nameTextStyle: { color: DASHBOARD_COLORS.muted },
      data: points.map((point) => point.xVal),
      axisLabel,
      axisLine,
      axisTick: { show: false },
    },
    yAxis: {
      type: 'value',
      name: '台',
      minInterval: 1,
      splitNumber: 3,
      nameTextStyle: { color: DASHBOARD_COLORS.muted },
      axisLabel,
      splitLine,
    },
    series: [
      {
        type: 'bar',
        name: '生产数量',
        data: points.map((point) => point.yVal),
        barMaxWidth: 28,
        itemStyle: {
          borderRadius: [4, 4, 0, 0],
          color: verticalGradient(DASHBOARD_COLORS.accent, 'rgba(29, 95, 191, 0.5)'),
        },
      },
    ],
  };
}

/**
 * 一次通过率 over the period: y 0–100 %, a dashed target line at 80. A day or month
 * without a decided unit has no rate: a gap in the line, not 0 %.
 */
export function onePassTrendOption(points: readonly RatePoint[]): DashboardChartOption {
  return {
    grid: grid({ left: 8, right: 24, top: 36, bottom: 4 }),
    tooltip: { ...tooltip, trigger: 'axis', valueFormatter: (value) => `${String(value)}%` },
    xAxis: { type: 'category', boundaryGap: false, data: points.map((point) => point.xVal), axisLabel, axisLine },
    yAxis: {
      type: 'value',
      min: 0,
      max: 100,
      // four steps keep the labels apart on a short panel (1366x768)
      interval: 25,
      axisLabel: { ...axisLabel, formatter: '{value}%' },
      axisLine,
      splitLine,
    },
    series: [
      {
        type: 'line',
        name: '一次通过率',
        // '-' is ECharts' "no value here"
        data: points.map((point) => (point.yVal === null ? '-' : ratePercent(point.yVal))),
        smooth: true,
        symbolSize: 6,
        lineStyle: { width: 3, color: DASHBOARD_COLORS.pass },
        itemStyle: { color: DASHBOARD_COLORS.pass },
        areaStyle: { color: verticalGradient('rgba(54, 211, 153, 0.3)', 'rgba(54, 211, 153, 0.02)') },
        markLine: targetLine(TARGET_PERCENT, LABEL_SIZE),
      },
    ],
  };
}
