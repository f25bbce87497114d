import { type Envelope, type LookupItem, MSG, PATHS } from '@factory/contracts';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createProduct, unique, uniqueCode } from '../../../test/factories/index.js';
import { expectRefusal } from '../../../test/answers.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';
import { productApi } from '../../../test/product-api.js';

describe.each(testDialects())('products on %s', (dialect) => {
  const t = withTestApp(dialect);
  const api = productApi(t);
  const { db, get, post, userWith, validBody, create, detail, productRow, lastLog } = api;

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
      const types = (await get(PATHS.dataTypes, t.admin)).json<Envelope<LookupItem[]>>().data;
      expect(types.map((type) => type.id)).toEqual(['boolean', 'int', 'float', 'double', 'string', 'enum', 'url']);
      const communications = (await get(PATHS.communicationTypes, t.admin)).json<Envelope<LookupItem[]>>().data;
      expect(communications.map((c) => c.id)).toEqual(expect.arrayContaining(['noInternet', '2.4G', 'THREE_2_ONE']));
      expect(communications[0]).toEqual({ id: 'noInternet', name: '不联网' });
      const productTypes = (await get(PATHS.productTypes, t.admin)).json<Envelope<LookupItem[]>>().data;
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
        productTypeId: api.typeIds[0],
        number: body.number,
        code: body.code,
        connectInternet: false,
        communicationId: 'noInternet',
        communicationName: '不联网',
        dataFormatId: api.formatIds[0],
        description: '一款测试产品',
        publishStatus: 'UNPUBLISH',
        publishTime: null,
        flowCount: 0,
        propertyCount: 0,
      });
      expect(product.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      const types = (await get(PATHS.productTypes, t.admin)).json<Envelope<LookupItem[]>>().data;
      expect(product.productTypeName).toBe(types[0]!.name);
      const formats = (await get(PATHS.dataFormats, t.admin)).json<Envelope<LookupItem[]>>().data;
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
      const response = await post(PATHS.productCreate, t.admin, { ...validBody(), ...patch });
      expectRefusal(response, 400, message);
    });

    it('answers each form message for a reference that names no seeded row', async () => {
      expectRefusal(await post(PATHS.productCreate, t.admin, { ...validBody(), productTypeId: 99999 }), 400, MSG.productTypeRequired);
      expectRefusal(
        await post(PATHS.productCreate, t.admin, { ...validBody(), connectInternet: true, communicationId: 'SMOKE_SIGNAL' }),
        400,
        MSG.communicationRequired,
      );
      expectRefusal(await post(PATHS.productCreate, t.admin, { ...validBody(), dataFormatId: 99999 }), 400, MSG.dataFormatRequired);
    });

    it('refuses a model number or a code already taken (409), the model first', async () => {
      const first = validBody();
      await create(first);
      expectRefusal(await post(PATHS.productCreate, t.admin, { ...validBody(), number: first.number }), 409, MSG.productNumberTaken);
      expectRefusal(await post(PATHS.productCreate, t.admin, { ...validBody(), code: first.code }), 409, MSG.productCodeTaken);
      expectRefusal(
        await post(PATHS.productCreate, t.admin, { ...validBody(), number: first.number, code: first.code }),
        409,
        MSG.productNumberTaken,
      );
      expect(await db().selectFrom('product').select('id').where('number', '=', first.number).execute()).toHaveLength(1);
    });

    it('lets one of two simultaneous creates of the same model win; the other answers 409', async () => {
      const body = validBody();
      const responses = await Promise.all([
        post(PATHS.productCreate, t.admin, body),
        post(PATHS.productCreate, t.admin, { ...body, code: uniqueCode('C') }),
        post(PATHS.productCreate, t.admin, { ...body, code: uniqueCode('C') }),
      ]);
      expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
      for (const refused of responses.filter((r) => r.statusCode === 409)) {
        expect(refused.json().errorMsg).toBe(MSG.productNumberTaken);
      }
      expect(await db().selectFrom('product').select('id').where('number', '=', body.number).execute()).toHaveLength(1);
    });
  });

  describe('detail', () => {
    it('answers 404 for an unknown id and 400 without one', async () => {
      expectRefusal(await get(PATHS.productDetail, t.admin, { id: '999999' }), 404, MSG.recordNotFound);
      expectRefusal(await get(PATHS.productDetail, t.admin), 400, MSG.idRequired);
    });
  });

  describe('edit', () => {
    it('changes every field of an unpublished product, keeping its own model and code allowed', async () => {
      const id = await create();
      const body = {
        ...validBody(),
        id,
        productTypeId: api.typeIds[1],
        connectInternet: true,
        communicationId: 'WIFI',
        dataFormatId: api.formatIds[1],
      };
      const response = await post(PATHS.productEdit, t.admin, body);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ code: 1, data: null, errorMsg: null });
      expect(await detail(id)).toMatchObject({
        productTypeId: api.typeIds[1],
        number: body.number,
        code: body.code,
        connectInternet: true,
        communicationId: 'WIFI',
        dataFormatId: api.formatIds[1],
      });
      expect((await post(PATHS.productEdit, t.admin, { ...body, description: '只改描述' })).statusCode).toBe(200);
      expect((await detail(id)).description).toBe('只改描述');
      await expect.poll(() => lastLog(PATHS.productEdit)).toBe(`编辑产品 ${body.number}(${body.code})`);
    });

    it("refuses another product's model or code (409)", async () => {
      const other = validBody();
      await create(other);
      const id = await create();
      expectRefusal(await post(PATHS.productEdit, t.admin, { ...validBody(), id, number: other.number }), 409, MSG.productNumberTaken);
      expectRefusal(await post(PATHS.productEdit, t.admin, { ...validBody(), id, code: other.code }), 409, MSG.productCodeTaken);
    });

    it('answers the form messages and 404 for an unknown id', async () => {
      const id = await create();
      expectRefusal(await post(PATHS.productEdit, t.admin, { ...validBody(), id, number: 'x' }), 400, MSG.productNumberRule);
      expectRefusal(await post(PATHS.productEdit, t.admin, { ...validBody(), id, description: '' }), 400, MSG.productDescriptionRequired);
      expectRefusal(await post(PATHS.productEdit, t.admin, { ...validBody(), id, productTypeId: 99999 }), 400, MSG.productTypeRequired);
      expectRefusal(await post(PATHS.productEdit, t.admin, validBody()), 400, MSG.idRequired);
      expectRefusal(await post(PATHS.productEdit, t.admin, { ...validBody(), id: 999999 }), 404, MSG.recordNotFound);
    });

    it.each(['PUBLISH', 'PRODUCTING'] as const)('refuses to edit a %s product (409)', async (publishStatus) => {
      const id = await createProduct(db(), { publishStatus });
      const before = await productRow(id);
      expectRefusal(await post(PATHS.productEdit, t.admin, { ...validBody(), id }), 409, MSG.productNotEditable);
      expect(await productRow(id)).toEqual(before);
    });
  });
});
