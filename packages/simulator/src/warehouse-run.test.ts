import { DATA_CENTER_ENDPOINTS, ROLE_ENDPOINTS, STOCK_ENDPOINTS } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { liveServer } from '../test/live-server.js';
import { consoleLogin } from './console-client.js';
import { batchUnitsReader, codesReader } from './factory-discovery.js';
import { GATEWAY, singleTaskPlan, WAREHOUSE_ROLE } from './factory-plan.js';
import { seedFactory } from './factory-seed.js';
import { PdaClient } from './pda-client.js';
import { seededRandom } from './random.js';
import { startSimulation } from './simulation.js';
import { startWarehouse } from './warehouse.js';

/**
 * The warehouse against a real server (SQLite) on a port: the seed's PDA and 仓库质检员
 * sign in, the units the stations pass are stocked in batches, each closed batch is
 * checked by its plan until decided, and only accepted batches ship. What the console's
 * 抽检管理, 出库记录 and big screen then show is read back through the console API.
 */
describe('the warehouse at the seeded PDA', () => {
  const live = liveServer();

  it('stocks the passed units in batches, spot-checks them by plan and ships accepted ones', { timeout: 90_000 }, async () => {
    const { url, api } = live;
    const product = { ...GATEWAY, number: 'GW_STOCK', code: 'GWSTOCK' };
    const plan = {
      ...singleTaskPlan(product, { units: 60, stations: product.flows.length, operatorCount: 1, padPrefix: 'WH' }),
      warehouse: { pda: { code: 'WH-PDA-01', name: '测试手持' }, manualPda: { code: 'WH-PDA-M1', name: '测试手持人工' }, user: { name: 'whcheck', password: 'Check12345' } },
    };
    const seeded = await seedFactory(api, url, plan);
    expect(seeded.warehouse).toEqual({ terminalCode: 'WH-PDA-01', username: 'whcheck@admin', password: 'Check12345', manualTerminalCode: 'WH-PDA-M1' });
    // Seeding again reuses the PDAs, the role and the user.
    expect((await seedFactory(api, url, plan)).warehouse).toEqual(seeded.warehouse);

    const pda = new PdaClient({ baseUrl: url, backoffMs: 20 });
    const identity = await pda.login('WH-PDA-01', 'whcheck@admin', 'Check12345');
    expect(identity.terminal).toMatchObject({ code: 'WH-PDA-01', terminalType: 'PDA' });
    expect(await pda.modes()).toEqual({ stockIn: true, spotCheck: true, stockOut: true, lineName: null });
    const lines: string[] = [];
    const warehouse = startWarehouse({
      pda,
      random: seededRandom(11),
      defectRate: 0.05,
      badDayShare: 0.5,
      speed: 1000,
      batchSize: () => 20,
      firstBatchSize: 20,
      unitsOfBatch: batchUnitsReader(api),
      log: (line) => lines.push(line),
    });
    const simulation = await startSimulation({
      baseUrl: url,
      stations: seeded.tasks[0]!.stations,
      rate: 0,
      failureRate: 0,
      repairDelayMs: 0,
      codesOf: codesReader(api),
      randomSeed: 5,
      onUnitPassed: warehouse.offer,
    });
    await simulation.done;
    await expect.poll(() => warehouse.stats.stocked + warehouse.waiting(), { timeout: 20_000 }).toBe(60);
    // Three batches of 20, each decided; the accepted ones shipped as planned.
    await expect.poll(() => warehouse.stats.accepted + warehouse.stats.rejected, { timeout: 30_000, interval: 50 }).toBe(3);
    await expect.poll(() => warehouse.toShip(), { timeout: 30_000, interval: 50 }).toBe(0);
    await warehouse.stop();
    await Promise.all([...simulation.clients, pda].map((client) => client.logout()));

    expect(warehouse.stats).toMatchObject({ stocked: 60, closed: 3, refused: 0, alreadyStocked: 0 });
    expect(warehouse.stats.scannedBySn).toBeGreaterThan(0);
    const batches = (await api(STOCK_ENDPOINTS.stockBatchList, { pageSize: 50 })).list;
    expect(batches).toHaveLength(3);
    for (const batch of batches) {
      // lot 20, level II, AQL 1.0 (the product's defaults): code letter C, the plan of E, n 13 Ac 0 Re 1
      expect(batch).toMatchObject({ productNumber: 'GW_STOCK', lineName: '测试产线', count: 20, status: 'CLOSED', lotSize: 20, codeLetter: 'C', sampleSize: 13, acceptNumber: 0, rejectNumber: 1, operator: 'whcheck@admin' });
      if (batch.verdict === 'ACCEPT') expect([batch.checkedCount, batch.defectCount]).toEqual([13, 0]);
      // Rejected at its first defect: no unit checked after that.
      else expect([batch.verdict, batch.defectCount]).toEqual(['REJECT', 1]);
      if (batch.verdict === 'REJECT') expect(batch.outCount).toBe(0);
      const units = (await api(STOCK_ENDPOINTS.stockRecordList, { stockBatchId: batch.id, pageSize: 50 })).list;
      expect(units.filter((unit) => unit.ifCheck)).toHaveLength(batch.checkedCount);
      expect(units.filter((unit) => unit.checkPass === false).every((unit) => unit.defect !== null && unit.outTime === null)).toBe(true);
    }
    const shipped = (await api(STOCK_ENDPOINTS.stockOutputList, { pageSize: 100 })).list;
    expect(shipped).toHaveLength(warehouse.stats.shipped);
    const accepted = new Set(batches.filter((batch) => batch.verdict === 'ACCEPT').map((batch) => batch.batchId));
    expect(shipped.every((unit) => accepted.has(unit.batchNo) && unit.operator === 'whcheck@admin')).toBe(true);
    if (accepted.size > 0) expect(shipped.length).toBeGreaterThan(0);

    const figures = await api(DATA_CENTER_ENDPOINTS.dataCenterStatisticInfo);
    expect(figures).toMatchObject({
      stockCount: 60,
      reportCheckCount: 3,
      checkRandomCount: warehouse.stats.checked,
      outStockCount: warehouse.stats.shipped,
    });
    expect(lines.some((line) => line.startsWith('warehouse: closed batch '))).toBe(true);
    // 仓库质检员 sees 抽检管理 in the console, but holds no PAD APP: a PAD refuses the user.
    const checker = (await consoleLogin(url, 'whcheck@admin', 'Check12345')).api;
    expect((await checker(STOCK_ENDPOINTS.stockBatchList, { pageSize: 10 })).total).toBe(3);
    const atPad = await new PdaClient({ baseUrl: url }).login('WH-1-01', 'whcheck@admin', 'Check12345').catch((error: unknown) => error);
    expect(atPad).toMatchObject({ name: 'StationRefusal', status: 403 });
    const role = (await api(ROLE_ENDPOINTS.roleList, { roleName: WAREHOUSE_ROLE, pageSize: 0 })).list.find((row) => row.roleName === WAREHOUSE_ROLE);
    expect(role).toBeDefined();
  });
});
