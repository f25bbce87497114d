import { useDeviceAverage } from '../api/get-device-average';
import { useRealTimeInput } from '../api/get-real-time-input';
import { countText, shareOf, shown } from '../dashboard-view';
import { DashboardFigures, DashboardPanel } from './dashboard-panel';
import { DigitCounter } from './digit-counter';

/** 今日生产: today's output as a digit counter against the target, and the average productivity. */
export function TodayPanel() {
  const input = shown(useRealTimeInput());
  const average = shown(useDeviceAverage());
  const target = input?.targetProduction ?? 0;
  const produced = input?.producedProductToday ?? 0;
  const share = shareOf(produced, target);
  return (
    <DashboardPanel title="今日生产" area="today">
      <div className="dc-today">
        <div className="dc-today__main">
          <p className="dc-today__caption">今日已生产（台）</p>
          <DigitCounter label="今日已生产" value={produced} />
          <dl className="dc-today__target">
            <div>
              <dt>今日目标</dt>
              <dd>
                {countText(target)}
                <span className="dc-figure__unit">台</span>
              </dd>
            </div>
            <div>
              <dt>完成率</dt>
              <dd>
                {share}
                <span className="dc-figure__unit">%</span>
              </dd>
            </div>
          </dl>
          <div className="dc-today__bar" aria-hidden>
            <span style={{ width: `${share}%` }} />
          </div>
        </div>
        <div className="dc-today__average" role="group" aria-label="平均产能">
          <h3 className="dc-subtitle">平均产能</h3>
          <DashboardFigures
            className="dc-figures--rows"
            figures={[
              { label: '日均产能', value: countText(average?.avgProductivity ?? 0), unit: '台/天', tone: 'accent' },
              { label: '本月产量', value: countText(average?.productionMonth ?? 0), unit: '台', tone: 'pass' },
              { label: '累计产量', value: countText(average?.total ?? 0), unit: '台' },
            ]}
          />
        </div>
      </div>
    </DashboardPanel>
  );
}

/** 投入统计: what is at work (seed 000 §7 real_time_input). */
export function InputPanel() {
  const input = shown(useRealTimeInput());
  return (
    <DashboardPanel title="投入统计" area="input">
      <DashboardFigures
        className="dc-figures--rows"
        figures={[
          { label: '设备', value: countText(input?.deviceInput ?? 0), unit: '台', tone: 'accent' },
          { label: '终端', value: countText(input?.terminalInput ?? 0), unit: '台' },
          { label: '产品', value: countText(input?.productInput ?? 0), unit: '款' },
          { label: '产线', value: countText(input?.lineInput ?? 0), unit: '条' },
          { label: '人员', value: countText(input?.personInput ?? 0), unit: '人' },
        ]}
      />
    </DashboardPanel>
  );
}
