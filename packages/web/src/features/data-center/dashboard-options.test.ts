import { describe, expect, it } from 'vitest';
import {
  onePassTrendOption,
  productionTopOption,
  productivityOption,
  TARGET_PERCENT,
  terminalRingOption,
  TIME_TYPE_LABELS,
  type DashboardChartOption,
} from './dashboard-options';
import { counterDigits, countText, ratePercent, shareOf } from './dashboard-view';

const seriesOf = (option: DashboardChartOption) =>
  (Array.isArray(option.series) ? option.series[0] : option.series) as Record<string, unknown>;
const axisOf = (axis: unknown) => (Array.isArray(axis) ? axis[0] : axis) as Record<string, unknown>;

describe('the today counter', () => {
  it('pads to at least four digits, one per tile', () => {
    expect(counterDigits(0)).toEqual(['0', '0', '0', '0']);
    expect(counterDigits(7)).toEqual(['0', '0', '0', '7']);
    expect(counterDigits(1268)).toEqual(['1', '2', '6', '8']);
    expect(counterDigits(123456)).toEqual(['1', '2', '3', '4', '5', '6']);
  });

  it('shows nothing odd for a bad count', () => {
    expect(counterDigits(-3)).toEqual(['0', '0', '0', '0']);
    expect(counterDigits(Number.NaN)).toEqual(['0', '0', '0', '0']);
    expect(counterDigits(12.9)).toEqual(['0', '0', '1', '2']);
  });
});

describe('rates and counts', () => {
  it('shows rates as rounded percentages', () => {
    expect(ratePercent(0.8734)).toBe(87);
    expect(ratePercent(0.92)).toBe(92);
    expect(ratePercent(0.045)).toBe(5);
    expect(ratePercent(0.285)).toBe(29);
    expect(ratePercent(1)).toBe(100);
  });

  it('groups thousands and keeps one decimal of an average', () => {
    expect(countText(18342)).toBe('18,342');
    expect(countText(1342.64)).toBe('1,342.6');
    expect(countText(0)).toBe('0');
  });

  it('shows today against the target, never 100 before it is met', () => {
    expect(shareOf(1268, 5000)).toBe(25);
    expect(shareOf(4999, 5000)).toBe(99);
    expect(shareOf(6000, 5000)).toBe(100);
    expect(shareOf(10, 0)).toBe(0);
  });
});

describe('the trend charts', () => {
  const days = [
    { xVal: '03-01', yVal: 0.82 },
    { xVal: '03-02', yVal: 0.875 },
  ];

  it('plots the one-pass rate on a 0–100 axis with a dashed target at 80', () => {
    const option = onePassTrendOption(days);
    expect(axisOf(option.yAxis)).toMatchObject({ type: 'value', min: 0, max: 100 });
    expect(axisOf(option.xAxis).data).toEqual(['03-01', '03-02']);
    const series = seriesOf(option) as { data: number[]; markLine: { data: unknown; lineStyle: unknown } };
    expect(series.data).toEqual([82, 88]);
    expect(TARGET_PERCENT).toBe(80);
    expect(series.markLine.data).toEqual([{ yAxis: 80, name: '目标' }]);
    expect(series.markLine.lineStyle).toMatchObject({ type: 'dashed' });
  });

  it('leaves a gap, not 0 %, where no unit was decided', () => {
    const option = onePassTrendOption([
      { xVal: '03-01', yVal: 0.82 },
      { xVal: '03-02', yVal: null },
      { xVal: '03-03', yVal: 0.9 },
    ]);
    expect(seriesOf(option).data).toEqual([82, '-', 90]);
  });

  it('plots units per day or per month', () => {
    const daily = productivityOption([{ xVal: '03-01', yVal: 320 }], 'PRE_30_DAY');
    expect(axisOf(daily.xAxis)).toMatchObject({ name: '日期', data: ['03-01'] });
    expect(seriesOf(daily)).toMatchObject({ type: 'bar', data: [320] });
    const monthly = productivityOption([{ xVal: '2026-02', yVal: 9120 }], 'PRE_12_MONTH');
    expect(axisOf(monthly.xAxis)).toMatchObject({ name: '月份', data: ['2026-02'] });
    expect(TIME_TYPE_LABELS).toEqual({ PRE_30_DAY: '近30天', PRE_12_MONTH: '近12个月' });
  });
});

describe('the top products and the terminals', () => {
  it('shows at most five products, the first on top', () => {
    const products = ['A', 'B', 'C', 'D', 'E', 'F'].map((xVal, index) => ({ xVal, yVal: 600 - index * 100 }));
    const option = productionTopOption(products);
    expect(axisOf(option.yAxis)).toMatchObject({ type: 'category', inverse: true, data: ['A', 'B', 'C', 'D', 'E'] });
    expect(seriesOf(option).data).toEqual([600, 500, 400, 300, 200]);
  });

  it('draws the terminals by state as a ring', () => {
    const series = seriesOf(
      terminalRingOption(
        [
          { xVal: '使用中', yVal: 12 },
          { xVal: '空闲', yVal: 5 },
        ],
        'PDA 手持机',
      ),
    );
    expect(series).toMatchObject({ type: 'pie', name: 'PDA 手持机', radius: ['56%', '86%'] });
    expect(series.data).toEqual([
      { name: '使用中', value: 12 },
      { name: '空闲', value: 5 },
    ]);
  });
});
