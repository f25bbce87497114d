import { STATION_ENDPOINTS as STATION } from '@factory/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sharedTransactions } from '../../platform/group-commit.js';
import type { ModuleContext } from '../../platform/module-context.js';
import { route, type RouteExtras } from '../../platform/route.js';
import { stationGuard, stationTokenHash } from '../../platform/station-guard.js';
import { MINUTE } from '../../platform/time.js';
import { finishCompletedTasks } from '../../platform/task-lifecycle.js';
import { flowChecksCache } from './flow-checks.js';
import { overallCheckRefusal, registerStationGuard, requireStation, type StationCaller, stationLogin, stationLogout } from './station-auth.js';
import { deviceAtFlow } from './station-device.js';
import { submitResult } from './station-result.js';
import { stationAssignment as loadAssignment, stationLastTask as loadLastTask, stationResults } from './station.service.js';

/** How often running tasks are checked for completion behind the results' own check (finishCompletedTasks). */
const FINISH_SWEEP_MS = 60_000;

/*
 * The console guard sees these routes as public (the endpoints' permission): a
 * station signs in with its own token, checked by the station guard of this
 * plugin (station-auth.ts). None of them goes to the operation log: results
 * arrive by thousands a second, and signing in and out is left out as for the console.
 */
const STATION_EXTRAS: RouteExtras = { config: { operationLog: false } };

/** 工位: the station API the terminal app and the simulator use (issue 6, DESIGN.md §6). */
export function stationRoutes({ db, config, results }: ModuleContext): FastifyPluginAsyncZod {
  const checksOf = flowChecksCache();
  const writer = { db, checksOf, inTransaction: sharedTransactions(db), results };
  const guard = stationGuard(db, config);
  const idleMs = config.sessionIdleMinutes * MINUTE;
  /** The station plugin's own rule after the guard's (overallCheckRefusal), on every call but the sign-out. */
  const requireOverallCheck = (caller: StationCaller | null) => {
    const refusal = caller ? overallCheckRefusal(caller) : null;
    if (refusal) throw refusal;
  };
  return async (app) => {
    // A result reads its session with its own first read (station-result.ts): the guard only asks it for a token.
    registerStationGuard(app, db, config, [STATION.stationLogin.path], [STATION.stationResult.path]);
    app.addHook('onRequest', (request, _reply, done) => {
      try {
        if (request.routeOptions.url !== STATION.stationLogout.path) requireOverallCheck(request.station);
      } catch (error) {
        return done(error as Error);
      }
      done();
    });

    const sweep = () => finishCompletedTasks(db).catch((error: unknown) => app.log.error({ err: error }, 'finishing complete tasks failed'));
    let sweeper: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      await sweep();
      sweeper = setInterval(sweep, FINISH_SWEEP_MS).unref();
    });
    app.addHook('onClose', async () => clearInterval(sweeper));

    route(app, STATION.stationLogin, async (request) => stationLogin(db, request.body, request.ip ?? null), STATION_EXTRAS);

    route(
      app,
      STATION.stationLogout,
      async (request) => {
        await stationLogout(db, requireStation(request));
        return null;
      },
      STATION_EXTRAS,
    );

    route(app, STATION.stationAssignment, async (request) => loadAssignment(db, checksOf, requireStation(request)), STATION_EXTRAS);

    route(
      app,
      STATION.stationResult,
      async (request) => {
        if (request.validationError) {
          // The guard's answers come before the body's, as on every other route: the guard reads the session alone.
          await guard(request);
          requireOverallCheck(request.station);
          throw request.validationError;
        }
        const sender = { tokenHash: stationTokenHash(request), idleMs, caller: null, touch: false };
        return submitResult(writer, sender, request.body, config.timeZone);
      },
      // The verdict is built field by field (station-result.ts): written as built (route.ts).
      { ...STATION_EXTRAS, attachValidation: true, trustedAnswer: true },
    );

    route(
      app,
      STATION.stationDevice,
      async (request) => deviceAtFlow(db, requireStation(request), request.query.productionCode),
      STATION_EXTRAS,
    );

    route(app, STATION.stationLastTask, async (request) => loadLastTask(db.kysely, requireStation(request), config.timeZone), STATION_EXTRAS);

    route(
      app,
      STATION.stationResults,
      async (request) => stationResults(db.kysely, requireStation(request), request.query, config.timeZone),
      STATION_EXTRAS,
    );
  };
}
