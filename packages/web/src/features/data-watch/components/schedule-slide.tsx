import type { BoardSchedule } from '@factory/contracts';
import { finishEstimate, progressPercent, secondsText } from '../board-view';
import { BoardFigures } from './board-figures';
import { BoardSlide } from './board-slide';
import { ProgressRing } from './progress-ring';

const NONE: BoardSchedule = {
  aimCount: 0,
  productedCount: 0,
  inputCount: 0,
  repairCount: 0,
  capacityOfProduction: 0,
  expectedFinishTime: 0,
};

/**
 * Slide 1, 生产进度: the task's figures and a progress ring. Without an answer
 * (the call failed) every figure is 0 (seed 000 §8). The finish time counts from
 * when the server answered.
 */
export function ScheduleSlide({ schedule, answeredAt }: { schedule: BoardSchedule | null; answeredAt: number }) {
  const figures = schedule ?? NONE;
  const percent = progressPercent(figures.productedCount, figures.aimCount);
  const finish = finishEstimate(figures.expectedFinishTime, answeredAt);
  // An answer without a pace (nothing tested in the last hour) says so; 0 秒/台 would read as
  // infinitely fast. A failed call keeps the specification's zeros.
  const noPace = schedule !== null && figures.capacityOfProduction === 0;
  return (
    <BoardSlide title="生产进度" className="schedule-slide">
      <div className="schedule-slide__ring">
        <ProgressRing percent={percent} label="生产进度" caption={`${figures.productedCount} / ${figures.aimCount} 台`} />
      </div>
      <BoardFigures
        label="生产数据"
        className="schedule-slide__figures"
        figures={[
          { label: '计划数量', value: figures.aimCount, unit: '台' },
          { label: '已生产', value: figures.productedCount, unit: '台', tone: 'pass' },
          { label: '投入数量', value: figures.inputCount, unit: '台', tone: 'accent' },
          { label: '返修数量', value: figures.repairCount, unit: '台', tone: 'warn' },
          noPace
            ? { label: '生产节拍', value: '--', note: '暂无数据' }
            : { label: '生产节拍', value: secondsText(figures.capacityOfProduction), unit: '秒/台' },
          { label: '预计完成', value: finish.at ?? '--:--', note: finish.note },
        ]}
      />
    </BoardSlide>
  );
}
