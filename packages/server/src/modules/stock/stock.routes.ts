import { type FlowResultStatus, STOCK_ENDPOINTS as STOCK, STOCK_MSG } from '@factory/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, notFound } from '../../platform/errors.js';
import type { ModuleContext } from '../../platform/module-context.js';
import { route } from '../../platform/route.js';
import { formatTime } from '../../platform/time.js';
import { batchPage, findBatch } from './batch.repository.js';
import { consoleBatch, consoleRecord, unitCheck } from './stock-view.js';
import { outputPage, testsOfUnit, unitOfBatch, unitPage } from './stock-unit.repository.js';

/** The page asked for: the specification's pageNum, or page as the rest of the API names it. */
const pagingOf = (query: { pageNum?: number | undefined; page?: number | undefined; pageSize: number }) => ({
  page: query.pageNum ?? query.page ?? 1,
  pageSize: query.pageSize,
});

/** 抽检管理 and 出库记录 (seed 002 §2, §7): reads of the batches and units the PDAs stocked. */
export function stockRoutes({ db, config }: ModuleContext): FastifyPluginAsyncZod {
  const { timeZone } = config;
  /** The date pickers offer no future day (seed 002 §5); the server refuses one too. */
  const pastDay = (day: string | undefined) => {
    if (day !== undefined && day > formatTime(Date.now(), timeZone).slice(0, 10)) throw badRequest(STOCK_MSG.dateInFuture);
    return day;
  };

  return async (app) => {
    route(app, STOCK.stockProductModels, async (request) => {
      const scope = await request.scope();
      let query = db.kysely.selectFrom('product').select(['id', 'number']).orderBy('id');
      if (scope.ownerId !== null) query = query.where('ownerId', '=', scope.ownerId);
      return Object.fromEntries((await query.execute()).map((product) => [String(product.id), product.number]));
    });

    route(app, STOCK.stockBatchList, async (request) => {
      const { productId, day, batchId } = request.query;
      const paging = pagingOf(request.query);
      const filters = { productId, day: pastDay(day), batchNo: batchId };
      const { rows, total } = await batchPage(db.kysely, await request.scope(), filters, paging);
      return { list: rows.map((row) => consoleBatch(row, timeZone)), total, pageSize: paging.pageSize, pageNum: paging.page };
    });

    route(app, STOCK.stockBatchDetail, async (request) => {
      const batch = await findBatch(db.kysely, await request.scope(), request.query.stockBatchId);
      if (!batch) throw notFound(STOCK_MSG.batchMissing);
      return consoleBatch(batch, timeZone);
    });

    route(app, STOCK.stockRecordList, async (request) => {
      const batch = await findBatch(db.kysely, await request.scope(), request.query.stockBatchId);
      if (!batch) throw notFound(STOCK_MSG.batchMissing);
      const paging = pagingOf(request.query);
      const { rows, total } = await unitPage(db.kysely, batch.id, request.query.sn, paging);
      return { list: rows.map((row) => consoleRecord(row, timeZone)), total, pageSize: paging.pageSize, pageNum: paging.page };
    });

    route(app, STOCK.stockRecordDetail, async (request) => {
      const batch = await findBatch(db.kysely, await request.scope(), request.query.batchId);
      if (!batch) throw notFound(STOCK_MSG.batchMissing);
      const unit = await unitOfBatch(db.kysely, batch.id, request.query.sn);
      if (!unit) throw notFound(STOCK_MSG.recordMissing);
      const tests = await testsOfUnit(db.kysely, unit.codeId);
      return {
        produceCode: unit.produceCode,
        sn: unit.sn,
        imei: unit.imei,
        mac: unit.mac,
        productNumber: batch.productNumber,
        batchNo: batch.batchNo,
        stockTime: formatTime(unit.inTime, timeZone),
        outTime: unit.outTime === null ? null : formatTime(unit.outTime, timeZone),
        ...unitCheck(unit, timeZone),
        produceTestItems: tests.map((test) => ({
          testTime: formatTime(test.endTime, timeZone),
          testName: test.name,
          operator: test.userName || null,
          status: test.status as FlowResultStatus,
        })),
      };
    });

    route(app, STOCK.stockOutputList, async (request) => {
      const { productId, day } = request.query;
      const paging = pagingOf(request.query);
      const { rows, total } = await outputPage(db.kysely, await request.scope(), { productId, day: pastDay(day) }, paging);
      const list = rows.map((row) => ({
        id: row.id,
        sn: row.sn,
        produceCode: row.produceCode,
        productNumber: row.productNumber,
        batchNo: row.batchNo,
        outPutTime: formatTime(row.outTime!, timeZone),
        operator: row.outUserName ?? '',
      }));
      return { list, total, pageSize: paging.pageSize, pageNum: paging.page };
    });
  };
}
