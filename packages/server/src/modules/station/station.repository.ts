import { TERMINAL_STATUS } from '@factory/contracts';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../../platform/db.js';
import { prepared } from '../../platform/prepared.js';
import type { Database } from '../../platform/schema.js';
import { finishedUnits } from '../../platform/task-facts.js';
import { onUserLine, stationSessionColumns } from '../../platform/station-guard.js';

export function findTerminalByCode(db: Kysely<Database>, terminalCode: string) {
  return db
    .selectFrom('terminal')
    .select(['id', 'terminalCode', 'terminalName', 'terminalType', 'ownerId'])
    .where('terminalCode', '=', terminalCode)
    .executeTakeFirst();
}

/** Whether the account may work at the terminal by its lines (onUserLine). */
export async function terminalOnUserLine(db: Kysely<Database>, terminalId: number, accountId: number): Promise<boolean> {
  const row = await db
    .selectFrom('terminal')
    .innerJoin('account', (join) => join.on('account.id', '=', accountId))
    .select((eb) => onUserLine(eb).as('ok'))
    .where('terminal.id', '=', terminalId)
    .executeTakeFirst();
  return Boolean(row?.ok);
}

/** A new session on the terminal: the terminal's earlier sessions end, its worker is the user now. */
export async function startStationSession(
  db: Kysely<Database>,
  session: { tokenHash: string; terminalId: number; accountId: number },
  now: number,
): Promise<void> {
  await db.deleteFrom('station_session').where('terminalId', '=', session.terminalId).execute();
  await db
    .insertInto('station_session')
    .values({ ...session, createTime: now, lastSeenAt: now })
    .execute();
  await db.updateTable('terminal').set({ workerId: session.accountId }).where('id', '=', session.terminalId).execute();
}

const assignedFlowQuery = prepared(['taskId', 'flowId'], (db, _dialect, { taskId, flowId }: { taskId: number; flowId: number }) =>
  db
    .selectFrom('task_flow')
    .innerJoin('task', 'task.id', 'task_flow.taskId')
    .leftJoin('stored_file', 'stored_file.id', 'task_flow.pdfFileId')
    .select((eb) => [
      'task.id as taskId',
      'task.status as taskStatus',
      'task.productNumber',
      'task.productionCount',
      finishedUnits(eb.ref('task.id')).as('finishNumber'),
      'task.communicationId',
      'task_flow.id as flowId',
      'task_flow.name as flowName',
      'task_flow.sequence as flowSequence',
      'task_flow.bindMac',
      'task_flow.flowType',
      'stored_file.fileKey as pdfFileKey',
      eb
        .selectFrom('task_flow as every')
        .select((sub) => sub.fn.countAll<number>().as('n'))
        .whereRef('every.taskId', '=', 'task.id')
        .as('flowCount'),
    ])
    .where('task_flow.id', '=', flowId)
    .where('task.id', '=', taskId),
);

/** The flow a terminal serves with its task; undefined when the terminal is not on that task's flow. */
export async function findAssignedFlow(db: Kysely<Database>, dialect: Dialect, taskId: number, flowId: number) {
  return (await assignedFlowQuery(db, dialect, { taskId, flowId })).rows[0];
}

export function itemsOfFlow(db: Kysely<Database>, flowId: number) {
  return db
    .selectFrom('task_flow_item')
    .select([
      'id',
      'name',
      'code',
      'dataTypeId',
      'unitName',
      'min',
      'max',
      'length',
      'enumerates',
      'trueValue',
      'falseValue',
      'intervalNumber',
      'normalValue',
      'normalValueMax',
      'normalStr',
      'normalBoolean',
      'normalEnums',
    ])
    .where('taskFlowId', '=', flowId)
    .orderBy('sequence')
    .orderBy('id')
    .execute();
}
export type FlowItemRow = Awaited<ReturnType<typeof itemsOfFlow>>[number];

export function manualItemsOfFlow(db: Kysely<Database>, flowId: number) {
  return db
    .selectFrom('task_flow_manual_item')
    .select(['id', 'manualValue as name'])
    .where('taskFlowId', '=', flowId)
    .orderBy('sequence')
    .orderBy('id')
    .execute();
}

/**
 * The columns of a result's context that both of its reads select (findResultContext, findSessionAndContext):
 * the task, the flow and the one before it, the device by its code, and its latest results at both flows.
 * Plain column names, so each read types them by its own joins (inner in one, left in the other).
 */
const CONTEXT_COLUMNS = [
  'task.status as taskStatus',
  'task.communicationId',
  'task.productionCount',
  'task.ownerId',
  'task_flow.sequence as flowSequence',
  'task_flow.bindMac',
  'task_flow.flowType',
  'previous.id as previousFlowId',
  'previous.name as previousFlowName',
  'device.id as deviceId',
  'device.taskId as deviceTaskId',
  'device.code',
  'device.sn',
  'device.mac',
  'device.imei',
  'device.passedFlows',
  'device.failedFlows',
  'device.everFailed',
  'device.resultCount',
  'device.testStatus',
  'device.repaired',
  'device.firstTestTime',
  'device.lastTestTime',
  'here.latestStatus',
  'here.attempts',
  'before.latestStatus as previousStatus',
] as const;

/** How many flows the task has (both reads of a result's context). */
const flowCountOf = (eb: ExpressionBuilder<Database, 'task'>) =>
  eb
    .selectFrom('task_flow as every')
    .select((sub) => sub.fn.countAll<number>().as('n'))
    .whereRef('every.taskId', '=', 'task.id')
    .as('flowCount');

const resultContextQuery = (lock: boolean) =>
  prepared(['taskId', 'flowId', 'code'], (db, dialect, { taskId, flowId, code }: { taskId: number; flowId: number; code: string }) =>
    db
      .with(
        (cte) => cte('locked').materialized(),
        (q) => {
          const device = q.selectFrom('production_code').select(['id', 'resultCount']).where('code', '=', code);
          return lock && dialect === 'postgres' ? device.forUpdate() : device;
        },
      )
      .selectFrom('task_flow')
      .innerJoin('task', 'task.id', 'task_flow.taskId')
      .leftJoin('task_flow as previous', (join) =>
        join.onRef('previous.taskId', '=', 'task_flow.taskId').on((eb) => eb('previous.sequence', '=', eb('task_flow.sequence', '-', 1))),
      )
      .leftJoin('production_code as device', (join) => join.on('device.code', '=', code))
      .leftJoin('locked', 'locked.id', 'device.id')
      .leftJoin('device_flow as here', (join) => join.onRef('here.codeId', '=', 'device.id').onRef('here.taskFlowId', '=', 'task_flow.id'))
      .leftJoin('device_flow as before', (join) =>
        join.onRef('before.codeId', '=', 'device.id').onRef('before.taskFlowId', '=', 'previous.id'),
      )
      .select((eb) => [
        'task.id as taskId',
        'task_flow.id as flowId',
        ...CONTEXT_COLUMNS,
        finishedUnits(eb.ref('task.id')).as('finishedUnits'),
        flowCountOf(eb),
        eb.ref('locked.resultCount').$castTo<number | null>().as('lockedResultCount'),
      ])
      .where('task_flow.id', '=', flowId)
      .where('task.id', '=', taskId),
  );
const contextQueries = { locked: resultContextQuery(true), read: resultContextQuery(false) };

/**
 * What a result at a terminal's flow is checked against, in one read: the task
 * and flow (none when the terminal is not on that task's flow), the flow before
 * it, the units finished so far, and the device by its production code (null
 * columns when unknown) with its latest result at this flow and at the one
 * before.
 *
 * With `lock` on PostgreSQL, the same statement locks the device's row until the transaction
 * ends, so two results of one device never interleave. A statement reads as of
 * its start, though: when it had to wait for the lock, the device's row it
 * locked is the newest (lockedResultCount) but the rest of the read is what the
 * result that held the lock found. Every result adds one to the device's
 * resultCount, so the two counts differ exactly then, and the read is made again
 * under the lock it holds now: one round trip in the common case instead of a
 * lock and then a read. SQLite writes one transaction at a time anyway.
 */
export async function findResultContext(db: Kysely<Database>, dialect: Dialect, taskId: number, flowId: number, code: string, lock: boolean) {
  const query = lock ? contextQueries.locked : contextQueries.read;
  const read = async () => (await query(db, dialect, { taskId, flowId, code })).rows[0];
  const first = await read();
  if (!lock || dialect !== 'postgres' || first === undefined || first.lockedResultCount === first.resultCount) return first;
  return read();
}
export type ResultContext = NonNullable<Awaited<ReturnType<typeof findResultContext>>>;

/*
 * The station guard's read (platform/station-guard.ts) and the result's
 * (findResultContext) in one statement: the session by its token with its
 * terminal and user, the task and flow the terminal serves as an overall check,
 * and the device by its code, all as above. A result costs a read less, the
 * guard's rules being applied to the same row (station-result.ts).
 */
const sessionContextQuery = prepared(['tokenHash', 'code'], (db, _dialect, { tokenHash, code }: { tokenHash: string; code: string }) =>
  db
    .selectFrom('station_session')
    .innerJoin('account', 'account.id', 'station_session.accountId')
    .innerJoin('terminal', 'terminal.id', 'station_session.terminalId')
    .leftJoin('task_flow', (join) =>
      join
        .onRef('task_flow.id', '=', 'terminal.flowId')
        .onRef('task_flow.taskId', '=', 'terminal.taskId')
        // A parts-check PAD carries the id of an accessory task, another table (servesFlow).
        .on('terminal.status', '=', TERMINAL_STATUS.overallCheck),
    )
    .leftJoin('task', 'task.id', 'task_flow.taskId')
    .leftJoin('task_flow as previous', (join) =>
      join.onRef('previous.taskId', '=', 'task_flow.taskId').on((eb) => eb('previous.sequence', '=', eb('task_flow.sequence', '-', 1))),
    )
    .leftJoin('production_code as device', (join) => join.on('device.code', '=', code))
    .leftJoin('device_flow as here', (join) => join.onRef('here.codeId', '=', 'device.id').onRef('here.taskFlowId', '=', 'task_flow.id'))
    .leftJoin('device_flow as before', (join) => join.onRef('before.codeId', '=', 'device.id').onRef('before.taskFlowId', '=', 'previous.id'))
    .select((eb) => [
      ...stationSessionColumns(eb as unknown as ExpressionBuilder<Database, 'account' | 'terminal' | 'station_session'>),
      'task.id as contextTaskId',
      'task_flow.id as contextFlowId',
      ...CONTEXT_COLUMNS,
      // Read only where the task is there (contextTaskId not null).
      finishedUnits(eb.ref('task.id').$castTo<number>()).as('finishedUnits'),
      flowCountOf(eb),
    ])
    .where('station_session.tokenHash', '=', tokenHash),
);

/**
 * The session of a station token (as findStationSession reads it) and the
 * context of a result of `code` at the flow its terminal serves (as
 * findResultContext reads it; undefined when the terminal serves none), in one
 * read without a lock. Undefined when the token has no session.
 */
export async function findSessionAndContext(db: Kysely<Database>, dialect: Dialect, tokenHash: string, code: string) {
  const row = (await sessionContextQuery(db, dialect, { tokenHash, code })).rows[0];
  if (!row) return undefined;
  // The terminal's taskId and flowId (of the session's columns) are the context's where there is one (the
  // join's condition): the row serves as both, not copied (sixty columns, thousands of results a second).
  const context: ResultContext | undefined =
    row.contextTaskId === null || row.contextFlowId === null ? undefined : (Object.assign(row, { lockedResultCount: row.resultCount }) as unknown as ResultContext);
  return { session: row, context };
}

export type ScanKind = 'sn' | 'mac' | 'imei';

/** Which of the scanned values another device of the task already carries. */
export async function scanTakenBy(
  db: Kysely<Database>,
  taskId: number,
  deviceId: number,
  scans: Partial<Record<ScanKind, string>>,
): Promise<ScanKind | undefined> {
  const entries = Object.entries(scans) as [ScanKind, string][];
  if (entries.length === 0) return undefined;
  const row = await db
    .selectFrom('production_code')
    .select(['sn', 'mac', 'imei'])
    .where('taskId', '=', taskId)
    .where('id', '<>', deviceId)
    .where((eb) => eb.or(entries.map(([kind, value]) => eb(kind, '=', value))))
    .limit(1)
    .executeTakeFirst();
  if (!row) return undefined;
  return entries.find(([kind, value]) => row[kind] === value)?.[0];
}

const storedResultQuery = prepared(['terminalId', 'clientResultId'], (db, _dialect, p: { terminalId: number; clientResultId: string }) =>
  db
    .selectFrom('flow_result')
    .innerJoin('production_code', 'production_code.id', 'flow_result.codeId')
    .select([
      'flow_result.id',
      'flow_result.clientResultId',
      'flow_result.taskId',
      'flow_result.status',
      'flow_result.createTime',
      'flow_result.autoResults',
      'flow_result.manualResults',
      'production_code.code as productionCode',
      'production_code.testStatus',
    ])
    .where('flow_result.terminalId', '=', p.terminalId)
    .where('flow_result.clientResultId', '=', p.clientResultId),
);

/**
 * A result the terminal stored under that clientResultId, with its device, as a
 * retry of it is answered. Only the terminal's own: the id is the station's, and
 * another terminal sending it must not be answered this one's verdict.
 */
export async function findResultByClientId(db: Kysely<Database>, dialect: Dialect, terminalId: number, clientResultId: string) {
  return (await storedResultQuery(db, dialect, { terminalId, clientResultId })).rows[0];
}
export type StoredResultRow = NonNullable<Awaited<ReturnType<typeof findResultByClientId>>>;

/** A terminal's results since `since`, newest first, with their device and flow. */
export async function resultsOfTerminal(
  db: Kysely<Database>,
  terminalId: number,
  since: number,
  paging: { page: number; pageSize: number },
) {
  const base = db.selectFrom('flow_result').where('flow_result.terminalId', '=', terminalId).where('flow_result.createTime', '>=', since);
  const counted = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  let list = base
    .innerJoin('production_code', 'production_code.id', 'flow_result.codeId')
    .innerJoin('task_flow', 'task_flow.id', 'flow_result.taskFlowId')
    .select([
      'flow_result.id as resultId',
      'production_code.code as productionCode',
      'task_flow.name as flowName',
      'flow_result.status',
      'flow_result.userName',
      'flow_result.createTime',
    ])
    .orderBy('flow_result.createTime', 'desc')
    .orderBy('flow_result.id', 'desc');
  if (paging.pageSize > 0) list = list.limit(paging.pageSize).offset((paging.page - 1) * paging.pageSize);
  return { rows: await list.execute(), total: Number(counted.n) };
}

/** Whether a terminal is on a production task's flow (overall check, see task-terminals.ts). */
export const servesFlow = (terminal: { terminalStatus: number; taskId: number | null; flowId: number | null }) =>
  terminal.terminalStatus === TERMINAL_STATUS.overallCheck && terminal.taskId !== null && terminal.flowId !== null;

/** The task and flow of a terminal's latest result (its last task), undefined when it has none. */
export function lastTaskOfTerminal(db: Kysely<Database>, terminalId: number) {
  return db
    .selectFrom('flow_result')
    .innerJoin('task', 'task.id', 'flow_result.taskId')
    .innerJoin('task_flow', 'task_flow.id', 'flow_result.taskFlowId')
    .select(['task.id as taskId', 'task.productNumber', 'task.status', 'task.finishTime', 'task_flow.name as flowName'])
    .where('flow_result.terminalId', '=', terminalId)
    .orderBy('flow_result.createTime', 'desc')
    .orderBy('flow_result.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
