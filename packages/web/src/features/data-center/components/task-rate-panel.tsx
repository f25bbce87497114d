import { useTaskCount } from '../api/get-task-count';
import { DASHBOARD_COLORS } from '../dashboard-options';
import { ratePercent, shown } from '../dashboard-view';
import { DashboardPanel } from './dashboard-panel';
import { RateRing } from './rate-ring';

/** 任务指标: the four task rates as rounded percentages (seed 000 §7 task_count). */
export function TaskRatePanel() {
  const rates = shown(useTaskCount());
  return (
    <DashboardPanel title="任务指标" area="rates">
      <div className="dc-rates">
        <RateRing label="一次通过率" percent={ratePercent(rates?.onePassRate ?? 0)} color={DASHBOARD_COLORS.pass} />
        <RateRing label="准时完成率" percent={ratePercent(rates?.intimeRate ?? 0)} color={DASHBOARD_COLORS.accent} />
        <RateRing label="抽检合格率" percent={ratePercent(rates?.checkPassRate ?? 0)} color="#a78bfa" />
        <RateRing label="停线率" percent={ratePercent(rates?.stopRate ?? 0)} color={DASHBOARD_COLORS.warn} />
      </div>
    </DashboardPanel>
  );
}
