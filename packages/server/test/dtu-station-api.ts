import { randomUUID } from 'node:crypto';
import {
  keyTestsOf,
  MENUS,
  PATHS,
  type StationDtuAssignment,
  type StationDtuResultAnswer,
  type StationDtuUnit,
} from '@factory/contracts';
import type { FastifyInstance } from 'fastify';
import { dataOf } from './answers.js';
import { createDtuTask, createDtuTaskPad, type DtuTaskOptions } from './factories/dtu-tasks.js';
import { type AutoPropertyOptions, createAutoProperty, createDtu, createSerialProperty, type SerialPropertyOptions } from './factories/dtus.js';
import { createWorker, stationApi, type Worker } from './station-api.js';

/*
 * The parts-check station's calls as the PAD app makes them, and the set-up of a
 * DTU task with a signed-in PAD (issue 17).
 */

/** A unit named by IMEI or MAC, as the station's bodies do. */
export type UnitBody = { imei?: string; mac?: string };

export interface DtuFixture {
  dtuId: number;
  /** the automatic properties under test by code: their ids */
  auto: Record<string, number>;
  serial: Record<string, number>;
}

export interface DtuFixtureSpec {
  communicationType?: string | null;
  connectInternet?: boolean;
  /** automatic properties under test (status 1), by code */
  auto?: Record<string, AutoPropertyOptions>;
  serial?: Record<string, SerialPropertyOptions>;
}

/**
 * A DTU with properties under test. The default: a THREE_2_ONE DTU testing CSQ in
 * 10–31, the unique ICCID and the firmware VERSION 1.0.0.
 */
export const THREE_2_ONE_SPEC: DtuFixtureSpec = {
  communicationType: 'THREE_2_ONE',
  auto: {
    CSQ: { name: '信号质量', dataType: 'int', verifyRule: 'RANGE', aimValue: null, minValue: '10', maxValue: '31' },
    ICCID: { name: 'ICCID', dataType: 'string', verifyRule: null, aimValue: null, unique: true },
    VERSION: { name: '固件版本', dataType: 'string', verifyRule: 'EQUAL', aimValue: '1.0.0' },
  },
};

export interface PadSession {
  terminalId: number;
  terminalCode: string;
  token: string;
  worker: Worker;
}

export function dtuStationApi(app: () => FastifyInstance, adminToken: () => string) {
  const station = stationApi(app, adminToken);
  const { db, get, post } = station;

  async function dtuWith(spec: DtuFixtureSpec = THREE_2_ONE_SPEC): Promise<DtuFixture> {
    const dtuId = await createDtu(db(), {
      communicationType: spec.communicationType === undefined ? 'THREE_2_ONE' : spec.communicationType,
      connectInternet: spec.connectInternet ?? spec.communicationType !== null,
    });
    const auto: Record<string, number> = {};
    for (const [code, options] of Object.entries(spec.auto ?? {})) auto[code] = await createAutoProperty(db(), dtuId, { ...options, code, status: 1 });
    const serial: Record<string, number> = {};
    for (const [code, options] of Object.entries(spec.serial ?? {})) serial[code] = await createSerialProperty(db(), dtuId, { ...options, code, status: 1 });
    return { dtuId, auto, serial };
  }

  /** A PAD of the task signed in by a worker holding 配件检测 (or the grants given). */
  async function padOf(taskId: number, options: { role?: 'PAD' | 'SERIAL' | 'CHECK'; grants?: string[]; worker?: Worker } = {}): Promise<PadSession> {
    const terminalId = await createDtuTaskPad(db(), taskId, { role: options.role ?? 'PAD' });
    const terminalCode = await station.terminalCodeOf(terminalId);
    const worker = options.worker ?? (await createWorker(app(), options.grants ?? [MENUS.padPartsCheck]));
    const { token } = await station.signIn(terminalCode, worker);
    return { terminalId, terminalCode, token, worker };
  }

  /** A task of a DTU (THREE_2_ONE_SPEC unless given) with one signed-in PAD. */
  async function taskWithPad(options: DtuTaskOptions & { spec?: DtuFixtureSpec } = {}) {
    const { spec, ...taskOptions } = options;
    const dtu = options.dtuId ? { dtuId: options.dtuId, auto: {}, serial: {} } : await dtuWith(spec);
    const taskId = await createDtuTask(db(), { ...taskOptions, dtuId: dtu.dtuId });
    const pad = await padOf(taskId);
    return { taskId, dtu, pad };
  }

  const assignment = async (token: string) => dataOf<StationDtuAssignment>(await get(PATHS.stationDtuAssignment, token));
  const scanCall = (token: string, unit: UnitBody) => post(PATHS.stationDtuScan, token, unit);
  const scan = async (token: string, unit: UnitBody) => dataOf<StationDtuUnit>(await scanCall(token, unit));
  const unitCall = (token: string, unit: UnitBody) => get(PATHS.stationDtuUnit, token, unit as Record<string, string>);
  const unit = async (token: string, body: UnitBody) => dataOf<StationDtuUnit>(await unitCall(token, body));
  const reportCall = (token: string, body: UnitBody & { content: Record<string, unknown> }) => post(PATHS.stationDtuReport, token, body);
  const report = async (token: string, body: UnitBody & { content: Record<string, unknown> }) => dataOf<StationDtuUnit | null>(await reportCall(token, body));

  /** A result body: every key test of the communication type confirmed, a fresh clientResultId, unless told. */
  const resultBody = (unitBody: UnitBody, communicationType: string | null = 'THREE_2_ONE', overrides: { clientResultId?: string; keyResults?: { code: string; pass: boolean }[] } = {}) => ({
    ...unitBody,
    clientResultId: overrides.clientResultId ?? randomUUID(),
    keyResults: overrides.keyResults ?? keyTestsOf(communicationType).map(({ code }) => ({ code, pass: true })),
  });
  const resultCall = (token: string, body: ReturnType<typeof resultBody>) => post(PATHS.stationDtuResult, token, body);
  const result = async (token: string, body: ReturnType<typeof resultBody>) => dataOf<StationDtuResultAnswer>(await resultCall(token, body));

  const testOf = (taskId: number, unitCode: string) =>
    db().selectFrom('dtu_test').selectAll().where('taskId', '=', taskId).where('unitCode', '=', unitCode.toUpperCase()).executeTakeFirst();
  const taskRow = (taskId: number) => db().selectFrom('dtu_task').selectAll().where('id', '=', taskId).executeTakeFirstOrThrow();
  const valuesOf = (testId: number) => db().selectFrom('dtu_test_value').selectAll().where('testId', '=', testId).orderBy('kind').orderBy('code').execute();
  const reportsOf = (unitCode: string) => db().selectFrom('dtu_report').selectAll().where('unitCode', '=', unitCode.toUpperCase()).orderBy('id').execute();
  const claimsOf = (dtuId: number) =>
    db().selectFrom('dtu_unique_value').select(['code', 'value', 'testId']).where('dtuId', '=', dtuId).orderBy('code').orderBy('value').execute();

  /** What a refused call must leave as it was: the task, its records, values, claims, Excel rows and the check log. */
  async function snapshot(taskId: number) {
    const task = await taskRow(taskId);
    const tests = await db().selectFrom('dtu_test').selectAll().where('taskId', '=', taskId).orderBy('id').execute();
    const testIds = tests.map((test) => test.id);
    const values = testIds.length ? await db().selectFrom('dtu_test_value').selectAll().where('testId', 'in', testIds).orderBy('id').execute() : [];
    return {
      task,
      tests,
      values,
      claims: await claimsOf(task.dtuId),
      excel: await db().selectFrom('dtu_task_excel_row').selectAll().where('taskId', '=', taskId).orderBy('id').execute(),
      reports: (await db().selectFrom('dtu_report').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
    };
  }

  return {
    ...station,
    dtuWith,
    padOf,
    taskWithPad,
    assignment,
    scanCall,
    scan,
    unitCall,
    unit,
    reportCall,
    report,
    resultBody,
    resultCall,
    result,
    testOf,
    taskRow,
    valuesOf,
    reportsOf,
    claimsOf,
    snapshot,
  };
}

/** Polls `read` until `done` holds (MQTT reports are stored a moment after they are published). */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 5_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

let unitSerial = 0;
/** A fresh 15-digit IMEI. */
export function freshImei(): string {
  unitSerial += 1;
  return `35${String(process.pid % 1000).padStart(3, '0')}${String(Date.now() % 1e6).padStart(6, '0')}${String(unitSerial % 10_000).padStart(4, '0')}`;
}
/** A fresh MAC in lower case (stored upper case). */
export function freshMac(): string {
  unitSerial += 1;
  const hex = (Date.now() * 1000 + (unitSerial % 1000)).toString(16).padStart(12, '0').slice(-12);
  return hex.match(/../g)!.join(':');
}
