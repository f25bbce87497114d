import { z } from 'zod';
import { idBody, idQuery } from '../admin/common.js';
import { endpoint } from '../endpoint.js';
import { streamTicket } from '../live-events.js';
import { pageOf } from '../envelope.js';
import { MENUS } from '../menu-tree.js';
import { needAnyOf } from '../permissions.js';
import {
  downProp,
  dtuTask,
  dtuTaskFindQuery,
  dtuTaskFound,
  dtuTaskListQuery,
  dtuTaskPadListQuery,
  dtuTaskPadOption,
  dtuTaskWatchCount,
  duplicateEnableBody,
  taskIdBody,
  taskIdQuery,
} from './dtu-task.js';
import {
  checkHistoryPage,
  checkHistoryQuery,
  checkinfoListQuery,
  dtuTestDetail,
  dtuTestRecord,
} from './dtu-test.js';

const tag = 'DTU任务';
/*
 * The DTU task pages are reached from a part's DTU (配件管理) and from a module's DTU
 * (通信模块): either menu opens them (DESIGN.md §4: pages without buttons need the menu).
 */
const permission = needAnyOf(MENUS.parts, MENUS.communication);

/** DTU tasks, rework tasks, their device tests and check log (seed 002 §7 "Tasks", "Check log"; DESIGN.md §9.5). */
export const DTU_TASK_ENDPOINTS = {
  dtuTaskDownPropList: endpoint({
    method: 'GET',
    path: '/api/dtuTask/downPropList',
    tag,
    summary: '数据下发内容',
    permission,
    response: z.array(downProp),
  }),
  dtuTaskList: endpoint({
    method: 'GET',
    path: '/api/dtuTask/list',
    tag,
    summary: 'DTU任务列表',
    permission,
    query: dtuTaskListQuery,
    response: pageOf(dtuTask),
  }),
  dtuTaskDetail: endpoint({
    method: 'GET',
    path: '/api/dtuTask/detail',
    tag,
    summary: 'DTU任务详情',
    permission,
    query: taskIdQuery,
    response: dtuTask,
  }),
  /** the PADs of a line for the panel, each with the task it serves */
  dtuTaskPadList: endpoint({
    method: 'GET',
    path: '/api/dtuTask/padList',
    tag,
    summary: '产线终端',
    permission,
    query: dtuTaskPadListQuery,
    response: z.array(dtuTaskPadOption),
  }),
  /** the JSON part `fittingsTaskParam` and, with data delivery, the Excel `majorMinorExcel` */
  dtuTaskAdd: endpoint({
    method: 'POST',
    path: '/api/dtuTask/add',
    tag,
    summary: '新增DTU任务',
    permission,
    encoding: 'multipart',
    response: z.number().int(),
  }),
  /** as add, the part with the id; without an Excel the one held stays */
  dtuTaskEdit: endpoint({
    method: 'POST',
    path: '/api/dtuTask/edit',
    tag,
    summary: '编辑DTU任务',
    permission,
    encoding: 'multipart',
    response: z.null(),
  }),
  dtuTaskDuplicateEnable: endpoint({
    method: 'POST',
    path: '/api/dtuTask/duplicateEnable',
    tag,
    summary: '重复检测开关',
    permission,
    encoding: 'form',
    body: duplicateEnableBody,
    response: z.null(),
  }),
  dtuTaskStart: endpoint({
    method: 'POST',
    path: '/api/dtuTask/start',
    tag,
    summary: '开始DTU任务',
    permission,
    encoding: 'form',
    body: taskIdBody,
    response: z.null(),
  }),
  dtuTaskStop: endpoint({
    method: 'POST',
    path: '/api/dtuTask/stop',
    tag,
    summary: '停止DTU任务',
    permission,
    encoding: 'form',
    body: taskIdBody,
    response: z.null(),
  }),
  dtuTaskEnd: endpoint({
    method: 'POST',
    path: '/api/dtuTask/end',
    tag,
    summary: '结束DTU任务',
    permission,
    encoding: 'form',
    body: taskIdBody,
    response: z.null(),
  }),
  dtuTaskDelete: endpoint({
    method: 'POST',
    path: '/api/dtuTask/delete',
    tag,
    summary: '删除DTU任务',
    permission,
    encoding: 'form',
    body: taskIdBody,
    response: z.null(),
  }),
  dtuTaskFind: endpoint({
    method: 'GET',
    path: '/api/dtuTask/find',
    tag,
    summary: '按MAC/IMEI查找任务',
    permission,
    query: dtuTaskFindQuery,
    response: dtuTaskFound,
  }),
  dtuTaskWatchCount: endpoint({
    method: 'GET',
    path: '/api/dtuTask/watchCount',
    tag,
    summary: 'DTU生产看板数据',
    permission,
    query: taskIdQuery,
    response: dtuTaskWatchCount,
  }),
  dtuTaskCheckinfoList: endpoint({
    method: 'GET',
    path: '/api/dtuTask/checkinfoList',
    tag,
    summary: '设备检测列表',
    permission,
    query: checkinfoListQuery,
    response: pageOf(dtuTestRecord),
  }),
  dtuTaskCheckinfoDetail: endpoint({
    method: 'GET',
    path: '/api/dtuTask/checkinfoDetail',
    tag,
    summary: '设备检测详情',
    permission,
    query: idQuery,
    response: dtuTestDetail,
  }),
  dtuTaskCheckinfoDelete: endpoint({
    method: 'POST',
    path: '/api/dtuTask/checkinfoDelete',
    tag,
    summary: '删除设备检测记录',
    permission,
    encoding: 'form',
    body: idBody,
    response: z.null(),
  }),
  dtuTaskCheckHistoryList: endpoint({
    method: 'GET',
    path: '/api/dtuTask/checkHistoryList',
    tag,
    summary: '检测日志',
    permission,
    query: checkHistoryQuery,
    response: checkHistoryPage,
  }),
  /**
   * Beyond the specification: server-sent events (raw), one `result` event per burst of
   * changes of the task's units (a scan, a report joining a unit, a result, a record
   * deleted) or of its status, so the board and the progress page move within a second.
   */
  dtuTaskEvents: endpoint({
    method: 'GET',
    path: '/api/dtuTask/events',
    tag,
    summary: 'DTU任务实时事件（SSE）',
    permission,
    query: taskIdQuery,
  }),
  /** beyond the specification: a one-use ticket (60 s) that opens dtuTaskEvents; an EventSource sends no bearer header */
  dtuTaskEventsTicket: endpoint({
    method: 'POST',
    path: '/api/dtuTask/eventsTicket',
    tag,
    summary: 'DTU任务实时事件票据',
    permission,
    response: streamTicket,
  }),
} as const;
