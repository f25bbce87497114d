import { z } from 'zod';
import { idBody } from '../admin/common.js';
import { endpoint } from '../endpoint.js';
import { MENUS } from '../menu-tree.js';
import { need } from '../permissions.js';
import { flow, flowDetail, flowDetailQuery, flowInsertBody, flowListQuery, flowSwapBody } from './flow.js';

const tag = '产品流程';
const MENU = MENUS.productCenter;

/** A product's check flows (seed 001 §7); writes need the 设置 button. */
export const FLOW_ENDPOINTS = {
  /** the product's flows in order (a list, not a page) */
  flowList: endpoint({
    method: 'GET',
    path: '/api/flow/list',
    tag,
    summary: '产品流程列表',
    permission: need(MENU),
    query: flowListQuery,
    response: z.array(flow),
  }),
  flowDetail: endpoint({
    method: 'GET',
    path: '/api/flow/detail',
    tag,
    summary: '产品流程详情',
    permission: need(MENU),
    query: flowDetailQuery,
    response: flowDetail,
  }),
  /**
   * Multipart: the part `productFlowParams` (the JSON of flowParams) and an optional
   * part `pdf`; the server also takes the same JSON as a plain body, without a PDF.
   */
  flowAdd: endpoint({
    method: 'POST',
    path: '/api/flow/add',
    tag,
    summary: '新增流程',
    permission: need(MENU, 'set'),
    encoding: 'multipart',
    /** the new flow's id */
    response: z.number().int(),
  }),
  /** As flowAdd, with the flow's id (and removePdf) in productFlowParams. */
  flowEdit: endpoint({
    method: 'POST',
    path: '/api/flow/edit',
    tag,
    summary: '编辑流程',
    permission: need(MENU, 'set'),
    encoding: 'multipart',
    response: z.null(),
  }),
  flowDelete: endpoint({
    method: 'POST',
    path: '/api/flow/delete',
    tag,
    summary: '删除流程',
    permission: need(MENU, 'set'),
    body: idBody,
    response: z.null(),
  }),
  flowChangePosition: endpoint({
    method: 'POST',
    path: '/api/flow/changePosition',
    tag,
    summary: '交换流程顺序',
    permission: need(MENU, 'set'),
    body: flowSwapBody,
    response: z.null(),
  }),
  /** The console sends a form (seed 001 §7); JSON is taken too. */
  flowInsertPosition: endpoint({
    method: 'POST',
    path: '/api/flow/insertPosition',
    tag,
    summary: '移动流程位置',
    permission: need(MENU, 'set'),
    body: flowInsertBody,
    encoding: 'form',
    response: z.null(),
  }),
} as const;
