import { type CheckConfig, type CheckTaskBindBody, type DtuTestRecord, type Page, PATHS, type SampleDetail, type SamplingBatch, TERMINAL_STATUS } from '@factory/contracts';
import type { FastifyInstance } from 'fastify';
import { dataOf } from './answers.js';
import { dtuSubmissionApi } from './dtu-submission-api.js';
import { createLine } from './factories/lines.js';
import { createTerminal } from './factories/terminals.js';

/*
 * The sampling calls of the console (配置抽检任务, 解绑终端, 抽检配置, 抽检批次, a batch's
 * samples, a sample's detail and delete), and a sampling line with idle PADs to bind.
 */

type Query = Record<string, string | number>;

export function dtuSamplingApi(t: { readonly app: FastifyInstance; readonly admin: string }) {
  const base = dtuSubmissionApi(t);
  const { db, get, post, postForm } = base;

  const bindRaw = (body: CheckTaskBindBody | Record<string, unknown>, token: string = t.admin) => post(PATHS.checkTaskBind, token, body);
  const bind = async (body: CheckTaskBindBody, token: string = t.admin) => dataOf<null>(await bindRaw(body, token));
  const unbindRaw = (taskId: number, token: string = t.admin) => postForm(PATHS.checkTaskUnbind, token, { taskId });
  const configRaw = (taskId: number, token: string = t.admin) => get(PATHS.dtuTaskCheckinfoCheckDetail, token, { taskId });
  const config = async (taskId: number, token: string = t.admin) => dataOf<CheckConfig>(await configRaw(taskId, token));
  const groupsRaw = (query: Query, token: string = t.admin) => get(PATHS.dtuTaskCheckinfoGroupList, token, query);
  const groups = async (query: Query, token: string = t.admin) => dataOf<Page<SamplingBatch>>(await groupsRaw(query, token));
  const samplesRaw = (query: Query, token: string = t.admin) => get(PATHS.dtuTaskCheckinfoGroupCheckList, token, query);
  const samples = async (query: Query, token: string = t.admin) => dataOf<Page<DtuTestRecord>>(await samplesRaw(query, token));
  const sampleRaw = (id: number, token: string = t.admin) => get(PATHS.dtuTaskCheckinfoGroupCheckDetail, token, { id });
  const sample = async (id: number, token: string = t.admin) => dataOf<SampleDetail>(await sampleRaw(id, token));
  const removeSample = (id: number, token: string = t.admin) => postForm(PATHS.dtuTaskCheckinfoCheckDelete, token, { id });

  /** `count` idle PADs on the line (of the admin's tenant unless told), named as told. */
  async function idlePads(lineId: number, count: number, options: { ownerId?: number; names?: string[] } = {}): Promise<number[]> {
    const ids: number[] = [];
    for (let index = 0; index < count; index++) {
      const name = options.names?.[index];
      ids.push(await createTerminal(db(), { lineId, status: TERMINAL_STATUS.idle, ...(options.ownerId ? { ownerId: options.ownerId } : {}), ...(name ? { terminalName: name } : {}) }));
    }
    return ids;
  }

  /** A task (START unless told) and a sampling line with `padCount` idle PADs. */
  async function samplingSetting(options: Parameters<typeof base.taskWith>[0] & { padCount?: number } = {}) {
    const { padCount, ...taskOptions } = options;
    const task = await base.taskWith({ status: 'START', ...taskOptions });
    const checkLineId = await createLine(db());
    const checkPads = await idlePads(checkLineId, padCount ?? 2);
    return { ...task, checkLineId, checkPads };
  }

  const bindBody = (taskId: number, lineId: number, pads: number[], overrides: Partial<CheckTaskBindBody> = {}): CheckTaskBindBody => ({
    id: taskId,
    aimLineId: lineId,
    pads,
    productionNumber: 5,
    inspectionLevel: 'II',
    aql: 1,
    ...overrides,
  });

  /** The terminals bound to the task's sampling, by id. */
  const checkTerminals = async (taskId: number) =>
    (
      await db()
        .selectFrom('terminal')
        .select('id')
        .where('taskId', '=', taskId)
        .where('status', '=', TERMINAL_STATUS.partsCheck)
        .where('partsRole', '=', 'CHECK')
        .orderBy('id')
        .execute()
    ).map((row) => row.id);

  /** Everything a binding writes: the terminals and the tasks. */
  const samplingSnapshot = async () => ({
    terminals: await db().selectFrom('terminal').select(['id', 'status', 'taskId', 'flowId', 'workerId', 'partsRole']).orderBy('id').execute(),
    tasks: await db().selectFrom('dtu_task').selectAll().orderBy('id').execute(),
  });

  return {
    ...base,
    bindRaw,
    bind,
    unbindRaw,
    configRaw,
    config,
    groupsRaw,
    groups,
    samplesRaw,
    samples,
    sampleRaw,
    sample,
    removeSample,
    idlePads,
    samplingSetting,
    bindBody,
    checkTerminals,
    samplingSnapshot,
  };
}
