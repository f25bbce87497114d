import type { ChartPoint } from '@factory/contracts';
import { useMemo } from 'react';
import { onePassCurveOption, TARGET_PERCENT } from '../board-options';
import { ratePercent } from '../board-view';
import { EChart } from '../../../components/echart';
import { BoardSlide } from './board-slide';

/** Slide 3, 一次通过率曲线: the one-pass rate hour by hour against the 80 % target. */
export function OnePassCurveSlide({ points }: { points: ChartPoint[] | null }) {
  const option = useMemo(() => onePassCurveOption(points ?? []), [points]);
  const latest = points?.at(-1);
  return (
    <BoardSlide
      title="一次通过率曲线"
      className="one-pass-curve-slide"
      note={
        <>
          <span>
            最近时段 <strong>{latest ? ratePercent(latest.yVal) : 0}%</strong>
          </span>
          <span className="board-slide__target">目标 {TARGET_PERCENT}%</span>
        </>
      }
    >
      <EChart className="board-chart" title="一次通过率曲线" option={option} empty={!points?.length} />
    </BoardSlide>
  );
}
