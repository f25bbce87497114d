import type { OnePassDetail } from '@factory/contracts';
import { useMemo } from 'react';
import { flowRateOption } from '../board-options';
import { ratePercent } from '../board-view';
import { EChart } from '../../../components/echart';
import { BoardFigures } from './board-figures';
import { BoardPanel, BoardSlide } from './board-slide';

/** Slide 4, 一次通过率总览: the task's one-pass rate, its target and each flow's rate. */
export function OnePassOverviewSlide({ detail }: { detail: OnePassDetail | null }) {
  const current = ratePercent(detail?.currentRate ?? 0);
  const aim = ratePercent(detail?.aimRate ?? 0);
  const option = useMemo(() => flowRateOption(detail?.flowRate ?? [], detail?.aimRate ?? 0), [detail]);
  const reached = detail !== null && current >= aim;
  return (
    <BoardSlide title="一次通过率总览" className="one-pass-overview-slide">
      <div className="one-pass-overview-slide__rate">
        <BoardFigures
          label="一次通过率"
          figures={[
            {
              label: '当前一次通过率',
              value: current,
              unit: '%',
              tone: reached ? 'pass' : 'warn',
              note: detail ? (reached ? '已达标' : '未达标') : '暂无数据',
            },
            { label: '目标一次通过率', value: aim, unit: '%' },
          ]}
        />
      </div>
      <BoardPanel title="各流程一次通过率" className="one-pass-overview-slide__flows">
        <EChart className="board-chart" title="各流程一次通过率" option={option} empty={!detail?.flowRate.length} />
      </BoardPanel>
    </BoardSlide>
  );
}
