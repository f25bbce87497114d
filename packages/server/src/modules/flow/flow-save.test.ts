import { type Flow, FLOW_MSG, MSG, PATHS } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { createFlow, createProduct, multipartBody } from '../../../test/factories/index.js';
import { bearer } from '../../../test/session-helpers.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';
import { flowApi } from '../../../test/flow-api.js';

describe.each(testDialects())('product flows on %s', (dialect) => {
  const t = withTestApp(dialect);
  const { db, get, post, expectRefusal, listFlows, flowDetail, addFlow, productWithProperties } = flowApi(t);

  describe('saving and reading', () => {
    it('answers the flows with their items, manual rows and scan codes', async () => {
      const { productId, ids } = await productWithProperties();
      const id = await addFlow({
        productId,
        name: '整机检测',
        bindMac: true,
        items: [
          { id: ids.color, normalEnums: ['1', '1', '0'], normalStr: 'ignored' },
          { id: ids.voltage, normalValue: '12', normalValueMax: '40', normalStr: 'ignored' },
          { id: ids.power, normalBoolean: true },
        ],
        manualItems: [{ manualValue: ' 外观检查 ' }, '按键检查'],
      });
      const dtu = await addFlow({ productId, name: 'DTU检测', flowType: 'DTU_CHECK', bindMac: 'false' });
      const flows = await listFlows(productId);
      expect(flows.map((flow) => flow.id)).toEqual([id, dtu]);
      const [first, second] = flows as [Flow, Flow];
      expect(first).toMatchObject({
        productId,
        name: '整机检测',
        order: 1,
        preId: null,
        prevId: null,
        nextId: dtu,
        bindMac: true,
        normal: true,
        show: true,
        flowType: 'OVERALL_CHECK',
        scanCodes: ['生产码', 'SN码', 'MAC'],
        pdfFileName: null,
        pdfDownloadUrl: null,
      });
      expect(first.items).toEqual([
        expect.objectContaining({
          id: ids.color,
          name: '颜色',
          dataTypeId: 'enum',
          enumerates: { '0': '红', '1': '绿' },
          normalEnums: ['1', '0'],
          normalStr: '',
        }),
        expect.objectContaining({
          id: ids.voltage,
          name: '电压',
          min: 0,
          max: 100,
          intervalNumber: 0,
          normalValue: '12',
          normalValueMax: '',
          normalStr: '',
        }),
        expect.objectContaining({ id: ids.power, trueValue: '开', falseValue: '关', normalBoolean: 1, normalEnums: [] }),
      ]);
      expect(first.manualItems.map((manual) => manual.manualValue)).toEqual(['外观检查', '按键检查']);
      expect(second).toMatchObject({ order: 2, preId: id, prevId: id, nextId: null, bindMac: false, scanCodes: ['生产码'] });
      expect(first.updateTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    });

    it('offers IMEI for the 2.4G and three-in-one communications', async () => {
      for (const communicationId of ['2.4G', 'THREE_2_ONE']) {
        const productId = await createProduct(db(), { communicationId, connectInternet: true });
        await addFlow({ productId, name: '绑定检测', bindMac: true });
        expect((await listFlows(productId))[0]!.scanCodes).toEqual(['生产码', 'SN码', 'IMEI']);
      }
    });

    it('details a flow with every property of the product, checked or not', async () => {
      const { productId, ids } = await productWithProperties();
      const id = await addFlow({
        productId,
        name: '部分检测',
        items: [
          { id: ids.serial, normalStr: 'AB' },
          { id: ids.voltage, intervalNumber: 1, normalValue: '1', normalValueMax: '9' },
        ],
      });
      const detail = await flowDetail(productId, id);
      expect(detail.code).toBe(1);
      expect(detail.data.items.map((item) => item.id)).toEqual([ids.serial, ids.voltage]);
      expect(detail.data.properties.map((item) => item.id)).toEqual(Object.values(ids));
      expect(detail.data.properties.filter((item) => item.checked).map((item) => item.id)).toEqual([ids.voltage, ids.serial]);
      expect(detail.data.properties.find((item) => item.id === ids.voltage)).toMatchObject({
        checked: true,
        intervalNumber: 1,
        normalValue: '1',
        normalValueMax: '9',
        unitName: null,
      });
      expect(detail.data.properties.find((item) => item.id === ids.color)).toMatchObject({
        checked: false,
        enumerates: { '0': '红', '1': '绿' },
        normalEnums: [],
        normalBoolean: null,
        normalValue: '',
      });
      const other = await createProduct(db());
      expect((await get(PATHS.flowDetail, t.admin, { productId: String(other), flowId: String(id) })).statusCode).toBe(404);
      expect((await get(PATHS.flowDetail, t.admin, { productId: String(productId), flowId: '99999999' })).statusCode).toBe(404);
      expect((await get(PATHS.flowList, t.admin, { productId: '99999999' })).statusCode).toBe(404);
    });

    it('edits a flow in place, replacing its items and manual rows', async () => {
      const { productId, ids } = await productWithProperties();
      const first = await addFlow({ productId, name: '第一', items: [{ id: ids.voltage, normalValue: '1' }], manualItems: ['旧的检查'] });
      const second = await addFlow({ productId, name: '第二' });
      // productFlowParams as a JSON file part, as some clients send it
      const { payload, headers } = await multipartBody([
        {
          field: 'productFlowParams',
          filename: 'blob',
          contentType: 'application/json',
          content: Buffer.from(
            JSON.stringify({
              id: first,
              productId,
              name: '第一改',
              preId: second,
              items: [{ id: ids.power, normalBoolean: 0 }],
              manualItems: ['新的检查'],
            }),
          ),
        },
      ]);
      const response = await t.app.inject({ method: 'POST', url: PATHS.flowEdit, payload, headers: { ...headers, ...bearer(t.admin) } });
      expect(response.json()).toEqual({ code: 1, data: null, errorMsg: null });
      const flows = await listFlows(productId);
      expect(flows.map((flow) => flow.id)).toEqual([first, second]);
      expect(flows[0]!.name).toBe('第一改');
      expect(flows[0]!.items.map((item) => [item.id, item.normalBoolean])).toEqual([[ids.power, 0]]);
      expect(flows[0]!.manualItems.map((manual) => manual.manualValue)).toEqual(['新的检查']);
      expect(await db().selectFrom('flow_item').select('propertyId').where('flowId', '=', first).execute()).toEqual([{ propertyId: ids.power }]);
    });

    it('answers 404 when editing a flow of another product or an unknown one, 400 without its id', async () => {
      const productId = await createProduct(db());
      const other = await createProduct(db());
      const id = await createFlow(db(), productId);
      expectRefusal(await post(PATHS.flowEdit, t.admin, { id, productId: other, name: '改名' }), 404, MSG.recordNotFound);
      expectRefusal(await post(PATHS.flowEdit, t.admin, { id: 99999999, productId, name: '改名' }), 404, MSG.recordNotFound);
      expectRefusal(await post(PATHS.flowEdit, t.admin, { productId, name: '改名' }), 400, MSG.idRequired);
      expectRefusal(await post(PATHS.flowDelete, t.admin, { id: 99999999 }), 404, MSG.recordNotFound);
    });

    it('turns a flow normal again when it is saved after a property changed', async () => {
      const { productId, ids } = await productWithProperties();
      const id = await addFlow({ productId, name: '电压检测', items: [{ id: ids.voltage, normalValue: '80' }] });
      const code = (await db().selectFrom('product_property').select('code').where('id', '=', ids.voltage).executeTakeFirstOrThrow()).code;
      const edit = await post(PATHS.propertyEdit, t.admin, {
        id: ids.voltage,
        productId,
        name: '电压',
        code,
        dataTypeId: 'int',
        min: '0',
        max: '50',
        description: '电压',
      });
      expect(edit.statusCode).toBe(200);
      expect((await listFlows(productId))[0]!.normal).toBe(false);
      expectRefusal(
        await post(PATHS.flowEdit, t.admin, { id, productId, name: '电压检测', items: [{ id: ids.voltage, normalValue: '80' }] }),
        400,
        FLOW_MSG.itemOutOfRange('电压', 0, 50),
      );
      expect((await listFlows(productId))[0]!.normal).toBe(false);
      await post(PATHS.flowEdit, t.admin, { id, productId, name: '电压检测', items: [{ id: ids.voltage, normalValue: '50' }] });
      expect((await listFlows(productId))[0]!.normal).toBe(true);

      await post(PATHS.propertyDelete, t.admin, { id: ids.voltage });
      const flow = (await listFlows(productId))[0]!;
      expect(flow).toMatchObject({ normal: false, items: [] });
      await post(PATHS.flowEdit, t.admin, { id, productId, name: '电压检测' });
      expect((await listFlows(productId))[0]!.normal).toBe(true);
    });
  });
});
