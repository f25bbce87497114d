import { envelopeOf, needAnyFun, padInfo, padListQuery, PATHS, setPadBody } from '@factory/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccount } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import type { ModuleContext } from '../../platform/module-context.js';
import { taskScopeOf } from './task-scope.js';
import { offeredPads, setTaskTerminals } from './task-terminals.js';
import { taskLabel } from './task.repository.js';
import { TASK_MENU } from './task.routes.js';

const tags = ['生产任务'];
/** Step 2 of the task form serves creating (add) and editing (edit) alike. */
const STEP_TWO = needAnyFun(TASK_MENU, 'add', 'edit');

/** 终端设置: the PADs step 2 offers and their assignment to flows (issue 5). */
export function taskTerminalRoutes({ db }: ModuleContext): FastifyPluginAsyncZod {
  // Summaries naming the task a call changed, known only once the handler read it.
  const summaries = new WeakMap<FastifyRequest, string>();

  return async (app) => {
    app.get(
      PATHS.padList,
      {
        config: { permission: STEP_TWO },
        schema: { tags, summary: '可选终端', querystring: padListQuery, response: { 200: envelopeOf(z.array(padInfo)) } },
      },
      async (request) => {
        const scope = await taskScopeOf(db.kysely, requireAccount(request));
        const { lineIds, taskId } = request.query;
        return ok(await offeredPads(db.kysely, scope, lineIds, taskId));
      },
    );

    app.post(
      PATHS.padSet,
      {
        config: { permission: STEP_TWO, logSummary: (request) => summaries.get(request) },
        schema: { tags, summary: '终端设置', body: setPadBody, response: { 200: envelopeOf(z.null()) } },
      },
      async (request) => {
        const scope = await taskScopeOf(db.kysely, requireAccount(request));
        const { taskId, flowId2PadId } = request.body;
        const task = await db.kysely.transaction().execute((trx) => setTaskTerminals(trx, db, scope, taskId, flowId2PadId));
        const count = new Set(flowId2PadId.flatMap((flow) => flow.padIds)).size;
        summaries.set(request, `终端设置 ${taskLabel(task)} ${flowId2PadId.length}个流程 ${count}台终端`);
        return ok(null);
      },
    );
  };
}
