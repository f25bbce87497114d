import { randomUUID } from 'node:crypto';
import type { StationResultBody, StationVerdict } from '@factory/contracts';
import type { FastifyInstance } from 'fastify';
import { parseZonedTime } from '../src/platform/time.js';
import { createProductWithFlows, type FlowSpec } from './factories/index.js';
import { type RunningTask, type Station, stationApi } from './station-api.js';

/**
 * The product the records tests run: two flows with items of different kinds,
 * so every column of a record, a check detail and the export has something
 * different to show.
 *   功能检测: 电压 (int, 10 ~ 20), 固件版本 (string, V1.2); manual 外观完好, 标签清晰
 *   联网检测 (binds the MAC): 信号强度 (int, -80 ~ -20); manual 指示灯正常
 */
export const RECORD_FLOWS: FlowSpec[] = [
  {
    name: '功能检测',
    items: [
      { name: '电压', dataTypeId: 'int', min: 0, max: 100, intervalNumber: 1, normalValue: '10', normalValueMax: '20' },
      { name: '固件版本', dataTypeId: 'string', min: null, max: null, length: 16, normalStr: 'V1.2' },
    ],
    manualItems: ['外观完好', '标签清晰'],
  },
  {
    name: '联网检测',
    bindMac: true,
    items: [{ name: '信号强度', dataTypeId: 'int', min: -100, max: 0, intervalNumber: 1, normalValue: '-80', normalValueMax: '-20' }],
    manualItems: ['指示灯正常'],
  },
];

/** Values that pass every item of each flow of RECORD_FLOWS, and every manual check ticked. */
export const PASSING = [
  { values: [15, 'V1.2'], manual: [true, true] },
  { values: [-50], manual: [true] },
];

export interface ResultSpec {
  /** when the test ended, `YYYY-MM-DD HH:mm:ss` in the factory's zone */
  end: string;
  /** how long it took (30 s unless told) */
  seconds?: number;
  /** one value per auto-check item, in order (undefined: not sent) */
  values: unknown[];
  /** one pass per manual item, in order */
  manual: boolean[];
  sn?: string | null;
  mac?: string | null;
  imei?: string | null;
}

/** Records tests: a task of RECORD_FLOWS (or another product) fed through the station API at known times. */
export function recordsApi(app: () => FastifyInstance, adminToken: () => string, timeZone: () => string) {
  const station = stationApi(app, adminToken);

  const epoch = (text: string) => {
    const parsed = parseZonedTime(text, timeZone());
    if (!parsed) throw new Error(`not a time: ${text}`);
    return parsed.epochMs;
  };

  /** A running task of the records product (or `flows`), `count` units, one PAD per flow. */
  async function recordTask(options: { count?: number; flows?: FlowSpec[]; communicationId?: string } = {}) {
    const product = await createProductWithFlows(
      station.db(),
      options.flows ?? RECORD_FLOWS,
      options.communicationId ? { communicationId: options.communicationId } : {},
    );
    return station.runningTask({ product, count: options.count ?? 4 });
  }

  const stationAt = (task: RunningTask, flowIndex: number): Station =>
    task.stations.find((candidate) => candidate.flowId === task.flowIds[flowIndex])!;

  /** The body of a result at the station's flow, as the station app sends it. */
  async function bodyOf(at: Station, code: string, spec: ResultSpec): Promise<StationResultBody> {
    const { items, manual } = await station.itemIdsOf(at.flowId);
    const endTime = epoch(spec.end);
    return {
      clientResultId: randomUUID(),
      productionCode: code,
      sn: spec.sn === undefined ? `SN${code}` : spec.sn,
      mac: spec.mac ?? null,
      imei: spec.imei ?? null,
      startTime: endTime - (spec.seconds ?? 30) * 1000,
      endTime,
      autoValues: items.flatMap((itemId, index) => (spec.values[index] === undefined ? [] : [{ itemId, value: spec.values[index] }])),
      manualResults: manual.map((itemId, index) => ({ itemId, pass: spec.manual[index] ?? false })),
    };
  }

  /** A result of the device at the flow of that index, judged by the station API. */
  async function result(task: RunningTask, flowIndex: number, code: string, spec: ResultSpec): Promise<StationVerdict> {
    const at = stationAt(task, flowIndex);
    return station.verdict(at.token, await bodyOf(at, code, spec));
  }

  /** A passing result at the flow (PASSING values) ending at `end`. */
  const pass = (task: RunningTask, flowIndex: number, code: string, end: string, extra: Partial<ResultSpec> = {}) =>
    result(task, flowIndex, code, { end, ...PASSING[flowIndex]!, ...extra });

  /** The terminal of the PAD at the flow of that index, as check details name it. */
  async function terminalAt(task: RunningTask, flowIndex: number) {
    return station
      .db()
      .selectFrom('terminal')
      .select(['terminalName', 'terminalCode'])
      .where('id', '=', stationAt(task, flowIndex).terminalId)
      .executeTakeFirstOrThrow();
  }

  /** The line codes of the task, as records show them. */
  async function lineIdsOf(taskId: number) {
    const rows = await station.db().selectFrom('task_line').select('lineId').where('taskId', '=', taskId).orderBy('sequence').execute();
    return rows.map((row) => row.lineId);
  }

  async function lineCodeOf(taskId: number) {
    const rows = await station.db().selectFrom('task_line').select('lineNum').where('taskId', '=', taskId).orderBy('sequence').execute();
    return rows.map((row) => row.lineNum).join(',');
  }

  return { ...station, epoch, recordTask, stationAt, bodyOf, result, pass, terminalAt, lineIdsOf, lineCodeOf };
}
