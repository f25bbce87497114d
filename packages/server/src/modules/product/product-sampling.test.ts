import { AQL_VALUES, type Envelope, INSPECTION_LEVELS, MSG, PATHS, type ProductPage } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { dataOf, expectRefusal } from '../../../test/answers.js';
import { createProduct, createRole, createTenant, unique } from '../../../test/factories/index.js';
import { BUTTONS, MENU, PASSWORD, productApi } from '../../../test/product-api.js';
import { loginAs } from '../../../test/session-helpers.js';
import { stockApi } from '../../../test/stock-api.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';
import { hashPassword } from '../../platform/password.js';

// The GB/T 2828.1 sampling settings of a product (inspection level, AQL), which fix the
// plan of its stock batches.
describe.each(testDialects())('product sampling settings on %s', (dialect) => {
  const t = withTestApp(dialect);
  const { db, get, post, userWith, validBody, create, detail, productRow, lastLog } = productApi(t);

  const samplingOf = async (id: number) => {
    const row = await productRow(id);
    return { inspectionLevel: row?.inspectionLevel, aql: row === undefined ? undefined : Number(row.aql) };
  };

  const refused: [string, Record<string, unknown>, string][] = [
    ['an unknown level', { inspectionLevel: 'IV' }, MSG.inspectionLevelRequired],
    ['a level in lower case', { inspectionLevel: 'ii' }, MSG.inspectionLevelRequired],
    ['a level of null', { inspectionLevel: null }, MSG.inspectionLevelRequired],
    ['a level as a number', { inspectionLevel: 2 }, MSG.inspectionLevelRequired],
    ['an AQL outside Table 2-A', { aql: 2 }, MSG.aqlRule],
    ['an AQL between two columns', { aql: 0.011 }, MSG.aqlRule],
    ['an AQL of zero', { aql: 0 }, MSG.aqlRule],
    ['a negative AQL', { aql: -1 }, MSG.aqlRule],
    ['an AQL above 1000', { aql: 1500 }, MSG.aqlRule],
    ['an AQL as words', { aql: 'one' }, MSG.aqlRule],
    ['an AQL with a percent sign', { aql: '1.0%' }, MSG.aqlRule],
    ['an AQL of null', { aql: null }, MSG.aqlRule],
    ['an AQL of true', { aql: true }, MSG.aqlRule],
  ];

  describe('create', () => {
    it('defaults to level II and AQL 1.0 when the body leaves them out', async () => {
      const id = await create();
      expect(await detail(id)).toMatchObject({ inspectionLevel: 'II', aql: 1 });
      expect(await samplingOf(id)).toEqual({ inspectionLevel: 'II', aql: 1 });
    });

    it('takes empty form fields as missing ones', async () => {
      const id = await create({ ...validBody(), inspectionLevel: '', aql: '' });
      expect(await detail(id)).toMatchObject({ inspectionLevel: 'II', aql: 1 });
    });

    it('stores the level and AQL given, as a JSON number or decimal text', async () => {
      const special = await create({ ...validBody(), inspectionLevel: 'S-2', aql: 0.065 });
      expect(await detail(special)).toMatchObject({ inspectionLevel: 'S-2', aql: 0.065 });
      const fromText = await create({ ...validBody(), inspectionLevel: 'III', aql: '0.010' });
      expect(await detail(fromText)).toMatchObject({ inspectionLevel: 'III', aql: 0.01 });
      const largest = await create({ ...validBody(), inspectionLevel: 'I', aql: '1000' });
      expect(await samplingOf(largest)).toEqual({ inspectionLevel: 'I', aql: 1000 });
    });

    it('accepts every level and every AQL of Table 2-A', async () => {
      for (const [index, inspectionLevel] of INSPECTION_LEVELS.entries()) {
        const id = await create({ ...validBody(), inspectionLevel, aql: AQL_VALUES[index * 4]! });
        expect(await detail(id)).toMatchObject({ inspectionLevel, aql: AQL_VALUES[index * 4] });
      }
      const id = await create();
      for (const aql of AQL_VALUES) {
        const response = await post(PATHS.productEdit, t.admin, { ...validBody(), id, aql: String(aql) });
        expect(response.statusCode, `${aql}: ${response.body}`).toBe(200);
        expect((await detail(id)).aql).toBe(aql);
      }
    });

    it.each(refused)('answers 400 for %s and creates nothing', async (_label, patch, message) => {
      const body = { ...validBody(), ...patch };
      expectRefusal(await post(PATHS.productCreate, t.admin, body), 400, message);
      expect(await db().selectFrom('product').select('id').where('number', '=', body.number).execute()).toEqual([]);
    });
  });

  describe('edit', () => {
    it('changes the level and AQL of an unpublished product', async () => {
      const id = await create();
      const body = { ...validBody(), id, inspectionLevel: 'S-4', aql: 2.5 };
      const response = await post(PATHS.productEdit, t.admin, body);
      expect(response.statusCode, response.body).toBe(200);
      expect(await detail(id)).toMatchObject({ inspectionLevel: 'S-4', aql: 2.5, number: body.number });
      expect((await post(PATHS.productEdit, t.admin, { ...body, inspectionLevel: 'I', aql: '0.40' })).statusCode).toBe(200);
      expect(await samplingOf(id)).toEqual({ inspectionLevel: 'I', aql: 0.4 });
    });

    it('sets them back to II and 1.0 when an edit leaves them out (an edit sends the whole form)', async () => {
      const id = await create({ ...validBody(), inspectionLevel: 'S-1', aql: 10 });
      const response = await post(PATHS.productEdit, t.admin, { ...validBody(), id });
      expect(response.statusCode, response.body).toBe(200);
      expect(await samplingOf(id)).toEqual({ inspectionLevel: 'II', aql: 1 });
    });

    it.each(refused)('answers 400 for %s and changes nothing', async (_label, patch, message) => {
      const id = await create({ ...validBody(), inspectionLevel: 'S-3', aql: 0.65 });
      const before = await productRow(id);
      expectRefusal(await post(PATHS.productEdit, t.admin, { ...validBody(), id, ...patch }), 400, message);
      expect(await productRow(id)).toEqual(before);
    });

    it.each(['PUBLISH', 'PRODUCTING'] as const)('keeps refusing any edit of a %s product, its sampling too (409)', async (publishStatus) => {
      const id = await createProduct(db(), { publishStatus });
      const before = await productRow(id);
      const response = await post(PATHS.productEdit, t.admin, { ...validBody(), id, inspectionLevel: 'III', aql: 0.25 });
      expectRefusal(response, 409, MSG.productNotEditable);
      expect(await productRow(id)).toEqual(before);
    });
  });

  describe('list and copy', () => {
    it('answers the level and AQL in the product list', async () => {
      const id = await create({ ...validBody(), inspectionLevel: 'S-1', aql: 150 });
      const response = await get(PATHS.productQuery, t.admin, { pageSize: '0' });
      expect(response.statusCode, response.body).toBe(200);
      const listed = response.json<Envelope<ProductPage>>().data.list.find((product) => product.id === id);
      expect(listed).toMatchObject({ inspectionLevel: 'S-1', aql: 150 });
      expect(listed).toEqual(await detail(id));
    });

    it('copies the level and AQL with the product, whatever its status', async () => {
      const id = await createProduct(db(), { publishStatus: 'PUBLISH', publishTime: Date.now() });
      await db().updateTable('product').set({ inspectionLevel: 'S-3', aql: 0.015 }).where('id', '=', id).execute();
      const response = await post(PATHS.productCopy, t.admin, { id });
      expect(response.statusCode, response.body).toBe(200);
      const copyId = response.json<Envelope<number>>().data;
      expect(await detail(copyId)).toMatchObject({ inspectionLevel: 'S-3', aql: 0.015, publishStatus: 'UNPUBLISH' });
      expect(await samplingOf(copyId)).toEqual({ inspectionLevel: 'S-3', aql: 0.015 });
    });
  });
  describe('editSampling, the settings alone whatever the status', () => {
    const editSampling = (id: number, settings: Record<string, unknown>, token = t.admin) =>
      post(PATHS.productSamplingEdit, token, { id, ...settings });
    /** The row without the two settings: what the call must leave as it was. */
    const restOf = async (id: number) => {
      const { inspectionLevel: _level, aql: _aql, ...rest } = (await productRow(id))!;
      return rest;
    };

    const statuses = ['UNPUBLISH', 'PUBLISH', 'PRODUCTING'] as const;
    it.each(statuses)('changes the level and AQL of a %s product and nothing else', async (publishStatus) => {
      const publishTime = publishStatus === 'UNPUBLISH' ? null : Date.now() - 1000;
      const id = await createProduct(db(), { publishStatus, publishTime });
      const rest = await restOf(id);
      const response = await editSampling(id, { inspectionLevel: 'III', aql: 0.65 });
      expect(dataOf(response)).toBeNull();
      expect(await samplingOf(id)).toEqual({ inspectionLevel: 'III', aql: 0.65 });
      expect(await detail(id)).toMatchObject({ inspectionLevel: 'III', aql: 0.65, publishStatus });
      expect(await restOf(id)).toEqual(rest);
    });

    it('takes the AQL as decimal text too, and every level and AQL of Table 2-A', async () => {
      const id = await createProduct(db(), { publishStatus: 'PRODUCTING', publishTime: Date.now() });
      dataOf(await editSampling(id, { inspectionLevel: 'S-1', aql: '0.010' }));
      expect(await samplingOf(id)).toEqual({ inspectionLevel: 'S-1', aql: 0.01 });
      for (const [index, aql] of AQL_VALUES.entries()) {
        const inspectionLevel = INSPECTION_LEVELS[index % INSPECTION_LEVELS.length]!;
        dataOf(await editSampling(id, { inspectionLevel, aql }));
        expect(await samplingOf(id)).toEqual({ inspectionLevel, aql });
      }
    });

    const missing: [string, Record<string, unknown>, string][] = [
      ['no level', { inspectionLevel: undefined }, MSG.inspectionLevelRequired],
      ['an empty level', { inspectionLevel: '' }, MSG.inspectionLevelRequired],
      ['no AQL', { aql: undefined }, MSG.aqlRule],
      ['an empty AQL', { aql: '' }, MSG.aqlRule],
    ];

    it.each([...refused, ...missing])('answers 400 for %s and changes nothing', async (_label, patch, message) => {
      const id = await createProduct(db(), { publishStatus: 'PUBLISH', publishTime: Date.now() });
      const before = await productRow(id);
      expectRefusal(await editSampling(id, { inspectionLevel: 'III', aql: 0.65, ...patch }), 400, message);
      expect(await productRow(id)).toEqual(before);
    });

    it('answers 400 without an id, and 404 for an unknown product or another tenant’s', async () => {
      const settings = { inspectionLevel: 'III', aql: 0.65 };
      expectRefusal(await post(PATHS.productSamplingEdit, t.admin, settings), 400, MSG.idRequired);
      expectRefusal(await editSampling(999999, settings), 404, MSG.recordNotFound);

      const roleId = await createRole(db(), [MENU, ...BUTTONS.map((fun) => `${MENU}:${fun}`)]);
      const userName = unique('tenant_');
      const tenantId = await createTenant(db(), userName, await hashPassword(PASSWORD), roleId);
      const tenant = (await loginAs(t.app, userName, PASSWORD)).token;
      const adminsOwn = await createProduct(db(), { publishStatus: 'PUBLISH', publishTime: Date.now() });
      const before = await productRow(adminsOwn);
      expectRefusal(await editSampling(adminsOwn, settings, tenant), 404, MSG.recordNotFound);
      expect(await productRow(adminsOwn)).toEqual(before);
      // its own product, and the platform administrator's reach over every tenant
      const tenantsOwn = await createProduct(db(), { ownerId: tenantId, publishStatus: 'PRODUCTING', publishTime: Date.now() });
      dataOf(await editSampling(tenantsOwn, settings, tenant));
      dataOf(await editSampling(tenantsOwn, { inspectionLevel: 'S-4', aql: 4 }));
      expect(await samplingOf(tenantsOwn)).toEqual({ inspectionLevel: 'S-4', aql: 4 });
    });

    it('needs the set button of the product center (403 before validation), not the others', async () => {
      const id = await createProduct(db(), { publishStatus: 'PUBLISH', publishTime: Date.now() });
      const before = await productRow(id);
      const withoutSet = await userWith([MENU, ...BUTTONS.filter((fun) => fun !== 'set').map((fun) => `${MENU}:${fun}`)]);
      expectRefusal(await post(PATHS.productSamplingEdit, withoutSet, {}), 403, MSG.noPermission);
      expectRefusal(await editSampling(id, { inspectionLevel: 'III', aql: 0.65 }, withoutSet), 403, MSG.noPermission);
      expect(await productRow(id)).toEqual(before);
      const withSet = await userWith([MENU, `${MENU}:set`]);
      dataOf(await editSampling(id, { inspectionLevel: 'III', aql: 0.65 }, withSet));
      expect(await samplingOf(id)).toEqual({ inspectionLevel: 'III', aql: 0.65 });
    });

    it('puts the product and the change on the operation log', async () => {
      const id = await createProduct(db(), { publishStatus: 'PRODUCTING', publishTime: Date.now() });
      const { number, code } = (await productRow(id))!;
      dataOf(await editSampling(id, { inspectionLevel: 'III', aql: 0.65 }));
      const logged = () => lastLog(PATHS.productSamplingEdit);
      await expect.poll(logged).toBe(`修改抽检设置 ${number}(${code}) 检验水平 II → III, AQL 1.0 → 0.65`);
      // what did not change is named once
      dataOf(await editSampling(id, { inspectionLevel: 'III', aql: '0.010' }));
      await expect.poll(logged).toBe(`修改抽检设置 ${number}(${code}) 检验水平 III, AQL 0.65 → 0.010`);
    });

    it('leaves the plan of a batch closed already; the next batch closed takes the new settings', async () => {
      const s = stockApi(() => t.app, () => t.admin);
      const pda = await s.pda();
      const units = await s.madeUnits({ count: 2 });
      await db().updateTable('product').set({ publishStatus: 'PRODUCTING' }).where('id', '=', units.productId).execute();
      const closed = await s.closedBatch(pda.token, [units.codes[0]!]);
      expect(closed).toMatchObject({ inspectionLevel: 'II', aql: 1 });

      dataOf(await editSampling(units.productId, { inspectionLevel: 'S-2', aql: 0.065 }));
      const batchRow = () =>
        db()
          .selectFrom('stock_batch')
          .select(['inspectionLevel', 'aql', 'sampleSize'])
          .where('batchNo', '=', closed.batchNo)
          .executeTakeFirstOrThrow();
      expect(await batchRow()).toMatchObject({ inspectionLevel: 'II', sampleSize: closed.sampleSize });
      expect(Number((await batchRow()).aql)).toBe(1);
      const next = await s.closedBatch(pda.token, [units.codes[1]!]);
      expect(next.batchNo).not.toBe(closed.batchNo);
      expect(next).toMatchObject({ inspectionLevel: 'S-2', aql: 0.065 });
    });
  });
});
