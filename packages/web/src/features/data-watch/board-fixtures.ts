// Test data of the data board (imported by its *.test.tsx only).
import { type BoardSchedule, type ChartPoint, LIVE_STREAMS, type OnePassDetail, type ProblemTop, type ProblemTotal } from '@factory/contracts';
import { nextTicket, pathOf } from '../../test/big-screen-fixtures';
import { envelope, failure, installFetch, type StandInAnswer } from '../../test/fetch-stand-in';
import { loginResultWith, sessionMenu } from '../../test/fixtures';

/** A session that may open the board (产线检测 with its dataWatch button). */
export function boardSession() {
  return loginResultWith({}, [
    sessionMenu({ id: 1, name: '生产中心', url: '/', level: 1 }),
    sessionMenu({ id: 2, pId: 1, name: '产线检测', url: '/productionCenter', level: 2, funcBotton: ['dataWatch'] }),
  ]);
}

export const schedule: BoardSchedule = {
  aimCount: 2000,
  productedCount: 1268,
  inputCount: 1342,
  repairCount: 37,
  capacityOfProduction: 28.46,
  expectedFinishTime: 2 * 3600 + 5 * 60,
};
export const problemTotal: ProblemTotal = { totalCount: 128, autoCount: 97, manualCount: 31 };
export const problemChart: ChartPoint[] = [
  { xVal: '上电检测', yVal: 46 },
  { xVal: '整机终检', yVal: 19 },
];
export const problemTop: ProblemTop = {
  total: 65,
  problems: [
    { xVal: '供电电压', yVal: 30 },
    { xVal: '外壳划痕', yVal: 21 },
  ],
};
export const onePassTotal: ChartPoint[] = [
  { xVal: '08:00', yVal: 0.82 },
  { xVal: '09:00', yVal: 0.91 },
];
export const onePassDetail: OnePassDetail = {
  currentRate: 0.8734,
  aimRate: 0.8,
  flowRate: [
    { xVal: '上电检测', yVal: 0.9412 },
    { xVal: '整机终检', yVal: 0.7654 },
  ],
};

/** The board's calls and what each answers by default. */
export const BOARD_ANSWERS: Record<string, unknown> = {
  '/api/board/schedule': schedule,
  '/api/board/problemTotal': problemTotal,
  '/api/board/problemChart': problemChart,
  '/api/board/problemTop': problemTop,
  '/api/board/onePassTotal': onePassTotal,
  '/api/board/onePassDetail': onePassDetail,
};

/**
 * The server behind the board. `failing` lists calls that answer 500 (no envelope) or,
 * with `refuse`, an envelope of code 0; everything else as `answers`, then BOARD_ANSWERS, say. The
 * task list answers too, for the logo's way back.
 */
export function boardServer(options: { failing?: Set<string>; refuse?: boolean; answers?: Record<string, unknown> } = {}) {
  const answers = { ...BOARD_ANSWERS, ...options.answers };
  return installFetch((request): StandInAnswer => {
    const path = pathOf(request);
    if (options.failing?.has(path)) {
      return options.refuse ? { status: 404, body: failure('任务不存在') } : { status: 500, body: '<html>502 Bad Gateway</html>' };
    }
    if (path in answers) return { body: envelope(answers[path]) };
    if (path === LIVE_STREAMS.board.ticket) return { body: envelope(nextTicket()) };
    if (path === '/api/task/getTasks') return { body: envelope({ list: [], total: 0, pageSize: 10, pageNum: 1 }) };
    if (path === '/api/product/getProductTypes') return { body: envelope([]) };
    return { body: envelope(null) };
  });
}

/** A board address as the task list builds it: model and line names encoded twice. */
export function boardUrl(id: number | string, productNumber = 'GW_100 智能网关', lineName = '总装一线') {
  const twice = (text: string) => encodeURIComponent(encodeURIComponent(text));
  return `/dataWatch?id=${id}&productNumber=${twice(productNumber)}&productionLineName=${twice(lineName)}`;
}
