import { TASK_TERMINAL_ENDPOINTS as PADS } from '@factory/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inTransaction } from '../../platform/db.js';
import type { ModuleContext } from '../../platform/module-context.js';
import { route } from '../../platform/route.js';
import { taskLabel } from '../../platform/task-facts.js';
import { offeredPads, setTaskTerminals } from './task-terminals.js';

/** 终端设置: the PADs step 2 offers and their assignment to flows (issue 5). */
export function taskTerminalRoutes({ db }: ModuleContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, PADS.padList, async (request) => {
      const { lineIds, taskId } = request.query;
      return offeredPads(db.kysely, await request.scope(), lineIds, taskId);
    });

    route(app, PADS.padSet, async (request) => {
      const scope = await request.scope();
      const { taskId, flowId2PadId } = request.body;
      const task = await inTransaction(db, (tx) => setTaskTerminals(tx, scope, taskId, flowId2PadId));
      const count = new Set(flowId2PadId.flatMap((flow) => flow.padIds)).size;
      request.operationSummary = `终端设置 ${taskLabel(task)} ${flowId2PadId.length}个流程 ${count}台终端`;
      return null;
    });
  };
}
