import { type Envelope, type Flow, MSG, PATHS, type Property, type Page } from '@factory/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOtherTenant, createProduct, createProperty, uniqueCode } from '../../../test/product-factories.js';
import { client, createRole, createUser, dbOf, loginAs, loginAsAdmin } from '../../../test/session-helpers.js';
import { buildTestApp, testDialects, type TestApp } from '../../../test/test-app.js';

const PASSWORD = 'Passw0rdX';

describe.each(testDialects())('custom properties on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    admin = (await loginAsAdmin(t.app)).token;
  });
  afterAll(() => t.close());

  const db = () => dbOf(t.app);
  const { get, post } = client(() => t.app);

  async function userWith(grants: string[]): Promise<{ id: number; token: string }> {
    const roleId = await createRole(db(), grants);
    const userName = `u_${uniqueCode('')}`;
    const id = await createUser(db(), userName, PASSWORD, { roleId });
    return { id, token: (await loginAs(t.app, userName, PASSWORD)).token };
  }

  const propertyCount = async (productId: number) =>
    Number(
      (
        await db()
          .selectFrom('product_property')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('productId', '=', productId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const row = (id: number) => db().selectFrom('product_property').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  const base = (productId: number, overrides: object = {}) => ({
    productId,
    name: '温度',
    code: uniqueCode('t'),
    description: '环境温度',
    ...overrides,
  });

  async function add(payload: object): Promise<number> {
    const response = await post(PATHS.propertyAdd, admin, payload);
    expect(response.json<Envelope<number>>()).toMatchObject({ code: 1, errorMsg: null });
    return response.json<Envelope<number>>().data;
  }
  const detail = async (id: number) => (await get(PATHS.propertyDetail, admin, { id: String(id) })).json<Envelope<Property>>().data;

  describe('form messages', () => {
    let productId: number;
    beforeAll(async () => {
      productId = await createProduct(db());
    });

    const refusals: [string, object, string][] = [
      ['name missing', { name: undefined, dataTypeId: 'url' }, MSG.propertyNameRequired],
      ['name blank', { name: '  ', dataTypeId: 'url' }, MSG.propertyNameRequired],
      ['name of one character', { name: '温', dataTypeId: 'url' }, MSG.propertyNameRule],
      ['name of 33 characters', { name: 'a'.repeat(33), dataTypeId: 'url' }, MSG.propertyNameRule],
      ['name with a dash', { name: '温-度', dataTypeId: 'url' }, MSG.propertyNameRule],
      ['code missing', { code: undefined, dataTypeId: 'url' }, MSG.propertyCodeRequired],
      ['code in Chinese', { code: '温度', dataTypeId: 'url' }, MSG.propertyCodeRule],
      ['code of one letter', { code: 't', dataTypeId: 'url' }, MSG.propertyCodeRule],
      ['data type missing', {}, MSG.dataTypeRequired],
      ['data type unknown', { dataTypeId: 'date' }, MSG.dataTypeRequired],
      ['description missing', { description: undefined, dataTypeId: 'url' }, MSG.propertyDescriptionRequired],
      ['description of 101 characters', { description: '长'.repeat(101), dataTypeId: 'url' }, MSG.propertyDescriptionTooLong],
      // boolean
      ['boolean without values', { dataTypeId: 'boolean' }, MSG.booleanValueRequired],
      ['boolean without false value', { dataTypeId: 'boolean', trueValue: '开' }, MSG.booleanValueRequired],
      ['boolean with equal values', { dataTypeId: 'boolean', trueValue: '开', falseValue: '开' }, MSG.booleanValuesEqual],
      ['boolean with a symbol', { dataTypeId: 'boolean', trueValue: 'on!', falseValue: '关' }, MSG.booleanValueRule],
      // string
      ['string without length', { dataTypeId: 'string' }, MSG.lengthRequired],
      ['string with a leading zero', { dataTypeId: 'string', length: '05' }, MSG.lengthIrregular],
      ['string with length 0', { dataTypeId: 'string', length: '0' }, MSG.lengthIrregular],
      ['string with a word for length', { dataTypeId: 'string', length: 'ten' }, MSG.lengthIrregular],
      ['string with length 256', { dataTypeId: 'string', length: '256' }, MSG.lengthRange],
      // enum
      ['enum without items', { dataTypeId: 'enum' }, MSG.enumRequired],
      ['enum with no entry', { dataTypeId: 'enum', enumerates: {} }, MSG.enumRequired],
      ['enum with an empty item', { dataTypeId: 'enum', enumerates: { '0': '红', '1': ' ' } }, MSG.enumRequired],
      ['enum as unreadable text', { dataTypeId: 'enum', enumerates: 'red,green' }, MSG.enumRequired],
      ['enum with a symbol', { dataTypeId: 'enum', enumerates: { '0': 'red-1' } }, MSG.enumRule],
      ['enum with duplicates', { dataTypeId: 'enum', enumerates: { '0': '红', '1': '红' } }, MSG.enumDuplicate],
      ['enum as JSON text with duplicates', { dataTypeId: 'enum', enumerates: '{"0":"红","1":"红 "}' }, MSG.enumDuplicate],
      ['enum as JSON text with a symbol', { dataTypeId: 'enum', enumerates: '{"0":"a b"}' }, MSG.enumRule],
    ];
    for (const type of ['int', 'float', 'double'] as const) {
      refusals.push(
        [`${type} without bounds`, { dataTypeId: type }, MSG.rangeRequired],
        [`${type} without max`, { dataTypeId: type, min: '1' }, MSG.rangeRequired],
        [`${type} with a word`, { dataTypeId: type, min: 'low', max: '10' }, MSG.rangeNotNumber],
        [`${type} with a plus sign`, { dataTypeId: type, min: '+1', max: '10' }, MSG.rangeNotNumber],
        [`${type} with min equal to max`, { dataTypeId: type, min: '5', max: '5' }, MSG.rangeOrder],
        [`${type} with min above max`, { dataTypeId: type, min: '10', max: '-2' }, MSG.rangeOrder],
      );
    }
    refusals.push(['int with a fraction', { dataTypeId: 'int', min: '0.5', max: '10' }, MSG.rangeNotNumber]);

    it.each(refusals)('refuses %s with its message and stores nothing', async (_, overrides, message) => {
      const before = await propertyCount(productId);
      const response = await post(PATHS.propertyAdd, admin, base(productId, overrides));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 0, data: null, errorMsg: message });
      expect(await propertyCount(productId)).toBe(before);
    });

    it('checks the edit form with the same messages', async () => {
      const id = await add(base(productId, { dataTypeId: 'url' }));
      const response = await post(PATHS.propertyEdit, admin, { id, ...base(productId, { dataTypeId: 'enum', enumerates: { '0': '红', '1': '红' } }) });
      expect(response.statusCode).toBe(400);
      expect(response.json<Envelope<null>>().errorMsg).toBe(MSG.enumDuplicate);
      expect((await row(id)).dataTypeId).toBe('url');
    });
  });

  describe('storing each type', () => {
    let productId: number;
    beforeAll(async () => {
      productId = await createProduct(db());
    });

    it('stores a boolean with its two values only', async () => {
      const id = await add(base(productId, { dataTypeId: 'boolean', trueValue: ' 开 ', falseValue: '关', min: '1', max: '9', length: '3' }));
      expect(await detail(id)).toMatchObject({
        dataTypeId: 'boolean',
        dataTypeName: '布尔型',
        trueValue: '开',
        falseValue: '关',
        min: null,
        max: null,
        length: null,
        enumerates: null,
      });
    });

    it('stores the numeric types with their range and unit', async () => {
      const unit = await db().selectFrom('unit').select(['id', 'name']).orderBy('sequence').executeTakeFirstOrThrow();
      for (const [type, min, max] of [
        ['int', '-10', '100'],
        ['float', '-1.5', '2.25'],
        ['double', '0.001', '99999.999'],
      ] as const) {
        const id = await add(base(productId, { dataTypeId: type, min, max, unitId: unit.id, trueValue: '开' }));
        expect(await detail(id)).toMatchObject({
          dataTypeId: type,
          min: Number(min),
          max: Number(max),
          unitId: unit.id,
          unitName: unit.name,
          trueValue: null,
        });
      }
    });

    it('refuses an unknown unit', async () => {
      const response = await post(PATHS.propertyAdd, admin, base(productId, { dataTypeId: 'int', min: '0', max: '1', unitId: 99999 }));
      expect(response.statusCode).toBe(400);
      expect(response.json<Envelope<null>>().errorMsg).toBe(MSG.invalidInput);
    });

    it('stores a string with its length', async () => {
      const id = await add(base(productId, { dataTypeId: 'string', length: '255', valueDescription: '序列号' }));
      expect(await detail(id)).toMatchObject({ dataTypeId: 'string', length: 255, valueDescription: '序列号', min: null });
    });

    it('stores an enum given as an object or as its JSON text', async () => {
      const asObject = await add(base(productId, { dataTypeId: 'enum', enumerates: { '1': '绿', '0': '红' } }));
      const asText = await add(base(productId, { dataTypeId: 'enum', enumerates: '{"0":"低","1":"高"}' }));
      expect((await detail(asObject)).enumerates).toEqual({ '0': '红', '1': '绿' });
      expect((await detail(asText)).enumerates).toEqual({ '0': '低', '1': '高' });
      expect(JSON.parse((await row(asText)).enumerates!)).toEqual({ '0': '低', '1': '高' });
    });

    it('stores a url with no type fields', async () => {
      const id = await add(base(productId, { dataTypeId: 'url', length: '12' }));
      expect(await detail(id)).toMatchObject({ dataTypeId: 'url', dataTypeName: '链接', length: null, enumerates: null });
    });

    it('clears the fields of the old type when the type changes', async () => {
      const unit = await db().selectFrom('unit').select('id').orderBy('sequence').executeTakeFirstOrThrow();
      const id = await add(base(productId, { dataTypeId: 'int', min: '0', max: '10', unitId: unit.id }));
      const before = await row(id);
      const response = await post(PATHS.propertyEdit, admin, {
        id,
        ...base(productId, { code: before.code, dataTypeId: 'string', length: '8', min: '0', max: '10', unitId: unit.id }),
      });
      expect(response.json()).toEqual({ code: 1, data: null, errorMsg: null });
      expect(await row(id)).toMatchObject({ dataTypeId: 'string', length: 8, min: null, max: null, unitId: null });
      await post(PATHS.propertyEdit, admin, {
        id,
        ...base(productId, { code: before.code, dataTypeId: 'enum', enumerates: { '0': '甲' }, length: '8' }),
      });
      expect(await row(id)).toMatchObject({ dataTypeId: 'enum', length: null, enumerates: '{"0":"甲"}' });
    });
  });

  describe('codes', () => {
    it('keeps codes unique within a product, not across products', async () => {
      const productId = await createProduct(db());
      const other = await createProduct(db());
      const code = uniqueCode('dup');
      await add(base(productId, { code, dataTypeId: 'url' }));
      const again = await post(PATHS.propertyAdd, admin, base(productId, { code, dataTypeId: 'url', name: '别名' }));
      expect(again.statusCode).toBe(409);
      expect(again.json<Envelope<null>>().errorMsg).toBe(MSG.propertyCodeTaken);
      expect(await propertyCount(productId)).toBe(1);
      await add(base(other, { code, dataTypeId: 'url' }));
    });

    it('refuses to edit a property onto another one’s code, and keeps its own', async () => {
      const productId = await createProduct(db());
      const first = await add(base(productId, { dataTypeId: 'url' }));
      const second = await add(base(productId, { dataTypeId: 'url' }));
      const firstCode = (await row(first)).code;
      const clash = await post(PATHS.propertyEdit, admin, { id: second, ...base(productId, { code: firstCode, dataTypeId: 'url' }) });
      expect(clash.statusCode).toBe(409);
      expect(clash.json<Envelope<null>>().errorMsg).toBe(MSG.propertyCodeTaken);
      const same = await post(PATHS.propertyEdit, admin, {
        id: first,
        ...base(productId, { code: firstCode, name: '新名称', dataTypeId: 'url' }),
      });
      expect(same.statusCode).toBe(200);
      expect((await row(first)).name).toBe('新名称');
    });

    it('answers 404 for an edit naming another product than the property’s', async () => {
      const productId = await createProduct(db());
      const other = await createProduct(db());
      const id = await add(base(productId, { dataTypeId: 'url' }));
      const response = await post(PATHS.propertyEdit, admin, { id, ...base(other, { dataTypeId: 'url' }) });
      expect(response.statusCode).toBe(404);
    });
  });

  describe('list, detail and export', () => {
    it('pages the properties in creation order; pageSize 0 answers all', async () => {
      const productId = await createProduct(db());
      const ids: number[] = [];
      for (let index = 0; index < 7; index += 1) ids.push(await add(base(productId, { name: `属性${index}`, dataTypeId: 'url' })));
      const first = (await get(PATHS.propertyList, admin, { productId: String(productId) })).json<Envelope<Page<Property>>>().data;
      expect(first).toMatchObject({ total: 7, pageSize: 5, pageNum: 1 });
      expect(first.list.map((p) => p.id)).toEqual(ids.slice(0, 5));
      const second = (
        await get(PATHS.propertyList, admin, { productId: String(productId), page: '2', pageSize: '5' })
      ).json<Envelope<Page<Property>>>().data;
      expect(second.list.map((p) => p.id)).toEqual(ids.slice(5));
      const all = (
        await get(PATHS.propertyList, admin, { productId: String(productId), pageSize: '0' })
      ).json<Envelope<Page<Property>>>().data;
      expect(all.list.map((p) => p.id)).toEqual(ids);
      expect(all.list[0]).toMatchObject({ productId, name: '属性0', dataTypeName: '链接' });
      expect(all.list[0]!.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    });

    it('answers 404 for an unknown product or property', async () => {
      expect((await get(PATHS.propertyList, admin, { productId: '999999' })).statusCode).toBe(404);
      expect((await get(PATHS.propertyDetail, admin, { id: '999999' })).statusCode).toBe(404);
      expect((await get(PATHS.propertyExportJson, admin, { productId: '999999' })).statusCode).toBe(404);
    });

    it('exports the properties as a downloadable JSON file without ids', async () => {
      const productId = await createProduct(db(), { number: `导出${uniqueCode('')}`.slice(0, 32) });
      const product = await db().selectFrom('product').select('number').where('id', '=', productId).executeTakeFirstOrThrow();
      await add(base(productId, { name: '开关', code: 'power', dataTypeId: 'boolean', trueValue: '开', falseValue: '关' }));
      await add(base(productId, { name: '颜色', code: 'color', dataTypeId: 'enum', enumerates: '{"0":"红","1":"绿"}' }));
      const response = await get(PATHS.propertyExportJson, admin, { productId: String(productId) });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const disposition = String(response.headers['content-disposition']);
      expect(disposition).toMatch(/^attachment;/);
      expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent(`${product.number}-properties.json`)}`);
      expect(response.body).toContain('\n  {\n    "name": "开关"');
      const exported = JSON.parse(response.body) as Record<string, unknown>[];
      expect(exported).toEqual([
        {
          name: '开关',
          code: 'power',
          dataTypeId: 'boolean',
          dataTypeName: '布尔型',
          min: null,
          max: null,
          unitName: null,
          length: null,
          enumerates: null,
          trueValue: '开',
          falseValue: '关',
          description: '环境温度',
          valueDescription: null,
        },
        expect.objectContaining({ name: '颜色', code: 'color', enumerates: { '0': '红', '1': '绿' } }),
      ]);
      for (const entry of exported) expect(Object.keys(entry).filter((key) => /id$/i.test(key) && key !== 'dataTypeId')).toEqual([]);
    });

    it('exports an empty list for a product without properties', async () => {
      const productId = await createProduct(db());
      const response = await get(PATHS.propertyExportJson, admin, { productId: String(productId) });
      expect(JSON.parse(response.body)).toEqual([]);
    });
  });

  describe('flows checking a property', () => {
    async function flowChecking(productId: number, propertyId: number, standard: object): Promise<number> {
      const response = await post(PATHS.flowAdd, admin, {
        productId,
        name: uniqueCode('flow').slice(0, 12),
        items: [{ id: propertyId, ...standard }],
      });
      expect(response.json<Envelope<number>>()).toMatchObject({ code: 1 });
      return response.json<Envelope<number>>().data;
    }
    const normalOf = async (productId: number, flowId: number) => {
      const flows = (await get(PATHS.flowList, admin, { productId: String(productId) })).json<Envelope<Flow[]>>().data;
      return flows.find((f) => f.id === flowId)?.normal;
    };

    it('marks the flows not normal after an edit, and normal again once the flow is saved', async () => {
      const productId = await createProduct(db());
      const checked = await createProperty(db(), productId, { name: '电压', min: 0, max: 100 });
      const other = await createProperty(db(), productId, { name: '电流', min: 0, max: 10 });
      const flowId = await flowChecking(productId, checked, { normalValue: '50' });
      const untouched = await flowChecking(productId, other, { normalValue: '5' });
      expect(await normalOf(productId, flowId)).toBe(true);
      const code = (await row(checked)).code;
      const edited = await post(PATHS.propertyEdit, admin, {
        id: checked,
        ...base(productId, { name: '电压', code, dataTypeId: 'int', min: '0', max: '40' }),
      });
      expect(edited.statusCode).toBe(200);
      expect(await normalOf(productId, flowId)).toBe(false);
      expect(await normalOf(productId, untouched)).toBe(true);

      // the old standard value no longer fits: saving the flow says so, a fitting one makes it normal
      const stale = await post(PATHS.flowEdit, admin, { id: flowId, productId, name: '复测', items: [{ id: checked, normalValue: '50' }] });
      expect(stale.json<Envelope<null>>().errorMsg).toBe('电压的数值不在指定区间(0~40)内');
      const saved = await post(PATHS.flowEdit, admin, { id: flowId, productId, name: '复测', items: [{ id: checked, normalValue: '30' }] });
      expect(saved.statusCode).toBe(200);
      expect(await normalOf(productId, flowId)).toBe(true);
    });

    it('leaves the flows normal when only the description changed', async () => {
      const productId = await createProduct(db());
      const id = await createProperty(db(), productId, { name: '湿度', min: 0, max: 100 });
      const flowId = await flowChecking(productId, id, { normalValue: '50' });
      const before = await row(id);
      await post(PATHS.propertyEdit, admin, {
        id,
        ...base(productId, { name: '湿度', code: before.code, dataTypeId: 'int', min: '0', max: '100', description: '新的描述' }),
      });
      expect((await row(id)).description).toBe('新的描述');
      expect(await normalOf(productId, flowId)).toBe(true);
    });

    it('deletes the property’s check items and marks their flows not normal', async () => {
      const productId = await createProduct(db());
      const gone = await createProperty(db(), productId, { name: '亮度', min: 0, max: 100 });
      const kept = await createProperty(db(), productId, { name: '色温', min: 0, max: 100 });
      const response = await post(PATHS.flowAdd, admin, {
        productId,
        name: '灯光检测',
        items: [
          { id: gone, normalValue: '10' },
          { id: kept, normalValue: '20' },
        ],
      });
      const flowId = response.json<Envelope<number>>().data;
      const deleted = await post(PATHS.propertyDelete, admin, { id: gone });
      expect(deleted.json()).toEqual({ code: 1, data: null, errorMsg: null });
      expect(await db().selectFrom('product_property').select('id').where('id', '=', gone).executeTakeFirst()).toBeUndefined();
      const items = await db().selectFrom('flow_item').select('propertyId').where('flowId', '=', flowId).execute();
      expect(items.map((item) => item.propertyId)).toEqual([kept]);
      const flows = (await get(PATHS.flowList, admin, { productId: String(productId) })).json<Envelope<Flow[]>>().data;
      expect(flows[0]).toMatchObject({ id: flowId, normal: false });
      expect(flows[0]!.items.map((item) => item.id)).toEqual([kept]);
      expect((await post(PATHS.propertyDelete, admin, { id: gone })).statusCode).toBe(404);
    });
  });

  describe('who may change what', () => {
    it('refuses every write on a published product with 409', async () => {
      for (const status of ['PUBLISH', 'PRODUCTING'] as const) {
        const productId = await createProduct(db(), { publishStatus: status });
        const id = await createProperty(db(), productId);
        const code = (await row(id)).code;
        const writes = [
          await post(PATHS.propertyAdd, admin, base(productId, { dataTypeId: 'url' })),
          await post(PATHS.propertyEdit, admin, { id, ...base(productId, { code, dataTypeId: 'url' }) }),
          await post(PATHS.propertyDelete, admin, { id }),
        ];
        for (const response of writes) {
          expect(response.statusCode).toBe(409);
          expect(response.json<Envelope<null>>().errorMsg).toBe(MSG.productNotEditable);
        }
        expect(await row(id)).toMatchObject({ dataTypeId: 'int' });
        // reading stays open
        expect((await get(PATHS.propertyList, admin, { productId: String(productId) })).statusCode).toBe(200);
      }
    });

    it('answers 403 without the set button, before validating the body', async () => {
      const productId = await createProduct(db());
      const id = await createProperty(db(), productId);
      const viewer = await userWith(['/productCenter', '/productCenter:detail']);
      for (const [path, payload] of [
        [PATHS.propertyAdd, {}],
        [PATHS.propertyAdd, base(productId, { dataTypeId: 'url' })],
        [PATHS.propertyEdit, { id }],
        [PATHS.propertyDelete, { id }],
      ] as const) {
        const response = await post(path, viewer.token, payload);
        expect(response.statusCode).toBe(403);
        expect(response.json<Envelope<null>>().errorMsg).toBe(MSG.noPermission);
      }
      expect((await get(PATHS.propertyList, viewer.token, { productId: String(productId) })).statusCode).toBe(200);
      expect((await get(PATHS.propertyDetail, viewer.token, { id: String(id) })).statusCode).toBe(200);
    });

    it('answers 403 to reads without the product center menu', async () => {
      const productId = await createProduct(db());
      const stranger = await userWith(['/productionLine']);
      expect((await get(PATHS.propertyList, stranger.token, { productId: String(productId) })).statusCode).toBe(403);
      expect((await get(PATHS.propertyExportJson, stranger.token, { productId: String(productId) })).statusCode).toBe(403);
    });

    it('lets a user with the set button write, within its own tenant only', async () => {
      const setter = await userWith(['/productCenter', '/productCenter:set']);
      const mine = await createProduct(db());
      const id = await add({ ...base(mine, { dataTypeId: 'url' }) });
      const response = await post(PATHS.propertyDelete, setter.token, { id });
      expect(response.statusCode).toBe(200);

      const otherTenant = await createOtherTenant(db());
      const theirs = await createProduct(db(), { ownerId: otherTenant });
      const theirProperty = await createProperty(db(), theirs);
      const refusals = [
        await post(PATHS.propertyAdd, setter.token, base(theirs, { dataTypeId: 'url' })),
        await post(PATHS.propertyDelete, setter.token, { id: theirProperty }),
        await get(PATHS.propertyList, setter.token, { productId: String(theirs) }),
        await get(PATHS.propertyDetail, setter.token, { id: String(theirProperty) }),
        await get(PATHS.propertyExportJson, setter.token, { productId: String(theirs) }),
      ];
      for (const refused of refusals) {
        expect(refused.statusCode).toBe(404);
        expect(refused.json<Envelope<null>>().errorMsg).toBe(MSG.recordNotFound);
      }
      expect(await propertyCount(theirs)).toBe(1);
    });
  });
});
