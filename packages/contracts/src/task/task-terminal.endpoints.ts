import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { MENUS } from '../menu-tree.js';
import { needAnyFun } from '../permissions.js';
import { padInfo, padListQuery, setPadBody } from './task-terminal.js';

const tag = '生产任务';
/** Step 2 of the task form serves creating (add) and editing (edit) alike. */
const STEP_TWO = needAnyFun(MENUS.productionCenter, 'add', 'edit');

/** 终端设置: the PADs step 2 offers and their assignment to flows (issue 5). */
export const TASK_TERMINAL_ENDPOINTS = {
  padList: endpoint({
    method: 'GET',
    path: '/api/pad/getPadList',
    tag,
    summary: '可选终端',
    permission: STEP_TWO,
    query: padListQuery,
    response: z.array(padInfo),
  }),
  padSet: endpoint({
    method: 'POST',
    path: '/api/pad/setPad',
    tag,
    summary: '终端设置',
    permission: STEP_TWO,
    body: setPadBody,
    response: z.null(),
  }),
} as const;
