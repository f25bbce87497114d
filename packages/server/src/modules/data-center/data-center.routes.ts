import {
  dailySeries,
  deviceAverage,
  devOutput,
  envelopeOf,
  need,
  PATHS,
  productionTop,
  productionTopQuery,
  rateSeries,
  realTimeInput,
  statisticInfo,
  streamTicket,
  taskCount,
  taskCountQuery,
  terminalCounts,
  timeTypeQuery,
} from '@factory/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAccount } from '../../platform/auth.js';
import type { Db } from '../../platform/db.js';
import { ok } from '../../platform/envelope.js';
import { STREAM_SECURITY, streamResults, streamTicketFor } from '../../platform/event-stream.js';
import type { ModuleContext } from '../../platform/module-context.js';
import { taskScopeOf } from '../task/task-scope.js';
import { resultsInScope } from './data-center-events.js';
import * as center from './data-center.service.js';

const tags = ['数据中心'];
const DATA_CENTER = { permission: need('/dataCenter'), operationLog: false } as const;

/**
 * What the caller's figures count: its tenant's, every tenant's for the platform
 * administrator, and for a user tied to lines only the tasks and terminals of
 * its lines, as its task list and terminal page show them (task-scope.ts).
 */
const scopeOf = (db: Db, request: FastifyRequest) => taskScopeOf(db.kysely, requireAccount(request));

/** 数据中心: the big-screen dashboard's calls (issue 7), each refreshed at its own period (seed 000 §7). */
export function dataCenterRoutes({ db, config, results }: ModuleContext): FastifyPluginAsyncZod {
  const idleMs = config.sessionIdleMinutes * 60_000;
  return async (app) => {
    // Beyond the specification: an event within a second of a result of a task the caller sees (data-center-events.ts).
    app.get(
      PATHS.dataCenterEvents,
      { config: { ...DATA_CENTER, eventStream: true }, schema: { tags, summary: '数据中心实时事件（SSE）', security: STREAM_SECURITY } },
      async (request, reply) => {
        const account = requireAccount(request);
        const { ownerId } = await scopeOf(db, request);
        streamResults(request, reply, resultsInScope(db.kysely, results, account, ownerId), () => true);
      },
    );
    app.post(
      PATHS.dataCenterEventsTicket,
      { config: DATA_CENTER, schema: { tags, summary: '数据中心实时事件票据', response: { 200: envelopeOf(streamTicket) } } },
      async (request) => ok(await streamTicketFor(db, request, PATHS.dataCenterEvents)),
    );

    app.get(
      PATHS.dataCenterRealTimeInput,
      { config: DATA_CENTER, schema: { tags, summary: '实时投入', response: { 200: envelopeOf(realTimeInput) } } },
      async (request) => ok(await center.realTimeInput(db.kysely, await scopeOf(db, request), Date.now(), config.timeZone, idleMs)),
    );
    app.get(
      PATHS.dataCenterStatisticInfo,
      { config: DATA_CENTER, schema: { tags, summary: '抽检与库存统计', response: { 200: envelopeOf(statisticInfo) } } },
      async () => ok(center.statisticInfo()),
    );
    app.get(
      PATHS.dataCenterDevOutput,
      { config: DATA_CENTER, schema: { tags, summary: '研发与产出', response: { 200: envelopeOf(devOutput) } } },
      async (request) => ok(await center.devOutput(db.kysely, await scopeOf(db, request))),
    );
    app.get(
      PATHS.dataCenterProductionTop,
      {
        config: DATA_CENTER,
        schema: { tags, summary: '产品产量排行', querystring: productionTopQuery, response: { 200: envelopeOf(productionTop) } },
      },
      async (request) => ok(await center.productionTop(db.kysely, await scopeOf(db, request), request.query.topNum)),
    );
    app.get(
      PATHS.dataCenterPdaCount,
      { config: DATA_CENTER, schema: { tags, summary: '手持机数量', response: { 200: envelopeOf(terminalCounts) } } },
      async (request) => ok(await center.pdaCount(db.kysely, await scopeOf(db, request))),
    );
    app.get(
      PATHS.dataCenterPadCount,
      { config: DATA_CENTER, schema: { tags, summary: 'PAD数量', response: { 200: envelopeOf(terminalCounts) } } },
      async (request) => ok(await center.padCount(db.kysely, await scopeOf(db, request))),
    );
    app.get(
      PATHS.dataCenterDeviceAverage,
      { config: DATA_CENTER, schema: { tags, summary: '平均产能', response: { 200: envelopeOf(deviceAverage) } } },
      async (request) => ok(await center.deviceAverage(db.kysely, await scopeOf(db, request), Date.now(), config.timeZone)),
    );
    app.get(
      PATHS.dataCenterTaskCount,
      { config: DATA_CENTER, schema: { tags, summary: '任务指标', querystring: taskCountQuery, response: { 200: envelopeOf(taskCount) } } },
      async (request) => ok(await center.taskCount(db.kysely, await scopeOf(db, request), request.query.hold)),
    );
    app.get(
      PATHS.dataCenterDeviceProductivity,
      {
        config: DATA_CENTER,
        schema: { tags, summary: '设备产能', querystring: timeTypeQuery, response: { 200: envelopeOf(dailySeries) } },
      },
      async (request) =>
        ok(await center.deviceProductivity(db.kysely, await scopeOf(db, request), request.query.timeType, Date.now(), config.timeZone)),
    );
    app.get(
      PATHS.dataCenterDeviceOnePass,
      {
        config: DATA_CENTER,
        schema: { tags, summary: '一次通过率', querystring: timeTypeQuery, response: { 200: envelopeOf(rateSeries) } },
      },
      async (request) =>
        ok(await center.deviceOnePass(db.kysely, await scopeOf(db, request), request.query.timeType, Date.now(), config.timeZone)),
    );
  };
}
