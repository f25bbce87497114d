import { randomUUID } from 'node:crypto';
import {
  PATHS,
  STATION_APP_MENU,
  type StationAssignment,
  type StationLoginResult,
  type StationResultBody,
  type StationVerdict,
} from '@factory/contracts';
import type { FastifyInstance } from 'fastify';
import {
  createLine,
  createPublishedProduct,
  createRole,
  createTerminal,
  createUser,
  type PublishedProduct,
  unique,
} from './factories/index.js';
import { dataOf } from './answers.js';
import { client, dbOf } from './session-helpers.js';
import { dayFromToday } from './task-api.js';

export const WORKER_PASSWORD = 'Worker123x';

export interface Worker {
  id: number;
  userName: string;
  password: string;
}

/** A user under the admin whose role holds the PAD APP menu (or the grants given). */
export async function createWorker(app: FastifyInstance, grants: string[] = [STATION_APP_MENU.PAD], status = 1): Promise<Worker> {
  const db = dbOf(app);
  const roleId = await createRole(db, grants);
  const userName = unique('w');
  const id = await createUser(db, userName, WORKER_PASSWORD, { roleId, status });
  return { id, userName, password: WORKER_PASSWORD };
}

export interface Station {
  terminalId: number;
  terminalCode: string;
  /** the task_flow the PAD serves */
  flowId: number;
  token: string;
}

export interface RunningTask {
  taskId: number;
  product: PublishedProduct;
  /** task_flow ids in order */
  flowIds: number[];
  /** the production codes in label order */
  codes: string[];
  worker: Worker;
  /** `perFlow` signed-in PADs per flow, flow by flow */
  stations: Station[];
}

export interface RunningOptions {
  product?: PublishedProduct;
  flows?: number;
  count?: number;
  perFlow?: number;
}

/** The station calls as the app and the simulator make them, and the setup of a task with signed-in PADs. */
export function stationApi(app: () => FastifyInstance, adminToken: () => string) {
  const { get, post, postForm } = client(app);
  const db = () => dbOf(app());

  const ok = dataOf;

  const login = (terminalCode: string, username: string, password: string) =>
    post(PATHS.stationLogin, null, { terminalCode, username, password });

  /** Ties the worker to the terminal's line, if it has one: a worker below the admin works on its own lines only. */
  async function tieToLineOf(terminalCode: string, worker: Worker): Promise<void> {
    const terminal = await db().selectFrom('terminal').select('lineId').where('terminalCode', '=', terminalCode).executeTakeFirst();
    if (!terminal || terminal.lineId === null) return;
    const lineId = terminal.lineId;
    const tied = await db().selectFrom('account_line').select('lineId').where('accountId', '=', worker.id).where('lineId', '=', lineId).executeTakeFirst();
    if (!tied) await db().insertInto('account_line').values({ accountId: worker.id, lineId }).execute();
  }
  /** A worker of the terminal's line signs in (`login` is the bare call, for refusals). */
  const signIn = async (terminalCode: string, worker: Worker) => {
    await tieToLineOf(terminalCode, worker);
    return ok<StationLoginResult>(await login(terminalCode, worker.userName, worker.password));
  };

  const assignment = async (token: string) => ok<StationAssignment>(await get(PATHS.stationAssignment, token));
  const submit = (token: string, body: StationResultBody) => post(PATHS.stationResult, token, body);
  const verdict = async (token: string, body: StationResultBody) => ok<StationVerdict>(await submit(token, body));

  const terminalCodeOf = async (id: number) =>
    (await db().selectFrom('terminal').select('terminalCode').where('id', '=', id).executeTakeFirstOrThrow()).terminalCode;

  /** A task of `count` units (3) planned through the API, `perFlow` PADs (1) on each flow, each signed in by one worker. */
  async function runningTask(options: RunningOptions = {}): Promise<RunningTask> {
    const product = options.product ?? (await createPublishedProduct(db(), { flows: options.flows ?? 2 }));
    const lineId = await createLine(db());
    const taskId = ok<number>(
      await post(PATHS.taskCreate, adminToken(), {
        productTypeId: product.productTypeId,
        productId: product.productId,
        productNumber: product.number,
        productionLineIds: [lineId],
        productionCount: options.count ?? 3,
        expireTime: dayFromToday(1),
      }),
    );
    const flowIds = (await db().selectFrom('task_flow').select('id').where('taskId', '=', taskId).orderBy('sequence').execute()).map(
      (row) => row.id,
    );
    const perFlow = options.perFlow ?? 1;
    const padsOf = new Map<number, number[]>();
    for (const flowId of flowIds) {
      const ids: number[] = [];
      for (let n = 0; n < perFlow; n++) ids.push(await createTerminal(db(), { lineId }));
      padsOf.set(flowId, ids);
    }
    ok(
      await post(PATHS.padSet, adminToken(), {
        taskId,
        flowId2PadId: flowIds.map((flowId) => ({ flowId, padIdList: padsOf.get(flowId)! })),
      }),
    );
    const worker = await createWorker(app());
    const stations: Station[] = [];
    for (const flowId of flowIds) {
      for (const terminalId of padsOf.get(flowId)!) {
        const terminalCode = await terminalCodeOf(terminalId);
        const { token } = await signIn(terminalCode, worker);
        stations.push({ terminalId, terminalCode, flowId, token });
      }
    }
    const codes = (await db().selectFrom('production_code').select('code').where('taskId', '=', taskId).orderBy('sequence').execute()).map(
      (row) => row.code,
    );
    return { taskId, product, flowIds, codes, worker, stations };
  }

  /** The item ids of a task flow: auto-check and manual, in order. */
  async function itemIdsOf(flowId: number): Promise<{ items: number[]; manual: number[] }> {
    const items = await db().selectFrom('task_flow_item').select('id').where('taskFlowId', '=', flowId).orderBy('sequence').execute();
    const manual = await db()
      .selectFrom('task_flow_manual_item')
      .select('id')
      .where('taskFlowId', '=', flowId)
      .orderBy('sequence')
      .execute();
    return { items: items.map((row) => row.id), manual: manual.map((row) => row.id) };
  }

  /**
   * A result of the default product's flow (one int item 10–20, one manual item):
   * every item given `value` (15, a pass), every manual check ticked, the SN
   * scanned, unless told otherwise.
   */
  async function resultBody(flowId: number, productionCode: string, overrides: Partial<StationResultBody> & { value?: unknown } = {}) {
    const { items, manual } = await itemIdsOf(flowId);
    const { value = 15, ...rest } = overrides;
    const now = Date.now();
    return {
      clientResultId: randomUUID(),
      productionCode,
      // Overall-check flows ask for the SN; one per device, derived from its code.
      sn: `SN${productionCode}`,
      startTime: now - 30_000,
      endTime: now,
      autoValues: items.map((itemId) => ({ itemId, value })),
      manualResults: manual.map((itemId) => ({ itemId, pass: true })),
      ...rest,
    } satisfies StationResultBody;
  }

  /** Each flow of the task in order with its counters: the sums over its terminals' flow_counter rows. */
  async function flowCounts(taskId: number) {
    const rows = await db()
      .selectFrom('task_flow')
      .leftJoin('flow_counter', 'flow_counter.taskFlowId', 'task_flow.id')
      .select((eb) => [
        'task_flow.id',
        eb.fn.coalesce(eb.fn.sum<number>('flow_counter.totalCount'), eb.lit(0)).as('totalCount'),
        eb.fn.coalesce(eb.fn.sum<number>('flow_counter.failCount'), eb.lit(0)).as('failCount'),
        eb.fn.coalesce(eb.fn.sum<number>('flow_counter.finishNumber'), eb.lit(0)).as('finishNumber'),
        eb.fn.count<number>('flow_counter.terminalId').as('terminals'),
      ])
      .where('task_flow.taskId', '=', taskId)
      .groupBy(['task_flow.id', 'task_flow.sequence'])
      .orderBy('task_flow.sequence')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      totalCount: Number(row.totalCount),
      failCount: Number(row.failCount),
      finishNumber: Number(row.finishNumber),
      /** counter rows: one per terminal that submitted at the flow */
      terminals: Number(row.terminals),
    }));
  }

  /** The units that passed the task's last flow (what the task's finishNumber is). */
  const finishedUnits = async (taskId: number) => (await flowCounts(taskId)).at(-1)?.finishNumber ?? 0;

  /** The rows a result writes, counted: what a refusal must leave as it was. */
  async function storedCounts(taskId: number) {
    const results = await db()
      .selectFrom('flow_result')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('taskId', '=', taskId)
      .executeTakeFirstOrThrow();
    const devices = await db()
      .selectFrom('device_flow')
      .innerJoin('production_code', 'production_code.id', 'device_flow.codeId')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('production_code.taskId', '=', taskId)
      .executeTakeFirstOrThrow();
    const flows = (await flowCounts(taskId)).map(({ totalCount, failCount, finishNumber }) => ({ totalCount, failCount, finishNumber }));
    const codes = await db()
      .selectFrom('production_code')
      .select(['code', 'sn', 'mac', 'imei', 'resultCount', 'passedFlows', 'failedFlows', 'testStatus'])
      .where('taskId', '=', taskId)
      .orderBy('sequence')
      .execute();
    return { results: Number(results.n), deviceFlows: Number(devices.n), flows, codes };
  }

  return {
    flowCounts,
    finishedUnits,
    get,
    post,
    postForm,
    db,
    ok,
    login,
    signIn,
    tieToLineOf,
    assignment,
    submit,
    verdict,
    terminalCodeOf,
    runningTask,
    itemIdsOf,
    resultBody,
    storedCounts,
  };
}
