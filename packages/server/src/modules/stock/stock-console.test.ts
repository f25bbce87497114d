import {
  MENUS,
  PATHS,
  type Page,
  type StatisticInfo,
  type StockBatch,
  type StockInAnswer,
  STOCK_MSG,
  type OutputRecord,
  type StockRecord,
  type StockRecordDetail,
  type TaskCount,
} from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { dataOf, expectRefusal } from '../../../test/answers.js';
import { createLine, createManager, createPublishedProduct } from '../../../test/factories/index.js';
import { stockApi } from '../../../test/stock-api.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';

const dayIn = (offset: number) => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date(Date.now() + offset * 86_400_000));

describe.each(testDialects())('抽检管理 and 出库记录 in the console on %s', (dialect) => {
  const t = withTestApp(dialect);
  const s = stockApi(() => t.app, () => t.admin);
  const list = async <T>(path: string, token: string, query: Record<string, string | number>) => dataOf<Page<T>>(await s.get(path, token, query));

  it('lists the batches of a day newest first, filtered by product and batch number, paged by pageNum', async () => {
    const pda = await s.pda();
    const a = await s.madeUnits({ count: 2 });
    const b = await s.madeUnits({ count: 1 });
    const first = await s.closedBatch(pda.token, a.codes);
    const second = dataOf<StockInAnswer>(await s.stockIn(pda.token, b.codes[0]!));

    const today = await list<StockBatch>(PATHS.stockBatchList, t.admin, { day: dayIn(0), pageNum: 1, pageSize: 50 });
    const mine = today.list.filter((row) => [first.batchNo, second.batchNo].includes(row.batchId));
    expect(mine.map((row) => row.batchId)).toEqual([second.batchNo, first.batchNo]);
    expect(mine[1]).toMatchObject({
      id: first.id,
      productId: a.productId,
      count: 2,
      status: 'CLOSED',
      stockOperator: pda.worker.userName,
      checkTime: null,
      operator: null,
      lotSize: 2,
      sampleSize: 2,
      verdict: 'PENDING',
    });
    expect(mine[0]).toMatchObject({ status: 'OPEN', lotSize: null, sampleSize: null, verdict: 'PENDING' });

    const byProduct = await list<StockBatch>(PATHS.stockBatchList, t.admin, { productId: a.productId, pageSize: 50 });
    expect(byProduct.list.map((row) => row.batchId)).toEqual([first.batchNo]);
    const byNumber = await list<StockBatch>(PATHS.stockBatchList, t.admin, { batchId: first.batchNo.slice(-6), pageSize: 50 });
    expect(byNumber.list.map((row) => row.batchId)).toContain(first.batchNo);
    expect(byNumber.list.every((row) => row.batchId.includes(first.batchNo.slice(-6)))).toBe(true);
    const yesterday = await list<StockBatch>(PATHS.stockBatchList, t.admin, { day: dayIn(-1), pageSize: 50 });
    expect(yesterday.total).toBe(0);
    const second1 = await list<StockBatch>(PATHS.stockBatchList, t.admin, { pageNum: 2, pageSize: 1 });
    expect(second1).toMatchObject({ pageNum: 2, pageSize: 1 });
    expect(second1.list).toHaveLength(1);
    expectRefusal(await s.get(PATHS.stockBatchList, t.admin, { day: dayIn(2) }), 400, STOCK_MSG.dateInFuture);
    expectRefusal(await s.get(PATHS.stockBatchList, t.admin, { day: '2026/01/01' }), 400, STOCK_MSG.dateRule);
  });

  it('shows a batch, its units with the spot-check marker, and a unit’s production tests as a timeline', async () => {
    const pda = await s.pda();
    const running = await s.station.runningTask({ count: 2 });
    for (const code of running.codes) {
      for (const [index, flowId] of running.flowIds.entries()) {
        await s.station.verdict(running.stations[index]!.token, await s.station.resultBody(flowId, code));
      }
    }
    const batch = await s.closedBatch(pda.token, running.codes);
    await s.check(pda.token, { batchNo: batch.batchNo, code: running.codes[1]!, pass: false, defect: '外壳裂纹' });

    const detail = dataOf<StockBatch>(await s.get(PATHS.stockBatchDetail, t.admin, { stockBatchId: batch.id }));
    expect(detail).toMatchObject({ batchId: batch.batchNo, checkedCount: 1, defectCount: 1, verdict: 'REJECT', operator: pda.worker.userName });
    expect(detail.checkTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const units = await list<StockRecord>(PATHS.stockRecordList, t.admin, { stockBatchId: batch.id, pageNum: 1, pageSize: 10 });
    expect(units.list.map((unit) => [unit.produceCode, unit.sn, unit.ifCheck, unit.checkPass, unit.defect])).toEqual([
      [running.codes[0], `SN${running.codes[0]}`, false, null, null],
      [running.codes[1], `SN${running.codes[1]}`, true, false, '外壳裂纹'],
    ]);
    const bySn = await list<StockRecord>(PATHS.stockRecordList, t.admin, { stockBatchId: batch.id, sn: running.codes[1]!.slice(2) });
    expect(bySn.list.map((unit) => unit.produceCode)).toEqual([running.codes[1]]);

    const unit = dataOf<StockRecordDetail>(await s.get(PATHS.stockRecordDetail, t.admin, { sn: `SN${running.codes[1]}`, batchId: batch.id }));
    expect(unit).toMatchObject({ produceCode: running.codes[1], ifCheck: true, checkPass: false, defect: '外壳裂纹', operator: pda.worker.userName, batchNo: batch.batchNo });
    expect(unit.produceTestItems.map((item) => [item.testName, item.operator, item.status])).toEqual([
      ['流程1', running.worker.userName, 'TEST_SUCCESS'],
      ['流程2', running.worker.userName, 'TEST_SUCCESS'],
    ]);
    // by production code too (a unit without an SN), and only within its batch
    expect(dataOf<StockRecordDetail>(await s.get(PATHS.stockRecordDetail, t.admin, { sn: running.codes[0]!, batchId: batch.id })).produceCode).toBe(running.codes[0]);
    const other = await s.closedBatch(pda.token, (await s.madeUnits({ count: 1 })).codes);
    expectRefusal(await s.get(PATHS.stockRecordDetail, t.admin, { sn: running.codes[0]!, batchId: other.id }), 404, STOCK_MSG.recordMissing);
    expectRefusal(await s.get(PATHS.stockBatchDetail, t.admin, { stockBatchId: 999_999 }), 404, STOCK_MSG.batchMissing);
  });

  it('lists shipped units by day and product', async () => {
    const pda = await s.pda();
    const units = await s.madeUnits({ count: 2 });
    const batch = await s.closedBatch(pda.token, units.codes);
    await s.checkUnits(pda.token, batch.batchNo, units.codes);
    await s.shipped(pda.token, units.codes[1]!);
    const shipped = await list<OutputRecord>(PATHS.stockOutputList, t.admin, { day: dayIn(0), productId: units.productId, pageNum: 1, pageSize: 10 });
    expect(shipped.total).toBe(1);
    expect(shipped.list[0]).toMatchObject({ produceCode: units.codes[1], sn: `SN${units.codes[1]}`, batchNo: batch.batchNo, operator: pda.worker.userName });
    expect(shipped.list[0]!.outPutTime.slice(0, 10)).toBe(dayIn(0));
    expect((await list<OutputRecord>(PATHS.stockOutputList, t.admin, { day: dayIn(-1), productId: units.productId })).total).toBe(0);
  });

  it('offers the account’s product models to either page', async () => {
    const product = await createPublishedProduct(s.db());
    const models = dataOf<Record<string, string>>(await s.get(PATHS.stockProductModels, t.admin));
    expect(models[String(product.productId)]).toBe(product.number);
    const viewer = await createManager(t.app, [MENUS.stockOut]);
    expect(Object.keys(dataOf<Record<string, string>>(await s.get(PATHS.stockProductModels, viewer.token)))).toContain(String(product.productId));
  });

  it('shows a user tied to lines only the batches stocked on its lines', async () => {
    const pda = await s.pda();
    const batch = await s.closedBatch(pda.token, (await s.madeUnits({ count: 1 })).codes);
    // the batch's line: its units' task's line (the PDA is on none)
    const lineId = (await s.db().selectFrom('stock_batch').select('lineId').where('id', '=', batch.id).executeTakeFirstOrThrow()).lineId;
    const mine = await createManager(t.app, [MENUS.spotCheck, MENUS.stockOut, MENUS.dataCenter], [lineId]);
    const other = await createManager(t.app, [MENUS.spotCheck, MENUS.stockOut, MENUS.dataCenter], [await createLine(s.db())]);
    expect((await list<StockBatch>(PATHS.stockBatchList, mine.token, { pageSize: 100 })).list.map((row) => row.id)).toContain(batch.id);
    expect((await list<StockBatch>(PATHS.stockBatchList, other.token, { pageSize: 100 })).list.map((row) => row.id)).not.toContain(batch.id);
    expectRefusal(await s.get(PATHS.stockBatchDetail, other.token, { stockBatchId: batch.id }), 404, STOCK_MSG.batchMissing);
    // the big screen's stock figures are scoped alike
    const figures = async (token: string) => dataOf<StatisticInfo>(await s.get(PATHS.dataCenterStatisticInfo, token));
    expect(await figures(mine.token)).toMatchObject({ stockCount: 1 });
    expect(await figures(other.token)).toEqual({ reportCheckCount: 0, checkRandomCount: 0, stockCount: 0, outStockCount: 0, recheckCount: 0 });
  });

  it('moves the big screen’s 抽检与库存 and 抽检合格率 with the PDA’s scans', async () => {
    const figures = async () => dataOf<StatisticInfo>(await s.get(PATHS.dataCenterStatisticInfo, t.admin));
    const passRate = async () => dataOf<TaskCount>(await s.get(PATHS.dataCenterTaskCount, t.admin, { hold: 4 })).checkPassRate;
    const decided = async () => {
      const rows = await s.db().selectFrom('stock_batch').select('verdict').where('verdict', '<>', 'PENDING').execute();
      return { all: rows.length, accepted: rows.filter((row) => row.verdict === 'ACCEPT').length };
    };
    const before = await figures();
    const pda = await s.pda();
    const good = await s.madeUnits({ count: 2 });
    const bad = await s.madeUnits({ count: 2 });
    const accepted = await s.closedBatch(pda.token, good.codes);
    const rejected = await s.closedBatch(pda.token, bad.codes);
    await s.checkUnits(pda.token, accepted.batchNo, good.codes);
    await s.check(pda.token, { batchNo: rejected.batchNo, code: bad.codes[0]!, pass: false, defect: '不开机' });
    // a decided batch takes no more checks: nothing more is counted
    expectRefusal(await s.check(pda.token, { batchNo: rejected.batchNo, code: bad.codes[1]!, pass: true }), 409, STOCK_MSG.batchDecided(rejected.batchNo, '不合格'));
    await s.shipped(pda.token, good.codes[0]!);
    expect(await figures()).toEqual({
      reportCheckCount: before.reportCheckCount + 2,
      checkRandomCount: before.checkRandomCount + 3,
      stockCount: before.stockCount + 4,
      outStockCount: before.outStockCount + 1,
      recheckCount: before.recheckCount,
    });
    const counts = await decided();
    expect(await passRate()).toBe(Math.round((counts.accepted / counts.all) * 10_000) / 10_000);
  });
});
