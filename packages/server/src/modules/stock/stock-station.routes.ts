import { MENUS, STOCK_LIMITS, STOCK_MSG, STOCK_STATION_ENDPOINTS as PDA, type StockMovementKind } from '@factory/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { roleHolds } from '../../platform/grants.js';
import { type Db, inTransaction } from '../../platform/db.js';
import { forbidden, notFound } from '../../platform/errors.js';
import type { ModuleContext } from '../../platform/module-context.js';
import { route, type RouteExtras } from '../../platform/route.js';
import { registerStationGuard, requireStation, type StationCaller } from '../../platform/station-guard.js';
import { formatTime, todayStart } from '../../platform/time.js';
import { batchesToCheck, findBatchById, findBatchByNo, openBatchesOfLine } from './batch.repository.js';
import { closeBatch, type PdaCaller, spotCheck, type StockClock, stockIn, stockOut, type StockOutcome } from './stock.service.js';
import { checksOfBatch, findStockUnit, movementsOfTerminal } from './stock-unit.repository.js';
import { stationBatch, stationCheck } from './stock-view.js';
import { findUnitByScan } from './unit-lookup.js';

type PdaMode = 'stockIn' | 'spotCheck' | 'stockOut';
const MODE_MENUS: Record<PdaMode, string> = { stockIn: MENUS.pdaStockIn, spotCheck: MENUS.pdaSpotCheck, stockOut: MENUS.pdaStockOut };
const MODE_NAMES: Record<PdaMode, string> = { stockIn: '入库', spotCheck: '抽检', stockOut: '出库' };

/** The terminal's account and line, and which PDA menus the user's role holds. */
async function pdaOf(db: Db, station: StationCaller) {
  const row = await db.kysely
    .selectFrom('terminal')
    .innerJoin('account', (join) => join.on('account.id', '=', station.accountId))
    .leftJoin('production_line', 'production_line.id', 'terminal.lineId')
    .select(['terminal.ownerId', 'terminal.lineId', 'production_line.lineName', 'account.platformAdmin', 'account.roleId'])
    .where('terminal.id', '=', station.terminalId)
    .executeTakeFirstOrThrow();
  const holds = async (mode: PdaMode) =>
    row.platformAdmin === 1 || (row.roleId !== null && (await roleHolds(db.kysely, row.roleId, MODE_MENUS[mode])));
  return {
    caller: {
      terminalId: station.terminalId,
      accountId: station.accountId,
      userName: station.userName,
      ownerId: row.ownerId,
      lineId: row.lineId,
      lineName: row.lineName,
    } satisfies PdaCaller,
    holds,
  };
}

type Pda = Awaited<ReturnType<typeof pdaOf>>;

declare module 'fastify' {
  interface FastifyRequest {
    /** the PDA and its user, read once by the route's check (stockStationRoutes' needs) */
    pda: Pda | null;
  }
}

/**
 * The PDA's 入库 · 抽检 · 出库 (DESIGN.md §9.1, §9.5). The station guard of this
 * plugin knows the terminal and user; each route then asks for a PDA and the PDA
 * APP menu of its mode, before the body is read. Writes publish a live event of
 * the unit's task after their commit, so the big screen's stock figures move.
 */
export function stockStationRoutes({ db, config, results }: ModuleContext): FastifyPluginAsyncZod {
  const needs = (mode: PdaMode | null): RouteExtras => ({
    config: { operationLog: false },
    onRequest: async (request: FastifyRequest) => {
      const station = requireStation(request);
      if (station.terminalType !== 'PDA') throw forbidden(STOCK_MSG.notPda);
      const pda = await pdaOf(db, station);
      if (mode && !(await pda.holds(mode))) throw forbidden(STOCK_MSG.noStockMode(MODE_NAMES[mode]));
      request.pda = pda;
    },
  });
  const pdaOfRequest = (request: FastifyRequest): PdaCaller => request.pda!.caller;
  /** One scan in one transaction; its unit's task hears of it once committed. */
  const write = async <T>(request: FastifyRequest, work: (tx: Db, caller: PdaCaller, clock: StockClock) => Promise<StockOutcome<T>>): Promise<T> => {
    const caller = pdaOfRequest(request);
    const outcome = await inTransaction(db, (tx) => work(tx, caller, { now: Date.now(), timeZone: config.timeZone }));
    if (outcome.taskId !== null) results.publish({ kind: 'task', taskId: outcome.taskId, ownerId: caller.ownerId });
    return outcome.answer;
  };

  return async (app) => {
    registerStationGuard(app, db, config, []);
    app.decorateRequest('pda', null);

    route(
      app,
      PDA.stationStockModes,
      async (request) => {
        const pda = request.pda!;
        return {
          stockIn: await pda.holds('stockIn'),
          spotCheck: await pda.holds('spotCheck'),
          stockOut: await pda.holds('stockOut'),
          lineName: pda.caller.lineName,
        };
      },
      needs(null),
    );

    route(app, PDA.stationStockIn, async (request) => write(request, (tx, caller, clock) => stockIn(tx, caller, request.body, clock)), needs('stockIn'));

    route(
      app,
      PDA.stationOpenBatches,
      async (request) => {
        const pda = pdaOfRequest(request);
        return (await openBatchesOfLine(db.kysely, pda.ownerId, pda.lineId)).map((batch) => stationBatch(batch, config.timeZone));
      },
      needs('stockIn'),
    );

    route(app, PDA.stationCloseBatch, async (request) => write(request, (tx, caller, clock) => closeBatch(tx, caller, request.body, clock)), needs('stockIn'));

    route(app, PDA.stationStockOut, async (request) => write(request, (tx, caller, clock) => stockOut(tx, caller, request.body, clock)), needs('stockOut'));

    route(
      app,
      PDA.stationMovements,
      async (request) => {
        const pda = pdaOfRequest(request);
        const rows = await movementsOfTerminal(db.kysely, pda.terminalId, todayStart(config.timeZone), STOCK_LIMITS.stationMovements);
        return rows.map((row) => ({
          id: row.id,
          kind: row.kind as StockMovementKind,
          produceCode: row.produceCode,
          sn: row.sn,
          batchNo: row.batchNo,
          productNumber: row.productNumber,
          checkPass: row.checkPass === null ? null : row.checkPass === 1,
          userName: row.userName,
          time: formatTime(row.createTime, config.timeZone),
        }));
      },
      needs(null),
    );

    route(
      app,
      PDA.stationSpotCheckBatches,
      async (request) => {
        const pda = pdaOfRequest(request);
        return (await batchesToCheck(db.kysely, pda.ownerId, STOCK_LIMITS.stationBatches)).map((batch) => stationBatch(batch, config.timeZone));
      },
      needs('spotCheck'),
    );

    route(
      app,
      PDA.stationSpotCheckBatch,
      async (request) => {
        const pda = pdaOfRequest(request);
        const { batchNo, code } = request.query;
        let batch;
        if (batchNo !== undefined) {
          batch = await findBatchByNo(db.kysely, pda.ownerId, batchNo);
          if (!batch) throw notFound(STOCK_MSG.batchUnknown(batchNo));
        } else {
          const unit = await findUnitByScan(db.kysely, pda.ownerId, code!);
          if (!unit) throw notFound(STOCK_MSG.unitUnknown(code!));
          const stocked = await findStockUnit(db.kysely, unit.codeId);
          if (!stocked) throw notFound(STOCK_MSG.unitNotStocked(code!));
          batch = (await findBatchById(db.kysely, stocked.batchId))!;
        }
        const checks = await checksOfBatch(db.kysely, batch.id);
        return { ...stationBatch(batch, config.timeZone), checks: checks.map((unit) => stationCheck(unit, config.timeZone)) };
      },
      needs('spotCheck'),
    );

    route(app, PDA.stationSpotCheckResult, async (request) => write(request, (tx, caller, clock) => spotCheck(tx, caller, request.body, clock)), needs('spotCheck'));
  };
}
