import type { Kysely } from 'kysely';
import type { Dialect } from '../../platform/db.js';
import { prepared } from '../../platform/prepared.js';
import type { Database } from '../../platform/schema.js';
import { isUniqueViolation } from '../../platform/tenancy.js';
import type { ScanKind } from './station.repository.js';

/** Everything one result writes, computed from what the checks read. */
export interface ResultWrite {
  clientResultId: string;
  taskId: number;
  taskFlowId: number;
  flowSequence: number;
  codeId: number;
  terminalId: number;
  accountId: number;
  userName: string;
  status: string;
  /** the device's attempt at this flow: 1 for its first result there */
  attempt: number;
  startTime: number;
  endTime: number;
  createTime: number;
  autoResults: string;
  manualResults: string;
  /** codes first scanned now, stored on the device */
  scans: Partial<Record<ScanKind, string>>;
  device: {
    testStatus: string | null;
    passedFlows: number;
    failedFlows: number;
    everFailed: number;
    resultCount: number;
    firstTestTime: number;
    lastTestTime: number;
  };
  /** 1 when the result failed */
  failed: number;
  /** the change of the devices whose latest result at the flow passed: -1, 0 or 1 */
  finishDelta: number;
}

/** A unique index refused the write: the clientResultId was stored meanwhile, or a scanned code is another device's. */
export class UniqueClash extends Error {
  constructor(readonly violation: unknown) {
    super('unique index refused a station result');
  }
}

/** The values of a result's statements, flat, as named parameters. */
type WriteParams = Omit<ResultWrite, 'scans' | 'device'> & ResultWrite['device'] & Record<ScanKind, string | null>;

/** The columns of the flow_result row. */
const RESULT_NAMES = [
  'clientResultId',
  'taskId',
  'taskFlowId',
  'flowSequence',
  'codeId',
  'terminalId',
  'accountId',
  'userName',
  'status',
  'attempt',
  'startTime',
  'endTime',
  'createTime',
  'autoResults',
  'manualResults',
] as const;
type ResultParams = Pick<WriteParams, (typeof RESULT_NAMES)[number]>;

/** The device's state after the result (its scans are written apart: only where it has none yet). */
const DEVICE_STATE_NAMES = [
  'testStatus',
  'passedFlows',
  'failedFlows',
  'everFailed',
  'resultCount',
  'firstTestTime',
  'lastTestTime',
] as const;
const DEVICE_NAMES = ['codeId', 'sn', 'mac', 'imei', ...DEVICE_STATE_NAMES] as const;
type DeviceParams = Pick<WriteParams, (typeof DEVICE_NAMES)[number]>;

function pick<T, K extends keyof T>(source: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, source[key]])) as Pick<T, K>;
}

const WRITE_NAMES = [...new Set([...RESULT_NAMES, ...DEVICE_NAMES, 'failed', 'finishDelta'] as const)];

const paramsOf = (w: ResultWrite): WriteParams => {
  const { scans, device, ...rest } = w;
  return { ...rest, ...device, sn: scans.sn ?? null, mac: scans.mac ?? null, imei: scans.imei ?? null };
};

/*
 * SQLite: four statements (no round trips to save, one writer at a time).
 * A scan is written only where the device has none yet (coalesce), so each
 * statement keeps one shape and is prepared once.
 */
const insertResult = prepared(RESULT_NAMES, (db, _dialect, p: ResultParams) => db.insertInto('flow_result').values(p).returning('id'));

const updateDevice = prepared(DEVICE_NAMES, (db, _dialect, { codeId, sn, mac, imei, ...state }: DeviceParams) =>
  db
    .updateTable('production_code')
    .set((eb) => ({
      sn: eb.fn.coalesce('sn', eb.val(sn)),
      mac: eb.fn.coalesce('mac', eb.val(mac)),
      imei: eb.fn.coalesce('imei', eb.val(imei)),
      ...state,
    }))
    .where('id', '=', codeId),
);

const setLatest = prepared(
  ['codeId', 'taskFlowId', 'latestResultId', 'latestStatus', 'attempts'],
  (db, _dialect, latest: { codeId: number; taskFlowId: number; latestResultId: number; latestStatus: string; attempts: number }) =>
    db
      .insertInto('device_flow')
      .values(latest)
      .onConflict((oc) =>
        oc
          .columns(['codeId', 'taskFlowId'])
          .doUpdateSet({ latestResultId: latest.latestResultId, latestStatus: latest.latestStatus, attempts: latest.attempts }),
      ),
);

/*
 * The flow's counters in the row of the submitting terminal (flow_counter): no
 * other station writes it, so results at one flow never queue on a counter row
 * until each other's commit. A unit can pass at one terminal and fail a retest
 * at another, so one row's finishNumber may go below 0; the sum is what counts.
 */
const countAtFlow = prepared(
  ['taskFlowId', 'terminalId', 'failed', 'finishDelta'],
  (db, _dialect, p: { taskFlowId: number; terminalId: number; failed: number; finishDelta: number }) =>
    db
      .insertInto('flow_counter')
      .values({ taskFlowId: p.taskFlowId, terminalId: p.terminalId, totalCount: 1, failCount: p.failed, finishNumber: p.finishDelta })
      .onConflict((oc) =>
        oc.columns(['taskFlowId', 'terminalId']).doUpdateSet((eb) => ({
          totalCount: eb('flow_counter.totalCount', '+', eb.ref('excluded.totalCount')),
          failCount: eb('flow_counter.failCount', '+', eb.ref('excluded.failCount')),
          finishNumber: eb('flow_counter.finishNumber', '+', eb.ref('excluded.finishNumber')),
        })),
      ),
);

/*
 * PostgreSQL: the same four writes as one statement (data-modifying CTEs all
 * run, once, whether the outer statement reads them or not), so a result costs
 * three round trips fewer; each round trip was a tenth of a result's time.
 */
const storeAtOnce = prepared(WRITE_NAMES, (db, _dialect, p: WriteParams) =>
  db
    .with('stored', (q) =>
      q
        .insertInto('flow_result')
        .values(pick(p, RESULT_NAMES))
        .returning('id'),
    )
    .with('device', (q) =>
      q
        .updateTable('production_code')
        .set((eb) => ({
          sn: eb.fn.coalesce('sn', eb.cast<string | null>(eb.val(p.sn), 'varchar')),
          mac: eb.fn.coalesce('mac', eb.cast<string | null>(eb.val(p.mac), 'varchar')),
          imei: eb.fn.coalesce('imei', eb.cast<string | null>(eb.val(p.imei), 'varchar')),
          ...pick(p, DEVICE_STATE_NAMES),
        }))
        .where('id', '=', p.codeId)
        .returning('id'),
    )
    .with('latest', (q) =>
      q
        .insertInto('device_flow')
        .columns(['codeId', 'taskFlowId', 'latestResultId', 'latestStatus', 'attempts'])
        .expression((eb) =>
          eb
            .selectFrom('stored')
            .select([
              eb.cast<number>(eb.val(p.codeId), 'integer').as('codeId'),
              eb.cast<number>(eb.val(p.taskFlowId), 'integer').as('taskFlowId'),
              'stored.id as latestResultId',
              eb.cast<string>(eb.val(p.status), 'varchar').as('latestStatus'),
              eb.cast<number>(eb.val(p.attempt), 'integer').as('attempts'),
            ]),
        )
        .onConflict((oc) =>
          oc.columns(['codeId', 'taskFlowId']).doUpdateSet((eb) => ({
            latestResultId: eb.ref('excluded.latestResultId'),
            latestStatus: eb.ref('excluded.latestStatus'),
            attempts: eb.ref('excluded.attempts'),
          })),
        )
        .returning('codeId'),
    )
    .insertInto('flow_counter')
    .values({ taskFlowId: p.taskFlowId, terminalId: p.terminalId, totalCount: 1, failCount: p.failed, finishNumber: p.finishDelta })
    .onConflict((oc) =>
      oc.columns(['taskFlowId', 'terminalId']).doUpdateSet((eb) => ({
        totalCount: eb('flow_counter.totalCount', '+', eb.ref('excluded.totalCount')),
        failCount: eb('flow_counter.failCount', '+', eb.ref('excluded.failCount')),
        finishNumber: eb('flow_counter.finishNumber', '+', eb.ref('excluded.finishNumber')),
      })),
    )
    .returning((eb) => eb.selectFrom('stored').select('stored.id').as('resultId')),
);

/**
 * Writes a judged result: the result row, the device's state and scans, its
 * latest result at the flow, the terminal's counters at the flow (last: the
 * only write other results of the flow could ever wait on). Answers the result's id; a
 * unique index refusing a write (the clientResultId stored meanwhile, a scan
 * another device has) is a UniqueClash.
 */
export async function storeResult(db: Kysely<Database>, dialect: Dialect, write: ResultWrite): Promise<number> {
  const p = paramsOf(write);
  try {
    if (dialect === 'postgres') {
      const { rows } = await storeAtOnce(db, dialect, p);
      return rows[0]!.resultId!;
    }
    const { rows } = await insertResult(db, dialect, p);
    const resultId = rows[0]!.id;
    await updateDevice(db, dialect, p);
    await setLatest(db, dialect, {
      codeId: p.codeId,
      taskFlowId: p.taskFlowId,
      latestResultId: resultId,
      latestStatus: p.status,
      attempts: p.attempt,
    });
    await countAtFlow(db, dialect, p);
    return resultId;
  } catch (error) {
    if (isUniqueViolation(error)) throw new UniqueClash(error);
    throw error;
  }
}
