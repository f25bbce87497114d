import { useDevOutput } from '../api/get-dev-output';
import { useDeviceAverage } from '../api/get-device-average';
import { useStatisticInfo } from '../api/get-statistic-info';
import { countText, shareOf, shown } from '../dashboard-view';
import { DashboardFigures, DashboardPanel } from './dashboard-panel';

/** 抽检与库存: spot checks and stock movements (seed 000 §7 statistic_info). */
export function StatisticPanel() {
  const info = shown(useStatisticInfo());
  return (
    <DashboardPanel title="抽检与库存" area="statistic">
      <DashboardFigures
        className="dc-figures--rows"
        figures={[
          { label: '检验报告', value: countText(info?.reportCheckCount ?? 0), unit: '份' },
          { label: '抽检数量', value: countText(info?.checkRandomCount ?? 0), unit: '台', tone: 'accent' },
          { label: '入库数量', value: countText(info?.stockCount ?? 0), unit: '台', tone: 'pass' },
          { label: '出库数量', value: countText(info?.outStockCount ?? 0), unit: '台' },
          { label: '复检数量', value: countText(info?.recheckCount ?? 0), unit: '台', tone: 'warn' },
        ]}
      />
    </DashboardPanel>
  );
}

/**
 * 研发与产出 (seed 000 §7 dev_output; docs/metrics.md): products defined, units
 * produced ever and units planned in every task, with how much of the plan is made.
 * 累计产量 is the very figure 今日生产 shows, read from the same answer (deviceAverage,
 * every 5 s and on each result), so the two can never disagree; devOutput's
 * outputCount means the same but arrives every 12 hours.
 */
export function DevOutputPanel() {
  const totals = shown(useDevOutput());
  const average = shown(useDeviceAverage());
  const output = average?.total ?? 0;
  const planned = totals?.total ?? 0;
  const made = shareOf(output, planned);
  return (
    <DashboardPanel title="研发与产出" area="dev-output">
      <DashboardFigures
        className="dc-figures--columns"
        figures={[
          { label: '研发产品', value: countText(totals?.developmentCount ?? 0), unit: '款', tone: 'accent' },
          { label: '累计产量', value: countText(output), unit: '台', tone: 'pass' },
          { label: '计划总量', value: countText(planned), unit: '台' },
        ]}
      />
      <div className="dc-split" role="meter" aria-label="计划完成" aria-valuemin={0} aria-valuemax={100} aria-valuenow={made}>
        <span className="dc-split__done" style={{ width: `${made}%` }} />
      </div>
    </DashboardPanel>
  );
}
