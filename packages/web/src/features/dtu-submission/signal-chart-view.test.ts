import { describe, expect, it } from 'vitest';
import { CHART_SIZE, signalChartLayout, signalPointsOf } from './signal-chart-view';

const series = (...values: number[]) => values.map((value, index) => ({ unit: `86000000000${String(index + 1).padStart(4, '0')}`, value }));

describe('signal chart layout', () => {
  it('draws nothing for no signal at all', () => {
    const layout = signalChartLayout([]);
    expect(layout.points).toEqual([]);
    expect(layout.marks).toEqual([]);
    expect(layout.xLabels).toEqual([]);
  });

  it('puts a single unit in the middle, its own highest and lowest, on an axis of at least 10 dB', () => {
    const layout = signalChartLayout(series(-71));
    expect(layout.points).toHaveLength(1);
    expect(layout.points[0]!.x).toBe((layout.plot.left + layout.plot.right) / 2);
    expect(layout.marks.map((mark) => [mark.kind, mark.point.value])).toEqual([['both', -71]]);
    expect(layout.xLabels.map((label) => label.index)).toEqual([1]);
    const ticks = layout.yTicks.map((tick) => tick.value);
    expect(ticks[ticks.length - 1]! - ticks[0]!).toBeGreaterThanOrEqual(10);
    expect(Math.min(...ticks)).toBeLessThan(-71);
    expect(Math.max(...ticks)).toBeGreaterThan(-71);
  });

  it('marks the first highest and the first lowest, numbers every point 1…n, and keeps every point inside the plot', () => {
    const layout = signalChartLayout(series(-80, -61, -95, -61, -95, -70));
    expect(layout.marks.map((mark) => [mark.kind, mark.point.index, mark.point.value])).toEqual([
      ['max', 2, -61],
      ['min', 3, -95],
    ]);
    expect(layout.xLabels.map((label) => label.index)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(layout.labelStep).toBe(1);
    expect(layout.points[0]!.x).toBe(layout.plot.left);
    expect(layout.points[5]!.x).toBe(layout.plot.right);
    // higher signal sits higher (a smaller y)
    expect(layout.points[1]!.y).toBeLessThan(layout.points[0]!.y);
    for (const point of layout.points) {
      expect(point.y).toBeGreaterThan(layout.plot.top);
      expect(point.y).toBeLessThan(layout.plot.bottom);
    }
    // ticks at round steps, covering the values with room for the marks
    const ticks = layout.yTicks.map((tick) => tick.value);
    expect(ticks).toEqual([-100, -90, -80, -70, -60, -50]);
  });

  it('thins the numbers of hundreds of units so they do not overlap, keeping the first and the last', () => {
    const many = series(...Array.from({ length: 500 }, (_, index) => -60 - (index % 40)));
    const layout = signalChartLayout(many);
    expect(layout.points).toHaveLength(500);
    expect(layout.labelStep).toBeGreaterThan(1);
    const indexes = layout.xLabels.map((label) => label.index);
    expect(indexes[0]).toBe(1);
    expect(indexes[indexes.length - 1]).toBe(500);
    for (let at = 1; at < layout.xLabels.length; at += 1) {
      expect(layout.xLabels[at]!.x - layout.xLabels[at - 1]!.x).toBeGreaterThanOrEqual(23);
    }
    // each label is one unit's own number
    expect(indexes.slice(0, 3)).toEqual([1, 1 + layout.labelStep, 1 + 2 * layout.labelStep]);
    expect(layout.marks.map((mark) => [mark.kind, mark.point.index])).toEqual([
      ['max', 1],
      ['min', 40],
    ]);
    expect(layout.width).toBe(CHART_SIZE.width);
  });

  it('takes the report’s map in the server’s order, dropping what is no number', () => {
    expect(signalPointsOf({ 'AA:01': -60, '860000000000002': -75, bad: Number.NaN })).toEqual([
      { unit: 'AA:01', value: -60 },
      { unit: '860000000000002', value: -75 },
    ]);
  });
});
