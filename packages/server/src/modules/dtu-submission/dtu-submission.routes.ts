import { PassThrough } from 'node:stream';
import { DTU_SUBMISSION_ENDPOINTS as DTU_SUBMISSION, RECORD_COUNT_HEADER } from '@factory/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { inTransaction } from '../../platform/db.js';
import { EXPORT_CONTENT_TYPES } from '../../platform/export-formats.js';
import { contentDisposition } from '../../platform/files.js';
import type { ModuleContext } from '../../platform/module-context.js';
import { rawRoute, route } from '../../platform/route.js';
import { openBatchExport, openTaskExport, type UnitExport } from './dtu-submission-export.js';
import { batchDetailPage, submitRecordPage, submitTask } from './dtu-submission.service.js';

/** Sends an opened export: the headers, then the workbook as it is written. */
function sendExport(reply: FastifyReply, file: UnitExport) {
  reply
    .type(EXPORT_CONTENT_TYPES.xlsx)
    .header('content-disposition', contentDisposition('attachment', file.fileName))
    .header('cache-control', 'no-store')
    .header(RECORD_COUNT_HEADER, String(file.count));
  // The headers are out once streaming starts, so a failure past this point
  // can only cut the download short (and is logged by Fastify).
  const body = new PassThrough();
  file.write(body).catch((error: unknown) => body.destroy(error as Error));
  return reply.send(body);
}

/**
 * Submission of DTU tasks (issue 18, seed 002 §7 task_submit, task_export, submit
 * records; DESIGN.md §9.3): a submit makes one batch of the task's judged records;
 * the batches, their units and both .xlsx exports. A batch is reached through its
 * task's scope (platform/dtu-batches.ts): one of a task the caller does not see is
 * as unknown as a missing one. See docs/dtu-submission.md.
 */
export function dtuSubmissionRoutes({ db, config, results }: ModuleContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(
      app,
      DTU_SUBMISSION.dtuTaskSubmit,
      async (request) => {
        const scope = await request.scope();
        const { answer, task } = await inTransaction(db, (tx) => submitTask(tx, scope, request.body.taskId, scope.account.id, Date.now()));
        // The progress page and board show the units' submit status.
        results.publish({ kind: 'dtuTask', taskId: task.id, ownerId: task.ownerId });
        request.operationSummary = `提交DTU任务 ${task.fittingType} (#${task.id})：${answer.submitNumber}台`;
        return answer;
      },
      {
        description:
          "Every production record of the task with a result and not yet submitted becomes one batch (numbered `<taskId>-<seq>`, its submitter the caller); units still under test stay. 409 when the task has ended or nothing is to submit",
      },
    );

    rawRoute(
      app,
      DTU_SUBMISSION.dtuTaskExport,
      async (request, reply) => sendExport(reply, await openTaskExport(db.kysely, await request.scope(), request.query.taskId, config.timeZone)),
      {
        description: `xlsx of the task's production records in test order (\`?taskId=\`): index, IMEI, MAC, result, failed items, submit status, batch, tester, terminal, start and check times, then one column per automatic and serial property code reported; an attachment named \`<task name>_检测记录_<taskId>.xlsx\`, streamed as it is written, with the unit count in the \`${RECORD_COUNT_HEADER}\` header; refusals are the JSON envelope`,
      },
    );

    route(
      app,
      DTU_SUBMISSION.dtuTaskSubmitRecordList,
      async (request) => {
        const { taskId, page, pageSize } = request.query;
        return submitRecordPage(db.kysely, await request.scope(), taskId, { page, pageSize }, config.timeZone);
      },
      {
        description:
          "The task's batches, newest first, with the units submitted in all of them (totalSubmitCount) and the task's target (aimCount); a batch's sampling verdict where the task has a sampling configuration or the batch was sampled, else null",
      },
    );

    route(
      app,
      DTU_SUBMISSION.dtuTaskSubmitRecordDetailList,
      async (request) => batchDetailPage(db.kysely, await request.scope(), request.query, config.timeZone),
      { description: "The batch's units in test order; `mac` matches the IMEI or MAC (contains, any case)" },
    );

    rawRoute(
      app,
      DTU_SUBMISSION.dtuTaskSubmitRecordExport,
      async (request, reply) => sendExport(reply, await openBatchExport(db.kysely, await request.scope(), request.query.batchId, config.timeZone)),
      {
        description: `xlsx of the batch's device list (\`?batchId=\`): index, IMEI, MAC, result, failed items, check time, tester, then one column per automatic and serial property code reported; an attachment named \`<task name>_批次<batchNo>_设备列表.xlsx\`, streamed, with the unit count in the \`${RECORD_COUNT_HEADER}\` header; refusals are the JSON envelope`,
      },
    );
  };
}
