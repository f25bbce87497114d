import { BOARD_ENDPOINTS as BOARD } from '@factory/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../platform/errors.js';
import { STREAM_SECURITY, streamResults, streamTicketFor } from '../../platform/event-stream.js';
import type { ModuleContext } from '../../platform/module-context.js';
import { rawRoute, route, type RouteExtras } from '../../platform/route.js';
import { taskVisible } from '../../platform/task-scope.js';
import * as board from './board.service.js';

/** The board's calls are read every 10 s: none is put on the operation log. */
const QUIET: RouteExtras = { config: { operationLog: false } };

/** 数据看板: the task board's calls (issue 7), each refreshed every 10 s by the board. */
export function boardRoutes({ db, config, results }: ModuleContext): FastifyPluginAsyncZod {
  /** The task of `?taskId`, when the caller's scope sees it; otherwise 404 as for an unknown task. */
  const visibleTask = async (request: FastifyRequest, taskId: number): Promise<number> => {
    if (!(await taskVisible(db.kysely, await request.scope(), taskId))) throw notFound();
    return taskId;
  };

  return async (app) => {
    // Beyond the specification: an event within a second of a result of the task (the polling stays).
    rawRoute(
      app,
      BOARD.boardEvents,
      async (request, reply) => {
        const taskId = await visibleTask(request, request.query.taskId);
        streamResults(request, reply, results, (event) => event.kind === 'task' && event.taskId === taskId);
      },
      { config: { operationLog: false, eventStream: true }, security: STREAM_SECURITY },
    );
    route(app, BOARD.boardEventsTicket, async (request) => streamTicketFor(db, request, BOARD.boardEvents.path), QUIET);

    route(
      app,
      BOARD.boardSchedule,
      async (request) => board.schedule(db.kysely, await visibleTask(request, request.query.taskId), Date.now()),
      QUIET,
    );
    route(
      app,
      BOARD.boardProblemTotal,
      async (request) => board.problemTotal(db.kysely, await visibleTask(request, request.query.taskId)),
      QUIET,
    );
    route(
      app,
      BOARD.boardProblemChart,
      async (request) => board.problemChart(db.kysely, await visibleTask(request, request.query.taskId)),
      QUIET,
    );
    route(
      app,
      BOARD.boardProblemTop,
      async (request) => board.problemTop(db.kysely, await visibleTask(request, request.query.taskId), request.query.number),
      QUIET,
    );
    route(
      app,
      BOARD.boardOnePassTotal,
      async (request) =>
        board.onePassTotal(db.kysely, await visibleTask(request, request.query.taskId), request.query, Date.now(), config.timeZone),
      QUIET,
    );
    route(
      app,
      BOARD.boardOnePassDetail,
      async (request) => board.onePassDetail(db.kysely, await visibleTask(request, request.query.taskId), request.query.hold),
      QUIET,
    );
  };
}
