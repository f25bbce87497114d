import type { ScanKind } from './station.repository.js';

/*
 * What one station result writes, as the parameters of its statements: the
 * same for the SQLite statements (result-writes.ts) and the PostgreSQL one
 * (result-writes-postgres.ts).
 */

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
    repaired: number;
  };
  /** what the result adds to its flow's counter row of its terminal (docs/metrics.md) */
  counts: Record<(typeof COUNTER_NAMES)[number], number>;
  /** the check items that failed (problem distribution) */
  failures: { kind: 'auto' | 'manual'; itemId: number }[];
  /** the five minutes and the factory day of the result's end, and the task's account: the curve's and the dashboard's rows */
  bucketStart: number;
  day: string;
  ownerId: number;
  /** units newly finished at the task's last flow by this result (-1, 0, 1): finishDelta there, else 0 */
  produced: number;
  /** the device's resultCount the checks read: on PostgreSQL nothing is written when it changed since */
  expectedResultCount: number;
  /** the device's indexed state as the checks read it: SQLite sets only what changes (result-writes.ts) */
  previous: { testStatus: string | null; firstTestTime: number | null };
}

/**
 * The counter deltas of a result: failed (1 when it failed), finishDelta (the
 * change of the units whose latest result at the flow passed: -1, 0 or 1), and the
 * unit-level events of docs/metrics.md, each 0 or 1.
 */
export const COUNTER_NAMES = [
  'failed',
  'finishDelta',
  'testedUnits',
  'repairUnits',
  'onePassUnits',
  'failedUnits',
  'firstCount',
  'firstPassCount',
] as const;

/** The flow_counter column of each delta. */
export const COUNTER_COLUMNS = {
  failed: 'failCount',
  finishDelta: 'finishNumber',
  testedUnits: 'testedUnits',
  repairUnits: 'repairUnits',
  onePassUnits: 'onePassUnits',
  failedUnits: 'failedUnits',
  firstCount: 'firstCount',
  firstPassCount: 'firstPassCount',
} as const satisfies Record<(typeof COUNTER_NAMES)[number], string>;

/** The terminals of a task share its day's dashboard row in this many shards, so stations seldom wait on one another's row. */
export const DAY_SHARDS = 16;

/** The values of a result's statements, flat, as named parameters. */
export type WriteParams = Omit<ResultWrite, 'scans' | 'device' | 'counts' | 'failures' | 'previous'> &
  ResultWrite['device'] &
  ResultWrite['counts'] &
  Record<ScanKind, string | null> & {
    failKinds: string[];
    failItems: number[];
    shard: number;
    /** 1 when the result changes its day's figures (every result writes its bucket: the pace counts each test) */
    writeDay: number;
  };

/** The columns of the flow_result row. */
export const RESULT_NAMES = [
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
export type ResultParams = Pick<WriteParams, (typeof RESULT_NAMES)[number]>;

/** The device's state after the result (its scans are written apart: only where it has none yet). */
export const DEVICE_STATE_NAMES = [
  'testStatus',
  'passedFlows',
  'failedFlows',
  'everFailed',
  'resultCount',
  'firstTestTime',
  'lastTestTime',
  'repaired',
] as const;
export const DEVICE_NAMES = ['codeId', 'sn', 'mac', 'imei', ...DEVICE_STATE_NAMES] as const;
export type DeviceParams = Pick<WriteParams, (typeof DEVICE_NAMES)[number]>;

export function pick<T, K extends keyof T>(source: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, source[key]])) as Pick<T, K>;
}

export const ROLLUP_NAMES = ['bucketStart', 'day', 'ownerId', 'produced', 'shard', 'writeDay'] as const;

export const WRITE_NAMES = [
  ...new Set([...RESULT_NAMES, ...DEVICE_NAMES, ...COUNTER_NAMES, ...ROLLUP_NAMES, 'failKinds', 'failItems', 'expectedResultCount'] as const),
];

/**
 * Written out field by field, not spread: spreading four objects into one cost 4.6% of a
 * result's CPU on the server's thread (bench/ingest.mjs profile), at thousands a second.
 */
export const paramsOf = (w: ResultWrite): WriteParams => {
  const { device: d, counts: c, failures } = w;
  const failKinds: string[] = [];
  const failItems: number[] = [];
  for (const failure of failures) {
    failKinds.push(failure.kind);
    failItems.push(failure.itemId);
  }
  return {
    clientResultId: w.clientResultId,
    taskId: w.taskId,
    taskFlowId: w.taskFlowId,
    flowSequence: w.flowSequence,
    codeId: w.codeId,
    terminalId: w.terminalId,
    accountId: w.accountId,
    userName: w.userName,
    status: w.status,
    attempt: w.attempt,
    startTime: w.startTime,
    endTime: w.endTime,
    createTime: w.createTime,
    autoResults: w.autoResults,
    manualResults: w.manualResults,
    bucketStart: w.bucketStart,
    day: w.day,
    ownerId: w.ownerId,
    produced: w.produced,
    expectedResultCount: w.expectedResultCount,
    testStatus: d.testStatus,
    passedFlows: d.passedFlows,
    failedFlows: d.failedFlows,
    everFailed: d.everFailed,
    resultCount: d.resultCount,
    firstTestTime: d.firstTestTime,
    lastTestTime: d.lastTestTime,
    repaired: d.repaired,
    failed: c.failed,
    finishDelta: c.finishDelta,
    testedUnits: c.testedUnits,
    repairUnits: c.repairUnits,
    onePassUnits: c.onePassUnits,
    failedUnits: c.failedUnits,
    firstCount: c.firstCount,
    firstPassCount: c.firstPassCount,
    sn: w.scans.sn ?? null,
    mac: w.scans.mac ?? null,
    imei: w.scans.imei ?? null,
    failKinds,
    failItems,
    shard: w.terminalId % DAY_SHARDS,
    writeDay: w.produced !== 0 || c.testedUnits !== 0 || c.onePassUnits !== 0 || c.failedUnits !== 0 ? 1 : 0,
  };
};

/** The counter columns and their deltas, for an insert. */
export const counterValues = (p: WriteParams) =>
  Object.fromEntries(COUNTER_NAMES.map((name) => [COUNTER_COLUMNS[name], p[name]])) as Record<
    (typeof COUNTER_COLUMNS)[keyof typeof COUNTER_COLUMNS],
    number
  >;

/*
 * The flow's counters in the row of the submitting terminal (flow_counter): no
 * other station writes it, so results at one flow never queue on a counter row
 * until each other's commit. A unit can pass at one terminal and fail a retest
 * at another, so one row's finishNumber may go below 0; the sum is what counts.
 * Every counter is added the same way, in both dialects.
 */
export const addCounters = <T extends string>(table: string, columns: readonly T[]) =>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same sum for each column of the conflict's row
  (eb: any) => Object.fromEntries(columns.map((column) => [column, eb(eb.ref(`${table}.${column}`), '+', eb.ref(`excluded.${column}`))]));
export const COUNTER_COLUMN_LIST = Object.values(COUNTER_COLUMNS);
/** The bucket's sums; its span (firstStart, lastEnd) is kept by bucketSpan. */
export const BUCKET_COLUMNS = ['produced', 'firstCount', 'firstPassCount', 'testCount'] as const;

/**
 * The bucket's span on a conflict: the earlier start and the later end. Rows from
 * before migration 012 hold null; PostgreSQL's least/greatest skip a null, SQLite's
 * two-argument min/max answer null for one, hence the coalesce there.
 */
export const bucketSpan =
  (dialect: 'sqlite' | 'postgres') =>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the conflict's row, as addCounters takes it
  (eb: any) => {
    const [least, greatest] = dialect === 'postgres' ? ['least', 'greatest'] : ['min', 'max'];
    const kept = (column: string) => eb.fn.coalesce(eb.ref(`task_bucket.${column}`), eb.ref(`excluded.${column}`));
    return {
      firstStart: eb.fn(least, [kept('firstStart'), eb.ref('excluded.firstStart')]),
      lastEnd: eb.fn(greatest, [kept('lastEnd'), eb.ref('excluded.lastEnd')]),
    };
  };
export const DAY_COLUMNS = ['produced', 'tested', 'onePassUnits', 'failedUnits'] as const;
