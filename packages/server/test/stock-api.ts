import {
  type CloseBatchBody,
  MENUS,
  PATHS,
  type SpotCheckAnswer,
  type SpotCheckResultBody,
  type StationBatch,
  type StockInAnswer,
  type StockOutAnswer,
} from '@factory/contracts';
import type { FastifyInstance } from 'fastify';
import { dataOf } from './answers.js';
import { createLine, createTerminal, insertTask, unique } from './factories/index.js';
import { client, dbOf } from './session-helpers.js';
import { stationApi, type Worker, createWorker } from './station-api.js';

/** Every PDA APP menu: a worker who may stock in, spot-check and ship. */
export const PDA_MENUS = [MENUS.pdaStockIn, MENUS.pdaSpotCheck, MENUS.pdaStockOut];

export interface Pda {
  terminalId: number;
  terminalCode: string;
  lineId: number;
  worker: Worker;
  token: string;
}

export interface MadeUnits {
  taskId: number;
  productId: number;
  /** production codes in label order; SN is `SN<code>`, MAC and IMEI derived too */
  codes: string[];
}

/**
 * The PDA's calls as the station app and the simulator make them, and the set-up
 * they need: units whose production records passed (written straight to the
 * tables: the station's own tests cover how a record comes to pass) and a PDA
 * with a signed-in worker.
 */
export function stockApi(app: () => FastifyInstance, adminToken: () => string) {
  const { get, post } = client(app);
  const station = stationApi(app, adminToken);
  const db = () => dbOf(app());

  /** `count` units of a task of `productId` (a new product when not given), every one PASS unless `status` says. */
  async function madeUnits(options: { count?: number; productId?: number; status?: 'PASS' | 'NOT_PASS' | null } = {}): Promise<MadeUnits> {
    const taskId = await insertTask(db(), { productionCount: options.count ?? 3, ...(options.productId ? { productId: options.productId } : {}) });
    const rows = await db().selectFrom('production_code').select(['id', 'code']).where('taskId', '=', taskId).orderBy('sequence').execute();
    for (const [index, row] of rows.entries()) {
      await db()
        .updateTable('production_code')
        .set({
          testStatus: options.status === undefined ? 'PASS' : options.status,
          sn: `SN${row.code}`,
          mac: `02:00:${String(taskId % 100).padStart(2, '0')}:00:00:${String(index).padStart(2, '0')}`,
          imei: `86${String(taskId).padStart(6, '0')}${String(index).padStart(7, '0')}`,
          lastTestTime: Date.now(),
        })
        .where('id', '=', row.id)
        .execute();
    }
    const task = await db().selectFrom('task').select('productId').where('id', '=', taskId).executeTakeFirstOrThrow();
    return { taskId, productId: task.productId, codes: rows.map((row) => row.code) };
  }

  /** A PDA on a new line (or `lineId`), a worker holding `grants` (every PDA menu) signed in on it. */
  async function pda(options: { grants?: string[]; lineId?: number } = {}): Promise<Pda> {
    const lineId = options.lineId ?? (await createLine(db()));
    const terminalCode = unique('PDA');
    const terminalId = await createTerminal(db(), { terminalType: 'PDA', terminalCode, lineId, status: 1 });
    const worker = await createWorker(app(), options.grants ?? PDA_MENUS);
    const { token } = await station.signIn(terminalCode, worker);
    return { terminalId, terminalCode, lineId, worker, token };
  }

  const stockIn = (token: string, code: string, clientId?: string) => post(PATHS.stationStockIn, token, { code, ...(clientId ? { clientId } : {}) });
  const closeBatch = (token: string, body: CloseBatchBody) => post(PATHS.stationCloseBatch, token, body);
  const stockOut = (token: string, code: string, clientId?: string) => post(PATHS.stationStockOut, token, { code, ...(clientId ? { clientId } : {}) });
  const check = (token: string, body: SpotCheckResultBody) => post(PATHS.stationSpotCheckResult, token, body);

  /** Stocks every code in, closes their batch and answers its plan. */
  async function closedBatch(token: string, codes: string[]): Promise<StationBatch> {
    let batchNo = '';
    for (const code of codes) batchNo = dataOf<StockInAnswer>(await stockIn(token, code)).batchNo;
    return dataOf<StationBatch>(await closeBatch(token, { batchNo }));
  }

  /** Checks units of a batch in order, each passing unless listed in `failing`. */
  async function checkUnits(token: string, batchNo: string, codes: string[], failing: string[] = []): Promise<SpotCheckAnswer> {
    let answer: SpotCheckAnswer | undefined;
    for (const code of codes) {
      const pass = !failing.includes(code);
      answer = dataOf<SpotCheckAnswer>(await check(token, { batchNo, code, pass, defect: pass ? null : '外观不良' }));
    }
    return answer!;
  }

  const shipped = async (token: string, code: string) => dataOf<StockOutAnswer>(await stockOut(token, code));

  /** The rows the stock keeps, counted: what a refusal must leave as it was. */
  async function stockCounts() {
    const count = async (table: 'stock_batch' | 'stock_unit' | 'stock_movement') =>
      Number((await db().selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const batches = await db().selectFrom('stock_batch').select(['id', 'count', 'status', 'checkedCount', 'defectCount', 'verdict', 'outCount']).orderBy('id').execute();
    return { batches: await count('stock_batch'), units: await count('stock_unit'), movements: await count('stock_movement'), rows: batches };
  }

  return { get, post, db, station, madeUnits, pda, stockIn, closeBatch, stockOut, check, closedBatch, checkUnits, shipped, stockCounts };
}
