import type { Generated } from 'kysely';

/* Station sessions, test results and the counters kept from them. */

/** A terminal signed in with a user (the station app or the simulator). */
export interface StationSessionTable {
  tokenHash: string;
  terminalId: number;
  accountId: number;
  createTime: number;
  lastSeenAt: number;
}

/** One test of one device at one flow by one terminal and user (DESIGN.md §5). */
export interface FlowResultTable {
  id: Generated<number>;
  clientResultId: string;
  taskId: number;
  taskFlowId: number;
  flowSequence: number;
  codeId: number;
  terminalId: number | null;
  accountId: number | null;
  userName: string;
  status: string;
  attempt: number;
  startTime: number;
  endTime: number;
  createTime: number;
  autoResults: string;
  manualResults: string;
}

/** The latest result of a device at a flow. */
export interface DeviceFlowTable {
  codeId: number;
  taskFlowId: number;
  latestResultId: number;
  latestStatus: string;
  attempts: number;
}

/** A flow's counters from the results of one terminal; the flow's are the sum over its terminals. */
export interface FlowCounterTable {
  taskFlowId: number;
  /** kept when the terminal is deleted */
  terminalId: number;
  totalCount: Generated<number>;
  failCount: Generated<number>;
  finishNumber: Generated<number>;
  /** units whose first result was here */
  testedUnits: Generated<number>;
  /** units first retested here after failing here */
  repairUnits: Generated<number>;
  /** units that reached PASS here never having failed */
  onePassUnits: Generated<number>;
  /** units whose first failure was here */
  failedUnits: Generated<number>;
  /** results that were the unit's first attempt at the flow, and those of them that passed */
  firstCount: Generated<number>;
  firstPassCount: Generated<number>;
}

export interface ItemFailureTable {
  taskFlowId: number;
  terminalId: number;
  kind: 'auto' | 'manual';
  itemId: number;
  failCount: Generated<number>;
}

export interface TaskBucketTable {
  taskFlowId: number;
  bucketStart: number;
  terminalId: number;
  produced: Generated<number>;
  firstCount: Generated<number>;
  firstPassCount: Generated<number>;
  /** every result at the flow that ended in the bucket (migration 012) */
  testCount: Generated<number>;
  /** epoch ms: the earliest start and the latest end among those results; null in buckets written before 012 */
  firstStart: number | null;
  lastEnd: number | null;
}

export interface DailyOutputTable {
  ownerId: number;
  day: string;
  /** the task whose results the row counts; 0 for rows stored before rows had a task (migration 009) */
  taskId: number;
  shard: number;
  produced: Generated<number>;
  tested: Generated<number>;
  onePassUnits: Generated<number>;
  failedUnits: Generated<number>;
}
