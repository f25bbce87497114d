// Test data of the big-screen dashboard (imported by its *.test.tsx only).
import { type ChartPoint, type DeviceAverage, type DevOutput, LIVE_STREAMS, type RealTimeInput, type StatisticInfo, type TaskCount } from '@factory/contracts';
import { nextTicket, pathOf } from '../../test/big-screen-fixtures';
import { envelope, installFetch, type StandInAnswer } from '../../test/fetch-stand-in';
import { loginResultWith, sessionMenu } from '../../test/fixtures';

/** A session holding 数据中心. */
export function dashboardSession() {
  return loginResultWith({}, [sessionMenu({ id: 1, name: '数据中心', url: '/dataCenter', level: 1 })]);
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

/** The dashboard's calls; the trend calls answer by timeType. */
export function answerOf(path: string, timeType: string | null): unknown {
  const monthly = timeType === 'PRE_12_MONTH';
  const answers: Record<string, unknown> = {
    '/api/dataCenter/realTimeInput': realTimeInput,
    '/api/dataCenter/statisticInfo': statisticInfo,
    '/api/dataCenter/devOutput': devOutput,
    '/api/dataCenter/productionTop': productionTop,
    '/api/dataCenter/pdaCount': pdaCount,
    '/api/dataCenter/padCount': padCount,
    '/api/dataCenter/deviceAverage': deviceAverage,
    '/api/dataCenter/taskCount': taskCount,
    '/api/dataCenter/deviceProductivity': monthly ? months : days,
    '/api/dataCenter/deviceOnePass': (monthly ? months : days).map((point, index) => ({ xVal: point.xVal, yVal: index ? 0.9 : null })),
  };
  return answers[path] ?? null;
}

/** The server behind the dashboard; `failing` calls answer 500 without an envelope, `answers` replace the defaults. */
export function dashboardServer(failing: Set<string> = new Set(), answers: Record<string, unknown> = {}) {
  return installFetch((request): StandInAnswer => {
    const path = pathOf(request);
    if (failing.has(path)) return { status: 500, body: '<html>502 Bad Gateway</html>' };
    if (path in answers) return { body: envelope(answers[path]) };
    if (path === LIVE_STREAMS.dataCenter.ticket) return { body: envelope(nextTicket()) };
    return { body: envelope(answerOf(path, new URL(request.url, 'http://console').searchParams.get('timeType'))) };
  });
}
