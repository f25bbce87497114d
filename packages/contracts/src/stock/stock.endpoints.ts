import { endpoint } from '../endpoint.js';
import { pageOf } from '../envelope.js';
import { MENUS } from '../menu-tree.js';
import { need, needAnyOf } from '../permissions.js';
import {
  batchDetailQuery,
  batchListQuery,
  outputListQuery,
  outputRecord,
  productModels,
  stockBatch,
  stockRecord,
  stockRecordDetail,
  stockRecordDetailQuery,
  stockRecordListQuery,
} from './stock.js';

const tag = '抽检与出库';
const SPOT_CHECK = MENUS.spotCheck;
const STOCK_OUT = MENUS.stockOut;

/** 抽检管理 and 出库记录: the console's six calls (seed 002 §7, DESIGN.md §9.5). */
export const STOCK_ENDPOINTS = {
  /** the filters of both pages */
  stockProductModels: endpoint({
    method: 'GET',
    path: '/api/stock/productModels',
    tag,
    summary: '产品型号',
    permission: needAnyOf(SPOT_CHECK, STOCK_OUT),
    response: productModels,
  }),
  stockBatchList: endpoint({
    method: 'GET',
    path: '/api/stock/batchList',
    tag,
    summary: '抽检批次列表',
    permission: need(SPOT_CHECK),
    query: batchListQuery,
    response: pageOf(stockBatch),
  }),
  stockBatchDetail: endpoint({
    method: 'GET',
    path: '/api/stock/batchDetail',
    tag,
    summary: '抽检批次详情',
    permission: need(SPOT_CHECK),
    query: batchDetailQuery,
    response: stockBatch,
  }),
  stockRecordList: endpoint({
    method: 'GET',
    path: '/api/stock/recordList',
    tag,
    summary: '批次设备列表',
    permission: need(SPOT_CHECK),
    query: stockRecordListQuery,
    response: pageOf(stockRecord),
  }),
  stockRecordDetail: endpoint({
    method: 'GET',
    path: '/api/stock/recordDetail',
    tag,
    summary: '抽检设备详情',
    permission: need(SPOT_CHECK),
    query: stockRecordDetailQuery,
    response: stockRecordDetail,
  }),
  stockOutputList: endpoint({
    method: 'GET',
    path: '/api/stock/outputList',
    tag,
    summary: '出库记录',
    permission: need(STOCK_OUT),
    query: outputListQuery,
    response: pageOf(outputRecord),
  }),
} as const;
