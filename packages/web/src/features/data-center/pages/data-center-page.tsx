import { LIVE_STREAMS } from '@factory/contracts';
import { ConfigProvider, theme, type ThemeConfig } from 'antd';
import { WallClock } from '../../../components/wall-clock';
import { useLiveRefresh } from '../../../lib/use-live-refresh';
import { dashboardKeys } from '../api/dashboard-keys';
import { InputPanel, TodayPanel } from '../components/production-panels';
import { DevOutputPanel, StatisticPanel } from '../components/stock-panels';
import { TaskRatePanel } from '../components/task-rate-panel';
import { ProductionTopPanel, TerminalPanel } from '../components/terminal-panels';
import { TrendPanel } from '../components/trend-panel';
import './data-center-page.css';

const darkTheme: ThemeConfig = { algorithm: theme.darkAlgorithm, token: { colorPrimary: '#3fd0ff' } };

/**
 * 数据中心 (/dataCenter, seed 000 §2 and §7): the factory at a glance on a big
 * screen. Each panel asks its own call at the period of the refresh table; a
 * failing call zeroes its panel only.
 */
export function DataCenterPage() {
  // Results move today's counters at once; the hourly and daily figures keep their periods.
  useLiveRefresh(LIVE_STREAMS.dataCenter, {}, dashboardKeys.live());

  return (
    <ConfigProvider theme={darkTheme}>
      <div className="data-center">
        <header className="data-center__title">
          <h1>数据中心</h1>
          <WallClock className="dc-clock" order="date-time" />
        </header>
        <div className="data-center__grid">
          <InputPanel />
          <TodayPanel />
          <ProductionTopPanel />
          <StatisticPanel />
          <TaskRatePanel />
          <TerminalPanel />
          <DevOutputPanel />
          <TrendPanel />
        </div>
      </div>
    </ConfigProvider>
  );
}
