// Test data of the big-screen dashboard (imported by its *.test.tsx only).
import {
  type AnyEndpoint,
  type ChartPoint,
  DATA_CENTER_ENDPOINTS as CENTER,
  type DeviceAverage,
  type DevOutput,
  LIVE_STREAMS,
  MENUS,
  type RealTimeInput,
  type StatisticInfo,
  type TaskCount,
} from '@factory/contracts';
import { badGateway, ticketsOf } from '../../test/big-screen-fixtures';
import { answer, type FakeRoute, installServer } from '../../test/fake-server';
import { loginResultWith, sessionMenu } from '../../test/fixtures';

/** A session holding 数据中心. */
export function dashboardSession() {
  return loginResultWith({}, [sessionMenu({ id: 1, name: '数据中心', url: MENUS.dataCenter, level: 1 })]);
}

export const realTimeInput: RealTimeInput = {
  targetProduction: 5000,
  producedProductToday: 1268,
  deviceInput: 18342,
  terminalInput: 46,
  productInput: 12,
  lineInput: 6,
  personInput: 38,
};
export const statisticInfo: StatisticInfo = {
  reportCheckCount: 86,
  checkRandomCount: 412,
  stockCount: 15620,
  outStockCount: 14208,
  recheckCount: 23,
};
// outputCount is deviceAverage.total (累计产量), as the server answers both.
export const devOutput: DevOutput = { developmentCount: 8, outputCount: 98213, total: 155000 };
export const productionTop: ChartPoint[] = [
  { xVal: 'GW_100', yVal: 8421 },
  { xVal: 'SW_200', yVal: 6310 },
];
export const pdaCount: ChartPoint[] = [
  { xVal: '使用中', yVal: 12 },
  { xVal: '空闲', yVal: 5 },
];
export const padCount: ChartPoint[] = [
  { xVal: '整机检测', yVal: 18 },
  { xVal: '配件检测', yVal: 9 },
  { xVal: '空闲', yVal: 7 },
  { xVal: '未使用', yVal: 4 },
];
export const deviceAverage: DeviceAverage = { total: 98213, avgProductivity: 1342.64, productionMonth: 24165 };
export const taskCount: TaskCount = { onePassRate: 0.8734, intimeRate: 0.92, checkPassRate: 0.9815, stopRate: 0.0412 };
const days: ChartPoint[] = [
  { xVal: '03-01', yVal: 320 },
  { xVal: '03-02', yVal: 410 },
];
const months: ChartPoint[] = [
  { xVal: '2026-02', yVal: 9120 },
  { xVal: '2026-03', yVal: 10240 },
];

const monthly = (query: Record<string, string>) => query.timeType === 'PRE_12_MONTH';

/** The dashboard's calls and what each answers by default; the trend calls answer by timeType. */
export function dashboardAnswers(): FakeRoute[] {
  return [
    answer(CENTER.dataCenterRealTimeInput, realTimeInput),
    answer(CENTER.dataCenterStatisticInfo, statisticInfo),
    answer(CENTER.dataCenterDevOutput, devOutput),
    answer(CENTER.dataCenterProductionTop, productionTop),
    answer(CENTER.dataCenterPdaCount, pdaCount),
    answer(CENTER.dataCenterPadCount, padCount),
    answer(CENTER.dataCenterDeviceAverage, deviceAverage),
    answer(CENTER.dataCenterTaskCount, taskCount),
    answer(CENTER.dataCenterDeviceProductivity, ({ query }) => (monthly(query) ? months : days)),
    answer(CENTER.dataCenterDeviceOnePass, ({ query }) =>
      (monthly(query) ? months : days).map((point, index) => ({ xVal: point.xVal, yVal: index ? 0.9 : null })),
    ),
  ];
}

/**
 * The server behind the dashboard, its stream's tickets included: `failing` calls answer
 * 500 without an envelope, `answers` replace the defaults.
 */
export function dashboardServer({ failing = [], answers = [] }: { failing?: AnyEndpoint[]; answers?: FakeRoute[] } = {}) {
  return installServer(
    ...dashboardAnswers(),
    ticketsOf(LIVE_STREAMS.dataCenter),
    ...answers,
    ...failing.map((endpoint) => answer(endpoint, badGateway)),
  );
}
