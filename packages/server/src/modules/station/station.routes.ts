import {
  envelopeOf,
  pageOf,
  pageQuery,
  PATHS,
  PUBLIC,
  stationAssignment,
  stationDevice,
  stationDeviceQuery,
  stationLastTask,
  stationLoginBody,
  stationLoginResult,
  stationResultBody,
  stationResultRow,
  stationVerdict,
} from '@factory/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope.js';
import { sharedTransactions } from '../../platform/group-commit.js';
import { finishCompletedTasks } from '../task/task.service.js';
import type { ModuleContext } from '../../platform/module-context.js';
import { flowChecksCache } from './flow-checks.js';
import { registerStationGuard, requireStation, stationLogin, stationLogout } from './station-auth.js';
import { deviceAtFlow } from './station-device.js';
import { submitResult } from './station-result.js';
import { stationAssignment as loadAssignment, stationLastTask as loadLastTask, stationResults } from './station.service.js';

const tags = ['工位'];

/** How often running tasks are checked for completion behind the results' own check (finishCompletedTasks). */
const FINISH_SWEEP_MS = 60_000;

/*
 * The console guard sees these routes as public: a station signs in with its own
 * token, checked by the station guard of this plugin (station-auth.ts). None of
 * them goes to the operation log: results arrive by thousands a second, and
 * signing in and out is left out as for the console.
 */
const STATION_ROUTE = { permission: PUBLIC, operationLog: false } as const;

/** 工位: the station API the terminal app and the simulator use (issue 6, DESIGN.md §6). */
export function stationRoutes({ db, config, results }: ModuleContext): FastifyPluginAsyncZod {
  const checksOf = flowChecksCache();
  const writer = { db, checksOf, inTransaction: sharedTransactions(db), results };
  return async (app) => {
    registerStationGuard(app, db, config, [PATHS.stationLogin]);

    const sweep = () => finishCompletedTasks(db).catch((error: unknown) => app.log.error({ err: error }, 'finishing complete tasks failed'));
    let sweeper: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      await sweep();
      sweeper = setInterval(sweep, FINISH_SWEEP_MS).unref();
    });
    app.addHook('onClose', async () => clearInterval(sweeper));

    app.post(
      PATHS.stationLogin,
      {
        config: STATION_ROUTE,
        schema: { tags, summary: '终端登录', body: stationLoginBody, response: { 200: envelopeOf(stationLoginResult) } },
      },
      async (request) => ok(await stationLogin(db, request.body, request.ip ?? null)),
    );

    app.post(
      PATHS.stationLogout,
      { config: STATION_ROUTE, schema: { tags, summary: '终端退出登录', response: { 200: envelopeOf(z.null()) } } },
      async (request) => {
        await stationLogout(db, requireStation(request));
        return ok(null);
      },
    );

    app.get(
      PATHS.stationAssignment,
      { config: STATION_ROUTE, schema: { tags, summary: '终端当前任务', response: { 200: envelopeOf(stationAssignment) } } },
      async (request) => ok(await loadAssignment(db, checksOf, requireStation(request))),
    );

    app.post(
      PATHS.stationResult,
      {
        config: STATION_ROUTE,
        schema: { tags, summary: '提交检测结果', body: stationResultBody, response: { 200: envelopeOf(stationVerdict) } },
      },
      async (request) => ok(await submitResult(writer, requireStation(request), request.body, config.timeZone)),
    );

    app.get(
      PATHS.stationDevice,
      {
        config: STATION_ROUTE,
        schema: { tags, summary: '扫码校验生产码', querystring: stationDeviceQuery, response: { 200: envelopeOf(stationDevice) } },
      },
      async (request) => ok(await deviceAtFlow(db, requireStation(request), request.query.productionCode)),
    );

    app.get(
      PATHS.stationLastTask,
      { config: STATION_ROUTE, schema: { tags, summary: '终端上一任务', response: { 200: envelopeOf(stationLastTask) } } },
      async (request) => ok(await loadLastTask(db.kysely, requireStation(request), config.timeZone)),
    );

    app.get(
      PATHS.stationResults,
      {
        config: STATION_ROUTE,
        schema: { tags, summary: '终端今日检测记录', querystring: pageQuery, response: { 200: envelopeOf(pageOf(stationResultRow)) } },
      },
      async (request) => ok(await stationResults(db.kysely, requireStation(request), request.query, config.timeZone)),
    );
  };
}
