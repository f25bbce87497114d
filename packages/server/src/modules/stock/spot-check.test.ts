import { PATHS, STOCK_MSG, type SpotCheckAnswer, type StationBatch, type StationBatchDetail, type StockInAnswer, type StockOutAnswer } from '@factory/contracts';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dataOf, expectRefusal } from '../../../test/answers.js';
import { stockApi } from '../../../test/stock-api.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';

describe.each(testDialects())('spot checks and stock-out at a PDA on %s', (dialect) => {
  const t = withTestApp(dialect);
  const s = stockApi(() => t.app, () => t.admin);

  /** A closed batch of `count` units: lot 26–50 at level II, AQL 1.0 is D → E, n 13, Ac 0, Re 1. */
  async function batchOf(count: number) {
    const pda = await s.pda();
    const units = await s.madeUnits({ count });
    const batch = await s.closedBatch(pda.token, units.codes);
    return { pda, units, batch };
  }

  it('accepts a batch once n units are checked with no more than Ac defects', async () => {
    const { pda, units, batch } = await batchOf(20);
    expect(batch).toMatchObject({ lotSize: 20, codeLetter: 'C', sampleSize: 13, acceptNumber: 0, rejectNumber: 1, verdict: 'PENDING' });
    const twelve = await s.checkUnits(pda.token, batch.batchNo, units.codes.slice(0, 12));
    expect(twelve).toMatchObject({ checkedCount: 12, defectCount: 0, verdict: 'PENDING', unit: { produceCode: units.codes[11], checkPass: true } });
    const last = await s.checkUnits(pda.token, batch.batchNo, units.codes.slice(12, 13));
    expect(last).toMatchObject({ checkedCount: 13, defectCount: 0, verdict: 'ACCEPT' });
    // decided: no more checks
    expectRefusal(
      await s.check(pda.token, { batchNo: batch.batchNo, code: units.codes[13]!, pass: true }),
      409,
      STOCK_MSG.batchDecided(batch.batchNo, '合格'),
    );
  });

  it('rejects a batch as soon as the defects reach Re, and keeps the defect note', async () => {
    const { pda, units, batch } = await batchOf(20);
    await s.checkUnits(pda.token, batch.batchNo, units.codes.slice(0, 3));
    const failed = dataOf<SpotCheckAnswer>(await s.check(pda.token, { batchNo: batch.batchNo, code: units.codes[3]!, pass: false, defect: '屏幕划伤' }));
    expect(failed).toMatchObject({ checkedCount: 4, defectCount: 1, verdict: 'REJECT', unit: { checkPass: false, defect: '屏幕划伤', operator: pda.worker.userName } });
    const detail = dataOf<StationBatchDetail>(await s.get(PATHS.stationSpotCheckBatch, pda.token, { batchNo: batch.batchNo }));
    expect(detail.checks.map((check) => [check.produceCode, check.checkPass, check.defect])[0]).toEqual([units.codes[3], false, '屏幕划伤']);
    expect(detail.checks).toHaveLength(4);
  });

  it('replaces the result of a unit checked again, counting it once and as a recheck', async () => {
    const pda = await s.pda();
    const units = await s.madeUnits({ count: 60 });
    // lot 60 at level II is E; AQL 2.5 at E points down (↓) to F: n 20, Ac 1, Re 2 — one defect may pass
    await s.db().updateTable('product').set({ aql: 2.5 }).where('id', '=', units.productId).execute();
    const batch = await s.closedBatch(pda.token, units.codes);
    expect(batch).toMatchObject({ codeLetter: 'E', sampleSize: 20, acceptNumber: 1, rejectNumber: 2 });
    await s.check(pda.token, { batchNo: batch.batchNo, code: units.codes[0]!, pass: false, defect: '按键失灵' });
    const again = dataOf<SpotCheckAnswer>(await s.check(pda.token, { batchNo: batch.batchNo, code: units.codes[0]!, pass: true }));
    expect(again).toMatchObject({ checkedCount: 1, defectCount: 0, verdict: 'PENDING', unit: { checkPass: true, defect: null } });
    const row = await s.db().selectFrom('stock_batch').select('recheckCount').where('id', '=', batch.id).executeTakeFirstOrThrow();
    expect(row.recheckCount).toBe(1);
    const decided = await s.checkUnits(pda.token, batch.batchNo, units.codes.slice(1, 20), [units.codes[5]!]);
    expect(decided).toMatchObject({ checkedCount: 20, defectCount: 1, verdict: 'ACCEPT' });
  });

  it('refuses checks of an open batch, of a unit of another batch, and 不合格 without a note; nothing is written', async () => {
    const pda = await s.pda();
    const units = await s.madeUnits({ count: 2 });
    const open = dataOf<StockInAnswer>(await s.stockIn(pda.token, units.codes[0]!));
    const { batch, units: others } = await batchOf(2);
    const before = await s.stockCounts();
    expectRefusal(await s.check(pda.token, { batchNo: open.batchNo, code: units.codes[0]!, pass: true }), 409, STOCK_MSG.batchStillOpen(open.batchNo));
    expectRefusal(await s.check(pda.token, { batchNo: batch.batchNo, code: units.codes[0]!, pass: true }), 409, STOCK_MSG.unitNotInBatch(units.codes[0]!, batch.batchNo));
    expectRefusal(await s.check(pda.token, { batchNo: batch.batchNo, code: units.codes[1]!, pass: true }), 409, STOCK_MSG.unitNotInBatch(units.codes[1]!, batch.batchNo));
    expectRefusal(await s.check(pda.token, { batchNo: batch.batchNo, code: others.codes[0]!, pass: false }), 400, STOCK_MSG.defectRequired);
    expectRefusal(await s.check(pda.token, { batchNo: 'RK-NONE', code: others.codes[0]!, pass: true }), 404, STOCK_MSG.batchUnknown('RK-NONE'));
    expect(await s.stockCounts()).toEqual(before);
  });

  it('answers a resent check (same clientId) as the first time and counts it once', async () => {
    const { pda, units, batch } = await batchOf(20);
    const clientId = randomUUID();
    const first = dataOf<SpotCheckAnswer>(await s.check(pda.token, { batchNo: batch.batchNo, code: units.codes[0]!, pass: true, clientId }));
    const again = dataOf<SpotCheckAnswer>(await s.check(pda.token, { batchNo: batch.batchNo, code: units.codes[0]!, pass: true, clientId }));
    expect(again).toEqual(first);
    const row = await s.db().selectFrom('stock_batch').select(['checkedCount', 'recheckCount']).where('id', '=', batch.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ checkedCount: 1, recheckCount: 0 });
  });

  it('lists the batches to check, pending first, and finds a batch by a unit scanned', async () => {
    const { pda, units, batch } = await batchOf(3);
    const listed = dataOf<StationBatch[]>(await s.get(PATHS.stationSpotCheckBatches, pda.token));
    expect(listed.find((row) => row.batchNo === batch.batchNo)).toMatchObject({ status: 'CLOSED', verdict: 'PENDING', sampleSize: 3 });
    expect(listed.every((row) => row.status === 'CLOSED')).toBe(true);
    const byUnit = dataOf<StationBatchDetail>(await s.get(PATHS.stationSpotCheckBatch, pda.token, { code: `SN${units.codes[1]}` }));
    expect(byUnit).toMatchObject({ batchNo: batch.batchNo, checks: [] });
    expectRefusal(await s.get(PATHS.stationSpotCheckBatch, pda.token, { code: 'NONE' }), 404, STOCK_MSG.unitUnknown('NONE'));
  });

  describe('stock-out', () => {
    it('ships units of an accepted batch once, and refuses the rest with the reason', async () => {
      const pda = await s.pda();
      const open = await s.madeUnits({ count: 1 });
      const openBatch = dataOf<StockInAnswer>(await s.stockIn(pda.token, open.codes[0]!));
      const pending = await batchOf(2);
      const rejected = await batchOf(2);
      await s.checkUnits(rejected.pda.token, rejected.batch.batchNo, rejected.units.codes.slice(0, 1), rejected.units.codes.slice(0, 1));
      const accepted = await batchOf(2);
      await s.checkUnits(accepted.pda.token, accepted.batch.batchNo, accepted.units.codes);
      const loose = await s.madeUnits({ count: 1 });
      const before = await s.stockCounts();

      expectRefusal(await s.stockOut(pda.token, loose.codes[0]!), 409, STOCK_MSG.unitNotStocked(loose.codes[0]!));
      expectRefusal(await s.stockOut(pda.token, open.codes[0]!), 409, STOCK_MSG.unitBatchOpen(open.codes[0]!, openBatch.batchNo));
      expectRefusal(await s.stockOut(pda.token, pending.units.codes[0]!), 409, STOCK_MSG.unitBatchPending(pending.units.codes[0]!, pending.batch.batchNo));
      expectRefusal(
        await s.stockOut(pda.token, rejected.units.codes[1]!),
        409,
        STOCK_MSG.unitBatchRejected(rejected.units.codes[1]!, rejected.batch.batchNo),
      );
      expectRefusal(await s.stockOut(pda.token, 'NONE'), 404, STOCK_MSG.unitUnknown('NONE'));
      expect(await s.stockCounts()).toEqual(before);

      const shipped = await s.shipped(pda.token, `SN${accepted.units.codes[0]}`);
      expect(shipped).toMatchObject({ batchNo: accepted.batch.batchNo, unit: { produceCode: accepted.units.codes[0] } });
      expectRefusal(await s.stockOut(pda.token, accepted.units.codes[0]!), 409, STOCK_MSG.unitShipped(accepted.units.codes[0]!));
      expectRefusal(await s.stockIn(pda.token, accepted.units.codes[0]!), 409, STOCK_MSG.unitShipped(accepted.units.codes[0]!));
      const row = await s.db().selectFrom('stock_batch').select('outCount').where('id', '=', accepted.batch.id).executeTakeFirstOrThrow();
      expect(row.outCount).toBe(1);
    });

    it('answers a resent stock-out as the first time, and ships a unit scanned at two PDAs at once once', async () => {
      const accepted = await batchOf(2);
      await s.checkUnits(accepted.pda.token, accepted.batch.batchNo, accepted.units.codes);
      const clientId = randomUUID();
      const first = dataOf<StockOutAnswer>(await s.stockOut(accepted.pda.token, accepted.units.codes[0]!, clientId));
      expect(dataOf<StockOutAnswer>(await s.stockOut(accepted.pda.token, accepted.units.codes[0]!, clientId))).toEqual(first);

      const other = await s.pda();
      const answers = await Promise.all([s.stockOut(accepted.pda.token, accepted.units.codes[1]!), s.stockOut(other.token, accepted.units.codes[1]!)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const movements = await s.db().selectFrom('stock_movement').select('kind').where('batchId', '=', accepted.batch.id).where('kind', '=', 'OUT').execute();
      expect(movements).toHaveLength(2);
    });
  });
});
