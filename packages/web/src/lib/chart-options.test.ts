import { describe, expect, it } from 'vitest';
import { plotGrid, targetLine, verticalGradient } from './chart-options';

describe('chart option parts', () => {
  it('draws the target as a dashed amber line labelled 目标 n% at its height', () => {
    expect(targetLine(80, 18)).toEqual({
      silent: true,
      symbol: 'none',
      lineStyle: { type: 'dashed', color: '#ffb547', width: 2 },
      label: { formatter: '目标 80%', position: 'insideEndTop', color: '#ffb547', fontSize: 18 },
      data: [{ yAxis: 80, name: '目标' }],
    });
  });

  it('keeps room for the axis labels and fades top to bottom', () => {
    expect(plotGrid({ left: 8, right: 16, top: 36, bottom: 4 })).toMatchObject({ left: 8, outerBoundsContain: 'axisLabel' });
    expect(verticalGradient('#fff', '#000').colorStops).toEqual([
      { offset: 0, color: '#fff' },
      { offset: 1, color: '#000' },
    ]);
  });
});
