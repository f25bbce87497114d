import type { DtuTaskStatus } from '@factory/contracts';
import type { Kysely } from 'kysely';
import { dtusInScope, dtuColumns, type DtuRow } from '../../platform/dtus.js';
import { dtuTasksInScope } from '../../platform/dtu-tasks.js';
import type { PageRequest } from '../../platform/paging.js';
import type { Database } from '../../platform/schema.js';
import type { TaskScope } from '../../platform/task-scope.js';
import type { Tenancy } from '../../platform/tenancy.js';
import { containsText } from '../../platform/text-match.js';
import type { MajorMinorRow } from './major-minor-excel.js';

/** A task with its lines', creator's and Excel's names, as the list, the detail and the row actions read it. */
function withNames(db: Kysely<Database>, scope: TaskScope) {
  return dtuTasksInScope(db, scope)
    .innerJoin('production_line as line', 'line.id', 'dtu_task.productLineId')
    .innerJoin('production_line as aim', 'aim.id', 'dtu_task.aimLineId')
    .leftJoin('account as creator', 'creator.id', 'dtu_task.creatorId')
    .leftJoin('stored_file as excel', 'excel.id', 'dtu_task.excelFileId')
    .select([
      'dtu_task.id',
      'dtu_task.ownerId',
      'dtu_task.dtuId',
      'dtu_task.fittingType',
      'dtu_task.reworkTask',
      'dtu_task.productLineId',
      'line.lineName as productionLineName',
      'dtu_task.aimLineId',
      'aim.lineName as aimProductLineName',
      'dtu_task.expireTime',
      'dtu_task.productionNumber',
      'dtu_task.finishNumber',
      'dtu_task.testedNumber',
      'dtu_task.status',
      'dtu_task.duplicateEnable',
      'dtu_task.needExcel',
      'dtu_task.excelFileId',
      'excel.originName as excelOriginName',
      'dtu_task.testFirmwareVersion',
      'dtu_task.firmwareChangeTime',
      'dtu_task.createTime',
      'dtu_task.startTime',
      'dtu_task.finishTime',
      'creator.userName as creatorName',
    ]);
}

type StoredTaskRow = Awaited<ReturnType<ReturnType<typeof withNames>['executeTakeFirstOrThrow']>>;
export type DtuTaskRow = Omit<StoredTaskRow, 'status'> & { status: DtuTaskStatus };
const asTaskRow = (row: StoredTaskRow): DtuTaskRow => ({ ...row, status: row.status as DtuTaskStatus });

export interface DtuTaskFilters {
  dtuId: number;
  reworkTask: boolean;
  status?: DtuTaskStatus | undefined;
  productLineId?: number | undefined;
  aimProductLineId?: number | undefined;
  /** the task's name (rework: accessory model), contains */
  fittingType?: string | undefined;
}

/** Whether the DTU is the caller's tenant's (enabled or archived): its task lists are only for those who see it. */
export async function dtuVisible(db: Kysely<Database>, tenancy: Tenancy, dtuId: number): Promise<boolean> {
  let query = db.selectFrom('dtu').select('id').where('id', '=', dtuId);
  if (tenancy.ownerId !== null) query = query.where('ownerId', '=', tenancy.ownerId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** The DTU's normal or rework tasks the scope sees, newest first. */
export async function dtuTaskPage(
  db: Kysely<Database>,
  scope: TaskScope,
  filters: DtuTaskFilters,
  paging: PageRequest,
): Promise<{ rows: DtuTaskRow[]; total: number }> {
  let query = withNames(db, scope)
    .where('dtu_task.dtuId', '=', filters.dtuId)
    .where('dtu_task.reworkTask', '=', filters.reworkTask ? 1 : 0);
  if (filters.status !== undefined) query = query.where('dtu_task.status', '=', filters.status);
  if (filters.productLineId !== undefined) query = query.where('dtu_task.productLineId', '=', filters.productLineId);
  if (filters.aimProductLineId !== undefined) query = query.where('dtu_task.aimLineId', '=', filters.aimProductLineId);
  if (filters.fittingType) query = query.where(containsText('dtu_task.fittingType', filters.fittingType));
  const counted = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  let list = query.orderBy('dtu_task.createTime', 'desc').orderBy('dtu_task.id', 'desc');
  if (paging.pageSize > 0) list = list.limit(paging.pageSize).offset((paging.page - 1) * paging.pageSize);
  return { rows: (await list.execute()).map(asTaskRow), total: Number(counted.count) };
}

/**
 * The task if the scope sees it (not deleted). `lock` takes its row `for update`
 * on PostgreSQL until the transaction ends, so two changes of one task run one
 * after the other and each sees the other's status.
 */
export async function findDtuTask(
  db: Kysely<Database>,
  scope: TaskScope,
  id: number,
  options: { lock?: boolean } = {},
): Promise<DtuTaskRow | undefined> {
  if (options.lock) {
    // Locked without the joins: `for update` would lock the lines and the creator too.
    await dtuTasksInScope(db, scope).select('dtu_task.id').where('dtu_task.id', '=', id).forUpdate().execute();
  }
  const row = await withNames(db, scope).where('dtu_task.id', '=', id).executeTakeFirst();
  return row ? asTaskRow(row) : undefined;
}

export interface TaskPadRow {
  id: number;
  name: string;
  code: string;
  taskId: number;
  /** PAD or SERIAL */
  partsRole: string;
}

/** The PADs and serial terminals serving the tasks (parts check with a role of theirs), by name. */
export async function padsOfTasks(db: Kysely<Database>, taskIds: readonly number[]): Promise<TaskPadRow[]> {
  if (taskIds.length === 0) return [];
  const rows = await db
    .selectFrom('terminal')
    .select(['terminal.id', 'terminal.terminalName as name', 'terminal.terminalCode as code', 'terminal.taskId', 'terminal.partsRole'])
    .where('terminal.status', '=', 3)
    .where('terminal.taskId', 'in', taskIds)
    .where('terminal.partsRole', 'in', ['PAD', 'SERIAL'])
    .orderBy('terminal.terminalName')
    .orderBy('terminal.id')
    .execute();
  return rows.map((row) => ({ ...row, taskId: row.taskId!, partsRole: row.partsRole! }));
}

/** The DTU models of the tasks, with their files (whatever their status or tenant: the task's scope was checked). */
export async function dtusOfTasks(db: Kysely<Database>, dtuIds: readonly number[]): Promise<DtuRow[]> {
  if (dtuIds.length === 0) return [];
  return (await dtusInScope(db, { ownerId: null }).select(dtuColumns).where('dtu.id', 'in', [...new Set(dtuIds)]).execute()) as DtuRow[];
}

export interface ExcelCount {
  taskId: number;
  rows: number;
  /** rows already delivered to a unit */
  used: number;
}

/** How many rows each task's Excel holds and how many were delivered. */
export async function excelCountsOf(db: Kysely<Database>, taskIds: readonly number[]): Promise<ExcelCount[]> {
  if (taskIds.length === 0) return [];
  const rows = await db
    .selectFrom('dtu_task_excel_row')
    .select((eb) => ['taskId', eb.fn.countAll<number>().as('rows'), eb.fn.count<number>('testId').as('used')])
    .where('taskId', 'in', taskIds)
    .groupBy('taskId')
    .execute();
  return rows.map((row) => ({ taskId: row.taskId, rows: Number(row.rows), used: Number(row.used) }));
}

export interface DtuTaskValues {
  fittingType: string;
  productLineId: number;
  aimLineId: number;
  expireTime: number;
  productionNumber: number;
  testFirmwareVersion: string;
  needExcel: boolean;
  duplicateEnable: boolean;
}

const stored = (values: DtuTaskValues) => ({
  ...values,
  needExcel: values.needExcel ? 1 : 0,
  duplicateEnable: values.duplicateEnable ? 1 : 0,
});

/** A new task, UNSTART. */
export async function insertDtuTask(
  db: Kysely<Database>,
  task: DtuTaskValues & { ownerId: number; creatorId: number; dtuId: number; reworkTask: boolean; excelFileId: number | null },
  now: number,
): Promise<number> {
  const row = await db
    .insertInto('dtu_task')
    .values({
      ...stored(task),
      ownerId: task.ownerId,
      creatorId: task.creatorId,
      dtuId: task.dtuId,
      reworkTask: task.reworkTask ? 1 : 0,
      excelFileId: task.excelFileId,
      status: 'UNSTART',
      firmwareChangeTime: null,
      createTime: now,
      updateTime: now,
      startTime: null,
      finishTime: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface DtuTaskChange {
  values?: DtuTaskValues;
  excelFileId?: number | null;
  firmwareChangeTime?: number;
  status?: DtuTaskStatus;
  startTime?: number;
  finishTime?: number;
  duplicateEnable?: boolean;
  deleted?: true;
}

export async function updateDtuTask(db: Kysely<Database>, id: number, change: DtuTaskChange, now: number): Promise<void> {
  const { values, duplicateEnable, deleted, ...rest } = change;
  await db
    .updateTable('dtu_task')
    .set({
      ...(values ? stored(values) : {}),
      ...rest,
      ...(duplicateEnable === undefined ? {} : { duplicateEnable: duplicateEnable ? 1 : 0 }),
      ...(deleted ? { deleted: 1 } : {}),
      updateTime: now,
    })
    .where('id', '=', id)
    .execute();
}

/** Rows per insert: 5 values each stays far under either database's limit of bound values. */
const ROWS_PER_INSERT = 1_000;

/** The task's Excel rows, replacing any it had. */
export async function replaceExcelRows(db: Kysely<Database>, taskId: number, rows: readonly MajorMinorRow[]): Promise<void> {
  await db.deleteFrom('dtu_task_excel_row').where('taskId', '=', taskId).execute();
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const values = rows.slice(start, start + ROWS_PER_INSERT).map((row) => ({ taskId, ...row, testId: null }));
    await db.insertInto('dtu_task_excel_row').values(values).execute();
  }
}

/** Whether a row of the task's Excel was delivered to a unit already. */
export async function excelDelivered(db: Kysely<Database>, taskId: number): Promise<boolean> {
  const row = await db
    .selectFrom('dtu_task_excel_row')
    .select('id')
    .where('taskId', '=', taskId)
    .where('testId', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether a unit of the task was submitted (a firmware change then ends sampling, issue 18). */
export async function hasSubmittedTests(db: Kysely<Database>, taskId: number): Promise<boolean> {
  const row = await db
    .selectFrom('dtu_test')
    .select('id')
    .where('taskId', '=', taskId)
    .where('sampleBatchId', '=', 0)
    .where('manageStatus', '=', 'SUBMIT')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
