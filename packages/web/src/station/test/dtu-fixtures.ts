import { type AnswerIn, type AnyEndpoint, keyTestsOf } from '@factory/contracts';
import { answer, type FakeServer, refusal, type Refusal } from '../../test/fake-server';
import type { StandInAnswer } from '../../test/fetch-stand-in';
import {
  DTU_STATION_ENDPOINTS as PAD,
  DTU_TASK_MSG,
  type STATION_ENDPOINTS as STATION,
  STATION_MSG,
  type StationDtuResultAnswer,
  type StationDtuUnit,
} from '../lib/contracts';
import type { DtuAssignment, DtuResultBody } from '../lib/dtu-api';
import { installStationServer } from './station-fixtures';

/* The parts-check station's stand-in (PAD APP → 配件检测): a DTU task, units that report as the test says, results judged. */

/** A THREE_2_ONE task: units go by IMEI, each gets a major/minor, four items and the type's key tests. */
export function dtuAssignment(fields: Partial<DtuAssignment> = {}): DtuAssignment {
  return {
    taskId: 61,
    taskName: '三合一首批',
    taskStatus: 'START',
    mode: 'PRODUCTION',
    role: 'PAD',
    reworkTask: false,
    duplicateEnable: false,
    needExcel: true,
    productionNumber: 500,
    finishNumber: 40,
    testedNumber: 43,
    testFirmwareVersion: '1.0.3',
    dtu: { id: 3, dtuType: 'HR_DTU_01', modelType: 'EC200U-CN', communicationType: 'THREE_2_ONE', communicationTypeDesc: '海容三合一', identity: 'IMEI' },
    items: [
      { kind: 'AUTO', propertyId: 1, code: 'ICCID', name: 'ICCID', standard: '唯一', unique: true },
      { kind: 'AUTO', propertyId: 2, code: 'CSQ', name: '信号强度', standard: '18 ~ 31', unique: false },
      { kind: 'AUTO', propertyId: 3, code: 'VERSION', name: '固件版本', standard: '1.0.3', unique: false },
      { kind: 'AUTO', propertyId: 4, code: 'SERVER_VERIFY', name: '服务器校验', standard: '是', unique: false },
    ],
    keyTests: keyTestsOf('THREE_2_ONE').map(({ code, name, checkCmd }) => ({ code, name, checkCmd })),
    ...fields,
  };
}

/** A bluetooth task at a serial terminal: units go by MAC, serial items besides the automatic ones. */
export function bluetoothAssignment(fields: Partial<DtuAssignment> = {}): DtuAssignment {
  return dtuAssignment({
    taskId: 62,
    taskName: '蓝牙返工',
    role: 'SERIAL',
    reworkTask: true,
    duplicateEnable: true,
    needExcel: false,
    testFirmwareVersion: '',
    dtu: { id: 4, dtuType: 'BLE_DTU_02', modelType: 'NRF52832', communicationType: 'bluetooth', communicationTypeDesc: '蓝牙', identity: 'MAC' },
    items: [
      { kind: 'AUTO', propertyId: 5, code: 'RSSI', name: '蓝牙信号', standard: '-70 ~ -20', unique: false },
      { kind: 'SERIAL', propertyId: 6, code: 'BAUD', name: '波特率', standard: '9600', unique: false },
    ],
    keyTests: keyTestsOf('bluetooth').map(({ code, name, checkCmd }) => ({ code, name, checkCmd })),
    ...fields,
  });
}

type Reported = Record<string, { value: string; pass: boolean | null }>;
type Reply<E extends AnyEndpoint> = AnswerIn<E> | Refusal | StandInAnswer;

interface PartsServerOptions {
  assignment?: DtuAssignment;
  /** the overall check's answer; by default the user holds only 配件检测 (403) */
  overall?: () => Reply<typeof STATION.stationAssignment>;
  /** the answer to a scan; by default the unit starts (a major/minor where the task delivers data) */
  scan?: (code: string) => Reply<typeof PAD.stationDtuScan> | undefined;
  /** the answer to a result; by default judged from what the unit reported and the key tests */
  result?: (body: DtuResultBody) => Reply<typeof PAD.stationDtuResult> | undefined;
}

/**
 * A parts-check server: the task (`state.assignment`, changed at will), the units
 * scanned, what they reported (`report`), results judged once per clientResultId,
 * and a network that can be cut (`state.offline`).
 */
export function installPartsServer(options: PartsServerOptions = {}) {
  const state = {
    /** null: the PAD serves no DTU task */
    assignment: (options.assignment ?? dtuAssignment()) as DtuAssignment | null,
    offline: false,
    units: new Map<string, StationDtuUnit>(),
    /** results stored, by clientResultId */
    stored: new Map<string, StationDtuResultAnswer>(),
    nextRow: 1,
  };
  const task = () => state.assignment!;
  const codeOf = (body: { imei?: string | null; mac?: string | null }) => (body.imei ?? body.mac ?? '').toUpperCase();

  const started = (code: string): StationDtuUnit => ({
    testId: 700 + state.units.size,
    code,
    startTime: '2025-11-21 09:30:00',
    serverVerified: false,
    values: task().items.map((item) => ({ kind: item.kind, code: item.code, name: item.name, value: null, pass: null, duplicate: false })),
    majorMinor: task().needExcel ? { major: 10001, minor: state.nextRow++ } : null,
    testStatus: null,
  });

  const scan = (code: string) => {
    const chosen = options.scan?.(code);
    if (chosen !== undefined) return chosen;
    const open = state.units.get(code);
    const unit = open && open.testStatus === null ? open : started(code);
    state.units.set(code, unit);
    return unit;
  };

  const judge = (body: DtuResultBody): Reply<typeof PAD.stationDtuResult> => {
    const chosen = options.result?.(body);
    if (chosen !== undefined) return chosen;
    const stored = state.stored.get(body.clientResultId);
    if (stored) return { ...stored, replayed: true };
    const unit = state.units.get(codeOf(body));
    if (!unit || unit.testStatus !== null) return refusal(DTU_TASK_MSG.notUnderTest, 409);
    const failures = [
      ...task()
        .items.filter((item) => (item.code === 'SERVER_VERIFY' ? !unit.serverVerified : unit.values.find((value) => value.code === item.code)?.pass !== true))
        .map((item) => item.name),
      ...task().keyTests.filter((test) => !(body.keyResults ?? []).some((result) => result.code === test.code && result.pass)).map((test) => test.name),
    ];
    const testStatus = failures.length === 0 ? 'PASS' : 'NOT_PASS';
    state.units.set(unit.code, { ...unit, testStatus });
    const finishNumber = task().finishNumber + (testStatus === 'PASS' ? 1 : 0);
    state.assignment = { ...task(), finishNumber, testedNumber: task().testedNumber + 1 };
    const answered: StationDtuResultAnswer = { testId: unit.testId, testStatus, failures, finishNumber, replayed: false };
    state.stored.set(body.clientResultId, answered);
    return answered;
  };

  const server: FakeServer = installStationServer({
    assignment: options.overall ?? (() => refusal(STATION_MSG.noAppPermission('整机检测'), 403)),
    dtuAssignment: () => state.assignment,
  });
  server.put(
    answer(PAD.stationDtuScan, (request) => scan(codeOf(request.json as DtuResultBody))),
    answer(PAD.stationDtuUnit, (request) => state.units.get(codeOf(request.query)) ?? refusal(DTU_TASK_MSG.notUnderTest, 404)),
    answer(PAD.stationDtuResult, (request) => judge(request.json as DtuResultBody)),
  );
  const serve = globalThis.fetch;
  globalThis.fetch = (input, init) => (state.offline ? Promise.reject(new TypeError('Failed to fetch')) : serve(input, init));

  /** The unit reports: its values (and server verification, as an MQTT report would set it) as the next poll sees them. */
  const report = (code: string, reported: Reported, fields: Partial<StationDtuUnit> = {}) => {
    const unit = state.units.get(code)!;
    const values = unit.values.map((value) => (reported[value.code] ? { ...value, ...reported[value.code] } : value));
    const known = new Set(values.map((value) => value.code));
    const base = Object.entries(reported)
      .filter(([code]) => !known.has(code))
      .map(([code, { value }]) => ({ kind: 'BASE' as const, code, name: code, value, pass: null, duplicate: false }));
    state.units.set(code, { ...unit, ...fields, values: [...values, ...base] });
  };

  const resultBodies = () => server.calls(PAD.stationDtuResult).map((request) => request.json as DtuResultBody);
  return { server, state, report, resultBodies };
}
