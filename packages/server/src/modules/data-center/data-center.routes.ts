import { DATA_CENTER_ENDPOINTS as CENTER } from '@factory/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { STREAM_SECURITY, streamResults, streamTicketFor } from '../../platform/event-stream.js';
import type { ModuleContext } from '../../platform/module-context.js';
import { rawRoute, route, type RouteExtras } from '../../platform/route.js';
import { resultsInScope } from './data-center-events.js';
import * as center from './data-center.service.js';

/** The dashboard's calls are read every few seconds: none is put on the operation log. */
const QUIET: RouteExtras = { config: { operationLog: false } };

/**
 * 数据中心: the big-screen dashboard's calls (issue 7), each refreshed at its own period (seed 000 §7).
 * What the caller's figures count is its request scope: its tenant's, every tenant's for the
 * platform administrator, and for a user tied to lines only the tasks and terminals of its
 * lines, as its task list and terminal page show them.
 */
export function dataCenterRoutes({ db, config, results }: ModuleContext): FastifyPluginAsyncZod {
  const idleMs = config.sessionIdleMinutes * 60_000;
  return async (app) => {
    // Beyond the specification: an event within a second of a result of a task the caller sees (data-center-events.ts).
    rawRoute(
      app,
      CENTER.dataCenterEvents,
      async (request, reply) => {
        const { account, ownerId } = await request.scope();
        streamResults(request, reply, resultsInScope(db, results, account, ownerId), () => true);
      },
      { config: { operationLog: false, eventStream: true }, security: STREAM_SECURITY },
    );
    route(app, CENTER.dataCenterEventsTicket, async (request) => streamTicketFor(db, request, CENTER.dataCenterEvents.path), QUIET);

    route(
      app,
      CENTER.dataCenterRealTimeInput,
      async (request) => center.realTimeInput(db.kysely, await request.scope(), Date.now(), config.timeZone, idleMs),
      QUIET,
    );
    route(app, CENTER.dataCenterStatisticInfo, async (request) => center.statisticInfo(db.kysely, await request.scope()), QUIET);
    route(app, CENTER.dataCenterDevOutput, async (request) => center.devOutput(db.kysely, await request.scope()), QUIET);
    route(
      app,
      CENTER.dataCenterProductionTop,
      async (request) => center.productionTop(db.kysely, await request.scope(), request.query.topNum),
      QUIET,
    );
    route(app, CENTER.dataCenterPdaCount, async (request) => center.pdaCount(db.kysely, await request.scope()), QUIET);
    route(app, CENTER.dataCenterPadCount, async (request) => center.padCount(db.kysely, await request.scope()), QUIET);
    route(
      app,
      CENTER.dataCenterDeviceAverage,
      async (request) => center.deviceAverage(db.kysely, await request.scope(), Date.now(), config.timeZone),
      QUIET,
    );
    route(
      app,
      CENTER.dataCenterTaskCount,
      async (request) => center.taskCount(db.kysely, await request.scope(), request.query.hold),
      QUIET,
    );
    route(
      app,
      CENTER.dataCenterDeviceProductivity,
      async (request) => center.deviceProductivity(db.kysely, await request.scope(), request.query.timeType, Date.now(), config.timeZone),
      QUIET,
    );
    route(
      app,
      CENTER.dataCenterDeviceOnePass,
      async (request) => center.deviceOnePass(db.kysely, await request.scope(), request.query.timeType, Date.now(), config.timeZone),
      QUIET,
    );
  };
}
