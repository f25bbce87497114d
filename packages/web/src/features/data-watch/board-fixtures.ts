// Test data of the data board (imported by its *.test.tsx only).
import {
  type AnyEndpoint,
  BOARD_ENDPOINTS as BOARD,
  type BoardSchedule,
  type ChartPoint,
  LIVE_STREAMS,
  MENUS,
  type OnePassDetail,
  type ProblemTop,
  type ProblemTotal,
} from '@factory/contracts';
import { badGateway, ticketsOf } from '../../test/big-screen-fixtures';
import { answer, type FakeRoute, installServer, refuse as refuseCall } from '../../test/fake-server';
import { loginResultWith, sessionMenu } from '../../test/fixtures';

/** A session that may open the board (产线检测 with its dataWatch button). */
export function boardSession() {
  return loginResultWith({}, [
    sessionMenu({ id: 1, name: '生产中心', url: '/', level: 1 }),
    sessionMenu({ id: 2, pId: 1, name: '产线检测', url: MENUS.productionCenter, level: 2, funcBotton: ['dataWatch'] }),
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
export function boardAnswers(): FakeRoute[] {
  return [
    answer(BOARD.boardSchedule, schedule),
    answer(BOARD.boardProblemTotal, problemTotal),
    answer(BOARD.boardProblemChart, problemChart),
    answer(BOARD.boardProblemTop, problemTop),
    answer(BOARD.boardOnePassTotal, onePassTotal),
    answer(BOARD.boardOnePassDetail, onePassDetail),
  ];
}

/**
 * The server behind the board, its stream's tickets included. `failing` lists calls that
 * answer 500 (no envelope) or, with `refuse`, an envelope of code 0 (404 任务不存在);
 * `answers` replace the defaults.
 */
export function boardServer(options: { failing?: AnyEndpoint[]; refuse?: boolean; answers?: FakeRoute[] } = {}) {
  const { failing = [], refuse = false, answers = [] } = options;
  return installServer(
    ...boardAnswers(),
    ticketsOf(LIVE_STREAMS.board),
    ...answers,
    ...failing.map((endpoint) => (refuse ? refuseCall(endpoint, '任务不存在', 404) : answer(endpoint, badGateway))),
  );
}

/** A board address as the task list builds it: model and line names encoded twice. */
export function boardUrl(id: number | string, productNumber = 'GW_100 智能网关', lineName = '总装一线') {
  const twice = (text: string) => encodeURIComponent(encodeURIComponent(text));
  return `/dataWatch?id=${id}&productNumber=${twice(productNumber)}&productionLineName=${twice(lineName)}`;
}
