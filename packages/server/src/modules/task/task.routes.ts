import { TASK_ENDPOINTS as TASK } from '@factory/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Db, inTransaction } from '../../platform/db.js';
import type { ModuleContext } from '../../platform/module-context.js';
import { route } from '../../platform/route.js';
import { taskLabel } from '../../platform/task-facts.js';
import type { TaskScope } from '../../platform/task-scope.js';
import { taskDetail as loadTaskDetail, taskEditData as loadTaskEditData, taskList } from './task-views.js';
import { type TaskRow } from './task.repository.js';
import { createTask, deleteTask, editTask, finishTask, startTask, stopTask, taskCallerOf } from './task.service.js';

type Transition = (tx: Db, scope: TaskScope, id: number) => Promise<TaskRow>;

/** The four row actions of the list: one body ({id}, JSON or form), one transaction, a summary naming the task. */
const TRANSITIONS: { endpoint: (typeof TASK)['taskStart' | 'taskStop' | 'taskFinish' | 'taskDelete']; run: Transition }[] = [
  { endpoint: TASK.taskStart, run: startTask },
  { endpoint: TASK.taskStop, run: stopTask },
  { endpoint: TASK.taskFinish, run: finishTask },
  { endpoint: TASK.taskDelete, run: deleteTask },
];

/** 产线检测: list, create and edit (step 1), the row actions, the detail and the form's data (issue 5). */
export function taskRoutes({ db, config }: ModuleContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, TASK.taskList, async (request) => taskList(db.kysely, await request.scope(), request.query, config.timeZone));

    route(app, TASK.taskCreate, async (request) => {
      const caller = await taskCallerOf(db.kysely, await request.scope());
      const created = await inTransaction(db, (tx) => createTask(tx, caller, request.body, config.timeZone));
      request.operationSummary = `新建任务 ${taskLabel(created)} 共${request.body.productionCount}台`;
      return created.id;
    });

    route(app, TASK.taskEdit, async (request) => {
      const caller = await taskCallerOf(db.kysely, await request.scope());
      const { id, ...fields } = request.body;
      const { before, productNumber } = await inTransaction(db, (tx) => editTask(tx, caller, id, fields, config.timeZone));
      const label = taskLabel(before);
      request.operationSummary = `修改任务 ${productNumber === before.productNumber ? label : `${label} → ${productNumber}`}`;
      return null;
    });

    for (const { endpoint, run } of TRANSITIONS) {
      route(app, endpoint, async (request) => {
        const scope = await request.scope();
        const row = await inTransaction(db, (tx) => run(tx, scope, request.body.id));
        request.operationSummary = `${endpoint.summary} ${taskLabel(row)}`;
        return null;
      });
    }

    route(app, TASK.taskDetail, async (request) =>
      loadTaskDetail(db.kysely, await request.scope(), request.query.id, config.timeZone),
    );

    route(app, TASK.taskEditData, async (request) =>
      loadTaskEditData(db.kysely, await request.scope(), request.query.taskId, config.timeZone),
    );
  };
}
