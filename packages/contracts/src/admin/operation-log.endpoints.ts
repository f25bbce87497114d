import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { pageOf } from '../envelope.js';
import { MENUS } from '../menu-tree.js';
import { need } from '../permissions.js';
import { operationLogModuleOption, operationLogQuery, operationLogRow } from './operation-log.js';

const tag = '操作日志';
const MENU = MENUS.operationLog;

/** The operation log of the signed-in account's subtree (every entry for the platform administrator). */
export const OPERATION_LOG_ENDPOINTS = {
  operationLogList: endpoint({
    method: 'GET',
    path: '/api/operationLog/list',
    tag,
    summary: '操作日志列表',
    permission: need(MENU),
    query: operationLogQuery,
    response: pageOf(operationLogRow),
  }),
  operationLogModules: endpoint({
    method: 'GET',
    path: '/api/operationLog/modules',
    tag,
    summary: '操作日志中出现的模块',
    permission: need(MENU),
    response: z.array(operationLogModuleOption),
  }),
} as const;
