import fs from 'node:fs';
import { type Envelope, type FunCode, type LookupItem, MSG, PATHS, type Product, type ProductPage } from '@factory/contracts';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tinyPdf, uniqueBytes } from '../../../test/document-factories.js';
import { unique } from '../../../test/line-factories.js';
import {
  createFlow,
  createProduct,
  createProperty,
  createTenant,
  uniqueCode,
  uploadStoredFile,
} from '../../../test/product-center-factories.js';
import { client, createRole, createUser, dbOf, loginAs, loginAsAdmin } from '../../../test/session-helpers.js';
import { buildTestApp, testDialects, type TestApp } from '../../../test/test-app.js';
import { blobPath } from '../../platform/files.js';
import { hashPassword } from '../../platform/password.js';

const PASSWORD = 'Passw0rdX';
const MENU = '/productCenter';
const BUTTONS: FunCode[] = ['add', 'detail', 'set', 'push', 'back', 'copy', 'delete'];

describe.each(testDialects())('products on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let typeIds: number[];
  let formatIds: number[];

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    admin = (await loginAsAdmin(t.app)).token;
    typeIds = (await db().selectFrom('product_type').select('id').orderBy('sequence').execute()).map((row) => row.id);
    formatIds = (await db().selectFrom('data_format').select('id').orderBy('sequence').execute()).map((row) => row.id);
  });
  afterAll(() => t.close());

  const db = () => dbOf(t.app);
  const { get, post } = client(() => t.app);

  /** A sub-user of the admin holding the grants listed (none: a role-less user). */
  async function userWith(grants: string[] | null): Promise<string> {
    const roleId = grants ? await createRole(db(), grants) : null;
    const userName = unique('u_');
    await createUser(db(), userName, PASSWORD, { roleId });
    return (await loginAs(t.app, userName, PASSWORD)).token;
  }

  const validBody = () => ({
    productTypeId: typeIds[0],
    number: uniqueCode('M'),
    code: uniqueCode('C'),
    connectInternet: false,
    communicationId: null,
    dataFormatId: formatIds[0],
    description: '一款测试产品',
  });

  async function create(payload: object = validBody()): Promise<number> {
    const response = await post(PATHS.productCreate, admin, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Envelope<number>>().data;
  }

  async function detail(id: number, token = admin): Promise<Product> {
    const response = await get(PATHS.productDetail, token, { id: String(id) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Envelope<Product>>().data;
  }

  const productRow = (id: number) => db().selectFrom('product').selectAll().where('id', '=', id).executeTakeFirst();

  function expectRefusal(response: { statusCode: number; json: () => unknown }, status: number, message: string) {
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ code: 0, data: null, errorMsg: message });
  }

  async function lastLog(route: string): Promise<string | undefined> {
    const row = await db()
      .selectFrom('operation_log')
      .select('summary')
      .where('route', '=', route)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.summary;
  }

  describe('lookups', () => {
    const cases: [string, 'product_type' | 'communication_type' | 'data_format' | 'data_type' | 'unit'][] = [
      [PATHS.productTypes, 'product_type'],
      [PATHS.communicationTypes, 'communication_type'],
      [PATHS.dataFormats, 'data_format'],
      [PATHS.dataTypes, 'data_type'],
      [PATHS.units, 'unit'],
    ];

    it.each(cases)('%s lists {id, name} in sequence order to any signed-in user', async (url, table) => {
      const token = await userWith(null);
      const response = await get(url, token);
      expect(response.statusCode).toBe(200);
      const list = response.json<Envelope<LookupItem[]>>().data;
      const lookups = db() as unknown as Kysely<Record<string, { id: number | string; name: string; sequence: number }>>;
      const rows = await lookups
        .selectFrom(table)
        .select(['id', 'name'])
        .orderBy('sequence')
        .execute();
      expect(list).toEqual(rows);
      expect(list.length).toBeGreaterThan(0);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    });

    it('serves the data types by their words and the communications the specification names', async () => {
      const types = (await get(PATHS.dataTypes, admin)).json<Envelope<LookupItem[]>>().data;
      expect(types.map((type) => type.id)).toEqual(['boolean', 'int', 'float', 'double', 'string', 'enum', 'url']);
      const communications = (await get(PATHS.communicationTypes, admin)).json<Envelope<LookupItem[]>>().data;
      expect(communications.map((c) => c.id)).toEqual(expect.arrayContaining(['noInternet', '2.4G', 'THREE_2_ONE']));
      expect(communications[0]).toEqual({ id: 'noInternet', name: '不联网' });
      const productTypes = (await get(PATHS.productTypes, admin)).json<Envelope<LookupItem[]>>().data;
      expect(productTypes.every((type) => typeof type.id === 'number')).toBe(true);
    });
  });

  describe('create', () => {
    it('creates an unpublished product from trimmed values and answers its id', async () => {
      const body = validBody();
      const id = await create({ ...body, number: `  ${body.number} `, code: ` ${body.code}`, description: ' 一款测试产品 ' });
      const product = await detail(id);
      expect(product).toMatchObject({
        id,
        productTypeId: typeIds[0],
        number: body.number,
        code: body.code,
        connectInternet: false,
        communicationId: 'noInternet',
        communicationName: '不联网',
        dataFormatId: formatIds[0],
        description: '一款测试产品',
        publishStatus: 'UNPUBLISH',
        publishTime: null,
        flowCount: 0,
        propertyCount: 0,
      });
      expect(product.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      const types = (await get(PATHS.productTypes, admin)).json<Envelope<LookupItem[]>>().data;
      expect(product.productTypeName).toBe(types[0]!.name);
      const formats = (await get(PATHS.dataFormats, admin)).json<Envelope<LookupItem[]>>().data;
      expect(product.dataFormatName).toBe(formats[0]!.name);
      await expect.poll(() => lastLog(PATHS.productCreate)).toBe(`新增产品 ${body.number}(${body.code})`);
    });

    it('keeps the communication of a networked product, and noInternet when the network is off', async () => {
      const networked = await create({ ...validBody(), connectInternet: true, communicationId: 'THREE_2_ONE' });
      expect(await detail(networked)).toMatchObject({ connectInternet: true, communicationId: 'THREE_2_ONE', communicationName: '三合一' });
      const offline = await create({ ...validBody(), connectInternet: false, communicationId: '2.4G' });
      expect(await detail(offline)).toMatchObject({ connectInternet: false, communicationId: 'noInternet' });
    });

    it('accepts Chinese in the model number, the lengths 4 and 32, and a description of 200', async () => {
      const chinese = `中文型号_${unique()}`;
      expect((await detail(await create({ ...validBody(), number: chinese }))).number).toBe(chinese);
      await create({ ...validBody(), number: uniqueCode('A').padEnd(32, 'x'), code: uniqueCode('B').padEnd(32, 'y') });
      await create({ ...validBody(), number: 'Ab_1', code: 'Cd_2' });
      await create({ ...validBody(), description: '述'.repeat(200) });
    });

    const messages: [string, Record<string, unknown>, string][] = [
      ['type missing', { productTypeId: undefined }, MSG.productTypeRequired],
      ['type empty', { productTypeId: '' }, MSG.productTypeRequired],
      ['type not a number', { productTypeId: 'abc' }, MSG.productTypeRequired],
      ['model missing', { number: undefined }, MSG.productNumberRequired],
      ['model blank', { number: '   ' }, MSG.productNumberRequired],
      ['model of 3', { number: 'ab1' }, MSG.productNumberRule],
      ['model of 33', { number: 'a'.repeat(33) }, MSG.productNumberRule],
      ['model with a hyphen', { number: 'ab-cd' }, MSG.productNumberRule],
      ['code missing', { code: undefined }, MSG.productCodeRequired],
      ['code blank', { code: ' ' }, MSG.productCodeRequired],
      ['code of 3', { code: 'abc' }, MSG.productCodeRule],
      ['code of 33', { code: 'c'.repeat(33) }, MSG.productCodeRule],
      ['code in Chinese', { code: '编号编号' }, MSG.productCodeRule],
      ['network without communication', { connectInternet: true, communicationId: null }, MSG.communicationRequired],
      ['network with noInternet', { connectInternet: true, communicationId: 'noInternet' }, MSG.communicationRequired],
      ['network with a blank communication', { connectInternet: true, communicationId: '  ' }, MSG.communicationRequired],
      ['format missing', { dataFormatId: undefined }, MSG.dataFormatRequired],
      ['format zero', { dataFormatId: 0 }, MSG.dataFormatRequired],
      ['description missing', { description: undefined }, MSG.productDescriptionRequired],
      ['description blank', { description: '  ' }, MSG.productDescriptionRequired],
      ['description of 201', { description: '述'.repeat(201) }, MSG.productDescriptionTooLong],
    ];

    it.each(messages)('answers 400 for %s', async (_label, patch, message) => {
      const response = await post(PATHS.productCreate, admin, { ...validBody(), ...patch });
      expectRefusal(response, 400, message);
    });

    it('answers each form message for a reference that names no seeded row', async () => {
      expectRefusal(await post(PATHS.productCreate, admin, { ...validBody(), productTypeId: 99999 }), 400, MSG.productTypeRequired);
      expectRefusal(
        await post(PATHS.productCreate, admin, { ...validBody(), connectInternet: true, communicationId: 'SMOKE_SIGNAL' }),
        400,
        MSG.communicationRequired,
      );
      expectRefusal(await post(PATHS.productCreate, admin, { ...validBody(), dataFormatId: 99999 }), 400, MSG.dataFormatRequired);
    });

    it('refuses a model number or a code already taken (409), the model first', async () => {
      const first = validBody();
      await create(first);
      expectRefusal(await post(PATHS.productCreate, admin, { ...validBody(), number: first.number }), 409, MSG.productNumberTaken);
      expectRefusal(await post(PATHS.productCreate, admin, { ...validBody(), code: first.code }), 409, MSG.productCodeTaken);
      expectRefusal(
        await post(PATHS.productCreate, admin, { ...validBody(), number: first.number, code: first.code }),
        409,
        MSG.productNumberTaken,
      );
      expect(await db().selectFrom('product').select('id').where('number', '=', first.number).execute()).toHaveLength(1);
    });

    it('lets one of two simultaneous creates of the same model win; the other answers 409', async () => {
      const body = validBody();
      const responses = await Promise.all([
        post(PATHS.productCreate, admin, body),
        post(PATHS.productCreate, admin, { ...body, code: uniqueCode('C') }),
        post(PATHS.productCreate, admin, { ...body, code: uniqueCode('C') }),
      ]);
      expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
      for (const refused of responses.filter((r) => r.statusCode === 409)) {
        expect(refused.json().errorMsg).toBe(MSG.productNumberTaken);
      }
      expect(await db().selectFrom('product').select('id').where('number', '=', body.number).execute()).toHaveLength(1);
    });
  });

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
          productTypeId: typeIds[typeIndex]!,
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
      const typed = await page(tenantToken, { productTypeId: String(typeIds[0]) });
      expect(typed.list.map((p) => p.id)).toEqual([ids.f, ids.d, ids.b, ids.a]);
      expect(typed).toMatchObject({ total: 4, unPublishCount: 2, publishCount: 1, producingCount: 1 });

      const published = await page(tenantToken, { productTypeId: String(typeIds[0]), publishStatus: 'PUBLISH' });
      expect(published.list.map((p) => p.id)).toEqual([ids.b]);
      expect(published).toMatchObject({ total: 1, unPublishCount: 2, publishCount: 1, producingCount: 1 });

      const unpublished = await page(tenantToken, { publishStatus: 'UNPUBLISH' });
      expect(unpublished.list.map((p) => p.id)).toEqual([ids.f, ids.e, ids.a]);
      expect(unpublished).toMatchObject({ total: 3, unPublishCount: 3, publishCount: 2, producingCount: 1 });

      const empty = await page(tenantToken, { productTypeId: '', publishStatus: '' });
      expect(empty.total).toBe(6);
      expect(await page(tenantToken, { productTypeId: String(typeIds[4]) })).toMatchObject({
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
      const id = await createProduct(db(), { ownerId: tenantId, communicationId: '2.4G', productTypeId: typeIds[2]! });
      const first = await createProperty(db(), id);
      await createProperty(db(), id, { dataTypeId: 'string', length: 10 });
      await createFlow(db(), id, { items: [{ propertyId: first, normalValue: '5' }] });
      const listed = (await page(tenantToken)).list.find((p) => p.id === id)!;
      const types = (await get(PATHS.productTypes, admin)).json<Envelope<LookupItem[]>>().data;
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
      const everything = (await page(admin, { pageSize: '0' })).list.map((p) => p.id);
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

  describe('detail', () => {
    it('answers 404 for an unknown id and 400 without one', async () => {
      expectRefusal(await get(PATHS.productDetail, admin, { id: '999999' }), 404, MSG.recordNotFound);
      expectRefusal(await get(PATHS.productDetail, admin), 400, MSG.idRequired);
    });
  });

  describe('edit', () => {
    it('changes every field of an unpublished product, keeping its own model and code allowed', async () => {
      const id = await create();
      const body = {
        ...validBody(),
        id,
        productTypeId: typeIds[1],
        connectInternet: true,
        communicationId: 'WIFI',
        dataFormatId: formatIds[1],
      };
      const response = await post(PATHS.productEdit, admin, body);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ code: 1, data: null, errorMsg: null });
      expect(await detail(id)).toMatchObject({
        productTypeId: typeIds[1],
        number: body.number,
        code: body.code,
        connectInternet: true,
        communicationId: 'WIFI',
        dataFormatId: formatIds[1],
      });
      expect((await post(PATHS.productEdit, admin, { ...body, description: '只改描述' })).statusCode).toBe(200);
      expect((await detail(id)).description).toBe('只改描述');
      await expect.poll(() => lastLog(PATHS.productEdit)).toBe(`编辑产品 ${body.number}(${body.code})`);
    });

    it("refuses another product's model or code (409)", async () => {
      const other = validBody();
      await create(other);
      const id = await create();
      expectRefusal(await post(PATHS.productEdit, admin, { ...validBody(), id, number: other.number }), 409, MSG.productNumberTaken);
      expectRefusal(await post(PATHS.productEdit, admin, { ...validBody(), id, code: other.code }), 409, MSG.productCodeTaken);
    });

    it('answers the form messages and 404 for an unknown id', async () => {
      const id = await create();
      expectRefusal(await post(PATHS.productEdit, admin, { ...validBody(), id, number: 'x' }), 400, MSG.productNumberRule);
      expectRefusal(await post(PATHS.productEdit, admin, { ...validBody(), id, description: '' }), 400, MSG.productDescriptionRequired);
      expectRefusal(await post(PATHS.productEdit, admin, { ...validBody(), id, productTypeId: 99999 }), 400, MSG.productTypeRequired);
      expectRefusal(await post(PATHS.productEdit, admin, validBody()), 400, MSG.idRequired);
      expectRefusal(await post(PATHS.productEdit, admin, { ...validBody(), id: 999999 }), 404, MSG.recordNotFound);
    });

    it.each(['PUBLISH', 'PRODUCTING'] as const)('refuses to edit a %s product (409)', async (publishStatus) => {
      const id = await createProduct(db(), { publishStatus });
      const before = await productRow(id);
      expectRefusal(await post(PATHS.productEdit, admin, { ...validBody(), id }), 409, MSG.productNotEditable);
      expect(await productRow(id)).toEqual(before);
    });
  });

  describe('publish', () => {
    it('refuses a product with no flow', async () => {
      const id = await createProduct(db());
      await createProperty(db(), id);
      expectRefusal(await post(PATHS.productPublish, admin, { id }), 409, MSG.productHasNoFlow);
      expect((await productRow(id))?.publishStatus).toBe('UNPUBLISH');
    });

    it('refuses a product with a flow that is not normal', async () => {
      const id = await createProduct(db());
      await createFlow(db(), id);
      await createFlow(db(), id, { normal: false });
      expectRefusal(await post(PATHS.productPublish, admin, { id }), 409, MSG.productHasAbnormalFlow);
      expect((await productRow(id))?.publishStatus).toBe('UNPUBLISH');
    });

    it('publishes an unpublished product whose flows are all normal, with its publish time', async () => {
      const id = await createProduct(db());
      await createFlow(db(), id);
      const before = Date.now();
      const response = await post(PATHS.productPublish, admin, { id });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ code: 1, data: null, errorMsg: null });
      const row = await productRow(id);
      expect(row?.publishStatus).toBe('PUBLISH');
      expect(Number(row?.publishTime)).toBeGreaterThanOrEqual(before);
      expect((await detail(id)).publishTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      await expect.poll(() => lastLog(PATHS.productPublish)).toBe(`发布产品 ${row!.number}(${row!.code})`);
      expectRefusal(await post(PATHS.productPublish, admin, { id }), 409, MSG.productNotUnpublished);
    });

    it('refuses a product in production', async () => {
      const id = await createProduct(db(), { publishStatus: 'PRODUCTING' });
      await createFlow(db(), id);
      expectRefusal(await post(PATHS.productPublish, admin, { id }), 409, MSG.productNotUnpublished);
    });
  });

  describe('revoke', () => {
    it('refuses an unpublished product', async () => {
      const id = await createProduct(db());
      expectRefusal(await post(PATHS.productRevoke, admin, { id }), 409, MSG.productAlreadyUnpublished);
    });

    it.each(['PUBLISH', 'PRODUCTING'] as const)('returns a %s product to unpublished', async (publishStatus) => {
      const id = await createProduct(db(), { publishStatus, publishTime: Date.now() });
      const response = await post(PATHS.productRevoke, admin, { id });
      expect(response.statusCode, response.body).toBe(200);
      expect(await productRow(id)).toMatchObject({ publishStatus: 'UNPUBLISH', publishTime: null });
      const row = (await productRow(id))!;
      await expect.poll(() => lastLog(PATHS.productRevoke)).toBe(`撤回产品 ${row.number}(${row.code})`);
      // Unpublished again, it can be edited.
      expect((await post(PATHS.productEdit, admin, { ...validBody(), id })).statusCode).toBe(200);
    });
  });

  describe('copy', () => {
    it('makes an unpublished copy with the properties and flows, items remapped, and no firmware', async () => {
      const number = uniqueCode('Src');
      const code = uniqueCode('SrcC');
      const id = await createProduct(db(), { number, code, publishStatus: 'PUBLISH', communicationId: '2.4G', publishTime: Date.now() });
      const temperature = await createProperty(db(), id, { name: '温度', code: 'temp', dataTypeId: 'float', min: -20, max: 60 });
      const mode = await createProperty(db(), id, {
        name: '模式',
        code: 'mode',
        dataTypeId: 'enum',
        enumerates: { '0': '自动', '1': '手动' },
      });
      const online = await createProperty(db(), id, { name: '在线', code: 'online', dataTypeId: 'boolean', trueValue: '是', falseValue: '否' });
      const pdf = await uploadStoredFile(t.app, admin, '作业指导书.pdf', tinyPdf('copy guide'));
      const first = await createFlow(db(), id, {
        name: '外观检查',
        items: [{ propertyId: temperature, intervalNumber: 1, normalValue: '10', normalValueMax: '30' }],
        manualItems: ['检查外壳', '检查包装'],
      });
      const second = await createFlow(db(), id, {
        name: '功能检查',
        bindMac: true,
        flowType: 'DTU_CHECK',
        normal: false,
        pdfFileId: pdf.id,
        items: [
          { propertyId: mode, normalEnums: ['0', '1'] },
          { propertyId: online, normalBoolean: 1 },
        ],
      });
      const firmwareFile = await uploadStoredFile(t.app, admin, 'fw.bin', uniqueBytes(64, 'copy firmware'));
      await db()
        .insertInto('firmware')
        .values({
          productId: id,
          type: 'TEST',
          versionNumber: 'v1',
          description: '产测',
          fileId: firmwareFile.id,
          status: 'USE',
          createTime: Date.now(),
          updateTime: Date.now(),
        })
        .execute();

      const response = await post(PATHS.productCopy, admin, { id });
      expect(response.statusCode, response.body).toBe(200);
      const copyId = response.json<Envelope<number>>().data;
      expect(copyId).not.toBe(id);

      const copy = await detail(copyId);
      const original = await detail(id);
      expect(copy).toMatchObject({
        number: `${number}_copy`,
        code: `${code}_copy`,
        publishStatus: 'UNPUBLISH',
        publishTime: null,
        communicationId: '2.4G',
        productTypeId: original.productTypeId,
        dataFormatId: original.dataFormatId,
        description: original.description,
        flowCount: 2,
        propertyCount: 3,
      });
      await expect.poll(() => lastLog(PATHS.productCopy)).toBe(`复制产品 ${number}(${code}) → ${number}_copy(${code}_copy) #${copyId}`);

      const propertiesOf = (productId: number) =>
        db().selectFrom('product_property').selectAll().where('productId', '=', productId).orderBy('id').execute();
      const sourceProperties = await propertiesOf(id);
      const copiedProperties = await propertiesOf(copyId);
      const strip = ({ id: _id, productId: _p, createTime: _c, updateTime: _u, ...rest }: (typeof sourceProperties)[number]) => rest;
      expect(copiedProperties.map(strip)).toEqual(sourceProperties.map(strip));
      expect(copiedProperties.map((p) => p.id).filter((pid) => sourceProperties.some((s) => s.id === pid))).toEqual([]);
      const newIdOf = (oldId: number) => copiedProperties.find((p) => p.code === sourceProperties.find((s) => s.id === oldId)!.code)!.id;

      const flowsOf = (productId: number) =>
        db().selectFrom('product_flow').selectAll().where('productId', '=', productId).orderBy('sequence').execute();
      const copiedFlows = await flowsOf(copyId);
      const flowFields = copiedFlows.map(({ name, sequence, bindMac, normal, flowType, pdfFileId }) => ({
        name,
        sequence,
        bindMac,
        normal,
        flowType,
        pdfFileId,
      }));
      expect(flowFields).toEqual([
        { name: '外观检查', sequence: 1, bindMac: 0, normal: 1, flowType: 'OVERALL_CHECK', pdfFileId: null },
        { name: '功能检查', sequence: 2, bindMac: 1, normal: 0, flowType: 'DTU_CHECK', pdfFileId: pdf.id },
      ]);
      const itemsOf = (flowId: number) => db().selectFrom('flow_item').selectAll().where('flowId', '=', flowId).orderBy('sequence').execute();
      const strippedItems = async (flowId: number) => (await itemsOf(flowId)).map(({ flowId: _f, ...rest }) => rest);
      expect(await strippedItems(copiedFlows[0]!.id)).toEqual(
        (await strippedItems(first)).map((item) => ({ ...item, propertyId: newIdOf(item.propertyId) })),
      );
      expect(await strippedItems(copiedFlows[1]!.id)).toEqual(
        (await strippedItems(second)).map((item) => ({ ...item, propertyId: newIdOf(item.propertyId) })),
      );
      expect((await itemsOf(copiedFlows[1]!.id)).map((item) => item.propertyId)).toEqual([newIdOf(mode), newIdOf(online)]);
      const manual = await db()
        .selectFrom('flow_manual_item')
        .select(['sequence', 'manualValue'])
        .where('flowId', '=', copiedFlows[0]!.id)
        .orderBy('sequence')
        .execute();
      expect(manual).toEqual([
        { sequence: 1, manualValue: '检查外壳' },
        { sequence: 2, manualValue: '检查包装' },
      ]);
      expect(await db().selectFrom('firmware').select('id').where('productId', '=', copyId).execute()).toEqual([]);
      // The original is untouched.
      expect((await productRow(id))?.publishStatus).toBe('PUBLISH');
      expect(await flowsOf(id)).toHaveLength(2);
    });

    it('numbers further copies _copy2, _copy3 and cuts long values to 32 characters', async () => {
      const number = uniqueCode('Long').padEnd(31, 'n');
      const code = uniqueCode('LongC').padEnd(32, 'c');
      const id = await createProduct(db(), { number, code });
      const copies: Product[] = [];
      for (let i = 0; i < 3; i++) {
        const response = await post(PATHS.productCopy, admin, { id });
        expect(response.statusCode, response.body).toBe(200);
        copies.push(await detail(response.json<Envelope<number>>().data));
      }
      expect(copies.map((c) => c.number)).toEqual([
        `${number.slice(0, 27)}_copy`,
        `${number.slice(0, 26)}_copy2`,
        `${number.slice(0, 26)}_copy3`,
      ]);
      expect(copies.map((c) => c.code)).toEqual([`${code.slice(0, 27)}_copy`, `${code.slice(0, 26)}_copy2`, `${code.slice(0, 26)}_copy3`]);
      for (const copy of copies) {
        expect(copy.number.length).toBeLessThanOrEqual(32);
        expect(copy.code.length).toBeLessThanOrEqual(32);
      }
      // A copy of a copy.
      const again = await post(PATHS.productCopy, admin, { id: copies[0]!.id });
      // A copy of a copy: the cut copy's stem is the original's, so the next free suffix follows.
      expect((await detail(again.json<Envelope<number>>().data)).number).toBe(`${number.slice(0, 26)}_copy4`);
    });

    it('copies a product in any status', async () => {
      for (const publishStatus of ['UNPUBLISH', 'PRODUCTING'] as const) {
        const id = await createProduct(db(), { publishStatus });
        const response = await post(PATHS.productCopy, admin, { id });
        expect(response.statusCode, response.body).toBe(200);
        expect((await detail(response.json<Envelope<number>>().data)).publishStatus).toBe('UNPUBLISH');
      }
    });
  });

  describe('delete', () => {
    it.each(['PUBLISH', 'PRODUCTING'] as const)('refuses a %s product (409)', async (publishStatus) => {
      const id = await createProduct(db(), { publishStatus });
      await createFlow(db(), id);
      expectRefusal(await post(PATHS.productDelete, admin, { id }), 409, MSG.productNotUnpublished);
      expect(await productRow(id)).toBeDefined();
    });

    it('removes properties, flows, items and firmware; a file row goes with its last reference', async () => {
      const number = uniqueCode('Del');
      const code = uniqueCode('DelC');
      const id = await createProduct(db(), { number, code });
      const property = await createProperty(db(), id);
      const pdf = await uploadStoredFile(t.app, admin, '指导书.pdf', tinyPdf('shared by a copy'));
      const flow = await createFlow(db(), id, {
        pdfFileId: pdf.id,
        items: [{ propertyId: property, normalValue: '3' }],
        manualItems: ['看一看'],
      });
      const firmwareFile = await uploadStoredFile(t.app, admin, 'firmware.bin', uniqueBytes(100, 'deleted firmware'));
      await db()
        .insertInto('firmware')
        .values({
          productId: id,
          type: 'BUSINESS',
          versionNumber: 'v2',
          description: '业务',
          fileId: firmwareFile.id,
          status: 'STOP',
          createTime: Date.now(),
          updateTime: Date.now(),
        })
        .execute();
      const copyId = (await post(PATHS.productCopy, admin, { id })).json<Envelope<number>>().data;

      const response = await post(PATHS.productDelete, admin, { id });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ code: 1, data: null, errorMsg: null });
      await expect.poll(() => lastLog(PATHS.productDelete)).toBe(`删除产品 ${number}(${code})`);

      expect(await productRow(id)).toBeUndefined();
      expect(await db().selectFrom('product_property').select('id').where('productId', '=', id).execute()).toEqual([]);
      expect(await db().selectFrom('product_flow').select('id').where('productId', '=', id).execute()).toEqual([]);
      expect(await db().selectFrom('flow_item').select('flowId').where('flowId', '=', flow).execute()).toEqual([]);
      expect(await db().selectFrom('flow_manual_item').select('id').where('flowId', '=', flow).execute()).toEqual([]);
      expect(await db().selectFrom('firmware').select('id').where('productId', '=', id).execute()).toEqual([]);

      // The firmware's file had no other reference: its row and blob are gone.
      expect(await db().selectFrom('stored_file').select('id').where('id', '=', firmwareFile.id).execute()).toEqual([]);
      expect(fs.existsSync(blobPath(t.config.filesDir, firmwareFile.sha256))).toBe(false);
      // The instruction is still the copy's: it stays, and is still served.
      expect(await db().selectFrom('stored_file').select('id').where('id', '=', pdf.id).execute()).toHaveLength(1);
      expect((await t.app.inject({ method: 'GET', url: pdf.url })).statusCode).toBe(200);

      expect((await post(PATHS.productDelete, admin, { id: copyId })).statusCode).toBe(200);
      expect(await db().selectFrom('stored_file').select('id').where('id', '=', pdf.id).execute()).toEqual([]);
      expect(fs.existsSync(blobPath(t.config.filesDir, pdf.sha256))).toBe(false);
      expect((await t.app.inject({ method: 'GET', url: pdf.url })).statusCode).toBe(404);

      expectRefusal(await post(PATHS.productDelete, admin, { id }), 404, MSG.recordNotFound);
    });
  });

  describe('unknown ids and missing ids', () => {
    it.each([PATHS.productPublish, PATHS.productRevoke, PATHS.productCopy, PATHS.productDelete])('%s answers 404 and 400', async (url) => {
      expectRefusal(await post(url, admin, { id: 999999 }), 404, MSG.recordNotFound);
      expectRefusal(await post(url, admin, {}), 400, MSG.idRequired);
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
