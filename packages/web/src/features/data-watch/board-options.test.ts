import { BOARD_LIMITS } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { flowRateOption, onePassCurveOption, problemPieOption, problemTopOption, TARGET_PERCENT } from './board-options';
import { decodedTwice, finishEstimate, progressPercent, ratePercent, secondsText, taskIdOf } from './board-view';

/** The first series of an option, as the chart reads it. */
const seriesOf = (option: ReturnType<typeof onePassCurveOption>) => (Array.isArray(option.series) ? option.series[0] : option.series);
const axisOf = (axis: unknown) => (Array.isArray(axis) ? axis[0] : axis) as Record<string, unknown>;

describe('ratePercent', () => {
  it('shows a 0–1 rate as a whole, rounded percentage', () => {
    expect(ratePercent(0.8734)).toBe(87);
    expect(ratePercent(0.875)).toBe(88);
    expect(ratePercent(0.8)).toBe(80);
    expect(ratePercent(1)).toBe(100);
    expect(ratePercent(0)).toBe(0);
    // 0.285 * 100 is 28.499999999999996 in floating point; the rate means 28.5 %, which rounds up
    expect(ratePercent(0.285)).toBe(29);
    expect(ratePercent(0.0049)).toBe(0);
    expect(ratePercent(Number.NaN)).toBe(0);
  });
});

describe('the one-pass curve (slide 3)', () => {
  const points = [
    { xVal: '08:00', yVal: 0.82 },
    { xVal: '09:00', yVal: 0.775 },
    { xVal: '10:00', yVal: 1 },
  ];

  it('runs its y axis 0–100 % with the bucket times on x', () => {
    const option = onePassCurveOption(points);
    expect(axisOf(option.yAxis)).toMatchObject({ type: 'value', min: 0, max: 100 });
    expect(axisOf(option.xAxis)).toMatchObject({ type: 'category', data: ['08:00', '09:00', '10:00'] });
  });

  it('plots rounded percentages with a dashed target line at 80', () => {
    const series = seriesOf(onePassCurveOption(points)) as Record<string, unknown> & { markLine: Record<string, unknown> };
    expect(series.type).toBe('line');
    expect(series.data).toEqual([82, 78, 100]);
    expect(TARGET_PERCENT).toBe(80);
    expect(BOARD_LIMITS.aimRate).toBe(0.8);
    expect(series.markLine.data).toEqual([{ yAxis: 80, name: '目标' }]);
    expect(series.markLine.lineStyle).toMatchObject({ type: 'dashed' });
    expect((series.markLine.label as { formatter: string }).formatter).toBe('目标 80%');
  });

  it('draws nothing from no points', () => {
    const option = onePassCurveOption([]);
    expect(axisOf(option.xAxis).data).toEqual([]);
    expect((seriesOf(option) as { data: unknown[] }).data).toEqual([]);
  });
});

describe('the problem charts (slide 2)', () => {
  it('makes a ring of the failed results per flow', () => {
    const series = seriesOf(
      problemPieOption([
        { xVal: '上电检测', yVal: 46 },
        { xVal: '整机终检', yVal: 19 },
      ]),
    ) as { type: string; data: unknown };
    expect(series.type).toBe('pie');
    expect(series.data).toEqual([
      { name: '上电检测', value: 46 },
      { name: '整机终检', value: 19 },
    ]);
  });

  it('lists at most ten problems, the most frequent on top', () => {
    const problems = Array.from({ length: 12 }, (_, index) => ({ xVal: `问题${index + 1}`, yVal: 40 - index }));
    const option = problemTopOption(problems);
    const yAxis = axisOf(option.yAxis);
    expect(yAxis.type).toBe('category');
    expect(yAxis.inverse).toBe(true);
    expect(yAxis.data).toEqual(problems.slice(0, 10).map((problem) => problem.xVal));
    expect((seriesOf(option) as { data: unknown }).data).toEqual([40, 39, 38, 37, 36, 35, 34, 33, 32, 31]);
  });
});

describe('the flow rates (slide 4)', () => {
  it('shows each flow as a rounded percentage on 0–100, coloured against the target, with the target line', () => {
    const option = flowRateOption(
      [
        { xVal: '上电检测', yVal: 0.9412 },
        { xVal: '老化测试', yVal: 0.7654 },
        { xVal: '整机终检', yVal: 0.8 },
      ],
      0.8,
    );
    expect(axisOf(option.yAxis)).toMatchObject({ min: 0, max: 100 });
    expect(axisOf(option.xAxis).data).toEqual(['上电检测', '老化测试', '整机终检']);
    const series = seriesOf(option) as {
      data: { value: number; itemStyle: { color: string } }[];
      markLine: { data: unknown };
    };
    expect(series.data.map((bar) => bar.value)).toEqual([94, 77, 80]);
    const [above, below, atTarget] = series.data.map((bar) => bar.itemStyle.color);
    expect(above).toBe(atTarget);
    expect(below).not.toBe(above);
    expect(series.markLine.data).toEqual([{ yAxis: 80, name: '目标' }]);
  });
});

describe('the flow rates before a flow has a first attempt', () => {
  it('keeps the flow in its place with no bar, not a 0% one', () => {
    const option = flowRateOption(
      [
        { xVal: '上电检测', yVal: 0.5 },
        { xVal: '整机终检', yVal: null },
      ],
      0.8,
    );
    expect(axisOf(option.xAxis).data).toEqual(['上电检测', '整机终检']);
    const series = seriesOf(option) as { data: { value: number | null }[] };
    expect(series.data.map((bar) => bar.value)).toEqual([50, null]);
  });
});

describe('the board address', () => {
  it('reads the task id, and the model and line names encoded twice', () => {
    const twice = (text: string) => encodeURIComponent(encodeURIComponent(text));
    // As the router hands them over: the query decoded once.
    const params = new URLSearchParams(`id=8&productNumber=${twice('GW_100 智能网关')}&productionLineName=${twice('总装一线、总装二线')}`);
    expect(taskIdOf(params)).toBe(8);
    expect(decodedTwice(params, 'productNumber')).toBe('GW_100 智能网关');
    expect(decodedTwice(params, 'productionLineName')).toBe('总装一线、总装二线');
  });

  it('keeps a name encoded once with a lone % as it came, and refuses a bad id', () => {
    expect(decodedTwice(new URLSearchParams('productNumber=100%25'), 'productNumber')).toBe('100%');
    expect(decodedTwice(new URLSearchParams(''), 'productNumber')).toBe('');
    expect(taskIdOf(new URLSearchParams('id=abc'))).toBeNull();
    expect(taskIdOf(new URLSearchParams('id=0'))).toBeNull();
    expect(taskIdOf(new URLSearchParams(''))).toBeNull();
  });
});

describe('the schedule figures', () => {
  it('never shows 100 % before the last unit', () => {
    expect(progressPercent(1268, 2000)).toBe(63);
    expect(progressPercent(1999, 2000)).toBe(99);
    expect(progressPercent(2000, 2000)).toBe(100);
    expect(progressPercent(5, 0)).toBe(0);
  });

  it('shows the pace with one decimal', () => {
    expect(secondsText(28.46)).toBe('28.5');
    expect(secondsText(30)).toBe('30');
    expect(secondsText(0)).toBe('0');
    // Many stations at one flow: a pace of hundredths of a second is not 0.
    expect(secondsText(0.0137)).toBe('0.014');
  });

  it('shows the expected finish as 时:分 counted from the answer, and how long from now', () => {
    const now = new Date(2026, 2, 2, 9, 30, 0).getTime();
    expect(finishEstimate(2 * 3600 + 5 * 60, now)).toEqual({ at: '11:35', note: '约 2 小时 5 分钟后' });
    expect(finishEstimate(3600, now)).toEqual({ at: '10:30', note: '约 1 小时后' });
    expect(finishEstimate(90, now)).toEqual({ at: '09:31', note: '约 2 分钟后' });
    // past midnight: the day in the note
    expect(finishEstimate(16 * 3600, now)).toEqual({ at: '01:30', note: '明天 · 约 16 小时后' });
    expect(finishEstimate(3 * 86_400, now)).toEqual({ at: '09:30', note: '03-05 · 约 72 小时后' });
    expect(finishEstimate(0, now)).toEqual({ at: null, note: '暂无预计' });
  });
});
