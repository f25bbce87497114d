import { type AnswerIn, type AnyEndpoint, keyTestsOf } from '@factory/contracts';
import { answer, type FakeServer, refusal, type Refusal } from '../../test/fake-server';
import type { StandInAnswer } from '../../test/fetch-stand-in';
import {
  DTU_STATION_ENDPOINTS as PAD,
  DTU_SUBMISSION_MSG,
  DTU_TASK_MSG,
  type STATION_ENDPOINTS as STATION,
  STATION_MSG,
  type StationDtuResultAnswer,
  type StationDtuSampleAnswer,
  type StationDtuUnit,
} from '../lib/contracts';
import type { DtuAssignment, DtuResultBody, DtuSamplingBatch } from '../lib/dtu-api';
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
    batches: [],
    otherProps: [],
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

/** A submitted batch of task 61 as a sampling terminal lists it: n 5, Ac 0, Re 1 unless told otherwise. */
export function samplingBatch(fields: Partial<DtuSamplingBatch> = {}): DtuSamplingBatch {
  return {
    id: 82,
    batchId: '61-002',
    submitNumber: 120,
    checkCount: 0,
    submitTime: '2025-11-21 08:40:00',
    checkPerson: null,
    sampleSize: 5,
    acceptNumber: 0,
    rejectNumber: 1,
    defectCount: 0,
    verdict: 'PENDING',
    ...fields,
  };
}

/**
 * The THREE_2_ONE task at a sampling terminal (role CHECK, bound by 配置抽检任务):
 * three batches, newest first (61-003 just submitted, 61-002 being sampled, 61-001
 * accepted), and two other properties judged by the inspector on each sample.
 */
export function samplingAssignment(fields: Partial<DtuAssignment> = {}): DtuAssignment {
  return dtuAssignment({
    mode: 'SAMPLING',
    role: 'CHECK',
    batches: [
      samplingBatch({ id: 83, batchId: '61-003', submitNumber: 80, submitTime: '2025-11-21 10:05:00' }),
      samplingBatch({ checkCount: 2, checkPerson: '李质检' }),
      samplingBatch({ id: 81, batchId: '61-001', submitNumber: 200, checkCount: 8, sampleSize: 8, checkPerson: '李质检', verdict: 'ACCEPT', submitTime: '2025-11-20 17:30:00' }),
    ],
    otherProps: [
      { id: 31, category: '外观', property: '外壳', checkTool: '目测', checkStandard: '无划痕、无变形' },
      { id: 32, category: '结构', property: '外形尺寸', checkTool: '游标卡尺', checkStandard: '120±0.5mm' },
    ],
    ...fields,
  });
}

/** The batch after one more sample judged: counted, a defect when it or any other check failed, decided by n, Ac and Re. */
function sampled(batch: DtuSamplingBatch, defective: boolean): DtuSamplingBatch {
  const checkCount = batch.checkCount + 1;
  const defectCount = batch.defectCount + (defective ? 1 : 0);
  const decided = batch.rejectNumber !== null && defectCount >= batch.rejectNumber ? 'REJECT' : batch.sampleSize !== null && checkCount >= batch.sampleSize ? 'ACCEPT' : 'PENDING';
  return { ...batch, checkCount, defectCount, checkPerson: '王抽检', verdict: decided };
}

type Reported = Record<string, { value: string; pass: boolean | null }>;
/** A sample's other checks as the station sends them. */
export interface SentSample {
  imei?: string;
  mac?: string;
  batchId: number;
  otherResults: { propertyId: number; actValue: string; pass: boolean }[];
}
type Reply<E extends AnyEndpoint> = AnswerIn<E> | Refusal | StandInAnswer;

interface PartsServerOptions {
  assignment?: DtuAssignment;
  /** the overall check's answer; by default the user holds only 配件检测 (403) */
  overall?: () => Reply<typeof STATION.stationAssignment>;
  /** the answer to a scan; by default the unit starts (a major/minor where the task delivers data; a sample of `batchId` in SAMPLING) */
  scan?: (code: string, batchId?: number) => Reply<typeof PAD.stationDtuScan> | undefined;
  /** the answer to a sample's other checks; by default stored on the sample, its batch answered as it stands */
  sample?: (body: SentSample) => Reply<typeof PAD.stationDtuSample> | undefined;
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

  const started = (code: string, batchId: number | null): StationDtuUnit => ({
    testId: 700 + state.units.size,
    code,
    startTime: '2025-11-21 09:30:00',
    serverVerified: false,
    values: task().items.map((item) => ({ kind: item.kind, code: item.code, name: item.name, value: null, pass: null, duplicate: false })),
    majorMinor: task().needExcel ? { major: 10001, minor: state.nextRow++ } : null,
    testStatus: null,
    sampleBatchId: batchId,
    otherResults: [],
  });
  const batchOf = (id: number | null | undefined) => task().batches.find((batch) => batch.id === id);
  const putBatch = (next: DtuSamplingBatch) => {
    state.assignment = { ...task(), batches: task().batches.map((batch) => (batch.id === next.id ? next : batch)) };
  };

  const scan = (code: string, batchId: number | undefined): Reply<typeof PAD.stationDtuScan> => {
    const chosen = options.scan?.(code, batchId);
    if (chosen !== undefined) return chosen;
    if (task().mode === 'SAMPLING') {
      const batch = batchOf(batchId);
      if (batchId === undefined) return refusal(DTU_SUBMISSION_MSG.batchRequired, 400);
      if (!batch) return refusal(DTU_SUBMISSION_MSG.batchUnknown, 404);
      if (batch.verdict !== 'PENDING') return refusal(DTU_SUBMISSION_MSG.batchJudged, 409);
    }
    const open = state.units.get(code);
    const unit = open && open.testStatus === null ? open : started(code, batchId ?? null);
    state.units.set(code, unit);
    return unit;
  };

  const sample = (body: SentSample): Reply<typeof PAD.stationDtuSample> => {
    const chosen = options.sample?.(body);
    if (chosen !== undefined) return chosen;
    const unit = state.units.get(codeOf(body));
    const batch = batchOf(body.batchId);
    if (!batch) return refusal(DTU_SUBMISSION_MSG.batchUnknown, 404);
    if (!unit || unit.sampleBatchId !== body.batchId || unit.testStatus !== null) return refusal(DTU_SUBMISSION_MSG.notSampled, 409);
    const otherResults = body.otherResults.map((result) => {
      const prop = task().otherProps.find((candidate) => candidate.id === result.propertyId)!;
      return { propertyId: prop.id, category: prop.category, property: prop.property, checkTool: prop.checkTool, checkStandard: prop.checkStandard, actValue: result.actValue, result: result.pass };
    });
    const next = { ...unit, otherResults };
    state.units.set(unit.code, next);
    const answered: StationDtuSampleAnswer = { unit: next, batch };
    return answered;
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
    let batch: DtuSamplingBatch | null = null;
    const of = batchOf(unit.sampleBatchId);
    if (of) {
      // A sample counts for its batch only, never in the task's own numbers.
      batch = sampled(of, testStatus === 'NOT_PASS' || unit.otherResults.some((result) => !result.result));
      putBatch(batch);
    } else {
      state.assignment = { ...task(), finishNumber: task().finishNumber + (testStatus === 'PASS' ? 1 : 0), testedNumber: task().testedNumber + 1 };
    }
    const { finishNumber } = task();
    const answered: StationDtuResultAnswer = { testId: unit.testId, testStatus, failures, finishNumber, replayed: false, batch };
    state.stored.set(body.clientResultId, answered);
    return answered;
  };

  const server: FakeServer = installStationServer({
    assignment: options.overall ?? (() => refusal(STATION_MSG.noAppPermission('整机检测'), 403)),
    dtuAssignment: () => state.assignment,
  });
  server.put(
    answer(PAD.stationDtuScan, (request) => {
      const body = request.json as { imei?: string; mac?: string; batchId?: number };
      return scan(codeOf(body), body.batchId);
    }),
    answer(PAD.stationDtuSample, (request) => sample(request.json as SentSample)),
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
  const sampleBodies = () => server.calls(PAD.stationDtuSample).map((request) => request.json as SentSample);
  return { server, state, report, resultBodies, sampleBodies };
}
