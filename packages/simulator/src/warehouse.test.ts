import { type BatchVerdict, samplingPlan } from '@factory/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import type { CloseBatchAnswer, PdaApi, PdaBatch, PdaBatchRow, SpotCheckAnswer, SpotCheckInput, StockInAnswer, StockOutAnswer } from './pda-client.js';
import { seededRandom } from './random.js';
import { StationRefusal } from './station-client.js';
import { DEFECT_NOTES, type PassedUnit, planShipments, sampleUnits, startWarehouse, type Warehouse, type WarehouseOptions } from './warehouse.js';

interface FakeBatch {
  id: number;
  batchNo: string;
  productNumber: string;
  units: string[];
  status: 'OPEN' | 'CLOSED';
  plan: ReturnType<typeof samplingPlan> | null;
  checks: Map<string, { pass: boolean; defect: string | null }>;
  verdict: BatchVerdict;
}

type Call = { at: number } & (
  | { kind: 'in'; scan: string; clientId: string }
  | { kind: 'close'; batchNo: string; clientId: string }
  | { kind: 'check'; batchNo: string; code: string; pass: boolean; defect: string | null; clientId: string }
  | { kind: 'out'; code: string; clientId: string }
);

const TIME = '2025-01-01 08:00:00';

/**
 * The PDA calls as the server answers them (docs/api.md "Finished goods"), in memory:
 * units are known by production code or SN, a batch per product is open, closing fixes
 * the GB/T 2828.1 plan (level II, AQL 1.0), a check after the verdict is refused, and
 * only units of accepted batches may leave.
 */
class FakePda implements PdaApi {
  readonly calls: Call[] = [];
  /** the warehouse's clock, read when a call comes */
  now: () => number = () => 0;
  readonly batches = new Map<string, FakeBatch>();
  readonly shipped = new Set<string>();
  /** the batch of each stocked unit */
  readonly stockedIn = new Map<string, string>();
  private readonly units = new Map<string, PassedUnit>();
  /** when set, stock-ins wait for it (a slow answer) */
  gate: Promise<void> | null = null;

  know(units: readonly PassedUnit[]): void {
    for (const unit of units) {
      this.units.set(unit.code, unit);
      if (unit.sn) this.units.set(unit.sn, unit);
    }
  }

  private unit(scan: string): PassedUnit {
    const unit = this.units.get(scan);
    if (!unit) throw new StationRefusal(404, `设备 ${scan} 不存在`);
    return unit;
  }

  private view(batch: FakeBatch) {
    const defects = [...batch.checks.values()].filter((check) => !check.pass).length;
    return {
      id: batch.id,
      batchNo: batch.batchNo,
      productNumber: batch.productNumber,
      lineName: '总装一线',
      count: batch.units.length,
      status: batch.status,
      stockTime: TIME,
      inspectionLevel: batch.plan ? ('II' as const) : null,
      aql: batch.plan ? 1 : null,
      lotSize: batch.plan?.lotSize ?? null,
      codeLetter: batch.plan?.codeLetter ?? null,
      sampleSize: batch.plan?.sampleSize ?? null,
      acceptNumber: batch.plan?.acceptNumber ?? null,
      rejectNumber: batch.plan?.rejectNumber ?? null,
      severity: 'NORMAL' as const,
      checkedCount: batch.checks.size,
      defectCount: defects,
      verdict: batch.verdict,
    };
  }

  private batchOf(batchNo: string): FakeBatch {
    const batch = this.batches.get(batchNo);
    if (!batch) throw new StationRefusal(404, `批次 ${batchNo} 不存在`);
    return batch;
  }

  async stockIn(scan: string, clientId: string): Promise<StockInAnswer> {
    this.calls.push({ at: this.now(), kind: 'in', scan, clientId });
    if (this.gate) await this.gate;
    const unit = this.unit(scan);
    const earlier = this.stockedIn.get(unit.code);
    if (earlier) throw new StationRefusal(409, `设备 ${scan} 已入库（批次 ${earlier}）`);
    let batch = [...this.batches.values()].find((candidate) => candidate.status === 'OPEN' && candidate.productNumber === unit.productNumber);
    if (!batch) {
      const id = this.batches.size + 1;
      batch = { id, batchNo: `RK20250101-${String(id).padStart(3, '0')}`, productNumber: unit.productNumber, units: [], status: 'OPEN', plan: null, checks: new Map(), verdict: 'PENDING' };
      this.batches.set(batch.batchNo, batch);
    }
    batch.units.push(unit.code);
    this.stockedIn.set(unit.code, batch.batchNo);
    return { stockBatchId: batch.id, batchNo: batch.batchNo, count: batch.units.length, unit: { produceCode: unit.code, sn: unit.sn, productNumber: unit.productNumber } };
  }

  async closeBatch(batchNo: string, clientId: string): Promise<CloseBatchAnswer> {
    this.calls.push({ at: this.now(), kind: 'close', batchNo, clientId });
    const batch = this.batchOf(batchNo);
    if (batch.status !== 'OPEN') throw new StationRefusal(409, `批次 ${batchNo} 已结束入库`);
    batch.status = 'CLOSED';
    batch.plan = samplingPlan(batch.units.length, 'II', 1);
    return this.view(batch);
  }

  async spotCheck(check: SpotCheckInput, clientId: string): Promise<SpotCheckAnswer> {
    this.calls.push({ at: this.now(), kind: 'check', ...check, clientId });
    const batch = this.batchOf(check.batchNo);
    if (batch.status === 'OPEN') throw new StationRefusal(409, `批次 ${check.batchNo} 尚未结束入库，不能抽检`);
    if (batch.verdict !== 'PENDING') throw new StationRefusal(409, `批次 ${check.batchNo} 已判定，无需继续抽检`);
    if (!batch.units.includes(check.code)) throw new StationRefusal(409, `设备 ${check.code} 不属于批次 ${check.batchNo}`);
    if (!check.pass && !check.defect) throw new StationRefusal(400, '请填写不合格说明');
    batch.checks.set(check.code, { pass: check.pass, defect: check.defect });
    const view = this.view(batch);
    if (view.defectCount >= batch.plan!.rejectNumber) batch.verdict = 'REJECT';
    else if (view.checkedCount >= batch.plan!.sampleSize) batch.verdict = 'ACCEPT';
    const unit = this.units.get(check.code)!;
    return {
      ...this.view(batch),
      unit: { produceCode: unit.code, sn: unit.sn, checkPass: check.pass, defect: check.defect, checkTime: TIME, operator: 'zhijian@admin' },
    };
  }

  async stockOut(scan: string, clientId: string): Promise<StockOutAnswer> {
    this.calls.push({ at: this.now(), kind: 'out', code: scan, clientId });
    const unit = this.unit(scan);
    const batchNo = this.stockedIn.get(unit.code);
    if (!batchNo) throw new StationRefusal(409, `设备 ${scan} 未入库`);
    if (this.shipped.has(unit.code)) throw new StationRefusal(409, `设备 ${scan} 已出库`);
    if (this.batchOf(batchNo).verdict !== 'ACCEPT') throw new StationRefusal(409, `设备 ${scan} 所在批次 ${batchNo} 尚未抽检合格，不能出库`);
    this.shipped.add(unit.code);
    return { batchNo, unit: { produceCode: unit.code, sn: unit.sn, productNumber: unit.productNumber }, outTime: TIME };
  }

  async batch(batchNo: string): Promise<PdaBatch> {
    const batch = this.batchOf(batchNo);
    const checks = [...batch.checks].map(([code, check]) => ({ produceCode: code, sn: null, checkPass: check.pass, defect: check.defect, checkTime: TIME, operator: 'x' }));
    return { ...this.view(batch), checks };
  }

  async batchesToCheck(): Promise<PdaBatchRow[]> {
    return [...this.batches.values()].filter((batch) => batch.status === 'CLOSED' && batch.verdict === 'PENDING').map((batch) => this.view(batch));
  }

  of<K extends Call['kind']>(kind: K): Extract<Call, { kind: K }>[] {
    return this.calls.filter((call): call is Extract<Call, { kind: K }> => call.kind === kind);
  }
}

const unitsOf = (productNumber: string, count: number, from = 1): PassedUnit[] =>
  Array.from({ length: count }, (_, index) => ({
    taskId: 1,
    productNumber,
    code: `${productNumber}-${String(from + index).padStart(5, '0')}`,
    sn: `SN-${productNumber}-${from + index}`,
  }));

const running: Warehouse[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((warehouse) => warehouse.stop()));
});

/**
 * A warehouse on the fake PDA with a clock of its own: every wait moves the clock and
 * yields to the event loop, so hours of a person's pace pass in milliseconds.
 */
function warehouseOn(fake: FakePda, options: Partial<WarehouseOptions> = {}) {
  let clock = 1_000_000;
  fake.now = () => clock;
  const lines: string[] = [];
  const warehouse = startWarehouse({
    pda: fake,
    random: seededRandom(42),
    defectRate: 0,
    badDayShare: 0,
    now: () => clock,
    sleep: async (ms) => {
      clock += ms;
      await new Promise((resolve) => setImmediate(resolve));
    },
    log: (line) => lines.push(line),
    ...options,
  });
  running.push(warehouse);
  return { warehouse, lines, clock: () => clock };
}

const settled = (fake: FakePda) => [...fake.batches.values()].every((batch) => batch.verdict !== 'PENDING');
const poll = { timeout: 10_000, interval: 5 };

describe('the spot-check sample', () => {
  it('draws n distinct units of the batch, the same for the same seed', () => {
    const units = unitsOf('A', 40).map((unit) => unit.code);
    const sample = sampleUnits(units, 13, seededRandom(1));
    expect(sample).toHaveLength(13);
    expect(new Set(sample).size).toBe(13);
    for (const code of sample) expect(units).toContain(code);
    expect(sampleUnits(units, 13, seededRandom(1))).toEqual(sample);
    // Drawn, not the first units stocked, and another seed draws others.
    expect(sample).not.toEqual(units.slice(0, 13));
    expect(sampleUnits(units, 13, seededRandom(2))).not.toEqual(sample);
  });

  it('takes every unit when the plan asks for more than the batch holds', () => {
    const units = unitsOf('A', 8).map((unit) => unit.code);
    expect(sampleUnits(units, 13, seededRandom(3)).sort()).toEqual([...units].sort());
    expect(sampleUnits(units, 0, seededRandom(3))).toEqual([]);
  });
});

describe('shipments of an accepted batch', () => {
  it('ship a share of its units, each once, in orders spread over time after the verdict', () => {
    const units = unitsOf('A', 60).map((unit) => unit.code);
    for (let seed = 1; seed <= 20; seed++) {
      const shipments = planShipments('RK-1', units, 5_000, seededRandom(seed));
      expect(shipments.length).toBeGreaterThanOrEqual(Math.ceil(60 * 0.4));
      expect(shipments.length).toBeLessThanOrEqual(60);
      expect(new Set(shipments.map((shipment) => shipment.code)).size).toBe(shipments.length);
      expect(shipments.every((shipment) => units.includes(shipment.code) && shipment.batchNo === 'RK-1')).toBe(true);
      // Not at once: the first order waits at least 10 s, and orders follow one another.
      expect(shipments[0]!.dueAt).toBeGreaterThanOrEqual(5_000 + 10_000);
      const due = shipments.map((shipment) => shipment.dueAt);
      expect(due).toEqual([...due].sort((a, b) => a - b));
      if (shipments.length > 20) expect(new Set(due).size).toBeGreaterThan(1);
    }
  });
});

describe('the warehouse at a PDA', () => {
  it('closes a batch at its size and checks exactly its plan\'s sample when nothing is defective, then ships it', async () => {
    const fake = new FakePda();
    const units = unitsOf('GW', 90);
    fake.know(units);
    const { warehouse } = warehouseOn(fake, { batchSize: () => 30, firstBatchSize: 30 });
    for (const unit of units) warehouse.offer(unit);

    await expect.poll(() => fake.batches.size === 3 && settled(fake) && warehouse.toShip() === 0 && fake.shipped.size > 0, poll).toBe(true);
    for (const batch of fake.batches.values()) {
      expect(batch.units).toHaveLength(30);
      // lot 30, level II, AQL 1.0: n 13, Ac 0, Re 1
      expect(batch.plan).toMatchObject({ sampleSize: 13, acceptNumber: 0, rejectNumber: 1 });
      const checked = fake.of('check').filter((call) => call.batchNo === batch.batchNo);
      expect(checked).toHaveLength(13);
      expect(new Set(checked.map((call) => call.code)).size).toBe(13);
      expect(checked.every((call) => batch.units.includes(call.code) && call.pass && call.defect === null)).toBe(true);
      expect(batch.verdict).toBe('ACCEPT');
    }
    // A batch is closed once full, and checked only once closed.
    const kinds = fake.calls.map((call) => call.kind);
    expect(kinds.indexOf('check')).toBeGreaterThan(kinds.indexOf('close'));
    expect(fake.of('close')).toHaveLength(3);
    expect(warehouse.stats).toMatchObject({ stocked: 90, closed: 3, checked: 39, accepted: 3, rejected: 0, refused: 0 });
    expect(warehouse.stats.shipped).toBe(fake.shipped.size);
    expect(fake.shipped.size).toBeGreaterThanOrEqual(3 * 12);
  });

  it('stops checking a batch as soon as its verdict is decided', async () => {
    const fake = new FakePda();
    const units = [...unitsOf('BIG', 200), ...unitsOf('SMALL', 30)];
    fake.know(units);
    // Every checked unit is defective.
    const { warehouse } = warehouseOn(fake, { defectRate: 1, batchSize: () => 1000, firstBatchSize: 1000, closeIdleMs: 10_000 });
    for (const unit of units) warehouse.offer(unit);

    await expect.poll(() => fake.batches.size === 2 && settled(fake), poll).toBe(true);
    await warehouse.stop();
    const big = [...fake.batches.values()].find((batch) => batch.productNumber === 'BIG')!;
    const small = [...fake.batches.values()].find((batch) => batch.productNumber === 'SMALL')!;
    // lot 200: n 50, Ac 1, Re 2, so two defects decide; lot 30: Ac 0, Re 1, so one does.
    expect(big.plan).toMatchObject({ sampleSize: 50, acceptNumber: 1, rejectNumber: 2 });
    expect(fake.of('check').filter((call) => call.batchNo === big.batchNo)).toHaveLength(2);
    expect(fake.of('check').filter((call) => call.batchNo === small.batchNo)).toHaveLength(1);
    expect([big.verdict, small.verdict]).toEqual(['REJECT', 'REJECT']);
    for (const call of fake.of('check')) expect(DEFECT_NOTES).toContain(call.defect);
    // Nothing of a rejected batch ships, and nothing was refused (no check after the verdict).
    expect(fake.of('out')).toHaveLength(0);
    expect(warehouse.stats).toMatchObject({ rejected: 2, accepted: 0, refused: 0, defects: 3 });
  });

  it('ships only units of accepted batches, and never a unit found defective', async () => {
    const fake = new FakePda();
    const units = unitsOf('GW', 1000);
    fake.know(units);
    // Lots of 200: n 50, Ac 1, Re 2, so a batch may be accepted with one defective unit in its sample.
    const { warehouse } = warehouseOn(fake, { random: seededRandom(7), defectRate: 0.01, badDayShare: 0.3, batchSize: () => 200, firstBatchSize: 200 });
    for (const unit of units) warehouse.offer(unit);

    await expect.poll(() => fake.batches.size === 5 && settled(fake) && warehouse.toShip() === 0, poll).toBe(true);
    const verdicts = [...fake.batches.values()].map((batch) => batch.verdict);
    expect(verdicts).toContain('ACCEPT');
    expect(verdicts).toContain('REJECT');
    for (const call of fake.of('out')) {
      const batch = fake.batches.get(fake.stockedIn.get(call.code)!)!;
      expect(batch.verdict).toBe('ACCEPT');
      expect(batch.checks.get(call.code)?.pass ?? true).toBe(true);
    }
    expect(fake.shipped.size).toBeGreaterThan(0);
    expect(warehouse.stats.refused).toBe(0);
    // The seed gives an accepted batch with a defect in its sample (Ac 1), so the defective unit was held back.
    const acceptedWithDefect = [...fake.batches.values()].some((batch) => batch.verdict === 'ACCEPT' && [...batch.checks.values()].some((check) => !check.pass));
    expect(acceptedWithDefect).toBe(true);
  });

  it('scans the production code and now and then the SN, each scan under a clientId of its own', async () => {
    const fake = new FakePda();
    const units = unitsOf('GW', 120);
    fake.know(units);
    const { warehouse } = warehouseOn(fake, { batchSize: () => 40, firstBatchSize: 40 });
    for (const unit of units) warehouse.offer(unit);

    await expect.poll(() => fake.batches.size === 3 && settled(fake) && warehouse.toShip() === 0, poll).toBe(true);
    const scans = fake.of('in').map((call) => call.scan);
    const bySn = scans.filter((scan) => scan.startsWith('SN-')).length;
    expect(bySn).toBeGreaterThan(5);
    expect(bySn).toBeLessThan(scans.length / 2);
    expect(warehouse.stats.scannedBySn).toBe(bySn);
    // Every unit is stocked once, whichever code was scanned.
    expect(fake.stockedIn.size).toBe(120);
    const ids = fake.calls.map((call) => call.clientId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('closes a batch that no unit entered for a while with what it has, and checks every unit of a small lot', async () => {
    const fake = new FakePda();
    const units = unitsOf('SP', 10);
    fake.know(units);
    const { warehouse } = warehouseOn(fake, { batchSize: () => 50, firstBatchSize: 50, closeIdleMs: 60_000 });
    for (const unit of units) warehouse.offer(unit);

    await expect.poll(() => settled(fake), poll).toBe(true);
    const close = fake.of('close');
    expect(close).toHaveLength(1);
    // a minute after the last unit came in, not before
    const lastIn = Math.max(...fake.of('in').map((call) => call.at));
    expect(close[0]!.at - lastIn).toBeGreaterThanOrEqual(60_000);
    expect(close[0]!.at - lastIn).toBeLessThan(60_000 + 3_000);
    // lot 10: n 13 ≥ 10, every unit is checked
    const batch = [...fake.batches.values()][0]!;
    expect(batch.plan).toMatchObject({ sampleSize: 10, everyUnit: true });
    expect(new Set(fake.of('check').map((call) => call.code))).toEqual(new Set(batch.units));
  });

  it('counts a unit already in stock (a rerun) apart from refusals and goes on', async () => {
    const fake = new FakePda();
    const units = unitsOf('GW', 3);
    fake.know(units);
    const { warehouse } = warehouseOn(fake, { batchSize: () => 100 });
    warehouse.offer(units[0]!);
    warehouse.offer(units[0]!);
    warehouse.offer({ ...units[1]!, code: 'UNKNOWN-1', sn: null });
    warehouse.offer(units[2]!);
    await expect.poll(() => fake.of('in').length, poll).toBe(4);
    await warehouse.stop();
    expect(warehouse.stats).toMatchObject({ stocked: 2, alreadyStocked: 1, refused: 1 });
    expect([...warehouse.stats.refusals.keys()]).toEqual(['404 设备 UNKNOWN-1 不存在']);
  });

  it('stops only once the scan in flight is answered, and takes no new one', async () => {
    const fake = new FakePda();
    const units = unitsOf('GW', 5);
    fake.know(units);
    let release!: () => void;
    fake.gate = new Promise((resolve) => (release = resolve));
    const { warehouse } = warehouseOn(fake);
    for (const unit of units) warehouse.offer(unit);
    await expect.poll(() => fake.of('in').length, poll).toBe(1);

    let stopped = false;
    const stopping = warehouse.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(warehouse.stats.stocked).toBe(1);
    expect(fake.of('in')).toHaveLength(1);
    expect(fake.stockedIn.size).toBe(1);
  });

  it('stops when the PDA user may not do this (403) and says why', async () => {
    const fake = new FakePda();
    fake.stockIn = async () => {
      throw new StationRefusal(403, '该用户没有PDA 入库权限');
    };
    const { warehouse, lines } = warehouseOn(fake);
    warehouse.offer(unitsOf('GW', 1)[0]!);
    await warehouse.done;
    expect(lines).toContain('warehouse: stopped by an error: 403 该用户没有PDA 入库权限');
  });
});
