import { DTU_TASK_MSG, type DtuTaskStatus, keyTestsOf } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import type { DtuAssignment, DtuPadApi, DtuResultBody, DtuUnitView, UnitRef } from './dtu-pad-client.js';
import { type DtuBench, type DtuBenchOptions, DtuStats, keyResultsOf, RepairQueue, runDtuBench, valuesComplete } from './dtu-station.js';
import { drawDtuUnit, type Report, standardOf, UnitSerials } from './dtu-unit.js';
import { seededRandom } from './random.js';
import { StationRefusal } from './station-client.js';

type Assignment = NonNullable<DtuAssignment>;
type Item = Assignment['items'][number];

const item = (kind: Item['kind'], code: string, standard: string): Item => ({ kind, propertyId: 1, code, name: code, standard, unique: standard === '唯一' });

function assignmentOf(communicationType: 'THREE_2_ONE' | 'bluetooth', extra: Partial<Assignment> = {}): Assignment {
  const cellular = communicationType === 'THREE_2_ONE';
  return {
    taskId: 1,
    taskName: cellular ? '三合一DTU首批' : '蓝牙DTU首批',
    taskStatus: 'START',
    mode: 'PRODUCTION',
    role: 'PAD',
    reworkTask: false,
    duplicateEnable: false,
    needExcel: cellular,
    productionNumber: 100,
    finishNumber: 0,
    testedNumber: 0,
    testFirmwareVersion: cellular ? '1.2.0' : '2.0.1',
    dtu: { id: 1, dtuType: 'X', modelType: 'X', communicationType, communicationTypeDesc: '', identity: cellular ? 'IMEI' : 'MAC' },
    items: cellular
      ? [item('AUTO', 'IMEI', '唯一'), item('AUTO', 'ICCID', '唯一'), item('AUTO', 'CSQ', '15 ~ 31'), item('AUTO', 'VERSION', '1.2.0'), item('AUTO', 'SERVER_VERIFY', '通过')]
      : [
          item('AUTO', 'MAC', '唯一'),
          item('AUTO', 'RSSI', '-80 ~ -30 dBm'),
          item('AUTO', 'VERSION', '2.0.1'),
          item('SERIAL', 'SERIAL_LOOPBACK', 'OK'),
          item('SERIAL', 'BAUD_RATE', '9600 bps'),
          item('SERIAL', 'BLE_RSSI', '-70 ~ -30 dBm'),
        ],
    keyTests: keyTestsOf(communicationType).map(({ code, name, checkCmd }) => ({ code, name, checkCmd })),
    batches: [],
    otherProps: [],
    ...extra,
  };
}

interface FakeTest {
  values: Map<string, { kind: 'AUTO' | 'SERIAL' | 'BASE'; value: string }>;
  verified: boolean;
  status: 'PASS' | 'NOT_PASS' | null;
  majorMinor: { major: number; minor: number } | null;
}

/**
 * The server's rules as far as a bench sees them: duplicates refused where the task
 * does not allow them, reports joining the unit under test (or waiting for its
 * scan), major/minor delivered at the scan, the verdict from the standards.
 */
class FakeServer {
  readonly tests = new Map<string, FakeTest>();
  readonly waiting = new Map<string, Report[]>();
  readonly results: DtuResultBody[] = [];
  readonly scans: string[] = [];
  excelLeft = Number.POSITIVE_INFINITY;
  private delivered = 0;

  constructor(public assignment: Assignment) {}

  private apply(test: FakeTest, report: Report, serial: boolean) {
    for (const [code, value] of Object.entries(report)) {
      const tested = this.assignment.items.find((entry) => entry.code === code && entry.kind === (serial ? 'SERIAL' : 'AUTO'));
      test.values.set(code, { kind: tested ? tested.kind : 'BASE', value: String(value) });
    }
  }

  publish(code: string, report: Report) {
    const test = this.tests.get(code);
    if (!test || test.status !== null) return void this.waiting.set(code, [...(this.waiting.get(code) ?? []), report]);
    test.verified = true;
    this.apply(test, report, false);
  }

  view(code: string): DtuUnitView {
    const test = this.tests.get(code)!;
    return {
      testId: 1,
      code,
      startTime: '2025-01-01 00:00:00',
      serverVerified: test.verified,
      values: [...test.values].map(([key, { kind, value }]) => ({ kind, code: key, name: key, value, pass: null, duplicate: false })),
      majorMinor: test.majorMinor,
      testStatus: test.status,
      sampleBatchId: null,
      otherResults: [],
    };
  }

  private codeOf(unit: UnitRef) {
    return 'imei' in unit ? unit.imei : unit.mac;
  }

  scan(unit: UnitRef): DtuUnitView {
    const code = this.codeOf(unit);
    this.scans.push(code);
    const known = this.tests.get(code);
    if (known && known.status !== null && !this.assignment.duplicateEnable) throw new StationRefusal(409, DTU_TASK_MSG.duplicateUnit(code));
    let majorMinor = known?.majorMinor ?? null;
    if (this.assignment.needExcel && !majorMinor) {
      if (this.excelLeft <= 0) throw new StationRefusal(409, DTU_TASK_MSG.excelUsedUp);
      this.excelLeft -= 1;
      this.delivered += 1;
      majorMinor = { major: 1001, minor: this.delivered };
    }
    const test: FakeTest = { values: new Map(), verified: false, status: null, majorMinor };
    this.tests.set(code, test);
    for (const report of this.waiting.get(code) ?? []) this.publish(code, report);
    this.waiting.delete(code);
    return this.view(code);
  }

  serialReport(unit: UnitRef, content: Report): DtuUnitView | null {
    const test = this.tests.get(this.codeOf(unit));
    if (!test || test.status !== null) return null;
    this.apply(test, content, true);
    return this.view(this.codeOf(unit));
  }

  result(body: DtuResultBody) {
    this.results.push(body);
    const code = this.codeOf(body as UnitRef);
    const test = this.tests.get(code);
    if (!test || test.status !== null) throw new StationRefusal(409, DTU_TASK_MSG.notUnderTest);
    const failures = this.assignment.items.filter((entry) => !this.passes(test, entry)).map((entry) => entry.name);
    for (const key of body.keyResults ?? []) if (!key.pass) failures.push(key.code);
    test.status = failures.length === 0 ? 'PASS' : 'NOT_PASS';
    return { testId: 1, testStatus: test.status, failures, finishNumber: 0, replayed: false, batch: null };
  }

  private passes(test: FakeTest, entry: Item): boolean {
    if (entry.code === 'SERVER_VERIFY') return test.verified;
    const value = test.values.get(entry.code)?.value;
    if (value === undefined) return false;
    const standard = standardOf(entry.standard);
    if (standard.kind === 'range') return Number(value) >= standard.min && Number(value) <= standard.max;
    if (standard.kind === 'number') return Number(value) === standard.value;
    if (standard.kind === 'text') return value === standard.value;
    return true;
  }
}

function padOf(server: FakeServer, terminalCode = 'SIM-DTU-01'): DtuPadApi {
  return {
    terminalCode,
    dtuAssignment: async () => server.assignment,
    scan: async (unit) => server.scan(unit),
    unit: async (unit) => server.view('imei' in unit ? unit.imei : unit.mac),
    report: async (unit, content) => server.serialReport(unit, content),
    result: async (body) => server.result(body),
  };
}

function benchOf(server: FakeServer, options: { serial?: boolean; dtuType?: string } = {}): DtuBench {
  return {
    pad: padOf(server),
    serial: options.serial ? padOf(server, 'SIM-DTU-S1') : null,
    link: { publish: async (code, report) => server.publish(code, report) },
    dtuType: options.dtuType ?? 'HR4GDTU01',
    standardVoltage: 5,
    bandRate: 9600,
  };
}

/** Runs the bench until `units` results (or duplicate refusals) are counted. */
function optionsOf(stats: DtuStats, units: number, extra: Partial<DtuBenchOptions> = {}): DtuBenchOptions {
  return {
    random: seededRandom(42),
    rate: 0,
    failureRate: 0,
    rescanRate: 0,
    serials: new UnitSerials(1000),
    repairs: new RepairQueue(),
    stats,
    stopping: () => stats.tested + stats.duplicatesRefused >= units,
    valueWaitMs: 200,
    pollMs: 10,
    ...extra,
  };
}

describe('a parts-check bench', () => {
  it('tests healthy cellular units: reports over MQTT, scan, values complete, every key test confirmed, PASS', async () => {
    const server = new FakeServer(assignmentOf('THREE_2_ONE'));
    const stats = new DtuStats();
    await runDtuBench(benchOf(server), optionsOf(stats, 20, { earlyReportRate: 0.5 }));
    expect(stats).toMatchObject({ tested: 20, passed: 20, failed: 0, incomplete: 0, unexpected: 0, refused: 0 });
    expect(server.results).toHaveLength(20);
    for (const body of server.results) {
      expect(body.clientResultId).toMatch(/^[0-9a-f-]{36}$/);
      expect(body.keyResults).toEqual(keyTestsOf('THREE_2_ONE').map(({ code }) => ({ code, pass: true })));
    }
    const [code, test] = [...server.tests][0]!;
    expect(code).toMatch(/^86\d{13}$/);
    // The delivered major/minor came back from the unit, its SIM and Bluetooth MAC with it.
    expect(test.values.get('MAJOR')).toEqual({ kind: 'BASE', value: '1001' });
    expect(test.values.get('ICCID')?.value).toMatch(/^89860\d{15}$/);
    expect(test.values.get('MAC')?.value).toMatch(/^([0-9A-F]{2}:){5}[0-9A-F]{2}$/);
    expect(new Set(server.scans).size).toBe(20);
  });

  it('fails about the failure rate of units, each as its values meant, and sends them to repair', async () => {
    const server = new FakeServer(assignmentOf('THREE_2_ONE'));
    const stats = new DtuStats();
    const repairs = new RepairQueue();
    await runDtuBench(benchOf(server), optionsOf(stats, 200, { failureRate: 0.2, repairs }));
    expect(stats.tested).toBe(200);
    expect(stats.failed).toBeGreaterThan(20);
    expect(stats.failed).toBeLessThan(60);
    expect(stats.unexpected).toBe(0);
    expect(repairs.size()).toBe(stats.failed);
    // Some fail a key test the operator saw fail, some a value (weak signal, old firmware).
    expect(server.results.some((body) => body.keyResults?.some((key) => !key.pass))).toBe(true);
  });

  it('scans a unit tested before now and then: refused (409) by a task without duplicates, and goes on', async () => {
    const server = new FakeServer(assignmentOf('THREE_2_ONE'));
    const stats = new DtuStats();
    await runDtuBench(benchOf(server), optionsOf(stats, 100, { rescanRate: 0.2 }));
    expect(stats.duplicatesRefused).toBeGreaterThan(5);
    expect(stats.tested + stats.duplicatesRefused).toBe(100);
    expect(stats.refused).toBe(0);
    expect(stats.retested).toBe(0);
  });

  it('retests repaired units at a rework bench, and units tested before where duplicates are allowed', async () => {
    const repairs = new RepairQueue(new Set(['HR4GDTU01']));
    const failed = Array.from({ length: 10 }, (_, index) =>
      drawDtuUnit(
        {
          random: seededRandom(index),
          serial: 500 + index,
          unit: { communicationType: 'THREE_2_ONE', firmwareVersion: '1.2.0', standardVoltage: 5, bandRate: 9600 },
          tested: assignmentOf('THREE_2_ONE').items,
          keyTests: [],
          failureRate: 0,
        },
        ['CSQ'],
      ),
    );
    for (const unit of failed) repairs.put('HR4GDTU01', unit);
    // A model no rework bench retests is not queued.
    repairs.put('HRBLEDTU02', failed[0]!);
    expect(repairs.size()).toBe(10);
    const server = new FakeServer(assignmentOf('THREE_2_ONE', { reworkTask: true, duplicateEnable: true, needExcel: false }));
    const stats = new DtuStats();
    await runDtuBench(benchOf(server), optionsOf(stats, 40, { repairs, rescanRate: 0.2 }));
    expect(stats.reworked).toBe(10);
    expect(server.scans.slice(0, 10)).toEqual(failed.map((unit) => unit.code));
    expect(stats.retested).toBeGreaterThan(0);
    expect(stats.duplicatesRefused).toBe(0);
    // Most repaired units pass now; a failure at a rework bench is not sent to repair again by it.
    expect(stats.passed).toBeGreaterThan(30);
    expect(repairs.size()).toBe(0);
  });

  it('has the serial terminal of a bluetooth bench post what it reads, the unit identified by its MAC', async () => {
    const server = new FakeServer(assignmentOf('bluetooth'));
    const stats = new DtuStats();
    await runDtuBench(benchOf(server, { serial: true, dtuType: 'HRBLEDTU02' }), optionsOf(stats, 10));
    expect(stats).toMatchObject({ tested: 10, passed: 10, incomplete: 0 });
    const [code, test] = [...server.tests][0]!;
    expect(code).toMatch(/^([0-9A-F]{2}:){5}[0-9A-F]{2}$/);
    expect(test.values.get('SERIAL_LOOPBACK')).toEqual({ kind: 'SERIAL', value: 'OK' });
    expect(test.values.get('BAUD_RATE')).toEqual({ kind: 'SERIAL', value: '9600' });
    expect(test.values.get('RSSI')?.kind).toBe('AUTO');
  });

  it('submits after the wait when a value never comes, and counts the unit incomplete', async () => {
    const server = new FakeServer(assignmentOf('THREE_2_ONE'));
    const stats = new DtuStats();
    const bench = { ...benchOf(server), link: { publish: async () => {} } };
    await runDtuBench(bench, optionsOf(stats, 2, { valueWaitMs: 50 }));
    expect(stats).toMatchObject({ tested: 2, failed: 2, incomplete: 2, unexpected: 0 });
  });

  it('stops when the Excel is used up, pauses while the task is stopped, ends when it is finished', async () => {
    const server = new FakeServer(assignmentOf('THREE_2_ONE'));
    server.excelLeft = 3;
    const stats = new DtuStats();
    const lines: string[] = [];
    await runDtuBench(benchOf(server), optionsOf(stats, 100, { log: (line) => lines.push(line) }));
    expect(stats.tested).toBe(3);
    expect(stats.refusals.get(`409 ${DTU_TASK_MSG.excelUsedUp}`)).toBe(1);
    expect(lines).toEqual([`SIM-DTU-01: ${DTU_TASK_MSG.excelUsedUp}; bench stops`]);

    const paused = new FakeServer(assignmentOf('THREE_2_ONE', { taskStatus: 'STOP' }));
    const statuses: DtuTaskStatus[] = ['STOP', 'STOP', 'START', 'FINISH'];
    const pad = { ...padOf(paused), dtuAssignment: async () => ({ ...paused.assignment, taskStatus: statuses.shift() ?? 'FINISH' }) };
    const counted = new DtuStats();
    const said: string[] = [];
    // A refusal makes the bench read its assignment again: the task ended meanwhile.
    let results = 0;
    pad.result = async (body) => {
      results += 1;
      if (results === 2) throw new StationRefusal(409, DTU_TASK_MSG.taskFinished);
      return paused.result(body);
    };
    await runDtuBench({ ...benchOf(paused), pad }, optionsOf(counted, 100, { log: (line) => said.push(line) }));
    expect(counted.tested).toBe(1);
    expect(counted.refusals.get(`409 ${DTU_TASK_MSG.taskFinished}`)).toBe(1);
    expect(said).toEqual(['SIM-DTU-01: DTU task finished, bench stops']);
  });

  it('says when the values are complete and confirms the key tests as drawn', () => {
    const assignment = assignmentOf('THREE_2_ONE');
    const view = (values: [string, string | null][], serverVerified: boolean): DtuUnitView => ({
      testId: 1,
      code: 'X',
      startTime: '',
      serverVerified,
      values: values.map(([code, value]) => ({ kind: 'AUTO', code, name: code, value, pass: null, duplicate: false })),
      majorMinor: null,
      testStatus: null,
      sampleBatchId: null,
      otherResults: [],
    });
    const all: [string, string][] = [['IMEI', '1'], ['ICCID', '2'], ['CSQ', '20'], ['VERSION', '1.2.0']];
    expect(valuesComplete(assignment, view(all, true))).toBe(true);
    expect(valuesComplete(assignment, view(all, false))).toBe(false);
    expect(valuesComplete(assignment, view([...all.slice(0, 3), ['VERSION', null]], true))).toBe(false);
    const unit = drawDtuUnit(
      { random: seededRandom(1), serial: 1, unit: { communicationType: 'THREE_2_ONE', firmwareVersion: '1.2.0', standardVoltage: 5, bandRate: 9600 }, tested: [], keyTests: [], failureRate: 0 },
      ['KEY:SIM_SLOT'],
    );
    expect(keyResultsOf(assignment, unit)).toEqual([
      { code: 'POWER_LED', pass: true },
      { code: 'NET_LED', pass: true },
      { code: 'RESET_KEY', pass: true },
      { code: 'SIM_SLOT', pass: false },
    ]);
  });
});
