import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { MENUS } from '../menu-tree.js';
import { need, SIGNED_IN } from '../permissions.js';
import {
  terminalAddBody,
  terminalCategoryQuery,
  terminalEditBody,
  terminalList,
  terminalListQuery,
  terminalUnbindQuery,
} from './terminal.js';

const tag = '终端';
const MENU = MENUS.terminalManage;

/** Terminals: PADs and PDAs of the tenant (seed 000 §5). */
export const TERMINAL_ENDPOINTS = {
  terminalCategory: endpoint({
    method: 'GET',
    path: '/api/terminal/category',
    tag,
    summary: '终端型号 (编号 → 名称)',
    permission: SIGNED_IN,
    query: terminalCategoryQuery,
    /** category id → name, in display order */
    response: z.record(z.string(), z.string()),
  }),
  terminalList: endpoint({
    method: 'GET',
    path: '/api/terminal/list',
    tag,
    summary: '终端列表',
    permission: need(MENU),
    query: terminalListQuery,
    response: terminalList,
  }),
  terminalAdd: endpoint({
    method: 'POST',
    path: '/api/terminal/add',
    tag,
    summary: '新增终端',
    permission: need(MENU, 'add'),
    body: terminalAddBody,
    /** the new terminal's id */
    response: z.number().int(),
  }),
  /** The console posts a form; JSON is accepted as everywhere. */
  terminalEdit: endpoint({
    method: 'POST',
    path: '/api/terminal/editPad',
    tag,
    summary: '编辑终端',
    permission: need(MENU, 'edit'),
    body: terminalEditBody,
    encoding: 'form',
    response: z.null(),
  }),
  /** The console sends ?terminalId&terminalType; the server takes a JSON or form body as well, the query winning. */
  terminalUnbind: endpoint({
    method: 'POST',
    path: '/api/terminal/unbindPad',
    tag,
    summary: '解绑终端',
    permission: need(MENU, 'unbind'),
    query: terminalUnbindQuery,
    response: z.null(),
  }),
} as const;
