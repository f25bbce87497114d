import { idQuery } from '../admin/common.js';
import { endpoint } from '../endpoint.js';
import { pageOf } from '../envelope.js';
import { MENUS } from '../menu-tree.js';
import { need } from '../permissions.js';
import {
  flowCheckDetail,
  flowHistoryEntry,
  flowHistoryQuery,
  recordDetail,
  recordDetailQuery,
  recordExportListQuery,
  recordListQuery,
  recordPage,
  traceAnswer,
  traceQuery,
} from './records.js';

const tag = '生产记录';
/** Records are pages of 产线检测 (DESIGN.md §4: pages reached from a menu page need that menu). */
const MENU = MENUS.productionCenter;

/** 生产记录: records, flow check detail and history, record export, device trace (issue 7). */
export const RECORDS_ENDPOINTS = {
  recordList: endpoint({
    method: 'GET',
    path: '/api/productionRecord/list',
    tag,
    summary: '生产记录列表',
    permission: need(MENU),
    query: recordListQuery,
    response: recordPage,
  }),
  recordDetail: endpoint({
    method: 'GET',
    path: '/api/productionRecord/detail',
    tag,
    summary: '生产记录详情',
    permission: need(MENU),
    query: recordDetailQuery,
    response: recordDetail,
  }),
  /** xlsx of the device (`?id=<production code>`), answered raw (a file; refusals are the envelope). */
  recordExport: endpoint({
    method: 'GET',
    path: '/api/productionRecord/export',
    tag,
    summary: '导出生产记录',
    permission: need(MENU),
    query: recordDetailQuery,
  }),
  /**
   * The filtered records list as one xlsx (issue 13), streamed raw with the record
   * count in the RECORD_COUNT_HEADER header. The single record's export asks the
   * menu alone; exporting the list is the same data, so the same permission.
   */
  recordExportList: endpoint({
    method: 'GET',
    path: '/api/productionRecord/exportList',
    tag,
    summary: '导出生产记录列表',
    permission: need(MENU),
    query: recordExportListQuery,
  }),
  flowCheckDetail: endpoint({
    method: 'GET',
    path: '/api/flow/checkDetail',
    tag,
    summary: '流程检测详情',
    permission: need(MENU),
    query: idQuery,
    response: flowCheckDetail,
  }),
  flowHistoryList: endpoint({
    method: 'GET',
    path: '/api/flow/historyList',
    tag,
    summary: '流程检测历史',
    permission: need(MENU),
    query: flowHistoryQuery,
    response: pageOf(flowHistoryEntry),
  }),
  /** beyond the specification: a device's whole history by code, SN, MAC or IMEI */
  deviceTrace: endpoint({
    method: 'GET',
    path: '/api/device/trace',
    tag,
    summary: '设备追溯',
    permission: need(MENU),
    query: traceQuery,
    response: traceAnswer,
  }),
} as const;
