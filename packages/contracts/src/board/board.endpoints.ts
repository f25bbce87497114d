import { endpoint } from '../endpoint.js';
import { streamTicket } from '../live-events.js';
import { MENUS } from '../menu-tree.js';
import { need } from '../permissions.js';
import {
  boardQuery,
  boardSchedule,
  dailySeries,
  deviceAverage,
  devOutput,
  onePassDetail,
  onePassDetailQuery,
  onePassTotal,
  onePassTotalQuery,
  problemChart,
  problemTop,
  problemTopQuery,
  problemTotal,
  productionTop,
  productionTopQuery,
  rateSeries,
  realTimeInput,
  statisticInfo,
  taskCount,
  taskCountQuery,
  terminalCounts,
  timeTypeQuery,
} from './board.js';

const boardTag = '数据看板';
/** The board opens from the task list's 数据看板 button (seed 000 §4). */
const BOARD = need(MENUS.productionCenter, 'dataWatch');

/** 数据看板: the task board's calls (issue 7), each refreshed every 10 s by the board. */
export const BOARD_ENDPOINTS = {
  boardSchedule: endpoint({
    method: 'GET',
    path: '/api/board/schedule',
    tag: boardTag,
    summary: '生产进度',
    permission: BOARD,
    query: boardQuery,
    response: boardSchedule,
  }),
  boardProblemTotal: endpoint({
    method: 'GET',
    path: '/api/board/problemTotal',
    tag: boardTag,
    summary: '问题总数',
    permission: BOARD,
    query: boardQuery,
    response: problemTotal,
  }),
  boardProblemChart: endpoint({
    method: 'GET',
    path: '/api/board/problemChart',
    tag: boardTag,
    summary: '各流程问题数',
    permission: BOARD,
    query: boardQuery,
    response: problemChart,
  }),
  boardProblemTop: endpoint({
    method: 'GET',
    path: '/api/board/problemTop',
    tag: boardTag,
    summary: '问题排行',
    permission: BOARD,
    query: problemTopQuery,
    response: problemTop,
  }),
  boardOnePassTotal: endpoint({
    method: 'GET',
    path: '/api/board/onePassTotal',
    tag: boardTag,
    summary: '一次通过率曲线',
    permission: BOARD,
    query: onePassTotalQuery,
    response: onePassTotal,
  }),
  boardOnePassDetail: endpoint({
    method: 'GET',
    path: '/api/board/onePassDetail',
    tag: boardTag,
    summary: '一次通过率总览',
    permission: BOARD,
    query: onePassDetailQuery,
    response: onePassDetail,
  }),
  /** beyond the specification: server-sent events (raw), one `result` event per burst of results of the task */
  boardEvents: endpoint({
    method: 'GET',
    path: '/api/board/events',
    tag: boardTag,
    summary: '看板实时事件（SSE）',
    permission: BOARD,
    query: boardQuery,
  }),
  /** beyond the specification: a one-use ticket (60 s) that opens boardEvents; an EventSource sends no bearer header */
  boardEventsTicket: endpoint({
    method: 'POST',
    path: '/api/board/eventsTicket',
    tag: boardTag,
    summary: '看板实时事件票据',
    permission: BOARD,
    response: streamTicket,
  }),
} as const;

const centerTag = '数据中心';
const DATA_CENTER = need(MENUS.dataCenter);

/** 数据中心: the big-screen dashboard's calls (issue 7), each refreshed at its own period (seed 000 §7). */
export const DATA_CENTER_ENDPOINTS = {
  dataCenterRealTimeInput: endpoint({
    method: 'GET',
    path: '/api/dataCenter/realTimeInput',
    tag: centerTag,
    summary: '实时投入',
    permission: DATA_CENTER,
    response: realTimeInput,
  }),
  dataCenterStatisticInfo: endpoint({
    method: 'GET',
    path: '/api/dataCenter/statisticInfo',
    tag: centerTag,
    summary: '抽检与库存统计',
    permission: DATA_CENTER,
    response: statisticInfo,
  }),
  dataCenterDevOutput: endpoint({
    method: 'GET',
    path: '/api/dataCenter/devOutput',
    tag: centerTag,
    summary: '研发与产出',
    permission: DATA_CENTER,
    response: devOutput,
  }),
  dataCenterProductionTop: endpoint({
    method: 'GET',
    path: '/api/dataCenter/productionTop',
    tag: centerTag,
    summary: '产品产量排行',
    permission: DATA_CENTER,
    query: productionTopQuery,
    response: productionTop,
  }),
  dataCenterPdaCount: endpoint({
    method: 'GET',
    path: '/api/dataCenter/pdaCount',
    tag: centerTag,
    summary: '手持机数量',
    permission: DATA_CENTER,
    response: terminalCounts,
  }),
  dataCenterPadCount: endpoint({
    method: 'GET',
    path: '/api/dataCenter/padCount',
    tag: centerTag,
    summary: 'PAD数量',
    permission: DATA_CENTER,
    response: terminalCounts,
  }),
  dataCenterDeviceAverage: endpoint({
    method: 'GET',
    path: '/api/dataCenter/deviceAverage',
    tag: centerTag,
    summary: '平均产能',
    permission: DATA_CENTER,
    response: deviceAverage,
  }),
  dataCenterTaskCount: endpoint({
    method: 'GET',
    path: '/api/dataCenter/taskCount',
    tag: centerTag,
    summary: '任务指标',
    permission: DATA_CENTER,
    query: taskCountQuery,
    response: taskCount,
  }),
  dataCenterDeviceProductivity: endpoint({
    method: 'GET',
    path: '/api/dataCenter/deviceProductivity',
    tag: centerTag,
    summary: '设备产能',
    permission: DATA_CENTER,
    query: timeTypeQuery,
    response: dailySeries,
  }),
  dataCenterDeviceOnePass: endpoint({
    method: 'GET',
    path: '/api/dataCenter/deviceOnePass',
    tag: centerTag,
    summary: '一次通过率',
    permission: DATA_CENTER,
    query: timeTypeQuery,
    response: rateSeries,
  }),
  /** beyond the specification: server-sent events (raw), one `result` event per burst of results in the account */
  dataCenterEvents: endpoint({
    method: 'GET',
    path: '/api/dataCenter/events',
    tag: centerTag,
    summary: '数据中心实时事件（SSE）',
    permission: DATA_CENTER,
  }),
  /** beyond the specification: a one-use ticket (60 s) that opens dataCenterEvents */
  dataCenterEventsTicket: endpoint({
    method: 'POST',
    path: '/api/dataCenter/eventsTicket',
    tag: centerTag,
    summary: '数据中心实时事件票据',
    permission: DATA_CENTER,
    response: streamTicket,
  }),
} as const;
