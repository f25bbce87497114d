import { PATHS, type TaskCreateBody, type TaskStatus } from '@factory/contracts';
import type { FastifyInstance } from 'fastify';
import { formatTime } from '../src/platform/time.js';
import { createLine, createPublishedProduct, createTerminal, type PublishedProduct } from './factories/index.js';
import { dataOf } from './answers.js';
import { client, dbOf } from './session-helpers.js';

/** The factory's date `offset` days from today (YYYY-MM-DD), as the form's date picker sends it. */
export function dayFromToday(offset: number, timeZone = 'Asia/Shanghai'): string {
  const today = formatTime(Date.now(), timeZone).slice(0, 10);
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + offset)).toISOString().slice(0, 10);
}

/** Step 1 of the form for a product on some lines: 3 units due tomorrow unless told. */
export function taskBody(product: PublishedProduct, lineIds: number[], overrides: Partial<TaskCreateBody> = {}): TaskCreateBody {
  return {
    productTypeId: product.productTypeId,
    productId: product.productId,
    productNumber: product.number,
    productionLineIds: lineIds,
    productionCount: 3,
    expireTime: dayFromToday(1),
    ...overrides,
  };
}

export interface PlannedTask {
  id: number;
  product: PublishedProduct;
  lineIds: number[];
  /** the task's flows in order (task_flow ids) */
  flowIds: number[];
  /** one PAD per flow, on the first line, set on the flow of the same index (empty for a NEW task) */
  padIds: number[];
}

export interface PlanOptions {
  flows?: number;
  lineIds?: number[];
  count?: number;
  /** how far to take the task through the API (NEW unless told) */
  status?: TaskStatus;
  token?: string;
}

/** The state of a PAD idle on `lineId`: no task, flow or worker. */
export const idleOn = (lineId: number | undefined) => ({ status: 4, taskId: null, flowId: null, lineId, workerId: null });

/** The calls of the task pages, with a signed-in token, as the console makes them. */
export function taskApi(app: () => FastifyInstance, adminToken: () => string) {
  const { get, post } = client(app);
  const db = () => dbOf(app());

  const ok = dataOf;

  async function taskFlowIds(taskId: number): Promise<number[]> {
    const rows = await db().selectFrom('task_flow').select('id').where('taskId', '=', taskId).orderBy('sequence').execute();
    return rows.map((row) => row.id);
  }

  const setPads = (taskId: number, flows: { flowId: number; padIdList: number[] }[], token = adminToken()) =>
    post(PATHS.padSet, token, { taskId, flowId2PadId: flows });

  /** A task planned through the API, taken to `status` through the API too. */
  async function plan(options: PlanOptions = {}): Promise<PlannedTask> {
    const token = options.token ?? adminToken();
    const product = await createPublishedProduct(db(), { flows: options.flows ?? 2 });
    const lineIds = options.lineIds ?? [await createLine(db())];
    const body = taskBody(product, lineIds, { productionCount: options.count ?? 3 });
    const id = ok(await post(PATHS.taskCreate, token, body)) as number;
    const flowIds = await taskFlowIds(id);
    const status = options.status ?? 'NEW';
    const padIds: number[] = [];
    if (status !== 'NEW') {
      for (let index = 0; index < flowIds.length; index++) padIds.push(await createTerminal(db(), { lineId: lineIds[0]! }));
      ok(await setPads(id, flowIds.map((flowId, index) => ({ flowId, padIdList: [padIds[index]!] })), token));
    }
    if (status === 'START' || status === 'STOP' || status === 'FINISH') ok(await post(PATHS.taskStart, token, { id }));
    if (status === 'STOP') ok(await post(PATHS.taskStop, token, { id }));
    if (status === 'FINISH') ok(await post(PATHS.taskFinish, token, { id }));
    return { id, product, lineIds, flowIds, padIds };
  }

  const taskRow = (id: number) => db().selectFrom('task').selectAll().where('id', '=', id).executeTakeFirst();
  const statusOf = async (id: number) => (await taskRow(id))?.status;
  const publishStatusOf = async (productId: number) =>
    (await db().selectFrom('product').select('publishStatus').where('id', '=', productId).executeTakeFirstOrThrow()).publishStatus;
  const codesOf = async (taskId: number) =>
    (await db().selectFrom('production_code').select(['sequence', 'code']).where('taskId', '=', taskId).orderBy('sequence').execute()).map(
      (row) => `${row.sequence}:${row.code}`,
    );
  const terminal = (id: number) =>
    db().selectFrom('terminal').select(['status', 'taskId', 'flowId', 'lineId', 'workerId']).where('id', '=', id).executeTakeFirstOrThrow();

  const typeNameOf = async (typeId: number) =>
    (await db().selectFrom('product_type').select('name').where('id', '=', typeId).executeTakeFirstOrThrow()).name;
  const lineNameOf = async (lineId: number) =>
    (await db().selectFrom('production_line').select('lineName').where('id', '=', lineId).executeTakeFirstOrThrow()).lineName;
  const terminalNameOf = async (terminalId: number) =>
    (await db().selectFrom('terminal').select('terminalName').where('id', '=', terminalId).executeTakeFirstOrThrow()).terminalName;

  return {
    get,
    post,
    db,
    ok,
    plan,
    setPads,
    taskFlowIds,
    taskRow,
    statusOf,
    publishStatusOf,
    codesOf,
    terminal,
    typeNameOf,
    lineNameOf,
    terminalNameOf,
  };
}
