import { MENUS, PATHS, STOCK_MSG, type StationBatch, type StockInAnswer, type StockModes } from '@factory/contracts';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dataOf, expectRefusal } from '../../../test/answers.js';
import { createTerminal, unique } from '../../../test/factories/index.js';
import { stockApi } from '../../../test/stock-api.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';

const today = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date()).replaceAll('-', '');

describe.each(testDialects())('stock-in at a PDA on %s', (dialect) => {
  const t = withTestApp(dialect);
  const s = stockApi(() => t.app, () => t.admin);

  it('stocks passed units into the open batch of their product on the PDA’s line, numbered and counted', async () => {
    const pda = await s.pda();
    const units = await s.madeUnits({ count: 3 });
    const first = dataOf<StockInAnswer>(await s.stockIn(pda.token, units.codes[0]!));
    expect(first.batchNo).toMatch(new RegExp(`^RK${today()}-\\d{3}$`));
    expect(first).toMatchObject({ count: 1, unit: { produceCode: units.codes[0], sn: `SN${units.codes[0]}` } });
    // by SN, MAC and IMEI as well as by production code: all into the same batch
    const unit2 = await s.db().selectFrom('production_code').select(['sn', 'mac', 'imei']).where('code', '=', units.codes[1]!).executeTakeFirstOrThrow();
    const second = dataOf<StockInAnswer>(await s.stockIn(pda.token, unit2.mac!));
    expect(second).toMatchObject({ batchNo: first.batchNo, count: 2, unit: { produceCode: units.codes[1] } });
    const unit3 = await s.db().selectFrom('production_code').select('imei').where('code', '=', units.codes[2]!).executeTakeFirstOrThrow();
    expect(dataOf<StockInAnswer>(await s.stockIn(pda.token, unit3.imei!))).toMatchObject({ batchNo: first.batchNo, count: 3 });

    const open = dataOf<StationBatch[]>(await s.get(PATHS.stationOpenBatches, pda.token));
    expect(open.map((batch) => [batch.batchNo, batch.count, batch.status, batch.verdict])).toEqual([[first.batchNo, 3, 'OPEN', 'PENDING']]);
    const movements = await s.db().selectFrom('stock_movement').select(['kind', 'userName', 'terminalId']).where('batchId', '=', first.stockBatchId).execute();
    expect(movements).toEqual(Array.from({ length: 3 }, () => ({ kind: 'IN', userName: pda.worker.userName, terminalId: pda.terminalId })));
  });

  it('opens one batch per product and line, and numbers the day’s batches in sequence', async () => {
    const pda = await s.pda();
    const a = await s.madeUnits({ count: 1 });
    const b = await s.madeUnits({ count: 1 });
    const first = dataOf<StockInAnswer>(await s.stockIn(pda.token, a.codes[0]!));
    const second = dataOf<StockInAnswer>(await s.stockIn(pda.token, b.codes[0]!));
    expect(second.batchNo).not.toBe(first.batchNo);
    const sequence = (batchNo: string) => Number(batchNo.slice(-3));
    expect(sequence(second.batchNo)).toBe(sequence(first.batchNo) + 1);
    // another PDA on another line opens its own batch of the same product
    const other = await s.pda();
    const more = await s.madeUnits({ count: 1, productId: a.productId });
    expect(dataOf<StockInAnswer>(await s.stockIn(other.token, more.codes[0]!)).batchNo).not.toBe(first.batchNo);
  });

  it('refuses, naming the unit, a unit that is unknown, not passed, or stocked already; nothing is written', async () => {
    const pda = await s.pda();
    const failed = await s.madeUnits({ count: 1, status: 'NOT_PASS' });
    const untested = await s.madeUnits({ count: 1, status: null });
    const passed = await s.madeUnits({ count: 1 });
    const stocked = dataOf<StockInAnswer>(await s.stockIn(pda.token, passed.codes[0]!));
    const before = await s.stockCounts();
    expectRefusal(await s.stockIn(pda.token, 'NO-SUCH-UNIT'), 404, STOCK_MSG.unitUnknown('NO-SUCH-UNIT'));
    expectRefusal(await s.stockIn(pda.token, failed.codes[0]!), 409, STOCK_MSG.unitNotPassed(failed.codes[0]!));
    expectRefusal(await s.stockIn(pda.token, `SN${untested.codes[0]}`), 409, STOCK_MSG.unitNotPassed(`SN${untested.codes[0]}`));
    expectRefusal(await s.stockIn(pda.token, passed.codes[0]!), 409, STOCK_MSG.unitStocked(passed.codes[0]!, stocked.batchNo));
    expect(await s.stockCounts()).toEqual(before);
  });

  it('does not see units of another account', async () => {
    const pda = await s.pda();
    const units = await s.madeUnits({ count: 1 });
    await s.db().updateTable('task').set({ ownerId: (await s.db().selectFrom('account').select('id').where('userName', '=', pda.worker.userName).executeTakeFirstOrThrow()).id }).where('id', '=', units.taskId).execute();
    expectRefusal(await s.stockIn(pda.token, units.codes[0]!), 404, STOCK_MSG.unitUnknown(units.codes[0]!));
  });

  it('answers a resent scan (same clientId) as the first time and stores it once', async () => {
    const pda = await s.pda();
    const units = await s.madeUnits({ count: 1 });
    const clientId = randomUUID();
    const first = dataOf<StockInAnswer>(await s.stockIn(pda.token, units.codes[0]!, clientId));
    const before = await s.stockCounts();
    const again = dataOf<StockInAnswer>(await s.stockIn(pda.token, units.codes[0]!, clientId));
    expect(again).toEqual(first);
    expect(await s.stockCounts()).toEqual(before);
    // a new scan of the same unit is a second stock-in: refused
    expectRefusal(await s.stockIn(pda.token, units.codes[0]!, randomUUID()), 409, STOCK_MSG.unitStocked(units.codes[0]!, first.batchNo));
  });

  it('stores one stock-in when the same unit is scanned at several PDAs at once', async () => {
    const pdas = [await s.pda(), await s.pda(), await s.pda()];
    const units = await s.madeUnits({ count: 1 });
    const answers = await Promise.all(pdas.flatMap((pda) => [s.stockIn(pda.token, units.codes[0]!), s.stockIn(pda.token, units.codes[0]!)]));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const codeId = (await s.db().selectFrom('production_code').select('id').where('code', '=', units.codes[0]!).executeTakeFirstOrThrow()).id;
    expect(await s.db().selectFrom('stock_unit').select('batchId').where('codeId', '=', codeId).execute()).toHaveLength(1);
    expect(await s.db().selectFrom('stock_movement').select('id').where('codeId', '=', codeId).execute()).toHaveLength(1);
    const batch = await s.db().selectFrom('stock_batch').innerJoin('stock_unit', 'stock_unit.batchId', 'stock_batch.id').select('stock_batch.count').where('stock_unit.codeId', '=', codeId).executeTakeFirstOrThrow();
    expect(batch.count).toBe(1);
  });

  it('fills one open batch when two PDAs of a line stock units of one product at once', async () => {
    const first = await s.pda();
    const second = await s.pda({ lineId: first.lineId });
    const units = await s.madeUnits({ count: 6 });
    const answers = await Promise.all(units.codes.map((code, index) => s.stockIn((index % 2 ? first : second).token, code)));
    const batchNos = new Set(answers.map((answer) => dataOf<StockInAnswer>(answer).batchNo));
    expect(batchNos.size).toBe(1);
    const batch = await s.db().selectFrom('stock_batch').select(['count']).where('batchNo', '=', [...batchNos][0]!).executeTakeFirstOrThrow();
    expect(batch.count).toBe(6);
  });

  it('closes a batch with its GB/T 2828.1 plan from the product’s level and AQL, and takes no more units into it', async () => {
    const pda = await s.pda();
    const units = await s.madeUnits({ count: 3 });
    await s.db().updateTable('product').set({ inspectionLevel: 'III', aql: 6.5 }).where('id', '=', units.productId).execute();
    const first = dataOf<StockInAnswer>(await s.stockIn(pda.token, units.codes[0]!));
    await s.stockIn(pda.token, units.codes[1]!);
    const closed = dataOf<StationBatch>(await s.closeBatch(pda.token, { batchNo: first.batchNo }));
    // lot 2, level III: B (n 3); AQL 6.5 at B is ↑ → A (n 2, Ac 0, Re 1), every unit of the lot
    expect(closed).toMatchObject({
      batchNo: first.batchNo,
      status: 'CLOSED',
      count: 2,
      inspectionLevel: 'III',
      aql: 6.5,
      lotSize: 2,
      codeLetter: 'B',
      sampleSize: 2,
      acceptNumber: 0,
      rejectNumber: 1,
      checkedCount: 0,
      defectCount: 0,
      verdict: 'PENDING',
    });
    expectRefusal(await s.closeBatch(pda.token, { batchNo: first.batchNo }), 409, STOCK_MSG.batchNotOpen(first.batchNo));
    expectRefusal(await s.closeBatch(pda.token, { batchNo: 'RK-NONE' }), 404, STOCK_MSG.batchUnknown('RK-NONE'));
    const next = dataOf<StockInAnswer>(await s.stockIn(pda.token, units.codes[2]!));
    expect(next.batchNo).not.toBe(first.batchNo);
    expect(next.count).toBe(1);
  });

  it('answers a resent close as the first time', async () => {
    const pda = await s.pda();
    const units = await s.madeUnits({ count: 1 });
    const { batchNo } = dataOf<StockInAnswer>(await s.stockIn(pda.token, units.codes[0]!));
    const clientId = randomUUID();
    const closed = dataOf<StationBatch>(await s.closeBatch(pda.token, { batchNo, clientId }));
    expect(dataOf<StationBatch>(await s.closeBatch(pda.token, { batchNo, clientId }))).toEqual(closed);
    // the same clientId for another kind of scan is not taken for a resend
    expectRefusal(await s.stockIn(pda.token, units.codes[0]!, clientId), 409, STOCK_MSG.clientIdReused);
  });

  describe('the plan of a closed batch across Table 1 (level II, AQL 1.0)', () => {
    // Lot sizes at both ends of every Table 1 row; the expected plan read off Table 1 and Table 2-A:
    // A–D at AQL 1.0 point down (↓) to E (13, 0/1), F points up (↑) to E, G down to H (50, 1/2).
    const GOLDEN: [lot: number, letter: string, n: number, ac: number, re: number][] = [
      [1, 'A', 1, 0, 1],
      [8, 'A', 8, 0, 1],
      [9, 'B', 9, 0, 1],
      [15, 'B', 13, 0, 1],
      [16, 'C', 13, 0, 1],
      [25, 'C', 13, 0, 1],
      [26, 'D', 13, 0, 1],
      [50, 'D', 13, 0, 1],
      [51, 'E', 13, 0, 1],
      [90, 'E', 13, 0, 1],
      [91, 'F', 13, 0, 1],
      [150, 'F', 13, 0, 1],
      [151, 'G', 50, 1, 2],
      [280, 'G', 50, 1, 2],
      [281, 'H', 50, 1, 2],
      [500, 'H', 50, 1, 2],
      [501, 'J', 80, 2, 3],
      [1200, 'J', 80, 2, 3],
      [1201, 'K', 125, 3, 4],
      [3200, 'K', 125, 3, 4],
      [3201, 'L', 200, 5, 6],
      [10000, 'L', 200, 5, 6],
      [10001, 'M', 315, 7, 8],
      [35000, 'M', 315, 7, 8],
      [35001, 'N', 500, 10, 11],
      [150000, 'N', 500, 10, 11],
      [150001, 'P', 800, 14, 15],
      [500000, 'P', 800, 14, 15],
      [500001, 'Q', 1250, 21, 22],
    ];

    it('fixes n, Ac and Re for every lot size row', async () => {
      const pda = await s.pda();
      const plans = [];
      for (const [lot] of GOLDEN) {
        const units = await s.madeUnits({ count: 1 });
        const { batchNo, stockBatchId } = dataOf<StockInAnswer>(await s.stockIn(pda.token, units.codes[0]!));
        // The plan reads the batch's count only: the lot is sized straight in the table rather than stocked unit by unit.
        await s.db().updateTable('stock_batch').set({ count: lot }).where('id', '=', stockBatchId).execute();
        const closed = dataOf<StationBatch>(await s.closeBatch(pda.token, { batchNo }));
        plans.push([closed.lotSize, closed.codeLetter, closed.sampleSize, closed.acceptNumber, closed.rejectNumber]);
      }
      expect(plans).toEqual(GOLDEN);
    });
  });

  describe('who may stock in', () => {
    it('answers each user the modes its role holds, and refuses the calls of the others', async () => {
      const pda = await s.pda({ grants: [MENUS.pdaStockOut] });
      expect(dataOf<StockModes>(await s.get(PATHS.stationStockModes, pda.token))).toEqual({
        stockIn: false,
        spotCheck: false,
        stockOut: true,
        lineName: expect.any(String),
      });
      const units = await s.madeUnits({ count: 1 });
      const before = await s.stockCounts();
      expectRefusal(await s.stockIn(pda.token, units.codes[0]!), 403, STOCK_MSG.noStockMode('入库'));
      expectRefusal(await s.get(PATHS.stationSpotCheckBatches, pda.token), 403, STOCK_MSG.noStockMode('抽检'));
      expect(await s.stockCounts()).toEqual(before);
    });

    it('lets a PDA user holding only 抽检 sign in, and refuses a PAD the stock calls', async () => {
      const pda = await s.pda({ grants: [MENUS.pdaSpotCheck] });
      expect(dataOf<StockModes>(await s.get(PATHS.stationStockModes, pda.token))).toMatchObject({ stockIn: false, spotCheck: true, stockOut: false });
      const padCode = unique('PAD');
      await createTerminal(s.db(), { terminalType: 'PAD', terminalCode: padCode });
      const { createWorker } = await import('../../../test/station-api.js');
      const worker = await createWorker(t.app);
      const pad = await s.station.signIn(padCode, worker);
      expectRefusal(await s.stockIn(pad.token, 'X'), 403, STOCK_MSG.notPda);
    });

    it('answers 401 without a station token', async () => {
      const response = await s.stockIn('not-a-token', 'X');
      expect(response.statusCode).toBe(401);
    });
  });
});
