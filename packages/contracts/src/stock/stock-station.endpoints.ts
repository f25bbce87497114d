import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { PUBLIC } from '../permissions.js';
import {
  closeBatchBody,
  spotCheckAnswer,
  spotCheckResultBody,
  stationBatch,
  stationBatchDetail,
  stationBatchQuery,
  stockInAnswer,
  stockInBody,
  stockModes,
  stockMovement,
  stockOutAnswer,
  stockOutBody,
} from './stock-station.js';

// Apart from the console's stock calls, so the station app's bundle takes only these.
const stationTag = '工位·库存';
/*
 * Public to the console's guard: the PDA signs in with its station token, checked
 * by the station guard, and each mode's route asks for its PDA APP menu (入库, 抽检, 出库).
 */
const station = PUBLIC;

/** The PDA's stock-in, spot check and stock-out (DESIGN.md §9.1, §9.5). */
export const STOCK_STATION_ENDPOINTS = {
  stationStockModes: endpoint({
    method: 'GET',
    path: '/api/station/stock/modes',
    tag: stationTag,
    summary: 'PDA可用功能',
    permission: station,
    response: stockModes,
  }),
  stationStockIn: endpoint({
    method: 'POST',
    path: '/api/station/stock/in',
    tag: stationTag,
    summary: '扫码入库',
    permission: station,
    body: stockInBody,
    response: stockInAnswer,
  }),
  stationOpenBatches: endpoint({
    method: 'GET',
    path: '/api/station/stock/openBatches',
    tag: stationTag,
    summary: '入库中的批次',
    permission: station,
    response: z.array(stationBatch),
  }),
  stationCloseBatch: endpoint({
    method: 'POST',
    path: '/api/station/stock/closeBatch',
    tag: stationTag,
    summary: '结束入库',
    permission: station,
    body: closeBatchBody,
    response: stationBatch,
  }),
  stationStockOut: endpoint({
    method: 'POST',
    path: '/api/station/stock/out',
    tag: stationTag,
    summary: '扫码出库',
    permission: station,
    body: stockOutBody,
    response: stockOutAnswer,
  }),
  stationMovements: endpoint({
    method: 'GET',
    path: '/api/station/stock/movements',
    tag: stationTag,
    summary: '本终端今日记录',
    permission: station,
    response: z.array(stockMovement),
  }),
  stationSpotCheckBatches: endpoint({
    method: 'GET',
    path: '/api/station/spotCheck/batches',
    tag: stationTag,
    summary: '待抽检批次',
    permission: station,
    response: z.array(stationBatch),
  }),
  stationSpotCheckBatch: endpoint({
    method: 'GET',
    path: '/api/station/spotCheck/batch',
    tag: stationTag,
    summary: '抽检批次',
    permission: station,
    query: stationBatchQuery,
    response: stationBatchDetail,
  }),
  stationSpotCheckResult: endpoint({
    method: 'POST',
    path: '/api/station/spotCheck/result',
    tag: stationTag,
    summary: '提交抽检结果',
    permission: station,
    body: spotCheckResultBody,
    response: spotCheckAnswer,
  }),
} as const;
