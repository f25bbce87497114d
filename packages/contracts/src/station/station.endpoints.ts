import '../zod-jitless.js';
import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { pageOf, pageQuery } from '../envelope.js';
import { PUBLIC } from '../permissions.js';
import {
  stationAssignment,
  stationDevice,
  stationDeviceQuery,
  stationLastTask,
  stationLoginBody,
  stationLoginResult,
  stationResultBody,
  stationResultRow,
  stationVerdict,
} from './station.js';

const tag = '工位';
/*
 * The console guard sees these routes as public: a station signs in with its own
 * token (from stationLogin), checked by the station module's own guard. The
 * station app, the simulator and the benches call them with that token.
 */
const permission = PUBLIC;

/** 工位: the station API the terminal app and the simulator use (issue 6, DESIGN.md §6). */
export const STATION_ENDPOINTS = {
  /** JSON or a url-encoded form; the only station call without a station token */
  stationLogin: endpoint({
    method: 'POST',
    path: '/api/station/login',
    tag,
    summary: '终端登录',
    permission,
    body: stationLoginBody,
    response: stationLoginResult,
  }),
  stationLogout: endpoint({
    method: 'POST',
    path: '/api/station/logout',
    tag,
    summary: '终端退出登录',
    permission,
    response: z.null(),
  }),
  /** what this terminal works on, null when idle */
  stationAssignment: endpoint({
    method: 'GET',
    path: '/api/station/assignment',
    tag,
    summary: '终端当前任务',
    permission,
    response: stationAssignment,
  }),
  stationResult: endpoint({
    method: 'POST',
    path: '/api/station/result',
    tag,
    summary: '提交检测结果',
    permission,
    body: stationResultBody,
    response: stationVerdict,
  }),
  /** the unit of a scanned production code as this terminal's flow sees it, checked as a result would be */
  stationDevice: endpoint({
    method: 'GET',
    path: '/api/station/device',
    tag,
    summary: '扫码校验生产码',
    permission,
    query: stationDeviceQuery,
    response: stationDevice,
  }),
  /** an idle terminal's last task (the task of its latest result), so the station app can say why it is idle */
  stationLastTask: endpoint({
    method: 'GET',
    path: '/api/station/lastTask',
    tag,
    summary: '终端上一任务',
    permission,
    response: stationLastTask,
  }),
  /** this terminal's results of today, newest first */
  stationResults: endpoint({
    method: 'GET',
    path: '/api/station/results',
    tag,
    summary: '终端今日检测记录',
    permission,
    query: pageQuery,
    response: pageOf(stationResultRow),
  }),
} as const;
