import { type BatchDetailItem, DTU_SUBMISSION_MSG as SM, keyTestsOf, type SamplingBatch } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { otherCheckOf, type OtherProp } from './dtu-other-checks.js';
import type { DtuAssignment, DtuResultBody, DtuSampleBody, DtuUnitView, SamplingPadApi, UnitRef } from './dtu-pad-client.js';
import { nextBatch, runSamplingBench, type SamplingBench, type SamplingOptions } from './dtu-sampling-bench.js';
import { DtuStats } from './dtu-station.js';
import { identitiesOf, type Report, standardOf } from './dtu-unit.js';
import { seededRandom } from './random.js';
import { StationRefusal } from './station-client.js';

type Assignment = NonNullable<DtuAssignment>;
type Item = Assignment['items'][number];

const item = (kind: Item['kind'], code: string, standard: string): Item => ({ kind, propertyId: 1, code, name: code, standard, unique: standard === '唯一' });

const OTHER_PROPS: OtherProp[] = [
  { id: 11, category: '外观检查', property: '外壳', checkTool: '目测', checkStandard: '外壳无划痕、无变形、无污渍' },
  { id: 12, category: '尺寸检查', property: '外壳长度', checkTool: '游标卡尺', checkStandard: '100±0.5mm' },
];

interface FakeBatch {
  row: SamplingBatch;
  units: BatchDetailItem[];
}

interface FakeSample {
  batchId: number;
  values: Map<string, string>;
  verified: boolean;
  others: DtuSampleBody['otherResults'];
  status: 'PASS' | 'NOT_PASS' | null;
}

/**
 * The server's sampling rules as far as a sampling terminal sees them: a scan names a
 * batch still 抽检中 holding the unit, a judged sample is not sampled again, the
 * reports join the open sample, the other checks and the DTU test judge it, and the
 * batch is counted against its plan (REJECT at Re defects, ACCEPT at n judged).
 */
class FakeSampling {
  readonly batches: FakeBatch[] = [];
  readonly samples = new Map<string, FakeSample>();
  readonly scans: { code: string; batchId: number | undefined }[] = [];
  readonly sampleBodies: DtuSampleBody[] = [];
  readonly serialReports: string[] = [];
  /** reports of units not under test, joined at their scan */
  readonly waiting = new Map<string, Report[]>();
  /** answers of the assignment after which it says the terminal was unbound */
  boundFor = Number.POSITIVE_INFINITY;
  assignments = 0;

  constructor(readonly communicationType: 'THREE_2_ONE' | 'bluetooth' = 'THREE_2_ONE') {}

  /** A batch of `units` units (every `failed`-th failed production), n samples, Ac 0 / Re 1. */
  addBatch(units: number, options: { n?: number; failedEvery?: number; firstSerial?: number } = {}): FakeBatch {
    const id = this.batches.length + 1;
    const items = Array.from({ length: units }, (_, index) => {
      const ids = identitiesOf(this.communicationType, (options.firstSerial ?? id * 1000) + index);
      const failed = options.failedEvery !== undefined && index % options.failedEvery === 0;
      return { id: id * 1000 + index, imei: ids.imei ?? '', mac: ids.mac, endTime: null, testStatus: failed ? 'NOT_PASS' : 'PASS', uname: 'pj01@admin' } as BatchDetailItem;
    });
    const batch: FakeBatch = {
      row: {
        id,
        batchId: `1-00${id}`,
        submitNumber: units,
        checkCount: 0,
        submitTime: '2025-01-01 00:00:00',
        checkPerson: null,
        sampleSize: options.n ?? 3,
        acceptNumber: 0,
        rejectNumber: 1,
        defectCount: 0,
        verdict: 'PENDING',
      },
      units: items,
    };
    this.batches.push(batch);
    return batch;
  }

  /** GET assignment: the terminal's task, null once unbound. */
  assignment(): Assignment | null {
    this.assignments += 1;
    return this.assignments > this.boundFor ? null : this.current();
  }

  private current(): Assignment {
    const cellular = this.communicationType === 'THREE_2_ONE';
    return {
      taskId: 1,
      taskName: cellular ? '三合一DTU首批' : '蓝牙DTU首批',
      taskStatus: 'START',
      mode: 'SAMPLING',
      role: 'CHECK',
      reworkTask: false,
      duplicateEnable: false,
      needExcel: false,
      productionNumber: 100,
      finishNumber: 0,
      testedNumber: 0,
      testFirmwareVersion: cellular ? '1.2.0' : '2.0.1',
      dtu: { id: 1, dtuType: 'X', modelType: 'X', communicationType: this.communicationType, communicationTypeDesc: '', identity: cellular ? 'IMEI' : 'MAC' },
      items: cellular
        ? [item('AUTO', 'IMEI', '唯一'), item('AUTO', 'ICCID', '唯一'), item('AUTO', 'CSQ', '15 ~ 31'), item('AUTO', 'VERSION', '1.2.0'), item('AUTO', 'SERVER_VERIFY', '通过')]
        : [item('AUTO', 'MAC', '唯一'), item('AUTO', 'RSSI', '-80 ~ -30 dBm'), item('SERIAL', 'SERIAL_LOOPBACK', 'OK'), item('SERIAL', 'BAUD_RATE', '9600 bps')],
      keyTests: keyTestsOf(this.communicationType).map(({ code, name, checkCmd }) => ({ code, name, checkCmd })),
      // newest first, as the server lists them
      batches: [...this.batches].reverse().map((batch) => ({ ...batch.row })),
      otherProps: OTHER_PROPS,
    };
  }

  private codeOf(unit: UnitRef) {
    return 'imei' in unit ? unit.imei : unit.mac;
  }

  private batchOf(id: number | undefined) {
    return this.batches.find((batch) => batch.row.id === id);
  }

  scan(unit: UnitRef, batchId: number | undefined): DtuUnitView {
    const code = this.codeOf(unit);
    this.scans.push({ code, batchId });
    const batch = this.batchOf(batchId);
    if (!batch) throw new StationRefusal(404, SM.batchUnknown);
    if (batch.row.verdict !== 'PENDING') throw new StationRefusal(409, SM.batchJudged);
    if (!batch.units.some((row) => (row.imei || row.mac) === code)) throw new StationRefusal(409, SM.notInBatch(code));
    const known = this.samples.get(code);
    if (known && known.status !== null) throw new StationRefusal(409, SM.sampledAlready(code));
    this.samples.set(code, { batchId: batch.row.id, values: new Map(), verified: false, others: [], status: null });
    for (const report of this.waiting.get(code) ?? []) this.publish(code, report);
    this.waiting.delete(code);
    return this.view(code);
  }

  publish(code: string, report: Report) {
    const sample = this.samples.get(code);
    if (!sample || sample.status !== null) return void this.waiting.set(code, [...(this.waiting.get(code) ?? []), report]);
    sample.verified = true;
    for (const [key, value] of Object.entries(report)) sample.values.set(key, String(value));
  }

  serialReport(unit: UnitRef, content: Report): DtuUnitView | null {
    const code = this.codeOf(unit);
    this.serialReports.push(code);
    const sample = this.samples.get(code);
    if (!sample || sample.status !== null) return null;
    for (const [key, value] of Object.entries(content)) sample.values.set(key, String(value));
    return this.view(code);
  }

  view(code: string): DtuUnitView {
    const sample = this.samples.get(code)!;
    return {
      testId: 1,
      code,
      startTime: '2025-01-01 00:00:00',
      serverVerified: sample.verified,
      values: [...sample.values].map(([key, value]) => ({
        kind: this.current().items.find((entry) => entry.code === key)?.kind ?? 'BASE',
        code: key,
        name: key,
        value,
        pass: null,
        duplicate: false,
      })),
      majorMinor: null,
      testStatus: sample.status,
      sampleBatchId: sample.batchId,
      otherResults: [],
    };
  }

  sample(body: DtuSampleBody) {
    this.sampleBodies.push(body);
    const code = this.codeOf(body as UnitRef);
    const sample = this.samples.get(code);
    if (!sample || sample.batchId !== body.batchId) throw new StationRefusal(409, SM.notSampled);
    sample.others = body.otherResults;
    return { unit: this.view(code), batch: { ...this.batchOf(body.batchId)!.row } };
  }

  result(body: DtuResultBody) {
    const code = this.codeOf(body as UnitRef);
    const sample = this.samples.get(code);
    if (!sample || sample.status !== null) throw new StationRefusal(409, 'not under test');
    const items = this.current().items;
    const failures = items.filter((entry) => !this.passes(sample, entry)).map((entry) => entry.name);
    for (const key of body.keyResults ?? []) if (!key.pass) failures.push(key.code);
    for (const prop of OTHER_PROPS) if (!sample.others.some((other) => other.propertyId === prop.id && other.pass)) failures.push(prop.property);
    sample.status = failures.length === 0 ? 'PASS' : 'NOT_PASS';
    const batch = this.batchOf(sample.batchId)!.row;
    batch.checkCount += 1;
    if (sample.status === 'NOT_PASS') batch.defectCount += 1;
    if (batch.verdict === 'PENDING') {
      if (batch.defectCount >= batch.rejectNumber!) batch.verdict = 'REJECT';
      else if (batch.checkCount >= batch.sampleSize!) batch.verdict = 'ACCEPT';
    }
    return { testId: 1, testStatus: sample.status, failures, finishNumber: 0, replayed: false, batch: { ...batch } };
  }

  private passes(sample: FakeSample, entry: Item): boolean {
    if (entry.code === 'SERVER_VERIFY') return sample.verified;
    const value = sample.values.get(entry.code);
    if (value === undefined) return false;
    const standard = standardOf(entry.standard);
    if (standard.kind === 'range') return Number(value) >= standard.min && Number(value) <= standard.max;
    if (standard.kind === 'number') return Number(value) === standard.value;
    if (standard.kind === 'text') return value === standard.value;
    return true;
  }
}

function benchOf(server: FakeSampling, extraUnits: (batchId: number) => BatchDetailItem[] = () => []): SamplingBench {
  const pad: SamplingPadApi = {
    terminalCode: 'SIM-DTU-C1',
    dtuAssignment: async () => server.assignment(),
    scan: async (unit, batchId) => server.scan(unit, batchId),
    unit: async (unit) => server.view('imei' in unit ? unit.imei : unit.mac),
    report: async (unit, content) => server.serialReport(unit, content),
    result: async (body) => server.result(body),
    sample: async (body) => server.sample(body),
  };
  return {
    pad,
    link: { publish: async (code, report) => server.publish(code, report) },
    unitsOfBatch: async (batchId) => [...server.batches.find((batch) => batch.row.id === batchId)!.units, ...extraUnits(batchId)],
    standardVoltage: 5,
    bandRate: 9600,
  };
}

/** Runs until `decided` batches were decided by the bench (or the bench ends). */
function optionsOf(stats: DtuStats, decided: number, extra: Partial<SamplingOptions> = {}): SamplingOptions {
  return {
    random: seededRandom(18),
    rate: 0,
    failureRate: 0,
    otherFailureRate: 0,
    stats,
    stopping: () => stats.batchesAccepted + stats.batchesRejected >= decided,
    pollMs: 5,
    valueWaitMs: 200,
    ...extra,
  };
}

describe('a sampling bench', () => {
  it('samples the oldest batch still 抽检中 until its verdict, then the next, judging every other check of each sample', async () => {
    const server = new FakeSampling();
    const older = server.addBatch(10);
    const newer = server.addBatch(12, { n: 4 });
    const stats = new DtuStats();
    await runSamplingBench(benchOf(server), optionsOf(stats, 2));
    expect(stats).toMatchObject({ samplesJudged: 7, samplesDefective: 0, batchesAccepted: 2, batchesRejected: 0, incomplete: 0, unexpected: 0, refused: 0 });
    expect(older.row).toMatchObject({ checkCount: 3, verdict: 'ACCEPT' });
    expect(newer.row).toMatchObject({ checkCount: 4, verdict: 'ACCEPT' });
    // the older batch first, every scan naming its batch, each unit once
    expect(server.scans.slice(0, 3).map((scan) => scan.batchId)).toEqual([1, 1, 1]);
    expect(server.scans.slice(3).map((scan) => scan.batchId)).toEqual([2, 2, 2, 2]);
    expect(new Set(server.scans.map((scan) => scan.code)).size).toBe(7);
    expect(server.scans.every((scan) => /^86\d{13}$/.test(scan.code))).toBe(true);
    // each sample records both other checks: 符合 for the visual one, a reading within 100±0.5mm
    expect(server.sampleBodies).toHaveLength(7);
    for (const body of server.sampleBodies) {
      expect(body.otherResults.map((check) => check.propertyId)).toEqual([11, 12]);
      expect(body.otherResults[0]).toEqual({ propertyId: 11, actValue: '符合', pass: true });
      const length = Number.parseFloat(String(body.otherResults[1]!.actValue));
      expect(length).toBeGreaterThanOrEqual(99.5);
      expect(length).toBeLessThanOrEqual(100.5);
    }
  });

  it('rejects a batch at its first defect (Ac 0): a unit that failed production fails its sample too', async () => {
    const server = new FakeSampling();
    const batch = server.addBatch(6, { failedEvery: 1 });
    const stats = new DtuStats();
    await runSamplingBench(benchOf(server), optionsOf(stats, 1));
    expect(batch.row).toMatchObject({ checkCount: 1, defectCount: 1, verdict: 'REJECT' });
    expect(stats).toMatchObject({ samplesJudged: 1, samplesDefective: 1, batchesRejected: 1, unexpected: 0 });
  });

  it('fails a sample whose other check the inspector judged 不合格, as the server does', async () => {
    const server = new FakeSampling();
    server.addBatch(10);
    const stats = new DtuStats();
    await runSamplingBench(benchOf(server), optionsOf(stats, 1, { otherFailureRate: 1 }));
    expect(stats).toMatchObject({ samplesJudged: 1, samplesDefective: 1, batchesRejected: 1, unexpected: 0 });
    const [looks, length] = server.sampleBodies[0]!.otherResults;
    expect(looks).toMatchObject({ pass: false });
    expect(['外壳划伤', '外壳变形', '表面污渍']).toContain(looks!.actValue);
    expect(Math.abs(Number.parseFloat(String(length!.actValue)) - 100)).toBeGreaterThan(0.5);
  });

  it('lets go of units sampled already or not in the batch, and of a batch judged meanwhile', async () => {
    const server = new FakeSampling();
    // a plan of more samples than the bench can take: it tries every unit, then leaves the batch
    const batch = server.addBatch(4, { n: 5 });
    server.boundFor = 3;
    // a person sampled two units of it already, and the console lists a unit the server does not hold in it
    for (const unit of batch.units.slice(0, 2)) {
      server.scan({ imei: unit.imei }, batch.row.id);
      server.samples.get(unit.imei)!.status = 'PASS';
    }
    batch.row.checkCount = 2;
    const stranger = identitiesOf('THREE_2_ONE', 999_999);
    const bench = benchOf(server, () => [{ id: 9, imei: stranger.imei!, mac: stranger.mac, endTime: null, testStatus: 'PASS', uname: null }]);
    const stats = new DtuStats();
    await runSamplingBench(bench, optionsOf(stats, 1));
    expect(batch.row).toMatchObject({ checkCount: 4, verdict: 'PENDING' });
    expect(stats).toMatchObject({ samplesJudged: 2, samplingSkipped: 3, batchesAccepted: 0, refused: 0 });
    // each unit tried once (after the person's two scans), the batch then left alone
    expect(server.scans.slice(2).map((scan) => scan.code).sort()).toEqual([...batch.units.map((unit) => unit.imei), stranger.imei].sort());

    // A batch another terminal decided after the assignment was read: the bench leaves it without counting it.
    const elsewhere = new FakeSampling();
    const judged = elsewhere.addBatch(5);
    const scan = elsewhere.scan.bind(elsewhere);
    elsewhere.scan = (unit, batchId) => {
      judged.row.verdict = 'ACCEPT';
      return scan(unit, batchId);
    };
    const counted = new DtuStats();
    let assignments = 0;
    const lines: string[] = [];
    const quiet = benchOf(elsewhere);
    quiet.pad.dtuAssignment = async () => (++assignments > 3 ? null : elsewhere.assignment());
    await runSamplingBench(quiet, optionsOf(counted, 1, { log: (line) => lines.push(line) }));
    expect(counted).toMatchObject({ samplesJudged: 0, batchesAccepted: 0, samplingSkipped: 1, refused: 0 });
    expect(lines).toEqual(['SIM-DTU-C1: not on a DTU task, sampling stops']);
  });

  it('asks the console again for a batch\'s units it could not read', async () => {
    const server = new FakeSampling();
    server.addBatch(6);
    const bench = benchOf(server);
    const list = bench.unitsOfBatch;
    let asked = 0;
    bench.unitsOfBatch = async (batchId) => {
      asked += 1;
      if (asked === 1) throw new Error('fetch failed');
      return list(batchId);
    };
    const stats = new DtuStats();
    const lines: string[] = [];
    await runSamplingBench(bench, optionsOf(stats, 1, { log: (line) => lines.push(line) }));
    expect(stats).toMatchObject({ samplesJudged: 3, batchesAccepted: 1 });
    expect(lines).toEqual(['SIM-DTU-C1: the units of batch 1-001 could not be read (fetch failed); trying again']);
  });

  it('idles while no batch waits, and stops when its terminal is unbound', async () => {
    const server = new FakeSampling();
    server.boundFor = 4;
    const stats = new DtuStats();
    const lines: string[] = [];
    await runSamplingBench(benchOf(server), optionsOf(stats, 1, { log: (line) => lines.push(line) }));
    expect(server.assignments).toBe(5);
    expect(server.scans).toEqual([]);
    expect(lines).toEqual(['SIM-DTU-C1: not on a DTU task, sampling stops']);
  });

  it('reads a bluetooth sample over its serial link at the sampling terminal itself, the unit named by its MAC', async () => {
    const server = new FakeSampling('bluetooth');
    server.addBatch(8);
    const stats = new DtuStats();
    await runSamplingBench(benchOf(server), optionsOf(stats, 1));
    expect(stats).toMatchObject({ samplesJudged: 3, samplesDefective: 0, batchesAccepted: 1, incomplete: 0 });
    expect(server.serialReports).toHaveLength(3);
    expect(server.scans.every((scan) => /^([0-9A-F]{2}:){5}[0-9A-F]{2}$/.test(scan.code))).toBe(true);
  });

  it('takes the oldest batch still pending that it has not given up on', () => {
    const row = (id: number, verdict: SamplingBatch['verdict']) => ({ id, verdict }) as SamplingBatch;
    const newestFirst = [row(4, 'PENDING'), row(3, 'PENDING'), row(2, 'PENDING'), row(1, 'REJECT')];
    expect(nextBatch(newestFirst, new Set())?.id).toBe(2);
    expect(nextBatch(newestFirst, new Set([2]))?.id).toBe(3);
    expect(nextBatch([row(1, 'ACCEPT')], new Set())).toBeUndefined();
  });
});

describe('the other checks of a sample', () => {
  const random = seededRandom(5);
  const [looks, size] = OTHER_PROPS as [OtherProp, OtherProp];
  const label: OtherProp = { id: 13, category: '标识', property: '铭牌清晰', checkTool: '目测', checkStandard: '字迹清楚' };

  it('measures a size within its tolerance, one decimal finer, and just outside it when it fails', () => {
    for (let draw = 0; draw < 200; draw++) {
      const passed = otherCheckOf(size, true, random);
      expect(passed.actValue).toMatch(/^\d+\.\d{2}mm$/);
      expect(Math.abs(Number.parseFloat(passed.actValue) - 100)).toBeLessThanOrEqual(0.5);
      const failed = otherCheckOf(size, false, random);
      const off = Math.abs(Number.parseFloat(failed.actValue) - 100);
      expect(off).toBeGreaterThan(0.5);
      expect(off).toBeLessThan(0.6);
    }
  });

  it('writes a visual check as 符合, or the defect seen', () => {
    expect(otherCheckOf(looks, true, random)).toEqual({ propertyId: 11, actValue: '符合', pass: true });
    expect(['外壳划伤', '外壳变形', '表面污渍']).toContain(otherCheckOf(looks, false, random).actValue);
    expect(['标签歪斜', '字迹模糊']).toContain(otherCheckOf(label, false, random).actValue);
    expect(otherCheckOf({ ...label, category: '包装', property: '说明书' }, false, random).actValue).toBe('不符合');
  });
});
