import type { ChartPoint, ProblemTop, ProblemTotal } from '@factory/contracts';
import { useMemo } from 'react';
import { problemPieOption, problemTopOption } from '../board-options';
import { EChart } from '../../../components/echart';
import { BoardFigures } from './board-figures';
import { BoardPanel, BoardSlide } from './board-slide';

const NONE: ProblemTotal = { totalCount: 0, autoCount: 0, manualCount: 0 };

interface ProblemSlideProps {
  totals: ProblemTotal | null;
  byFlow: ChartPoint[] | null;
  top: ProblemTop | null;
}

/** Slide 2, 问题分布: failed checks in total, by flow (a ring) and the ten most frequent (bars). */
export function ProblemSlide({ totals, byFlow, top }: ProblemSlideProps) {
  const figures = totals ?? NONE;
  const pie = useMemo(() => problemPieOption(byFlow ?? []), [byFlow]);
  const bars = useMemo(() => problemTopOption(top?.problems ?? []), [top]);
  return (
    <BoardSlide title="问题分布" className="problem-slide">
      <BoardFigures
        label="问题统计"
        className="problem-slide__figures"
        figures={[
          { label: '总问题数', value: figures.totalCount, unit: '次', tone: 'warn' },
          { label: '自动检测', value: figures.autoCount, unit: '次', tone: 'accent' },
          { label: '人工检测', value: figures.manualCount, unit: '次', tone: 'accent' },
        ]}
      />
      <BoardPanel title="各流程问题分布" className="problem-slide__pie">
        {/* a ring of nothing but zeros would be drawn as equal slices */}
        <EChart className="board-chart" title="各流程问题分布" option={pie} empty={!byFlow?.some((point) => point.yVal > 0)} />
      </BoardPanel>
      <BoardPanel title="问题 TOP10" className="problem-slide__top">
        <EChart className="board-chart" title="问题 TOP10" option={bars} empty={!top?.problems.length} />
      </BoardPanel>
    </BoardSlide>
  );
}
