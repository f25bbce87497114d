import { type BatchDetailItem, type Page, PATHS, type SubmitAnswer, type SubmitRecordPage } from '@factory/contracts';
import type { FastifyInstance } from 'fastify';
import { dataOf } from './answers.js';
import { dtuRecordApi } from './dtu-record-api.js';

/*
 * The calls of DTU submission as the console makes them (提交, 提交记录, the batch's
 * units, both exports), and what a refused submit must leave as it was.
 */

type Query = Record<string, string | number>;

export function dtuSubmissionApi(t: { readonly app: FastifyInstance; readonly admin: string }) {
  const base = dtuRecordApi(t);
  const { db, get, postForm } = base;

  const submitRaw = (taskId: number, token: string = t.admin) => postForm(PATHS.dtuTaskSubmit, token, { taskId });
  const submit = async (taskId: number, token: string = t.admin) => dataOf<SubmitAnswer>(await submitRaw(taskId, token));
  const batchesRaw = (query: Query, token: string = t.admin) => get(PATHS.dtuTaskSubmitRecordList, token, query);
  const batches = async (query: Query, token: string = t.admin) => dataOf<SubmitRecordPage>(await batchesRaw(query, token));
  const unitsRaw = (query: Query, token: string = t.admin) => get(PATHS.dtuTaskSubmitRecordDetailList, token, query);
  const units = async (query: Query, token: string = t.admin) => dataOf<Page<BatchDetailItem>>(await unitsRaw(query, token));
  const taskExport = (taskId: number, token: string = t.admin) => get(PATHS.dtuTaskExport, token, { taskId });
  const batchExport = (batchId: number, token: string = t.admin) => get(PATHS.dtuTaskSubmitRecordExport, token, { batchId });

  const batchRow = (id: number) => db().selectFrom('dtu_submit_batch').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const testsOf = (taskId: number) => db().selectFrom('dtu_test').selectAll().where('taskId', '=', taskId).orderBy('id').execute();

  /** Everything a submit writes: the task, its records and its batches. */
  const submitSnapshot = async (taskId: number) => ({
    task: await base.taskRow(taskId),
    tests: await testsOf(taskId),
    batches: await db().selectFrom('dtu_submit_batch').selectAll().where('taskId', '=', taskId).orderBy('id').execute(),
  });

  return { ...base, submitRaw, submit, batchesRaw, batches, unitsRaw, units, taskExport, batchExport, batchRow, testsOf, submitSnapshot };
}
