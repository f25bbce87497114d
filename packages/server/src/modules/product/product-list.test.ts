import { type Envelope, type FunCode, type LookupItem, MSG, PATHS, type ProductPage } from '@factory/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFlow, createProduct, createProperty, createRole, createTenant, unique } from '../../../test/factories/index.js';
import { loginAs } from '../../../test/session-helpers.js';
import { expectRefusal } from '../../../test/answers.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';
import { hashPassword } from '../../platform/password.js';
import { productApi, PASSWORD, MENU, BUTTONS } from '../../../test/product-api.js';

describe.each(testDialects())('products on %s', (dialect) => {
  const t = withTestApp(dialect);
  const api = productApi(t);
  const { db, get, post, userWith, validBody, create, detail, productRow } = api;

  describe('list', () => {
    let tenantToken: string;
    let tenantId: number;
    const ids: Record<string, number> = {};

    beforeAll(async () => {
      const roleId = await createRole(db(), [MENU, ...BUTTONS.map((fun) => `${MENU}:${fun}`)]);
      const userName = unique('tenant_');
      tenantId = await createTenant(db(), userName, await hashPassword(PASSWORD), roleId);
      tenantToken = (await loginAs(t.app, userName, PASSWORD)).token;
      const base = Date.now() - 100_000;
      const make = async (name: string, typeIndex: number, publishStatus: 'UNPUBLISH' | 'PUBLISH' | 'PRODUCTING', offset: number) => {
        ids[name] = await createProduct(db(), {
          ownerId: tenantId,
          productTypeId: api.typeIds[typeIndex]!,
          publishStatus,
          createTime: base + offset,
          ...(publishStatus !== 'UNPUBLISH' ? { publishTime: base + offset + 1 } : {}),
        });
      };
      await make('a', 0, 'UNPUBLISH', 1);
      await make('b', 0, 'PUBLISH', 2);
      await make('c', 1, 'PUBLISH', 3);
      await make('d', 0, 'PRODUCTING', 4);
      await make('e', 1, 'UNPUBLISH', 5);
      await make('f', 0, 'UNPUBLISH', 6);
    });

    const page = async (token: string, query: Record<string, string> = {}) => {
      const response = await get(PATHS.productQuery, token, query);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Envelope<ProductPage>>().data;
    };

    it('lists the tenant products newest first, 20 a page by default, with the counts by status', async () => {
      const all = await page(tenantToken);
      expect(all.list.map((p) => p.id)).toEqual([ids.f, ids.e, ids.d, ids.c, ids.b, ids.a]);
      expect(all).toMatchObject({ total: 6, pageSize: 20, pageNum: 1, unPublishCount: 3, publishCount: 2, producingCount: 1 });
    });

    it('counts over the type filter, not the status filter', async () => {
      const typed = await page(tenantToken, { productTypeId: String(api.typeIds[0]) });
      expect(typed.list.map((p) => p.id)).toEqual([ids.f, ids.d, ids.b, ids.a]);
      expect(typed).toMatchObject({ total: 4, unPublishCount: 2, publishCount: 1, producingCount: 1 });

      const published = await page(tenantToken, { productTypeId: String(api.typeIds[0]), publishStatus: 'PUBLISH' });
      expect(published.list.map((p) => p.id)).toEqual([ids.b]);
      expect(published).toMatchObject({ total: 1, unPublishCount: 2, publishCount: 1, producingCount: 1 });

      const unpublished = await page(tenantToken, { publishStatus: 'UNPUBLISH' });
      expect(unpublished.list.map((p) => p.id)).toEqual([ids.f, ids.e, ids.a]);
      expect(unpublished).toMatchObject({ total: 3, unPublishCount: 3, publishCount: 2, producingCount: 1 });

      const empty = await page(tenantToken, { productTypeId: '', publishStatus: '' });
      expect(empty.total).toBe(6);
      expect(await page(tenantToken, { productTypeId: String(api.typeIds[4]) })).toMatchObject({
        list: [],
        total: 0,
        unPublishCount: 0,
        publishCount: 0,
        producingCount: 0,
      });
    });

    it('pages, and pageSize 0 answers every row', async () => {
      const second = await page(tenantToken, { page: '2', pageSize: '2' });
      expect(second).toMatchObject({ total: 6, pageSize: 2, pageNum: 2 });
      expect(second.list.map((p) => p.id)).toEqual([ids.d, ids.c]);
      expect((await page(tenantToken, { pageSize: '0' })).list).toHaveLength(6);
      expect((await page(tenantToken, { page: '4', pageSize: '2' })).list).toEqual([]);
    });

    it('names the type, communication and format, and counts flows and properties', async () => {
      const id = await createProduct(db(), { ownerId: tenantId, communicationId: '2.4G', productTypeId: api.typeIds[2]! });
      const first = await createProperty(db(), id);
      await createProperty(db(), id, { dataTypeId: 'string', length: 10 });
      await createFlow(db(), id, { items: [{ propertyId: first, normalValue: '5' }] });
      const listed = (await page(tenantToken)).list.find((p) => p.id === id)!;
      const types = (await get(PATHS.productTypes, t.admin)).json<Envelope<LookupItem[]>>().data;
      expect(listed).toMatchObject({
        productTypeName: types[2]!.name,
        connectInternet: true,
        communicationId: '2.4G',
        communicationName: '2.4G',
        flowCount: 1,
        propertyCount: 2,
      });
      expect(await detail(id, tenantToken)).toEqual(listed);
      await db().deleteFrom('flow_item').where('propertyId', '=', first).execute();
      await db().deleteFrom('product_flow').where('productId', '=', id).execute();
      await db().deleteFrom('product_property').where('productId', '=', id).execute();
      await db().deleteFrom('product').where('id', '=', id).execute();
    });

    it('keeps tenants apart: a tenant sees only its own; the platform administrator sees all', async () => {
      const adminsOwn = await create();
      const subUser = await userWith([MENU]);
      expect((await page(subUser, { pageSize: '0' })).list.map((p) => p.id)).toContain(adminsOwn);
      expect((await page(subUser, { pageSize: '0' })).list.map((p) => p.id)).not.toContain(ids.a);
      expect((await page(tenantToken, { pageSize: '0' })).list.map((p) => p.id)).not.toContain(adminsOwn);
      const everything = (await page(t.admin, { pageSize: '0' })).list.map((p) => p.id);
      expect(everything).toEqual(expect.arrayContaining([adminsOwn, ids.a, ids.f]));

      expectRefusal(await get(PATHS.productDetail, subUser, { id: String(ids.a) }), 404, MSG.recordNotFound);
      expectRefusal(await get(PATHS.productDetail, tenantToken, { id: String(adminsOwn) }), 404, MSG.recordNotFound);
      for (const url of [PATHS.productPublish, PATHS.productRevoke, PATHS.productCopy, PATHS.productDelete]) {
        expectRefusal(await post(url, tenantToken, { id: adminsOwn }), 404, MSG.recordNotFound);
      }
      expectRefusal(await post(PATHS.productEdit, tenantToken, { ...validBody(), id: adminsOwn }), 404, MSG.recordNotFound);
      expect((await detail(ids.a!)).id).toBe(ids.a);
    });

    it('creates a product in the tenant of a sub-user', async () => {
      const roleId = await createRole(db(), [MENU, `${MENU}:add`]);
      const userName = unique('sub_');
      const subId = await db()
        .insertInto('account')
        .values({
          userName,
          passwordHash: await hashPassword(PASSWORD),
          roleId,
          parentId: tenantId,
          status: 1,
          platformAdmin: 0,
          mustChangePassword: 0,
          createTime: Date.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect(subId.id).toBeGreaterThan(0);
      const token = (await loginAs(t.app, userName, PASSWORD)).token;
      const response = await post(PATHS.productCreate, token, validBody());
      expect(response.statusCode, response.body).toBe(200);
      const id = response.json<Envelope<number>>().data;
      expect((await productRow(id))?.ownerId).toBe(tenantId);
      expect((await page(tenantToken, { pageSize: '0' })).list.map((p) => p.id)).toContain(id);
    });

    it('is open to the production center menu too, and to no other', async () => {
      const production = await userWith(['/productionCenter']);
      expect((await get(PATHS.productQuery, production)).statusCode).toBe(200);
      expectRefusal(await get(PATHS.productDetail, production, { id: String(ids.a) }), 403, MSG.noPermission);
      const other = await userWith(['/account']);
      expectRefusal(await get(PATHS.productQuery, other), 403, MSG.noPermission);
      expect((await t.app.inject({ method: 'GET', url: PATHS.productQuery })).statusCode).toBe(401);
    });
  });

  describe('unknown ids and missing ids', () => {
    it.each([PATHS.productPublish, PATHS.productRevoke, PATHS.productCopy, PATHS.productDelete])('%s answers 404 and 400', async (url) => {
      expectRefusal(await post(url, t.admin, { id: 999999 }), 404, MSG.recordNotFound);
      expectRefusal(await post(url, t.admin, {}), 400, MSG.idRequired);
    });
  });

  describe('permissions', () => {
    const actions: [FunCode, string, () => object][] = [
      ['add', PATHS.productCreate, () => ({})],
      ['set', PATHS.productEdit, () => ({})],
      ['push', PATHS.productPublish, () => ({})],
      ['back', PATHS.productRevoke, () => ({})],
      ['copy', PATHS.productCopy, () => ({})],
      ['delete', PATHS.productDelete, () => ({})],
    ];

    it.each(actions)('refuses %s (%s) without its button, before validation (403)', async (fun, url, body) => {
      const others = BUTTONS.filter((button) => button !== fun).map((button) => `${MENU}:${button}`);
      const token = await userWith([MENU, ...others]);
      expectRefusal(await post(url, token, body()), 403, MSG.noPermission);
      const id = await createProduct(db());
      expectRefusal(await post(url, token, { ...validBody(), id }), 403, MSG.noPermission);
    });

    it('lets a user holding the buttons do each action', async () => {
      const token = await userWith([MENU, ...BUTTONS.map((button) => `${MENU}:${button}`)]);
      const created = await post(PATHS.productCreate, token, validBody());
      expect(created.statusCode, created.body).toBe(200);
      const id = created.json<Envelope<number>>().data;
      expect((await post(PATHS.productEdit, token, { ...validBody(), id })).statusCode).toBe(200);
      await createFlow(db(), id);
      expect((await post(PATHS.productPublish, token, { id })).statusCode).toBe(200);
      expect((await post(PATHS.productRevoke, token, { id })).statusCode).toBe(200);
      expect((await post(PATHS.productCopy, token, { id })).statusCode).toBe(200);
      expect((await post(PATHS.productDelete, token, { id })).statusCode).toBe(200);
    });

    it('needs the product center menu for the detail, and a session for everything', async () => {
      const token = await userWith(['/account']);
      const id = await createProduct(db());
      expectRefusal(await get(PATHS.productDetail, token, { id: String(id) }), 403, MSG.noPermission);
      expect((await t.app.inject({ method: 'POST', url: PATHS.productCreate, payload: validBody() })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'POST', url: PATHS.productDelete, payload: { id } })).statusCode).toBe(401);
    });
  });
});
