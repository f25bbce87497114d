import { type CheckLogItem, type DtuTestDetail, type DtuTestRecord, PATHS } from '@factory/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Dialect } from '../src/platform/db.js';
import type { Database } from '../src/platform/schema.js';
import { dataOf } from './answers.js';
import { dtuTaskApi } from './dtu-task-api.js';
import { adminIdOf } from './factories/accounts.js';
import { createDtuTask, createDtuTaskPad, createDtuTest, type DtuTaskOptions, type DtuTestOptions } from './factories/dtu-tasks.js';
import { createDtu } from './factories/dtus.js';
import { createLine } from './factories/lines.js';
import { planOfStatement, QueryCapture } from './query-capture.js';

/*
 * The calls of the DTU task pages that read units' records and the check log
 * (设备检测, 详情, 删除, 按MAC查找, 生产看板, 检测日志), and a task with records to read.
 */

type Query = Record<string, string | number>;

export interface RecordPage {
  list: DtuTestRecord[];
  total: number;
  pageSize: number;
  pageNum: number;
}
export interface CheckLogPage {
  list: CheckLogItem[];
  total: number;
  pageSize: number;
  pageNum: number;
  hasMore: boolean;
}

export function dtuRecordApi(t: { readonly app: FastifyInstance; readonly admin: string }) {
  const base = dtuTaskApi(t);
  const { db, get, postForm } = base;

  const listRaw = (query: Query, token: string = t.admin) => get(PATHS.dtuTaskCheckinfoList, token, query);
  const list = async (query: Query, token: string = t.admin) => dataOf<RecordPage>(await listRaw(query, token));
  const detailRaw = (id: number, token: string = t.admin) => get(PATHS.dtuTaskCheckinfoDetail, token, { id });
  const detail = async (id: number, token: string = t.admin) => dataOf<DtuTestDetail>(await detailRaw(id, token));
  const remove = (id: number, token: string = t.admin) => postForm(PATHS.dtuTaskCheckinfoDelete, token, { id });
  const findRaw = (dtuId: number, mac: string, token: string = t.admin) => get(PATHS.dtuTaskFind, token, { dtuId, mac });
  const find = async (dtuId: number, mac: string, token: string = t.admin) =>
    dataOf<{ id: number; reworkTask: boolean; taskDetailId: number }>(await findRaw(dtuId, mac, token));
  const watchCountRaw = (taskId: number, token: string = t.admin) => get(PATHS.dtuTaskWatchCount, token, { taskId });
  const watchCount = async (taskId: number, token: string = t.admin) =>
    dataOf<{ total: number; finished: number; timePerProduction: number; timeToFinish: number }>(await watchCountRaw(taskId, token));
  const historyRaw = (query: Query, token: string = t.admin) => get(PATHS.dtuTaskCheckHistoryList, token, query);
  const history = async (query: Query, token: string = t.admin) => dataOf<CheckLogPage>(await historyRaw(query, token));

  /** A task of a new DTU (THREE_2_ONE unless told) on a new line, with one PAD named as told. */
  async function taskWith(options: DtuTaskOptions & { communicationType?: string; padName?: string } = {}) {
    const { communicationType, padName, ...taskOptions } = options;
    const ownerId = taskOptions.ownerId ?? (await adminIdOf(db()));
    const dtuId = taskOptions.dtuId ?? (await createDtu(db(), { ownerId, communicationType: communicationType ?? 'THREE_2_ONE' }));
    const productLineId = taskOptions.productLineId ?? (await createLine(db()));
    const taskId = await createDtuTask(db(), { ...taskOptions, ownerId, dtuId, productLineId });
    const padId = await createDtuTaskPad(db(), taskId, padName ? { terminalName: padName } : {});
    return { taskId, dtuId, productLineId, padId };
  }

  /** A record tested at the PAD (the admin as tester unless told). */
  const testOf = (taskId: number, padId: number, options: DtuTestOptions = {}) => createDtuTest(db(), taskId, { terminalId: padId, ...options });

  const taskRow = (id: number) => db().selectFrom('dtu_task').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  return { ...base, listRaw, list, detailRaw, detail, remove, findRaw, find, watchCountRaw, watchCount, historyRaw, history, taskWith, testOf, taskRow };
}

/**
 * The plan of the first ordered select `read` runs: SQLite's query plan, or
 * PostgreSQL's told to avoid scans and sorts (as on a large table).
 */
export async function planOf(db: Kysely<Database>, dialect: Dialect, read: (db: Kysely<Database>) => Promise<unknown>): Promise<string> {
  const capture = new QueryCapture();
  await read(capture.watch(db));
  const statement = capture.orderedSelects()[0];
  if (!statement) throw new Error('the read ran no ordered select');
  return planOfStatement(db, dialect, statement);
}
