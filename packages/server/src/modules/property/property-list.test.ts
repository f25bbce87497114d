import { type Envelope, type Flow, MSG, PATHS, type Property, type Page } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { createOtherTenant, createProduct, createProperty, uniqueCode } from '../../../test/factories/index.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';
import { propertyApi } from '../../../test/property-api.js';

describe.each(testDialects())('custom properties on %s', (dialect) => {
  const t = withTestApp(dialect);
  const { db, get, post, userWith, propertyCount, row, base, add } = propertyApi(t);

  describe('list, detail and export', () => {
    it('pages the properties in creation order; pageSize 0 answers all', async () => {
      const productId = await createProduct(db());
      const ids: number[] = [];
      for (let index = 0; index < 7; index += 1) ids.push(await add(base(productId, { name: `属性${index}`, dataTypeId: 'url' })));
      const first = (await get(PATHS.propertyList, t.admin, { productId: String(productId) })).json<Envelope<Page<Property>>>().data;
      expect(first).toMatchObject({ total: 7, pageSize: 5, pageNum: 1 });
      expect(first.list.map((p) => p.id)).toEqual(ids.slice(0, 5));
      const second = (
        await get(PATHS.propertyList, t.admin, { productId: String(productId), page: '2', pageSize: '5' })
      ).json<Envelope<Page<Property>>>().data;
      expect(second.list.map((p) => p.id)).toEqual(ids.slice(5));
      const all = (
        await get(PATHS.propertyList, t.admin, { productId: String(productId), pageSize: '0' })
      ).json<Envelope<Page<Property>>>().data;
      expect(all.list.map((p) => p.id)).toEqual(ids);
      expect(all.list[0]).toMatchObject({ productId, name: '属性0', dataTypeName: '链接' });
      expect(all.list[0]!.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    });

    it('answers 404 for an unknown product or property', async () => {
      expect((await get(PATHS.propertyList, t.admin, { productId: '999999' })).statusCode).toBe(404);
      expect((await get(PATHS.propertyDetail, t.admin, { id: '999999' })).statusCode).toBe(404);
      expect((await get(PATHS.propertyExportJson, t.admin, { productId: '999999' })).statusCode).toBe(404);
    });

    it('exports the properties as a downloadable JSON file without ids', async () => {
      const productId = await createProduct(db(), { number: `导出${uniqueCode('')}`.slice(0, 32) });
      const product = await db().selectFrom('product').select('number').where('id', '=', productId).executeTakeFirstOrThrow();
      await add(base(productId, { name: '开关', code: 'power', dataTypeId: 'boolean', trueValue: '开', falseValue: '关' }));
      await add(base(productId, { name: '颜色', code: 'color', dataTypeId: 'enum', enumerates: '{"0":"红","1":"绿"}' }));
      const response = await get(PATHS.propertyExportJson, t.admin, { productId: String(productId) });
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
      const response = await get(PATHS.propertyExportJson, t.admin, { productId: String(productId) });
      expect(JSON.parse(response.body)).toEqual([]);
    });
  });

  describe('flows checking a property', () => {
    async function flowChecking(productId: number, propertyId: number, standard: object): Promise<number> {
      const response = await post(PATHS.flowAdd, t.admin, {
        productId,
        name: uniqueCode('flow').slice(0, 12),
        items: [{ id: propertyId, ...standard }],
      });
      expect(response.json<Envelope<number>>()).toMatchObject({ code: 1 });
      return response.json<Envelope<number>>().data;
    }
    const normalOf = async (productId: number, flowId: number) => {
      const flows = (await get(PATHS.flowList, t.admin, { productId: String(productId) })).json<Envelope<Flow[]>>().data;
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
      const edited = await post(PATHS.propertyEdit, t.admin, {
        id: checked,
        ...base(productId, { name: '电压', code, dataTypeId: 'int', min: '0', max: '40' }),
      });
      expect(edited.statusCode).toBe(200);
      expect(await normalOf(productId, flowId)).toBe(false);
      expect(await normalOf(productId, untouched)).toBe(true);

      // the old standard value no longer fits: saving the flow says so, a fitting one makes it normal
      const stale = await post(PATHS.flowEdit, t.admin, { id: flowId, productId, name: '复测', items: [{ id: checked, normalValue: '50' }] });
      expect(stale.json<Envelope<null>>().errorMsg).toBe('电压的数值不在指定区间(0~40)内');
      const saved = await post(PATHS.flowEdit, t.admin, { id: flowId, productId, name: '复测', items: [{ id: checked, normalValue: '30' }] });
      expect(saved.statusCode).toBe(200);
      expect(await normalOf(productId, flowId)).toBe(true);
    });

    it('leaves the flows normal when only the description changed', async () => {
      const productId = await createProduct(db());
      const id = await createProperty(db(), productId, { name: '湿度', min: 0, max: 100 });
      const flowId = await flowChecking(productId, id, { normalValue: '50' });
      const before = await row(id);
      await post(PATHS.propertyEdit, t.admin, {
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
      const response = await post(PATHS.flowAdd, t.admin, {
        productId,
        name: '灯光检测',
        items: [
          { id: gone, normalValue: '10' },
          { id: kept, normalValue: '20' },
        ],
      });
      const flowId = response.json<Envelope<number>>().data;
      const deleted = await post(PATHS.propertyDelete, t.admin, { id: gone });
      expect(deleted.json()).toEqual({ code: 1, data: null, errorMsg: null });
      expect(await db().selectFrom('product_property').select('id').where('id', '=', gone).executeTakeFirst()).toBeUndefined();
      const items = await db().selectFrom('flow_item').select('propertyId').where('flowId', '=', flowId).execute();
      expect(items.map((item) => item.propertyId)).toEqual([kept]);
      const flows = (await get(PATHS.flowList, t.admin, { productId: String(productId) })).json<Envelope<Flow[]>>().data;
      expect(flows[0]).toMatchObject({ id: flowId, normal: false });
      expect(flows[0]!.items.map((item) => item.id)).toEqual([kept]);
      expect((await post(PATHS.propertyDelete, t.admin, { id: gone })).statusCode).toBe(404);
    });
  });

  describe('who may change what', () => {
    it('refuses every write on a published product with 409', async () => {
      for (const status of ['PUBLISH', 'PRODUCTING'] as const) {
        const productId = await createProduct(db(), { publishStatus: status });
        const id = await createProperty(db(), productId);
        const code = (await row(id)).code;
        const writes = [
          await post(PATHS.propertyAdd, t.admin, base(productId, { dataTypeId: 'url' })),
          await post(PATHS.propertyEdit, t.admin, { id, ...base(productId, { code, dataTypeId: 'url' }) }),
          await post(PATHS.propertyDelete, t.admin, { id }),
        ];
        for (const response of writes) {
          expect(response.statusCode).toBe(409);
          expect(response.json<Envelope<null>>().errorMsg).toBe(MSG.productNotEditable);
        }
        expect(await row(id)).toMatchObject({ dataTypeId: 'int' });
        // reading stays open
        expect((await get(PATHS.propertyList, t.admin, { productId: String(productId) })).statusCode).toBe(200);
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
