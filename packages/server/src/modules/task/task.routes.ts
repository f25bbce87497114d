import {
  MENUS,
  type FunOf,
  envelopeOf,
  idBody,
  idQuery,
  need,
  needAnyFun,
  pageOf,
  PATHS,
  task,
  taskCreateBody,
  taskDetail,
  taskEditBody,
  taskEditData,
  taskEditQuery,
  taskListQuery,
} from '@factory/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { requireAccount } from '../../platform/auth.js';
import type { Db } from '../../platform/db.js';
import { ok } from '../../platform/envelope.js';
import type { Database } from '../../platform/schema.js';
import type { ModuleContext } from '../../platform/module-context.js';
import { taskScopeOf, type TaskScope } from './task-scope.js';
import { taskDetail as loadTaskDetail, taskEditData as loadTaskEditData, taskList } from './task-views.js';
import { taskLabel, type TaskRow } from './task.repository.js';
import { createTask, deleteTask, editTask, finishTask, startTask, stopTask, taskCallerOf } from './task.service.js';

const tags = ['生产任务'];
export const TASK_MENU = MENUS.productionCenter;

type Transition = (trx: Kysely<Database>, db: Db, scope: TaskScope, id: number) => Promise<TaskRow>;

/** The four row actions of the list: one body ({id}, JSON or form), one transaction, a summary naming the task. */
const TRANSITIONS: { path: string; fun: FunOf<typeof MENUS.productionCenter>; summary: string; run: Transition }[] = [
  { path: PATHS.taskStart, fun: 'start', summary: '开始任务', run: startTask },
  { path: PATHS.taskStop, fun: 'stop', summary: '停止任务', run: stopTask },
  { path: PATHS.taskFinish, fun: 'finish', summary: '结束任务', run: finishTask },
  { path: PATHS.taskDelete, fun: 'delete', summary: '删除任务', run: deleteTask },
];

/** 产线检测: list, create and edit (step 1), the row actions, the detail and the form's data (issue 5). */
export function taskRoutes({ db, config }: ModuleContext): FastifyPluginAsyncZod {
  // Summaries naming the task a call changed, known only once the handler read it.
  const summaries = new WeakMap<FastifyRequest, string>();
  const logSummary = (request: FastifyRequest) => summaries.get(request);

  return async (app) => {
    app.get(
      PATHS.taskList,
      {
        config: { permission: need(TASK_MENU) },
        schema: { tags, summary: '任务列表', querystring: taskListQuery, response: { 200: envelopeOf(pageOf(task)) } },
      },
      async (request) => {
        const scope = await taskScopeOf(db.kysely, requireAccount(request));
        return ok(await taskList(db.kysely, scope, request.query, config.timeZone));
      },
    );

    app.post(
      PATHS.taskCreate,
      {
        config: { permission: need(TASK_MENU, 'add'), logSummary },
        schema: { tags, summary: '新建任务', body: taskCreateBody, response: { 200: envelopeOf(z.number().int()) } },
      },
      async (request) => {
        const caller = await taskCallerOf(db.kysely, requireAccount(request));
        const created = await db.kysely
          .transaction()
          .execute((trx) => createTask(trx, db, caller, request.body, config.timeZone));
        summaries.set(request, `新建任务 ${taskLabel(created)} 共${request.body.productionCount}台`);
        return ok(created.id);
      },
    );

    app.post(
      PATHS.taskEdit,
      {
        config: { permission: need(TASK_MENU, 'edit'), logSummary },
        schema: { tags, summary: '修改任务', body: taskEditBody, response: { 200: envelopeOf(z.null()) } },
      },
      async (request) => {
        const caller = await taskCallerOf(db.kysely, requireAccount(request));
        const { id, ...fields } = request.body;
        const { before, productNumber } = await db.kysely
          .transaction()
          .execute((trx) => editTask(trx, db, caller, id, fields, config.timeZone));
        const label = taskLabel(before);
        summaries.set(request, `修改任务 ${productNumber === before.productNumber ? label : `${label} → ${productNumber}`}`);
        return ok(null);
      },
    );

    for (const { path, fun, summary, run } of TRANSITIONS) {
      app.post(
        path,
        {
          config: { permission: need(TASK_MENU, fun), logSummary },
          schema: { tags, summary, body: idBody, response: { 200: envelopeOf(z.null()) } },
        },
        async (request) => {
          const scope = await taskScopeOf(db.kysely, requireAccount(request));
          const row = await db.kysely.transaction().execute((trx) => run(trx, db, scope, request.body.id));
          summaries.set(request, `${summary} ${taskLabel(row)}`);
          return ok(null);
        },
      );
    }

    app.get(
      PATHS.taskDetail,
      {
        config: { permission: need(TASK_MENU, 'detail') },
        schema: { tags, summary: '任务详情', querystring: idQuery, response: { 200: envelopeOf(taskDetail) } },
      },
      async (request) => {
        const scope = await taskScopeOf(db.kysely, requireAccount(request));
        return ok(await loadTaskDetail(db.kysely, scope, request.query.id, config.timeZone));
      },
    );

    // Both steps of the form read it, for a new task (add) as for an existing one (edit).
    app.get(
      PATHS.taskEditData,
      {
        config: { permission: needAnyFun(TASK_MENU, 'add', 'edit') },
        schema: { tags, summary: '任务编辑数据', querystring: taskEditQuery, response: { 200: envelopeOf(taskEditData) } },
      },
      async (request) => {
        const scope = await taskScopeOf(db.kysely, requireAccount(request));
        return ok(await loadTaskEditData(db.kysely, scope, request.query.taskId, config.timeZone));
      },
    );
  };
}
