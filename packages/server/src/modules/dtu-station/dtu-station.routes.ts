import { DTU_STATION_ENDPOINTS as PAD, STATION_MSG } from '@factory/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inTransaction } from '../../platform/db.js';
import { forbidden } from '../../platform/errors.js';
import type { ModuleContext } from '../../platform/module-context.js';
import { route, type RouteExtras } from '../../platform/route.js';
import { registerStationGuard, requireStation } from '../../platform/station-guard.js';
import { recordSampleValues } from './sampling.service.js';
import { type Clock, dtuAssignment, type PadCaller, postReport, scanUnit, submitDtuResult, type TaskChanged, unitNow } from './dtu-station.service.js';

/**
 * 配件检测 at a PAD (DESIGN.md §9.4): the station guard knows the terminal and
 * user; every call then asks for the PAD APP menu 配件检测 (a user may hold only
 * 整机检测). Kept out of the operation log as the other station calls are.
 */
export function dtuStationRoutes({ db, config, results }: ModuleContext): FastifyPluginAsyncZod {
  const extras: RouteExtras = {
    config: { operationLog: false },
    onRequest: async (request: FastifyRequest) => {
      if (!requireStation(request).padMenus.partsCheck) throw forbidden(STATION_MSG.noAppPermission('配件检测'));
    },
  };
  const padOf = (request: FastifyRequest): PadCaller => {
    const station = requireStation(request);
    return { terminalId: station.terminalId, accountId: station.accountId };
  };
  const clock = (): Clock => ({ now: Date.now(), timeZone: config.timeZone });
  const changed: TaskChanged = (task) => results.publish({ kind: 'dtuTask', taskId: task.id, ownerId: task.ownerId });

  return async (app) => {
    registerStationGuard(app, db, config, []);
    route(app, PAD.stationDtuAssignment, async (request) => dtuAssignment(db, padOf(request), clock()), extras);
    route(app, PAD.stationDtuScan, async (request) => scanUnit(db, padOf(request), request.body, clock(), changed), extras);
    route(app, PAD.stationDtuUnit, async (request) => unitNow(db, padOf(request), request.query, clock()), extras);
    route(app, PAD.stationDtuReport, async (request) => postReport(db, padOf(request), request.body, clock(), changed), extras);
    route(app, PAD.stationDtuResult, async (request) => submitDtuResult(db, padOf(request), request.body, clock(), changed), extras);
    route(
      app,
      PAD.stationDtuSample,
      async (request) => {
        const { task, ...answer } = await inTransaction(db, (tx) => recordSampleValues(tx, padOf(request), request.body, clock()));
        changed(task);
        return answer;
      },
      extras,
    );
  };
}
