import { type Envelope, type Flow, MSG, PATHS } from '@factory/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createFlow, createProduct } from '../../../test/factories/index.js';
import { bearer, dbOf } from '../../../test/session-helpers.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';

describe.each(testDialects())('flow order on %s', (dialect) => {
  const t = withTestApp(dialect);

  const db = () => dbOf(t.app);
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(t.admin), payload });
  /** insertPosition is a form post (seed 001 §7). */
  const insert = (left: number | '', middle: number, right: number | '') =>
    t.app.inject({
      method: 'POST',
      url: PATHS.flowInsertPosition,
      headers: { ...bearer(t.admin), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ left: String(left), middle: String(middle), right: String(right) }).toString(),
    });
  const swap = (fromId: number, toId: number) => post(PATHS.flowChangePosition, { fromId, toId });
  const expectOk = (response: LightMyRequestResponse) => expect(response.json()).toMatchObject({ code: 1, errorMsg: null });
  const expectRefusal = (response: LightMyRequestResponse, status: number, message: string) => {
    expect({ status: response.statusCode, body: response.json() }).toEqual({ status, body: { code: 0, data: null, errorMsg: message } });
  };

  /** The flows' ids in stored order, after checking the numbers are exactly 1..n. */
  async function storedOrder(productId: number): Promise<number[]> {
    const rows = await db()
      .selectFrom('product_flow')
      .select(['id', 'sequence'])
      .where('productId', '=', productId)
      .orderBy('sequence')
      .orderBy('id')
      .execute();
    expect(rows.map((row) => row.sequence)).toEqual(rows.map((_, index) => index + 1));
    return rows.map((row) => row.id);
  }

  /** A product with `count` flows; answers their ids in order. */
  async function productWithFlows(count: number): Promise<{ productId: number; ids: number[] }> {
    const productId = await createProduct(db());
    const ids: number[] = [];
    for (let index = 0; index < count; index += 1) ids.push(await createFlow(db(), productId, { name: `流程${index + 1}` }));
    return { productId, ids };
  }

  async function add(productId: number, position: { preId?: number | ''; nextId?: number | '' } = {}) {
    return post(PATHS.flowAdd, { productId, name: '新流程', ...position });
  }

  describe('adding in place', () => {
    it('numbers flows added without a position 1..n at the end, and answers them in order', async () => {
      const productId = await createProduct(db());
      const ids: number[] = [];
      for (let index = 0; index < 3; index += 1) ids.push((await add(productId, { preId: '', nextId: '' })).json<Envelope<number>>().data);
      expect(await storedOrder(productId)).toEqual(ids);
      const flows = (await t.app.inject({ method: 'GET', url: PATHS.flowList, query: { productId: String(productId) }, headers: bearer(t.admin) }))
        .json<Envelope<Flow[]>>().data;
      expect(flows.map((flow) => [flow.id, flow.order, flow.preId, flow.nextId])).toEqual([
        [ids[0], 1, null, ids[1]],
        [ids[1], 2, ids[0], ids[2]],
        [ids[2], 3, ids[1], null],
      ]);
    });

    it('adds after preId, before nextId, or between both', async () => {
      const { productId, ids } = await productWithFlows(3);
      const [a, b, c] = ids as [number, number, number];
      const afterA = (await add(productId, { preId: a })).json<Envelope<number>>().data;
      expect(await storedOrder(productId)).toEqual([a, afterA, b, c]);
      const beforeA = (await add(productId, { nextId: a })).json<Envelope<number>>().data;
      expect(await storedOrder(productId)).toEqual([beforeA, a, afterA, b, c]);
      const between = (await add(productId, { preId: b, nextId: c })).json<Envelope<number>>().data;
      expect(await storedOrder(productId)).toEqual([beforeA, a, afterA, b, between, c]);
      const last = (await add(productId, { preId: c })).json<Envelope<number>>().data;
      expect(await storedOrder(productId)).toEqual([beforeA, a, afterA, b, between, c, last]);
    });

    it('refuses a position the page no longer shows (409 stale)', async () => {
      const { productId, ids } = await productWithFlows(3);
      const [a, , c] = ids as [number, number, number];
      const foreign = (await productWithFlows(1)).ids[0]!;
      expectRefusal(await add(productId, { preId: a, nextId: c }), 409, MSG.flowPositionStale);
      expectRefusal(await add(productId, { preId: 99999999 }), 409, MSG.flowPositionStale);
      expectRefusal(await add(productId, { nextId: foreign }), 409, MSG.flowPositionStale);
      expect(await storedOrder(productId)).toEqual(ids);
    });
  });

  describe('deleting', () => {
    it('closes the gap the deleted flow leaves', async () => {
      const { productId, ids } = await productWithFlows(5);
      const [a, b, c, d, e] = ids as [number, number, number, number, number];
      expectOk(await post(PATHS.flowDelete, { id: c }));
      expect(await storedOrder(productId)).toEqual([a, b, d, e]);
      expectOk(await post(PATHS.flowDelete, { id: a }));
      expectOk(await post(PATHS.flowDelete, { id: e }));
      expect(await storedOrder(productId)).toEqual([b, d]);
      expectRefusal(await post(PATHS.flowDelete, { id: c }), 404, MSG.recordNotFound);
    });
  });

  describe('swapping (changePosition)', () => {
    it('swaps two flows, neighbours or not', async () => {
      const { productId, ids } = await productWithFlows(4);
      const [a, b, c, d] = ids as [number, number, number, number];
      expectOk(await swap(a, c));
      expect(await storedOrder(productId)).toEqual([c, b, a, d]);
      expectOk(await swap(d, a));
      expect(await storedOrder(productId)).toEqual([c, b, d, a]);
    });

    it('refuses a flow onto itself, onto another product’s flow, and an unknown flow', async () => {
      const { productId, ids } = await productWithFlows(2);
      const [a, b] = ids as [number, number];
      const foreign = (await productWithFlows(1)).ids[0]!;
      expectRefusal(await swap(a, a), 409, MSG.flowSamePosition);
      expectRefusal(await swap(a, foreign), 409, MSG.flowPositionStale);
      expectRefusal(await swap(99999999, b), 404, MSG.recordNotFound);
      expect(await storedOrder(productId)).toEqual(ids);
    });
  });

  describe('inserting (insertPosition)', () => {
    it('moves a flow between two others, to the start and to the end', async () => {
      const { productId, ids } = await productWithFlows(4);
      const [a, b, c, d] = ids as [number, number, number, number];
      expectOk(await insert(b, a, c));
      expect(await storedOrder(productId)).toEqual([b, a, c, d]);
      expectOk(await insert('', d, b));
      expect(await storedOrder(productId)).toEqual([d, b, a, c]);
      expectOk(await insert(c, d, ''));
      expect(await storedOrder(productId)).toEqual([b, a, c, d]);
      expectOk(await insert(a, d, c));
      expect(await storedOrder(productId)).toEqual([b, a, d, c]);
    });

    it('refuses to drop a flow on itself or between its own neighbours', async () => {
      const { productId, ids } = await productWithFlows(3);
      const [a, b, c] = ids as [number, number, number];
      for (const [left, middle, right] of [
        [a, b, c],
        [a, b, b],
        [b, b, c],
        ['', a, b],
        [b, c, ''],
        [a, a, b],
      ] as const) {
        expectRefusal(await insert(left, middle, right), 409, MSG.flowSamePosition);
      }
      const single = await productWithFlows(1);
      expectRefusal(await insert('', single.ids[0]!, ''), 409, MSG.flowSamePosition);
      expect(await storedOrder(productId)).toEqual(ids);
    });

    it('refuses left and right that are no longer neighbours (409 stale)', async () => {
      const { productId, ids } = await productWithFlows(4);
      const [a, b, c, d] = ids as [number, number, number, number];
      const foreign = (await productWithFlows(1)).ids[0]!;
      for (const [left, middle, right] of [
        [a, d, c],
        [b, a, d],
        ['', d, b],
        [b, d, ''],
        [foreign, a, ''],
        ['', a, ''],
      ] as const) {
        expectRefusal(await insert(left, middle, right), 409, MSG.flowPositionStale);
      }
      expectRefusal(await insert(a, 99999999, b), 404, MSG.recordNotFound);
      expect(await storedOrder(productId)).toEqual(ids);
    });

    it('answers 400 without the flow to move', async () => {
      const { ids } = await productWithFlows(2);
      expectRefusal(await insert(ids[0]!, '' as unknown as number, ids[1]!), 400, MSG.idRequired);
    });
  });

  describe('under concurrent changes', () => {
    /** A small deterministic generator, so a failure can be replayed. */
    function random(seed: number): () => number {
      let state = seed;
      return () => {
        state = (state * 1103515245 + 12345) % 2147483648;
        return state / 2147483648;
      };
    }

    it.each([1, 2, 3])('keeps the order numbers 1..n through ~30 simultaneous reorders, adds and deletes (round %i)', async (round) => {
      const { productId, ids } = await productWithFlows(10);
      const next = random(round * 7919);
      const pick = () => ids[Math.floor(next() * ids.length)]!;
      const calls: { kind: string; run: Promise<LightMyRequestResponse> }[] = [];
      for (let index = 0; index < 32; index += 1) {
        const kind = ['swap', 'insert', 'add', 'delete', 'swap', 'insert', 'insert', 'add'][index % 8]!;
        let run: Promise<LightMyRequestResponse>;
        if (kind === 'swap') run = swap(pick(), pick());
        else if (kind === 'insert') {
          const at = Math.floor(next() * (ids.length + 1));
          run = insert(ids[at - 1] ?? '', pick(), ids[at] ?? '');
        } else if (kind === 'add') run = add(productId, next() < 0.5 ? { preId: pick() } : {});
        else run = post(PATHS.flowDelete, { id: pick() });
        calls.push({ kind, run });
      }
      const answers = await Promise.all(calls.map(async (call) => ({ kind: call.kind, response: await call.run })));

      for (const { response } of answers) expect([200, 404, 409]).toContain(response.statusCode);
      const succeeded = (kind: string) => answers.filter((answer) => answer.kind === kind && answer.response.statusCode === 200).length;
      expect(succeeded('swap') + succeeded('insert')).toBeGreaterThan(0);
      const order = await storedOrder(productId);
      expect(new Set(order).size).toBe(order.length);
      expect(order.length).toBe(ids.length + succeeded('add') - succeeded('delete'));
      const listed = (
        await t.app.inject({ method: 'GET', url: PATHS.flowList, query: { productId: String(productId) }, headers: bearer(t.admin) })
      ).json<Envelope<Flow[]>>().data;
      expect(listed.map((flow) => flow.id)).toEqual(order);
      expect(listed.map((flow) => flow.order)).toEqual(order.map((_, index) => index + 1));
    });
  });
});
