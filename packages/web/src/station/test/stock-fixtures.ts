import type { AnswerIn } from '@factory/contracts';
import type { StationBatch, StationCheck, StockModes, StockMovement } from '../lib/contracts';
import type { STATION_ENDPOINTS as STATION } from '../lib/contracts';
import { STOCK_MSG, STOCK_STATION_ENDPOINTS as STOCK } from '../lib/contracts';
import type { StockWriteBodies } from '../lib/stock-api';
import { NO_PLAN } from '../../test/batch-plan-fixtures';
import { rawAnswer, answer, type FakeServer, installServer, refusal } from '../../test/fake-server';

export const PDA_TOKEN = 'pda-token-1';

export const PDA_SESSION: AnswerIn<typeof STATION.stationLogin> = {
  token: PDA_TOKEN,
  terminal: { id: 8, code: 'PDA-02', name: '成品库手持终端', terminalType: 'PDA' as const },
  user: { id: 22, userName: 'zhao_min' },
};

export const ALL_MODES: StockModes = { stockIn: true, spotCheck: true, stockOut: true, lineName: '一号线' };

const NOW = '2026-11-27 10:15:00';

const WRITE_ENDPOINTS = { in: STOCK.stationStockIn, close: STOCK.stationCloseBatch, check: STOCK.stationSpotCheckResult, out: STOCK.stationStockOut } as const;

/** A finished unit as the server knows it: its codes, its product and whether its production record is PASS. */
export interface WorldUnit {
  code: string;
  sn?: string;
  productNumber?: string;
  passed?: boolean;
}

type Plan = Pick<StationBatch, 'codeLetter' | 'sampleSize' | 'acceptNumber' | 'rejectNumber'> & Partial<Pick<StationBatch, 'severity'>>;

interface WorldBatch extends StationBatch {
  units: string[];
  checks: StationCheck[];
}

/** A closed batch ready to check, of the given units, with its plan. */
export interface ClosedBatch extends Plan {
  batchNo: string;
  units: string[];
  verdict?: StationBatch['verdict'];
}

interface PdaWorldOptions {
  modes?: StockModes;
  units?: WorldUnit[];
  /** the plan closing a batch fixes (the server takes it from GB/T 2828.1; the station only shows it) */
  plan?: Plan;
  closed?: ClosedBatch[];
}

/**
 * A PDA's server stand-in with state: units are stocked into the open batch of their
 * product, batches are closed with a plan, checked and shipped, every movement is
 * kept, and each write's clientId is remembered so a resend is answered as the
 * first time and applied once, as the server does. network: 'down' fails every call
 * as fetch does offline; 'lost' applies a write and then loses its answer (a 503).
 */
export function installPdaServer(options: PdaWorldOptions = {}) {
  const plan: Plan = options.plan ?? { codeLetter: 'A', sampleSize: 2, acceptNumber: 0, rejectNumber: 1 };
  const units = new Map((options.units ?? []).map((unit) => [unit.code, { productNumber: 'GW_100', passed: true, sn: undefined, ...unit }]));
  const batches: WorldBatch[] = [];
  const movements: StockMovement[] = [];
  const answered = new Map<string, unknown>();
  const shipped = new Set<string>();
  const state = { network: 'up' as 'up' | 'down' | 'lost', batches, movements };
  let nextBatch = 1;

  const batchOf = (fields: Partial<WorldBatch> & Pick<WorldBatch, 'batchNo' | 'productNumber'>): WorldBatch => ({
    id: 100 + batches.length,
    lineName: '一号线',
    count: 0,
    status: 'OPEN',
    stockTime: NOW,
    ...NO_PLAN,
    units: [],
    checks: [],
    ...fields,
  });
  for (const closed of options.closed ?? []) {
    const { units: codes, ...rest } = closed;
    batches.push(
      batchOf({ ...rest, productNumber: 'GW_100', units: codes, count: codes.length, status: 'CLOSED', inspectionLevel: 'II', aql: 1, lotSize: codes.length, verdict: closed.verdict ?? 'PENDING' }),
    );
  }

  const plain = ({ units: _units, checks: _checks, ...batch }: WorldBatch): StationBatch => batch;
  const unitOf = (code: string) => [...units.values()].find((unit) => unit.code === code || unit.sn === code);
  const stockedIn = (code: string) => batches.find((batch) => batch.units.includes(code));
  const unitAnswer = (unit: { code: string; sn?: string; productNumber: string }) => ({ produceCode: unit.code, sn: unit.sn ?? null, productNumber: unit.productNumber });
  const move = (kind: StockMovement['kind'], batchNo: string, code: string | null, checkPass: boolean | null = null) =>
    movements.unshift({ id: movements.length + 1, kind, produceCode: code, sn: null, batchNo, productNumber: 'GW_100', checkPass, userName: 'zhao_min', time: NOW });

  /** A write: once per clientId; in 'lost' mode applied and then answered with a 503. */
  function write<B extends { clientId?: string }>(apply: (body: B) => unknown) {
    return (request: { json: unknown }) => {
      const body = request.json as B;
      const id = body.clientId;
      let reply = id !== undefined ? answered.get(id) : undefined;
      if (reply === undefined) {
        reply = apply(body);
        if (id !== undefined) answered.set(id, reply);
      }
      return (state.network === 'lost' ? rawAnswer({ status: 503, body: 'Service Unavailable' }) : reply) as never;
    };
  }

  const server: FakeServer = installServer(
    answer(STOCK.stationStockModes, () => options.modes ?? ALL_MODES),
    answer(STOCK.stationOpenBatches, () => batches.filter((batch) => batch.status === 'OPEN').map(plain)),
    answer(STOCK.stationMovements, () => [...movements]),
    answer(STOCK.stationSpotCheckBatches, () => batches.filter((batch) => batch.status === 'CLOSED').map(plain)),
    answer(STOCK.stationSpotCheckBatch, (request) => {
      const { batchNo, code } = request.query;
      const batch = batchNo !== undefined ? batches.find((candidate) => candidate.batchNo === batchNo) : stockedIn(unitOf(code!)?.code ?? '');
      if (!batch) return refusal(batchNo !== undefined ? STOCK_MSG.batchUnknown(batchNo) : unitOf(code!) ? STOCK_MSG.unitNotStocked(code!) : STOCK_MSG.unitUnknown(code!), 400);
      return { ...plain(batch), checks: [...batch.checks] };
    }),
    answer(
      STOCK.stationStockIn,
      write<StockWriteBodies['in']>(({ code }) => {
        const unit = unitOf(code);
        if (!unit) return refusal(STOCK_MSG.unitUnknown(code), 400);
        if (!unit.passed) return refusal(STOCK_MSG.unitNotPassed(code), 400);
        const earlier = stockedIn(unit.code);
        if (earlier) return refusal(STOCK_MSG.unitStocked(code, earlier.batchNo), 409);
        let batch = batches.find((candidate) => candidate.status === 'OPEN' && candidate.productNumber === unit.productNumber);
        if (!batch) {
          batch = batchOf({ batchNo: `RK20261127-${String(nextBatch++).padStart(3, '0')}`, productNumber: unit.productNumber });
          batches.push(batch);
        }
        batch.units.push(unit.code);
        batch.count = batch.units.length;
        move('IN', batch.batchNo, unit.code);
        return { stockBatchId: batch.id, batchNo: batch.batchNo, count: batch.count, unit: unitAnswer(unit) };
      }),
    ),
    answer(
      STOCK.stationCloseBatch,
      write<StockWriteBodies['close']>(({ batchNo }) => {
        const batch = batches.find((candidate) => candidate.batchNo === batchNo);
        if (!batch) return refusal(STOCK_MSG.batchUnknown(batchNo), 400);
        if (batch.status !== 'OPEN') return refusal(STOCK_MSG.batchNotOpen(batchNo), 409);
        Object.assign(batch, plan, { status: 'CLOSED', inspectionLevel: 'II', aql: 1, lotSize: batch.count });
        move('CLOSE', batchNo, null);
        return plain(batch);
      }),
    ),
    answer(
      STOCK.stationSpotCheckResult,
      write<StockWriteBodies['check']>(({ batchNo, code, pass, defect }) => {
        const batch = batches.find((candidate) => candidate.batchNo === batchNo);
        if (!batch) return refusal(STOCK_MSG.batchUnknown(batchNo), 400);
        if (batch.verdict !== 'PENDING') return refusal(STOCK_MSG.batchDecided(batchNo, batch.verdict === 'ACCEPT' ? '合格' : '不合格'), 409);
        const unit = unitOf(code);
        if (!unit || !batch.units.includes(unit.code)) return refusal(STOCK_MSG.unitNotInBatch(code, batchNo), 400);
        const check: StationCheck = { produceCode: unit.code, sn: unit.sn ?? null, checkPass: pass, defect: pass ? null : defect, checkTime: NOW, operator: 'zhao_min' };
        batch.checks.unshift(check);
        batch.checkedCount += 1;
        if (!pass) batch.defectCount += 1;
        if (batch.defectCount >= batch.rejectNumber!) batch.verdict = 'REJECT';
        else if (batch.checkedCount >= batch.sampleSize! && batch.defectCount <= batch.acceptNumber!) batch.verdict = 'ACCEPT';
        move('CHECK', batchNo, unit.code, pass);
        return { ...plain(batch), unit: check };
      }),
    ),
    answer(
      STOCK.stationStockOut,
      write<StockWriteBodies['out']>(({ code }) => {
        const unit = unitOf(code);
        if (!unit) return refusal(STOCK_MSG.unitUnknown(code), 400);
        const batch = stockedIn(unit.code);
        if (!batch) return refusal(STOCK_MSG.unitNotStocked(code), 409);
        if (shipped.has(unit.code)) return refusal(STOCK_MSG.unitShipped(code), 409);
        if (batch.verdict === 'REJECT') return refusal(STOCK_MSG.unitBatchRejected(code, batch.batchNo), 409);
        if (batch.verdict !== 'ACCEPT') return refusal(STOCK_MSG.unitBatchPending(code, batch.batchNo), 409);
        shipped.add(unit.code);
        move('OUT', batch.batchNo, unit.code);
        return { batchNo: batch.batchNo, unit: unitAnswer(unit), outTime: NOW };
      }),
    ),
  );

  const serve = globalThis.fetch;
  globalThis.fetch = (input, init) => (state.network === 'down' ? Promise.reject(new TypeError('Failed to fetch')) : serve(input, init));

  /** The bodies of one kind of write the server received, in order. */
  const posts = <K extends keyof StockWriteBodies>(kind: K) => server.calls(WRITE_ENDPOINTS[kind]).map((request) => request.json as StockWriteBodies[K]);

  return { server, state, posts };
}
