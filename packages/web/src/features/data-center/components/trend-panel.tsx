import { TIME_TYPES, type TimeType } from '@factory/contracts';
import { Segmented } from 'antd';
import { useMemo, useState } from 'react';
import { useDeviceOnePass } from '../api/get-device-one-pass';
import { useDeviceProductivity } from '../api/get-device-productivity';
import { onePassTrendOption, productivityOption, TIME_TYPE_LABELS } from '../dashboard-options';
import { shown } from '../dashboard-view';
import { EChart } from '../../../components/echart';
import { DashboardPanel } from './dashboard-panel';

const PERIODS = TIME_TYPES.map((timeType) => ({ value: timeType, label: TIME_TYPE_LABELS[timeType] }));

/** 生产趋势: device productivity and the one-pass rate over the last 30 days or 12 months, one switch for both. */
export function TrendPanel() {
  const [timeType, setTimeType] = useState<TimeType>('PRE_30_DAY');
  const productivity = shown(useDeviceProductivity(timeType));
  const onePass = shown(useDeviceOnePass(timeType));
  const productivityChart = useMemo(() => productivityOption(productivity ?? [], timeType), [productivity, timeType]);
  const onePassChart = useMemo(() => onePassTrendOption(onePass ?? []), [onePass]);
  const period = TIME_TYPE_LABELS[timeType];
  return (
    <DashboardPanel
      title="生产趋势"
      area="trend"
      extra={<Segmented<TimeType> aria-label="统计周期" options={PERIODS} value={timeType} onChange={setTimeType} />}
    >
      <div className="dc-trend">
        <div className="dc-trend__chart">
          <h3 className="dc-subtitle">{period}设备生产力</h3>
          <EChart className="dashboard-chart" title="设备生产力" option={productivityChart} empty={!productivity?.length} />
        </div>
        <div className="dc-trend__chart">
          <h3 className="dc-subtitle">{period}一次通过率</h3>
          <EChart className="dashboard-chart" title="一次通过率趋势" option={onePassChart} empty={!onePass?.some((point) => point.yVal !== null)} />
        </div>
      </div>
    </DashboardPanel>
  );
}
