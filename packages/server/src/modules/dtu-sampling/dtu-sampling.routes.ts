import { DTU_SUBMISSION_ENDPOINTS as DTU_SUBMISSION } from '@factory/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inTransaction } from '../../platform/db.js';
import type { ModuleContext } from '../../platform/module-context.js';
import { route } from '../../platform/route.js';
import { bindCheckTask, checkConfigOf, samplingBatchList, unbindCheckTask } from './dtu-sampling.service.js';

const taskLabel = (task: { id: number; fittingType: string }) => `${task.fittingType} (#${task.id})`;

/**
 * The sampling inspection of DTU tasks as the console configures and lists it (issue
 * 18, seed 002 §2 /checkTask, §7 check_task_bind, check_task_unbind,
 * task_checkinfo_check_detail, task_checkinfo_group_list; DESIGN.md §9.5): a task's
 * sampling line, terminals and quantity, and its batches with their verdicts. The
 * samples themselves are device records (modules/dtu-record). See docs/dtu-submission.md.
 */
export function dtuSamplingRoutes({ db, config, results }: ModuleContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(
      app,
      DTU_SUBMISSION.checkTaskBind,
      async (request) => {
        const scope = await request.scope();
        const body = request.body;
        const { task, padCount, lineName } = await inTransaction(db, (tx) => bindCheckTask(tx, scope, body, Date.now()));
        // A sampling terminal's assignment and the task's pages follow the binding.
        results.publish({ kind: 'dtuTask', taskId: task.id, ownerId: task.ownerId });
        request.operationSummary =
          `配置抽检任务 ${taskLabel(task)}：产线 ${lineName ?? body.aimLineId}，终端 ${padCount}台，` +
          `抽检数量 ${body.productionNumber}，检验水平 ${body.inspectionLevel}，AQL ${body.aql}`;
        return null;
      },
      {
        description:
          'Binds the sampling line, terminals (PADs of that line, free or already the task’s) and quantity per batch to the task, with the GB/T 2828.1 level and AQL; binding again replaces the configuration and frees the terminals left out. 409 when the firmware changed after a submission, the line is unknown or a terminal serves another task; 400 for a terminal not on the line',
      },
    );

    route(
      app,
      DTU_SUBMISSION.checkTaskUnbind,
      async (request) => {
        const scope = await request.scope();
        const { task, padCount } = await inTransaction(db, (tx) => unbindCheckTask(tx, scope, request.body.taskId));
        results.publish({ kind: 'dtuTask', taskId: task.id, ownerId: task.ownerId });
        request.operationSummary = `解绑抽检终端 ${taskLabel(task)}：${padCount}台`;
        return null;
      },
      { description: 'Frees every sampling terminal of the task (the configuration stays); 409 when it has none' },
    );

    route(
      app,
      DTU_SUBMISSION.dtuTaskCheckinfoCheckDetail,
      async (request) => checkConfigOf(db.kysely, await request.scope(), request.query.taskId),
      {
        description:
          "The task's sampling configuration, whether it may be sampled (canCheck), and the GB/T 2828.1 plan for the lot size of its latest batch not yet judged (proposal, null when none)",
      },
    );

    route(
      app,
      DTU_SUBMISSION.dtuTaskCheckinfoGroupList,
      async (request) => {
        const { taskId, page, pageSize } = request.query;
        return samplingBatchList(db.kysely, await request.scope(), taskId, { page, pageSize }, config.timeZone);
      },
      { description: "The task's batches, newest first, with the plan (n, Ac, Re), samples judged, defects and verdict" },
    );
  };
}
