import { FLOW_MSG, MSG, PATHS } from '@factory/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createFlow,
  createOtherTenant,
  createProduct,
  createProperty,
  filesUnder,
  multipartBody,
  tinyPdf,
} from '../../../test/factories/index.js';
import { bearer } from '../../../test/session-helpers.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';
import { flowApi } from '../../../test/flow-api.js';

describe.each(testDialects())('product flows on %s', (dialect) => {
  const t = withTestApp(dialect);
  const { db, get, post, postParts, expectRefusal, userWith, flowCount, listFlows, addFlow, productWithProperties } = flowApi(t);

  describe('form messages', () => {
    let productId: number;
    let ids: Awaited<ReturnType<typeof productWithProperties>>['ids'];
    let foreignProperty: number;
    beforeAll(async () => {
      ({ productId, ids } = await productWithProperties());
      foreignProperty = await createProperty(db(), await createProduct(db()), { name: '别家' });
    });

    const cases: [string, () => object, string][] = [
      ['name missing', () => ({ name: undefined }), MSG.flowNameRequired],
      ['name blank', () => ({ name: '   ' }), MSG.flowNameRequired],
      ['name of one character', () => ({ name: '检' }), MSG.flowNameRule],
      ['name of 13 characters', () => ({ name: '一二三四五六七八九十一二三' }), MSG.flowNameRule],
      ['name with a dash', () => ({ name: '整机-检测' }), MSG.flowNameRule],
      ['product missing', () => ({ productId: undefined }), MSG.idRequired],
      ['an unknown property', () => ({ items: [{ id: 99999999, normalValue: '1' }] }), MSG.flowPropertyUnknown],
      ['another product’s property', () => ({ items: [{ id: foreignProperty, normalValue: '1' }] }), MSG.flowPropertyUnknown],
      ['boolean not chosen', () => ({ items: [{ id: ids.power }] }), FLOW_MSG.itemChoose('电源')],
      ['boolean chosen as empty', () => ({ items: [{ id: ids.power, normalBoolean: '' }] }), FLOW_MSG.itemChoose('电源')],
      ['string empty', () => ({ items: [{ id: ids.serial, normalStr: '  ' }] }), FLOW_MSG.itemEmpty('序列号')],
      ['string too long', () => ({ items: [{ id: ids.serial, normalStr: '123456' }] }), FLOW_MSG.itemTooLong('序列号', 5)],
      ['url empty', () => ({ items: [{ id: ids.link }] }), FLOW_MSG.itemEmpty('链接')],
      ['enum with nothing chosen', () => ({ items: [{ id: ids.color, normalEnums: [] }] }), FLOW_MSG.itemAtLeastOne('颜色')],
      ['enum outside its items', () => ({ items: [{ id: ids.color, normalEnums: ['0', '7'] }] }), FLOW_MSG.itemNotInEnum('颜色')],
      ['int value empty', () => ({ items: [{ id: ids.voltage, normalValue: '' }] }), FLOW_MSG.itemEmpty('电压')],
      ['int value a word', () => ({ items: [{ id: ids.voltage, normalValue: 'abc' }] }), FLOW_MSG.itemNotNumber('电压')],
      ['int value a fraction', () => ({ items: [{ id: ids.voltage, normalValue: '1.5' }] }), FLOW_MSG.itemNotNumber('电压')],
      ['int value above max', () => ({ items: [{ id: ids.voltage, normalValue: '101' }] }), FLOW_MSG.itemOutOfRange('电压', 0, 100)],
      ['int value below min', () => ({ items: [{ id: ids.voltage, normalValue: '-1' }] }), FLOW_MSG.itemOutOfRange('电压', 0, 100)],
      [
        'float range without max',
        () => ({ items: [{ id: ids.temperature, intervalNumber: 1, normalValue: '1', normalValueMax: '' }] }),
        FLOW_MSG.itemEmpty('温度'),
      ],
      [
        'float range without min',
        () => ({ items: [{ id: ids.temperature, intervalNumber: 1, normalValueMax: '3' }] }),
        FLOW_MSG.itemEmpty('温度'),
      ],
      [
        'float range with a word',
        () => ({ items: [{ id: ids.temperature, intervalNumber: 1, normalValue: '1', normalValueMax: 'x' }] }),
        FLOW_MSG.itemNotNumber('温度'),
      ],
      [
        'float range below min',
        () => ({ items: [{ id: ids.temperature, intervalNumber: 1, normalValue: '-11', normalValueMax: '3' }] }),
        FLOW_MSG.itemOutOfRange('温度', -10.5, 50),
      ],
      [
        'float range reversed',
        () => ({ items: [{ id: ids.temperature, intervalNumber: 1, normalValue: '20', normalValueMax: '10' }] }),
        FLOW_MSG.itemRangeOrder('温度'),
      ],
      [
        'float range of one point',
        () => ({ items: [{ id: ids.temperature, intervalNumber: '1', normalValue: '10', normalValueMax: '10' }] }),
        FLOW_MSG.itemRangeOrder('温度'),
      ],
      ['double value above max', () => ({ items: [{ id: ids.precision, normalValue: '1.01' }] }), FLOW_MSG.itemOutOfRange('精度', 0, 1)],
      [
        'the first failing item',
        () => ({ items: [{ id: ids.voltage, normalValue: '5' }, { id: ids.serial }, { id: ids.power }] }),
        FLOW_MSG.itemEmpty('序列号'),
      ],
      ['a manual row empty', () => ({ manualItems: ['外观检查', ' '] }), FLOW_MSG.manualEmpty(2)],
      ['a manual row of one character', () => ({ manualItems: ['看'] }), FLOW_MSG.manualTooShort(1)],
      ['a manual row of 13 characters', () => ({ manualItems: ['外观', '一二三四五六七八九十一二三'] }), FLOW_MSG.manualTooLong(2)],
      ['a manual row as an object', () => ({ manualItems: [{ manualValue: '' }] }), FLOW_MSG.manualEmpty(1)],
      ['an auto item before a manual row', () => ({ items: [{ id: ids.power }], manualItems: [''] }), FLOW_MSG.itemChoose('电源')],
    ];

    it.each(cases)('refuses %s on add and edit with its message', async (_, overrides, message) => {
      const existing = await createFlow(db(), productId, { name: '原流程' });
      const before = await flowCount(productId);
      const payload = { productId, name: '整机检测', ...overrides() };
      expectRefusal(await post(PATHS.flowAdd, t.admin, payload), 400, message);
      expectRefusal(await postParts(PATHS.flowAdd, payload), 400, message);
      expectRefusal(await postParts(PATHS.flowEdit, { ...payload, id: existing }), 400, message);
      expect(await flowCount(productId)).toBe(before);
      const row = await db().selectFrom('product_flow').select(['name', 'normal']).where('id', '=', existing).executeTakeFirstOrThrow();
      expect(row).toEqual({ name: '原流程', normal: 1 });
    });

    it('refuses a property listed twice and unreadable JSON', async () => {
      const twice = { productId, name: '整机检测', items: [{ id: ids.voltage, normalValue: '1' }, { id: ids.voltage, normalValue: '2' }] };
      expectRefusal(await post(PATHS.flowAdd, t.admin, twice), 400, MSG.invalidInput);
      expectRefusal(await postParts(PATHS.flowAdd, '{"productId":'), 400, MSG.invalidInput);
      expectRefusal(await post(PATHS.flowAdd, t.admin, { productFlowParams: 'not json' }), 400, MSG.invalidInput);
    });

    it('accepts every type with a fitting standard value', async () => {
      const id = await addFlow({
        productId,
        name: '全部类型',
        items: [
          { id: ids.power, normalBoolean: 0 },
          { id: ids.voltage, normalValue: '100' },
          { id: ids.temperature, intervalNumber: 1, normalValue: '-10.5', normalValueMax: '50' },
          { id: ids.precision, normalValue: '0.5' },
          { id: ids.serial, normalStr: '12345' },
          { id: ids.color, normalEnums: '["1","0"]' },
          { id: ids.link, normalStr: 'https://example.com/a' },
        ],
        manualItems: ['外观', '一二三四五六七八九十一二'],
      });
      expect(id).toBeGreaterThan(0);
    });
  });

  describe('malformed bodies (issue 12)', () => {
    it('answers a multipart body cut off inside its PDF with 400, leaving nothing on disk', async () => {
      const productId = await createProduct(db());
      const filesBefore = filesUnder(t.config.filesDir).filter((file) => !file.startsWith('tmp'));
      const { payload, headers } = await multipartBody([{ field: 'pdf', filename: 'a.pdf', contentType: 'application/pdf', content: tinyPdf() }], {
        productFlowParams: JSON.stringify({ productId, name: '截断' }),
      });
      const cut = payload.subarray(0, payload.length - 60);
      const response = await t.app.inject({ method: 'POST', url: PATHS.flowAdd, payload: cut, headers: { ...headers, ...bearer(t.admin) } });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe(0);
      expect(filesUnder(t.config.filesDir).filter((file) => !file.startsWith('tmp'))).toEqual(filesBefore);
      expect(await db().selectFrom('product_flow').select('id').where('productId', '=', productId).execute()).toEqual([]);
    });

    it('refuses a NUL in a manual check item of a flow sent as a part', async () => {
      const productId = await createProduct(db());
      const response = await postParts(PATHS.flowAdd, { productId, name: '空字符', manualItems: ['检查\u0000项'] });
      expectRefusal(response, 400, MSG.nulCharacter);
    });
  });

  describe('who may change what', () => {
    it('refuses every write on a published product with 409 and changes nothing', async () => {
      for (const publishStatus of ['PUBLISH', 'PRODUCTING'] as const) {
        const productId = await createProduct(db(), { publishStatus });
        const a = await createFlow(db(), productId, { name: '甲' });
        const b = await createFlow(db(), productId, { name: '乙' });
        const refusals = [
          await post(PATHS.flowAdd, t.admin, { productId, name: '新流程' }),
          await postParts(PATHS.flowAdd, { productId, name: '新流程' }),
          await post(PATHS.flowEdit, t.admin, { id: a, productId, name: '改名' }),
          await post(PATHS.flowDelete, t.admin, { id: a }),
          await post(PATHS.flowChangePosition, t.admin, { fromId: a, toId: b }),
          await post(PATHS.flowInsertPosition, t.admin, { left: b, middle: a, right: '' }),
        ];
        for (const response of refusals) expectRefusal(response, 409, MSG.productNotEditable);
        expect((await listFlows(productId)).map((flow) => [flow.id, flow.name])).toEqual([
          [a, '甲'],
          [b, '乙'],
        ]);
      }
    });

    it('answers 403 without the set button, before reading the body', async () => {
      const productId = await createProduct(db());
      const a = await createFlow(db(), productId);
      const b = await createFlow(db(), productId);
      const viewer = await userWith(['/productCenter', '/productCenter:detail']);
      const refusals = [
        await post(PATHS.flowAdd, viewer, {}),
        await postParts(PATHS.flowAdd, '{broken', [], viewer),
        await post(PATHS.flowEdit, viewer, { id: a, productId, name: '改名' }),
        await post(PATHS.flowDelete, viewer, {}),
        await post(PATHS.flowChangePosition, viewer, { fromId: a, toId: b }),
        await post(PATHS.flowInsertPosition, viewer, { middle: a }),
      ];
      for (const response of refusals) expectRefusal(response, 403, MSG.noPermission);
      expect((await get(PATHS.flowList, viewer, { productId: String(productId) })).statusCode).toBe(200);
      expect((await get(PATHS.flowDetail, viewer, { productId: String(productId), flowId: String(a) })).statusCode).toBe(200);
      const stranger = await userWith(['/productionLine']);
      expectRefusal(await get(PATHS.flowList, stranger, { productId: String(productId) }), 403, MSG.noPermission);
    });

    it('keeps another tenant’s flows out of reach', async () => {
      const setter = await userWith(['/productCenter', '/productCenter:set']);
      const mine = await createProduct(db());
      expect((await post(PATHS.flowAdd, setter, { productId: mine, name: '我的流程' })).statusCode).toBe(200);

      const theirs = await createProduct(db(), { ownerId: await createOtherTenant(db()) });
      const a = await createFlow(db(), theirs);
      const b = await createFlow(db(), theirs);
      const refusals = [
        await get(PATHS.flowList, setter, { productId: String(theirs) }),
        await get(PATHS.flowDetail, setter, { productId: String(theirs), flowId: String(a) }),
        await post(PATHS.flowAdd, setter, { productId: theirs, name: '闯入' }),
        await post(PATHS.flowEdit, setter, { id: a, productId: theirs, name: '闯入' }),
        await post(PATHS.flowDelete, setter, { id: a }),
        await post(PATHS.flowChangePosition, setter, { fromId: a, toId: b }),
        await post(PATHS.flowInsertPosition, setter, { left: b, middle: a }),
      ];
      for (const response of refusals) expectRefusal(response, 404, MSG.recordNotFound);
      expect(await flowCount(theirs)).toBe(2);
    });
  });
});
