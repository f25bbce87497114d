import { endpoint } from '../endpoint.js';
import { PUBLIC } from '../permissions.js';
import {
  stationDtuAssignment,
  stationDtuReportBody,
  stationDtuResultAnswer,
  stationDtuResultBody,
  stationDtuSampleAnswer,
  stationDtuSampleBody,
  stationDtuScanBody,
  stationDtuUnit,
  stationDtuUnitQuery,
} from './dtu-test.js';

// Apart from the console's DTU task calls, so the station app's bundle takes only these.
const stationTag = '工位·配件检测';
/*
 * Public to the console's guard: the PAD signs in with its station token, checked by
 * the station guard, and every call asks for the PAD APP menu 配件检测.
 */
export const DTU_STATION_ENDPOINTS = {
  stationDtuAssignment: endpoint({
    method: 'GET',
    path: '/api/station/dtu/assignment',
    tag: stationTag,
    summary: '配件检测任务',
    permission: PUBLIC,
    response: stationDtuAssignment,
  }),
  stationDtuScan: endpoint({
    method: 'POST',
    path: '/api/station/dtu/scan',
    tag: stationTag,
    summary: '扫描待测设备',
    permission: PUBLIC,
    body: stationDtuScanBody,
    response: stationDtuUnit,
  }),
  stationDtuUnit: endpoint({
    method: 'GET',
    path: '/api/station/dtu/unit',
    tag: stationTag,
    summary: '待测设备的实时数据',
    permission: PUBLIC,
    query: stationDtuUnitQuery,
    response: stationDtuUnit,
  }),
  stationDtuReport: endpoint({
    method: 'POST',
    path: '/api/station/dtu/report',
    tag: stationTag,
    summary: '工装读到的设备数据',
    permission: PUBLIC,
    body: stationDtuReportBody,
    response: stationDtuUnit.nullable(),
  }),
  stationDtuResult: endpoint({
    method: 'POST',
    path: '/api/station/dtu/result',
    tag: stationTag,
    summary: '提交设备检测结果',
    permission: PUBLIC,
    body: stationDtuResultBody,
    response: stationDtuResultAnswer,
  }),
  stationDtuSample: endpoint({
    method: 'POST',
    path: '/api/station/dtu/sample',
    tag: stationTag,
    summary: '提交抽检的其他检测项',
    permission: PUBLIC,
    body: stationDtuSampleBody,
    response: stationDtuSampleAnswer,
  }),
} as const;
