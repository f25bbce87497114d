import { DTU_SUBMISSION_ENDPOINTS as DTU_SUBMISSION, DTU_TASK_ENDPOINTS as DTU_TASK, DTU_TASK_MSG as M } from '@factory/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inTransaction } from '../../platform/db.js';
import { findBatchInScope } from '../../platform/dtu-batches.js';
import { findDtuTaskInScope, unitCodeOf } from '../../platform/dtu-tasks.js';
import { notFound } from '../../platform/errors.js';
import type { ModuleContext } from '../../platform/module-context.js';
import { STREAM_SECURITY, streamResults, streamTicketFor } from '../../platform/event-stream.js';
import { rawRoute, route, type RouteExtras } from '../../platform/route.js';
import { formatTime } from '../../platform/time.js';
import { checkLogSlice } from './check-log.repository.js';
import { recordDetail, sampleDetail, toRecords, watchCountOf } from './dtu-record-views.js';
import { dtuVisible, findTestInScope, latestTestOfUnit, testPage, testSpan } from './dtu-record.repository.js';
import { deleteRecord, deleteSample, reportRange } from './dtu-record.service.js';

/** The board's and progress page's calls are read every 10 s: none is put on the operation log. */
const QUIET: RouteExtras = { config: { operationLog: false } };

/**
 * The device records of DTU tasks and the check log (seed 002 §7 task_find,
 * task_watch_count, task_checkinfo_*, task check history; DESIGN.md §9.3), and the
 * samples of submitted batches (issue 18, task_checkinfo_group_check_*,
 * task_checkinfo_check_delete: the watch page in sampling mode). Every call reaches
 * its task through the caller's scope: a record or report of a task it does not see
 * is as unknown as a missing one. Production calls read production records only, the
 * sample calls samples only: an id of the other kind is 404.
 */
export function dtuRecordRoutes({ db, config, results }: ModuleContext): FastifyPluginAsyncZod {
  return async (app) => {
    const taskOrNotFound = async (scope: Parameters<typeof findDtuTaskInScope>[1], taskId: number) => {
      const task = await findDtuTaskInScope(db.kysely, scope, taskId);
      if (!task) throw notFound();
      return task;
    };

    // Beyond the specification: an event within a second of a change of the task's units (the polling stays).
    rawRoute(
      app,
      DTU_TASK.dtuTaskEvents,
      async (request, reply) => {
        const task = await taskOrNotFound(await request.scope(), request.query.taskId);
        streamResults(request, reply, results, (event) => event.kind === 'dtuTask' && event.taskId === task.id);
      },
      { config: { operationLog: false, eventStream: true }, security: STREAM_SECURITY },
    );
    route(app, DTU_TASK.dtuTaskEventsTicket, async (request) => streamTicketFor(db, request, DTU_TASK.dtuTaskEvents.path), QUIET);

    route(app, DTU_TASK.dtuTaskFind, async (request) => {
      const scope = await request.scope();
      const { dtuId, mac } = request.query;
      if (!(await dtuVisible(db.kysely, scope, dtuId))) throw notFound();
      const found = await latestTestOfUnit(db.kysely, scope, dtuId, unitCodeOf(mac));
      if (!found) throw notFound(M.macNotFound);
      return { id: found.taskId, reworkTask: found.reworkTask === 1, taskDetailId: found.id };
    });

    route(
      app,
      DTU_TASK.dtuTaskWatchCount,
      async (request) => {
        const task = await taskOrNotFound(await request.scope(), request.query.taskId);
        return watchCountOf(task, await testSpan(db.kysely, task.id));
      },
      QUIET,
    );

    route(app, DTU_TASK.dtuTaskCheckinfoList, async (request) => {
      const { taskId, testStatus, manageStatus, mac, page, pageSize } = request.query;
      const task = await taskOrNotFound(await request.scope(), taskId);
      const { rows, total } = await testPage(db.kysely, task.id, { testStatus, manageStatus, mac }, { page, pageSize });
      return { list: await toRecords(db.kysely, rows, task, config.timeZone), total, pageSize, pageNum: page };
    });

    route(app, DTU_TASK.dtuTaskCheckinfoDetail, async (request) => {
      const scope = await request.scope();
      const test = await findTestInScope(db.kysely, scope, request.query.id);
      if (!test) throw notFound();
      return recordDetail(db.kysely, test, await taskOrNotFound(scope, test.taskId), config.timeZone);
    });

    route(app, DTU_TASK.dtuTaskCheckinfoDelete, async (request) => {
      const scope = await request.scope();
      const test = await inTransaction(db, (tx) => deleteRecord(tx, scope, request.body.id));
      results.publish({ kind: 'dtuTask', taskId: test.taskId, ownerId: test.ownerId });
      request.operationSummary = `删除设备检测记录 ${test.unitCode} (DTU任务 #${test.taskId})`;
      return null;
    });

    route(app, DTU_SUBMISSION.dtuTaskCheckinfoGroupCheckList, async (request) => {
      const { id, testStatus, mac, page, pageSize } = request.query;
      const batch = await findBatchInScope(db.kysely, await request.scope(), id);
      if (!batch) throw notFound();
      const { rows, total } = await testPage(db.kysely, batch.taskId, { testStatus, mac }, { page, pageSize }, batch.id);
      const task = { fittingType: batch.taskName, testFirmwareVersion: '' };
      return { list: await toRecords(db.kysely, rows, task, config.timeZone), total, pageSize, pageNum: page };
    });

    route(app, DTU_SUBMISSION.dtuTaskCheckinfoGroupCheckDetail, async (request) => {
      const scope = await request.scope();
      const sample = await findTestInScope(db.kysely, scope, request.query.id, 'sample');
      if (!sample) throw notFound();
      return sampleDetail(db.kysely, sample, await taskOrNotFound(scope, sample.taskId), config.timeZone);
    });

    route(app, DTU_SUBMISSION.dtuTaskCheckinfoCheckDelete, async (request) => {
      const scope = await request.scope();
      const { sample, batchNo } = await inTransaction(db, (tx) => deleteSample(tx, scope, request.body.id));
      // The batch's counts and verdict changed: its pages and the sampling terminals follow.
      results.publish({ kind: 'dtuTask', taskId: sample.taskId, ownerId: sample.ownerId });
      request.operationSummary = `删除抽检记录 ${sample.unitCode} (DTU任务 #${sample.taskId}，批次 ${batchNo})`;
      return null;
    });

    route(app, DTU_TASK.dtuTaskCheckHistoryList, async (request) => {
      const scope = await request.scope();
      const { dtuId, taskId, imei, from, to, beforeId, page, pageSize } = request.query;
      const range = reportRange(from, to, config.timeZone);
      if (!(await dtuVisible(db.kysely, scope, dtuId))) throw notFound();
      if (taskId !== undefined) await taskOrNotFound(scope, taskId);
      const { rows, total, hasMore } = await checkLogSlice(db.kysely, scope, { dtuId, taskId, imei, ...range }, { beforeId, page, pageSize });
      const list = rows.map((row) => ({
        id: row.id,
        imei: row.unitCode,
        startTime: formatTime(Number(row.receiveTime), config.timeZone),
        source: row.source === 'STATION' ? ('STATION' as const) : ('MQTT' as const),
        content: row.content,
        taskId: row.taskId,
      }));
      return { list, total, pageSize, pageNum: page, hasMore };
    });
  };
}
