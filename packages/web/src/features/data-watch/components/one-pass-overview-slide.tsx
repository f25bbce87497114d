import type { OnePassDetail } from '@factory/contracts';
import { useMemo } from 'react';
import { flowRateOption } from '../board-options';
import { ratePercent } from '../board-view';
import { EChart } from '../../../components/echart';
import { BoardFigures } from './board-figures';
import { BoardPanel, BoardSlide } from './board-slide';

/**
 * Slide 4, 一次通过率总览: the task's one-pass rate, its target and each flow's rate.
 * Before a first attempt the server has no rate (null): the slide says 暂无数据
 * rather than 0% 未达标, which read as a failing line before anything was tested.
 */
export function OnePassOverviewSlide({ detail }: { detail: OnePassDetail | null }) {
  const rate = detail?.currentRate ?? null;
  const current = rate === null ? null : ratePercent(rate);
  const aim = ratePercent(detail?.aimRate ?? 0);
  const option = useMemo(() => flowRateOption(detail?.flowRate ?? [], detail?.aimRate ?? 0), [detail]);
  const reached = current !== null && current >= aim;
  // A call that failed shows zeros (seed 000 §8); an answer without a rate shows none.
  const shown = detail === null ? 0 : current;
  return (
    <BoardSlide title="一次通过率总览" className="one-pass-overview-slide">
      <div className="one-pass-overview-slide__rate">
        <BoardFigures
          label="一次通过率"
          figures={[
            {
              label: '当前一次通过率',
              value: shown ?? '--',
              unit: shown === null ? undefined : '%',
              tone: current === null ? undefined : reached ? 'pass' : 'warn',
              note: current === null ? '暂无数据' : reached ? '已达标' : '未达标',
            },
            { label: '目标一次通过率', value: aim, unit: '%' },
          ]}
        />
      </div>
      <BoardPanel title="各流程一次通过率" className="one-pass-overview-slide__flows">
        <EChart
          className="board-chart"
          title="各流程一次通过率"
          option={option}
          empty={!detail?.flowRate.some((point) => point.yVal !== null)}
        />
      </BoardPanel>
    </BoardSlide>
  );
}
