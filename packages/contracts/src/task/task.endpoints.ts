import { z } from 'zod';
import { idBody, idQuery } from '../admin/common.js';
import { endpoint } from '../endpoint.js';
import { pageOf } from '../envelope.js';
import { MENUS } from '../menu-tree.js';
import { need, needAnyFun } from '../permissions.js';
import { taskEditData, taskEditQuery } from './task-terminal.js';
import { task, taskCreateBody, taskDetail, taskEditBody, taskListQuery } from './task.js';

const tag = '生产任务';
const MENU = MENUS.productionCenter;

/** 产线检测: list, create and edit (step 1), the row actions, the detail and the form's data (issue 5). */
export const TASK_ENDPOINTS = {
  taskList: endpoint({
    method: 'GET',
    path: '/api/task/getTasks',
    tag,
    summary: '任务列表',
    permission: need(MENU),
    query: taskListQuery,
    response: pageOf(task),
  }),
  taskCreate: endpoint({
    method: 'POST',
    path: '/api/task/createTask',
    tag,
    summary: '新建任务',
    permission: need(MENU, 'add'),
    body: taskCreateBody,
    /** the new task's id */
    response: z.number().int(),
  }),
  taskEdit: endpoint({
    method: 'POST',
    path: '/api/task/editTask',
    tag,
    summary: '修改任务',
    permission: need(MENU, 'edit'),
    body: taskEditBody,
    response: z.null(),
  }),
  // The four row actions of the list: a body {id} (JSON or form), a summary naming the task.
  taskStart: endpoint({
    method: 'POST',
    path: '/api/task/startTask',
    tag,
    summary: '开始任务',
    permission: need(MENU, 'start'),
    body: idBody,
    response: z.null(),
  }),
  taskStop: endpoint({
    method: 'POST',
    path: '/api/task/stopTask',
    tag,
    summary: '停止任务',
    permission: need(MENU, 'stop'),
    body: idBody,
    response: z.null(),
  }),
  taskFinish: endpoint({
    method: 'POST',
    path: '/api/task/endTask',
    tag,
    summary: '结束任务',
    permission: need(MENU, 'finish'),
    body: idBody,
    response: z.null(),
  }),
  taskDelete: endpoint({
    method: 'POST',
    path: '/api/task/delTask',
    tag,
    summary: '删除任务',
    permission: need(MENU, 'delete'),
    body: idBody,
    response: z.null(),
  }),
  taskDetail: endpoint({
    method: 'GET',
    path: '/api/task/getTaskDetail',
    tag,
    summary: '任务详情',
    permission: need(MENU, 'detail'),
    query: idQuery,
    response: taskDetail,
  }),
  /** Both steps of the form read it, for a new task (add) as for an existing one (edit). */
  taskEditData: endpoint({
    method: 'GET',
    path: '/api/task/getTaskDetail4Edit',
    tag,
    summary: '任务编辑数据',
    permission: needAnyFun(MENU, 'add', 'edit'),
    query: taskEditQuery,
    response: taskEditData,
  }),
} as const;
