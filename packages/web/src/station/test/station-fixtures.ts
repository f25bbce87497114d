import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { type AnswerIn, type AnyEndpoint, PATHS } from '@factory/contracts';
import type { StationAssignment, StationDevice, StationItem, StationLastTask, StationResultRow, StationVerdict } from '../lib/contracts';
import { DTU_STATION_ENDPOINTS as PAD, STATION_ENDPOINTS as STATION, standardText } from '../lib/contracts';
import type { ResultBody } from '../lib/draft';
import { STORAGE_KEYS } from '../lib/storage';
import type { StandInAnswer } from '../../test/fetch-stand-in';
import { answer, type FakeRequest, type FakeServer, installServer, type Refusal } from '../../test/fake-server';

export const TOKEN = 'station-token-1';

export const SESSION: AnswerIn<typeof STATION.stationLogin> = {
  token: TOKEN,
  terminal: { id: 7, code: 'PAD-07', name: '上电检测工位', terminalType: 'PAD' as const },
  user: { id: 21, userName: 'wang_li' },
};

/** The terminal (by default the PAD, SESSION) signed in, as a reload finds it. */
export function signedIn(session: AnswerIn<typeof STATION.stationLogin> = SESSION): void {
  localStorage.setItem(STORAGE_KEYS.session, JSON.stringify(session));
}

function item(fields: Partial<StationItem> & Pick<StationItem, 'id' | 'name' | 'code' | 'dataTypeId'>): StationItem {
  const base: StationItem = {
    unitName: null,
    min: null,
    max: null,
    length: null,
    enumerates: null,
    trueValue: null,
    falseValue: null,
    intervalNumber: 0,
    normalValue: '',
    normalValueMax: '',
    normalStr: '',
    normalBoolean: null,
    normalEnums: [],
    standard: '',
    ...fields,
  };
  return { ...base, standard: standardText(base) };
}

export const VOLTAGE = item({ id: 11, name: '供电电压', code: 'voltage', dataTypeId: 'float', unitName: 'V', min: 0, max: 5, intervalNumber: 1, normalValue: '3.1', normalValueMax: '3.5' });
export const POWER = item({ id: 12, name: '电源开关', code: 'power', dataTypeId: 'boolean', trueValue: '开', falseValue: '关', normalBoolean: 1 });
export const SIGNAL = item({ id: 13, name: '信号档位', code: 'signal_level', dataTypeId: 'enum', enumerates: { 0: '弱', 1: '中', 2: '强' }, normalEnums: ['1', '2'] });
export const FIRMWARE = item({ id: 14, name: '固件版本', code: 'firmware_version', dataTypeId: 'string', length: 16, normalStr: 'v2.1.0' });

export function assignment(fields: Partial<NonNullable<StationAssignment>> = {}): NonNullable<StationAssignment> {
  return {
    taskId: 5,
    taskStatus: 'START',
    productNumber: 'GW_100',
    productionCount: 100,
    finishNumber: 12,
    flowId: 41,
    flowName: '上电检测',
    flowOrder: 2,
    flowCount: 3,
    scanCodes: ['生产码', 'SN码', 'MAC'],
    items: [VOLTAGE, POWER, SIGNAL, FIRMWARE],
    manualItems: [
      { id: 31, name: '外壳完好' },
      { id: 32, name: '标签端正' },
    ],
    pdfDownloadUrl: `${PATHS.file}/abc123`,
    ...fields,
  };
}

/** A result body as the station sends it (the server sees it as JSON). */
export type ResultBodySeen = ResultBody;

/** The server's verdict on a body, judged as the fixtures' standards say. */
export function verdictOf(body: ResultBodySeen, resultId = 900): StationVerdict {
  const items = assignment().items;
  const judged = body.autoValues.map(({ itemId, value }) => {
    const known = items.find((candidate) => candidate.id === itemId)!;
    const pass =
      known.id === VOLTAGE.id ? Number(value) >= 3.1 && Number(value) <= 3.5 : known.id === POWER.id ? value === '开' : known.id === SIGNAL.id ? ['1', '2'].includes(value) : value === 'v2.1.0';
    return { itemId, name: known.name, value, standard: known.standard, result: pass ? 1 : 0 };
  });
  const manual = body.manualResults.map(({ itemId, pass }) => ({ itemId, name: itemId === 31 ? '外壳完好' : '标签端正', pass }));
  const passed = judged.every((entry) => entry.result === 1) && manual.every((entry) => entry.pass);
  return {
    resultId,
    clientResultId: body.clientResultId,
    productionCode: body.productionCode,
    status: passed ? 'TEST_SUCCESS' : 'TEST_ERROR',
    items: judged,
    manual,
    deviceStatus: null,
    createTime: '2025-11-21 09:30:05',
  };
}

export function resultRow(fields: Partial<StationResultRow> = {}): StationResultRow {
  return { resultId: 800, productionCode: 'K7Q2M9XA4B', flowName: '上电检测', status: 'TEST_SUCCESS', userName: 'wang_li', createTime: '2025-11-21 09:12:44', ...fields };
}

/** What the stand-in answers: the endpoint's data, a refusal (refusal(errorMsg, status)) or a raw answer (rawAnswer). */
type Reply<E extends AnyEndpoint> = AnswerIn<E> | Refusal | StandInAnswer;

interface StationServer {
  /** the answer to POST /api/station/login; by default SESSION */
  login?: () => Reply<typeof STATION.stationLogin>;
  /** the overall check's assignment; a 403 refusal when the user lacks 整机检测 */
  assignment?: () => Reply<typeof STATION.stationAssignment>;
  /** the parts check's (配件检测) DTU task; by default none */
  dtuAssignment?: () => Reply<typeof PAD.stationDtuAssignment>;
  results?: () => StationResultRow[];
  /** the answer to POST /api/station/result; by default the verdict of the body */
  result?: (body: ResultBodySeen, request: FakeRequest) => Reply<typeof STATION.stationResult> | Promise<Reply<typeof STATION.stationResult>>;
  /** the answer to GET /api/station/lastTask; by default none */
  lastTask?: () => StationLastTask;
  /** the answer to GET /api/station/device; by default a unit never tested at this flow */
  device?: (productionCode: string) => Reply<typeof STATION.stationDevice> | Promise<Reply<typeof STATION.stationDevice>>;
}

/** A unit as GET /api/station/device answers it: never tested here unless told otherwise. */
export function deviceOf(productionCode: string, fields: Partial<StationDevice> = {}): StationDevice {
  return { productionCode, latestStatus: null, attempts: 0, sn: null, mac: null, imei: null, deviceStatus: null, ...fields };
}

/** A station API stand-in: sign-in and out, assignments, today's results, scanned-code checks and result submissions. */
export function installStationServer(server: StationServer = {}): FakeServer {
  return installServer(
    answer(STATION.stationLogin, () => (server.login ? server.login() : SESSION)),
    answer(STATION.stationLogout, null),
    answer(STATION.stationAssignment, () => (server.assignment ? server.assignment() : assignment())),
    answer(PAD.stationDtuAssignment, () => (server.dtuAssignment ? server.dtuAssignment() : null)),
    answer(STATION.stationResults, () => {
      const rows = server.results ? server.results() : [];
      return { list: rows, total: rows.length, pageSize: 100, pageNum: 1 };
    }),
    answer(STATION.stationResult, (request) => {
      const body = request.json as ResultBodySeen;
      return server.result ? server.result(body, request) : verdictOf(body);
    }),
    answer(STATION.stationLastTask, () => (server.lastTask ? server.lastTask() : null)),
    answer(STATION.stationDevice, (request) => {
      const code = request.query.productionCode ?? '';
      return server.device ? server.device(code) : deviceOf(code);
    }),
  );
}

/** The result bodies the server received, in order. */
export const resultPosts = (server: FakeServer) => server.calls(STATION.stationResult).map((request) => request.json as ResultBodySeen);

/**
 * A scanner types a code and Enter into the scan field; a production code is
 * then checked with the server, and the next scan waits for that answer as a
 * worker waits for the screen.
 */
export async function scanInto(user: { type: (element: Element, text: string) => Promise<void> }, code: string): Promise<void> {
  const field = () => screen.getByLabelText('扫码');
  await user.type(field(), `${code}{Enter}`);
  await waitFor(() => expect(field().getAttribute('aria-busy')).toBe('false'));
}
