import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { pageOf } from '../envelope.js';
import { MENUS } from '../menu-tree.js';
import { need, needAnyFun, SIGNED_IN } from '../permissions.js';
import { idBody } from './common.js';
import {
  factory,
  factoryListQuery,
  lineAddBody,
  lineEditBody,
  lineListQuery,
  lineOption,
  lineStatusQuery,
  productionLine,
} from './line.js';

const tag = '产线';
const MENU = MENUS.productionLine;

/** Factories and production lines (seed 000 §7). */
export const LINE_ENDPOINTS = {
  // The user form and the task form read factories and lines too, so any signed-in user may list them.
  factoryList: endpoint({
    method: 'GET',
    path: '/api/factory/list',
    tag,
    summary: '工厂及其产线',
    permission: SIGNED_IN,
    query: factoryListQuery,
    response: pageOf(factory),
  }),
  productionLineOptions: endpoint({
    method: 'GET',
    path: '/api/productionLine/getList',
    tag,
    summary: '可排产的产线',
    permission: SIGNED_IN,
    response: z.array(lineOption),
  }),
  lineList: endpoint({
    method: 'GET',
    path: '/api/line/list',
    tag,
    summary: '产线列表',
    permission: need(MENU),
    query: lineListQuery,
    response: pageOf(productionLine),
  }),
  lineAdd: endpoint({
    method: 'POST',
    path: '/api/line/add',
    tag,
    summary: '新增产线',
    permission: need(MENU, 'add'),
    body: lineAddBody,
    /** the new line's id */
    response: z.number().int(),
  }),
  lineEdit: endpoint({
    method: 'POST',
    path: '/api/line/edit',
    tag,
    summary: '编辑产线',
    permission: need(MENU, 'edit'),
    body: lineEditBody,
    response: z.null(),
  }),
  /**
   * The console sends ?id&status (seed 000 §7). Start or stop is checked before the
   * query is read; the server then narrows it to the one the status asks for.
   */
  lineChangeStatus: endpoint({
    method: 'POST',
    path: '/api/line/changeStatus',
    tag,
    summary: '启用或停用产线',
    permission: needAnyFun(MENU, 'start', 'stop'),
    query: lineStatusQuery,
    response: z.null(),
  }),
  // Not offered by the console (seed 000 §4) but part of the API.
  lineDelete: endpoint({
    method: 'POST',
    path: '/api/line/delete',
    tag,
    summary: '删除产线',
    permission: need(MENU, 'delete'),
    body: idBody,
    response: z.null(),
  }),
} as const;
