import {
  boardQuery,
  boardSchedule,
  envelopeOf,
  need,
  onePassDetail,
  onePassDetailQuery,
  onePassTotal,
  onePassTotalQuery,
  PATHS,
  problemChart,
  problemTop,
  problemTopQuery,
  problemTotal,
  streamTicket,
} from '@factory/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAccount } from '../../platform/auth.js';
import type { Db } from '../../platform/db.js';
import { ok } from '../../platform/envelope.js';
import { STREAM_SECURITY, streamResults, streamTicketFor } from '../../platform/event-stream.js';
import { notFound } from '../../platform/errors.js';
import type { ModuleContext } from '../../platform/module-context.js';
import { taskScopeOf, taskVisible } from '../task/task-scope.js';
import * as board from './board.service.js';

const tags = ['数据看板'];
/** The board opens from the task list's 数据看板 button (seed 000 §4). */
const BOARD = { permission: need('/productionCenter', 'dataWatch'), operationLog: false } as const;

/** The task of `?taskId`, when the caller's scope sees it; otherwise 404 as for an unknown task. */
async function visibleTask(db: Db, request: FastifyRequest, taskId: number): Promise<number> {
  const scope = await taskScopeOf(db.kysely, requireAccount(request));
  if (!(await taskVisible(db.kysely, scope, taskId))) throw notFound();
  return taskId;
}

/** 数据看板: the task board's calls (issue 7), each refreshed every 10 s by the board. */
export function boardRoutes({ db, config, results }: ModuleContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Beyond the specification: an event within a second of a result of the task (the polling stays).
    app.get(
      PATHS.boardEvents,
      {
        config: { ...BOARD, eventStream: true },
        schema: { tags, summary: '看板实时事件（SSE）', querystring: boardQuery, security: STREAM_SECURITY },
      },
      async (request, reply) => {
        const taskId = await visibleTask(db, request, request.query.taskId);
        streamResults(request, reply, results, (event) => event.taskId === taskId);
      },
    );
    app.post(
      PATHS.boardEventsTicket,
      { config: BOARD, schema: { tags, summary: '看板实时事件票据', response: { 200: envelopeOf(streamTicket) } } },
      async (request) => ok(await streamTicketFor(db, request, PATHS.boardEvents)),
    );

    app.get(
      PATHS.boardSchedule,
      { config: BOARD, schema: { tags, summary: '生产进度', querystring: boardQuery, response: { 200: envelopeOf(boardSchedule) } } },
      async (request) => ok(await board.schedule(db.kysely, await visibleTask(db, request, request.query.taskId), Date.now())),
    );
    app.get(
      PATHS.boardProblemTotal,
      { config: BOARD, schema: { tags, summary: '问题总数', querystring: boardQuery, response: { 200: envelopeOf(problemTotal) } } },
      async (request) => ok(await board.problemTotal(db.kysely, await visibleTask(db, request, request.query.taskId))),
    );
    app.get(
      PATHS.boardProblemChart,
      { config: BOARD, schema: { tags, summary: '各流程问题数', querystring: boardQuery, response: { 200: envelopeOf(problemChart) } } },
      async (request) => ok(await board.problemChart(db.kysely, await visibleTask(db, request, request.query.taskId))),
    );
    app.get(
      PATHS.boardProblemTop,
      { config: BOARD, schema: { tags, summary: '问题排行', querystring: problemTopQuery, response: { 200: envelopeOf(problemTop) } } },
      async (request) =>
        ok(await board.problemTop(db.kysely, await visibleTask(db, request, request.query.taskId), request.query.number)),
    );
    app.get(
      PATHS.boardOnePassTotal,
      {
        config: BOARD,
        schema: { tags, summary: '一次通过率曲线', querystring: onePassTotalQuery, response: { 200: envelopeOf(onePassTotal) } },
      },
      async (request) =>
        ok(
          await board.onePassTotal(
            db.kysely,
            await visibleTask(db, request, request.query.taskId),
            request.query,
            Date.now(),
            config.timeZone,
          ),
        ),
    );
    app.get(
      PATHS.boardOnePassDetail,
      {
        config: BOARD,
        schema: { tags, summary: '一次通过率总览', querystring: onePassDetailQuery, response: { 200: envelopeOf(onePassDetail) } },
      },
      async (request) =>
        ok(await board.onePassDetail(db.kysely, await visibleTask(db, request, request.query.taskId), request.query.hold)),
    );
  };
}
