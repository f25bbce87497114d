import { type Envelope, type Flow, type FlowDetail, FLOW_LIMITS, FLOW_MSG, MSG, PATHS } from '@factory/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesUnder, type FilePart, multipartBody, tinyPdf, uniqueBytes } from '../../../test/document-factories.js';
import { createFlow, createOtherTenant, createProduct, createProperty, uniqueCode } from '../../../test/product-factories.js';
import { bearer, client, createRole, createUser, dbOf, loginAs, loginAsAdmin } from '../../../test/session-helpers.js';
import { buildTestApp, testDialects, type TestApp } from '../../../test/test-app.js';

const PASSWORD = 'Passw0rdX';

describe.each(testDialects())('product flows on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    admin = (await loginAsAdmin(t.app)).token;
  });
  afterAll(() => t.close());

  const db = () => dbOf(t.app);
  const { get, post } = client(() => t.app);
  /** add or edit as the console sends it: the flow as the part productFlowParams, and files. */
  async function postParts(url: string, params: object | string, files: FilePart[] = [], token = admin) {
    const text = typeof params === 'string' ? params : JSON.stringify(params);
    const { payload, headers } = await multipartBody(files, { productFlowParams: text });
    return t.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...bearer(token) } });
  }
  const expectRefusal = (response: LightMyRequestResponse, status: number, message: string) => {
    expect({ status: response.statusCode, body: response.json() }).toEqual({
      status,
      body: { code: 0, data: null, errorMsg: message },
    });
  };

  async function userWith(grants: string[]): Promise<string> {
    const roleId = await createRole(db(), grants);
    const userName = uniqueCode('u');
    await createUser(db(), userName, PASSWORD, { roleId });
    return (await loginAs(t.app, userName, PASSWORD)).token;
  }

  const flowCount = async (productId: number) =>
    Number(
      (
        await db()
          .selectFrom('product_flow')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('productId', '=', productId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const listFlows = async (productId: number) =>
    (await get(PATHS.flowList, admin, { productId: String(productId) })).json<Envelope<Flow[]>>().data;
  const flowDetail = async (productId: number, flowId: number) =>
    (await get(PATHS.flowDetail, admin, { productId: String(productId), flowId: String(flowId) })).json<Envelope<FlowDetail>>();

  async function addFlow(payload: object): Promise<number> {
    const response = await post(PATHS.flowAdd, admin, payload);
    expect(response.json<Envelope<number>>()).toMatchObject({ code: 1, errorMsg: null });
    return response.json<Envelope<number>>().data;
  }

  /** A product with one property of each data type. */
  async function productWithProperties(communicationId = 'WIFI') {
    const productId = await createProduct(db(), { communicationId, connectInternet: true });
    const ids = {
      power: await createProperty(db(), productId, { name: '电源', dataTypeId: 'boolean', trueValue: '开', falseValue: '关' }),
      voltage: await createProperty(db(), productId, { name: '电压', dataTypeId: 'int', min: 0, max: 100 }),
      temperature: await createProperty(db(), productId, { name: '温度', dataTypeId: 'float', min: -10.5, max: 50 }),
      precision: await createProperty(db(), productId, { name: '精度', dataTypeId: 'double', min: 0, max: 1 }),
      serial: await createProperty(db(), productId, { name: '序列号', dataTypeId: 'string', length: 5 }),
      color: await createProperty(db(), productId, { name: '颜色', dataTypeId: 'enum', enumerates: { '0': '红', '1': '绿' } }),
      link: await createProperty(db(), productId, { name: '链接', dataTypeId: 'url' }),
    };
    return { productId, ids };
  }

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
      expectRefusal(await post(PATHS.flowAdd, admin, payload), 400, message);
      expectRefusal(await postParts(PATHS.flowAdd, payload), 400, message);
      expectRefusal(await postParts(PATHS.flowEdit, { ...payload, id: existing }), 400, message);
      expect(await flowCount(productId)).toBe(before);
      const row = await db().selectFrom('product_flow').select(['name', 'normal']).where('id', '=', existing).executeTakeFirstOrThrow();
      expect(row).toEqual({ name: '原流程', normal: 1 });
    });

    it('refuses a property listed twice and unreadable JSON', async () => {
      const twice = { productId, name: '整机检测', items: [{ id: ids.voltage, normalValue: '1' }, { id: ids.voltage, normalValue: '2' }] };
      expectRefusal(await post(PATHS.flowAdd, admin, twice), 400, MSG.invalidInput);
      expectRefusal(await postParts(PATHS.flowAdd, '{"productId":'), 400, MSG.invalidInput);
      expectRefusal(await post(PATHS.flowAdd, admin, { productFlowParams: 'not json' }), 400, MSG.invalidInput);
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
      expect((await get(PATHS.flowDetail, admin, { productId: String(other), flowId: String(id) })).statusCode).toBe(404);
      expect((await get(PATHS.flowDetail, admin, { productId: String(productId), flowId: '99999999' })).statusCode).toBe(404);
      expect((await get(PATHS.flowList, admin, { productId: '99999999' })).statusCode).toBe(404);
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
      const response = await t.app.inject({ method: 'POST', url: PATHS.flowEdit, payload, headers: { ...headers, ...bearer(admin) } });
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
      expectRefusal(await post(PATHS.flowEdit, admin, { id, productId: other, name: '改名' }), 404, MSG.recordNotFound);
      expectRefusal(await post(PATHS.flowEdit, admin, { id: 99999999, productId, name: '改名' }), 404, MSG.recordNotFound);
      expectRefusal(await post(PATHS.flowEdit, admin, { productId, name: '改名' }), 400, MSG.idRequired);
      expectRefusal(await post(PATHS.flowDelete, admin, { id: 99999999 }), 404, MSG.recordNotFound);
    });

    it('turns a flow normal again when it is saved after a property changed', async () => {
      const { productId, ids } = await productWithProperties();
      const id = await addFlow({ productId, name: '电压检测', items: [{ id: ids.voltage, normalValue: '80' }] });
      const code = (await db().selectFrom('product_property').select('code').where('id', '=', ids.voltage).executeTakeFirstOrThrow()).code;
      const edit = await post(PATHS.propertyEdit, admin, {
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
        await post(PATHS.flowEdit, admin, { id, productId, name: '电压检测', items: [{ id: ids.voltage, normalValue: '80' }] }),
        400,
        FLOW_MSG.itemOutOfRange('电压', 0, 50),
      );
      expect((await listFlows(productId))[0]!.normal).toBe(false);
      await post(PATHS.flowEdit, admin, { id, productId, name: '电压检测', items: [{ id: ids.voltage, normalValue: '50' }] });
      expect((await listFlows(productId))[0]!.normal).toBe(true);

      await post(PATHS.propertyDelete, admin, { id: ids.voltage });
      const flow = (await listFlows(productId))[0]!;
      expect(flow).toMatchObject({ normal: false, items: [] });
      await post(PATHS.flowEdit, admin, { id, productId, name: '电压检测' });
      expect((await listFlows(productId))[0]!.normal).toBe(true);
    });
  });

  describe('the work-instruction PDF', () => {
    const pdfPart = (filename = '作业指导书.pdf', content = tinyPdf(uniqueCode('pdf'))): FilePart => ({
      field: 'pdf',
      filename,
      content,
      contentType: 'application/pdf',
    });

    it('stores the PDF and serves it by its download URL', async () => {
      const productId = await createProduct(db());
      const content = tinyPdf('work instruction');
      const response = await postParts(PATHS.flowAdd, { productId, name: '带指导书' }, [pdfPart('作业指导书.pdf', content)]);
      expect(response.json<Envelope<number>>().code).toBe(1);
      const flow = (await listFlows(productId))[0]!;
      expect(flow.pdfFileName).toBe('作业指导书.pdf');
      expect(flow.pdfDownloadUrl).toMatch(/^\/api\/file\/[\w-]+$/);
      const served = await t.app.inject({ method: 'GET', url: flow.pdfDownloadUrl! });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('application/pdf');
      expect(served.rawPayload.equals(content)).toBe(true);
      expect((await flowDetail(productId, flow.id)).data.pdfFileName).toBe('作业指导书.pdf');
    });

    it('replaces, keeps and removes the PDF on edit, deleting the old file', async () => {
      const productId = await createProduct(db());
      await postParts(PATHS.flowAdd, { productId, name: '指导书' }, [pdfPart('旧.pdf')]);
      const flow = (await listFlows(productId))[0]!;
      const oldUrl = flow.pdfDownloadUrl!;

      await postParts(PATHS.flowEdit, { id: flow.id, productId, name: '指导书' }, [pdfPart('新.pdf')]);
      const replaced = (await listFlows(productId))[0]!;
      expect(replaced.pdfFileName).toBe('新.pdf');
      expect((await t.app.inject({ method: 'GET', url: oldUrl })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: replaced.pdfDownloadUrl! })).statusCode).toBe(200);

      await postParts(PATHS.flowEdit, { id: flow.id, productId, name: '改名了' });
      expect((await listFlows(productId))[0]).toMatchObject({ name: '改名了', pdfFileName: '新.pdf' });

      const filesBefore = filesUnder(t.config.filesDir).length;
      await post(PATHS.flowEdit, admin, { id: flow.id, productId, name: '改名了', removePdf: true });
      expect((await listFlows(productId))[0]).toMatchObject({ pdfFileName: null, pdfDownloadUrl: null });
      expect((await t.app.inject({ method: 'GET', url: replaced.pdfDownloadUrl! })).statusCode).toBe(404);
      expect(filesUnder(t.config.filesDir).length).toBe(filesBefore - 1);
    });

    it('deletes the PDF with its flow', async () => {
      const productId = await createProduct(db());
      await postParts(PATHS.flowAdd, { productId, name: '指导书' }, [pdfPart()]);
      const flow = (await listFlows(productId))[0]!;
      const filesBefore = filesUnder(t.config.filesDir).length;
      expect((await post(PATHS.flowDelete, admin, { id: flow.id })).json()).toEqual({ code: 1, data: null, errorMsg: null });
      expect((await t.app.inject({ method: 'GET', url: flow.pdfDownloadUrl! })).statusCode).toBe(404);
      expect(filesUnder(t.config.filesDir).length).toBe(filesBefore - 1);
    });

    it('takes a PDF of exactly 8 MB and refuses one byte more, leaving nothing behind', async () => {
      const productId = await createProduct(db());
      const limit = FLOW_LIMITS.pdfMaxBytes;
      const filesBefore = filesUnder(t.config.filesDir);
      const tooLarge = await postParts(PATHS.flowAdd, { productId, name: '大文件' }, [
        pdfPart('大.pdf', uniqueBytes(limit + 1, `%PDF-${uniqueCode()}`)),
      ]);
      expectRefusal(tooLarge, 413, MSG.flowPdfTooLarge);
      expect(await flowCount(productId)).toBe(0);
      expect(filesUnder(t.config.filesDir)).toEqual(filesBefore);

      const fits = await postParts(PATHS.flowAdd, { productId, name: '刚好' }, [pdfPart('刚好.pdf', uniqueBytes(limit, `%PDF-${uniqueCode()}`))]);
      expect(fits.json<Envelope<number>>().code).toBe(1);
      expect(filesUnder(t.config.filesDir).length).toBe(filesBefore.length + 1);
    });

    it('refuses what is not a PDF, a second PDF and a flow that fails its checks, leaving nothing behind', async () => {
      const productId = await createProduct(db());
      const filesBefore = filesUnder(t.config.filesDir);
      const storedFiles = async () =>
        Number((await db().selectFrom('stored_file').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
      const rowsBefore = await storedFiles();
      const params = { productId, name: '文件检查' };
      expectRefusal(await postParts(PATHS.flowAdd, params, [pdfPart('说明.txt', Buffer.from('plain text'))]), 400, MSG.flowPdfType);
      expectRefusal(await postParts(PATHS.flowAdd, params, [pdfPart('伪装.pdf', Buffer.from('<html>not a pdf</html>'))]), 400, MSG.flowPdfType);
      expectRefusal(await postParts(PATHS.flowAdd, params, [pdfPart('一.pdf'), pdfPart('二.pdf')]), 400, MSG.flowPdfOnlyOne);
      expectRefusal(await postParts(PATHS.flowAdd, { ...params, name: 'x' }, [pdfPart()]), 400, MSG.flowNameRule);
      expectRefusal(await postParts(PATHS.flowAdd, { ...params, manualItems: [''] }, [pdfPart()]), 400, FLOW_MSG.manualEmpty(1));
      expect(await flowCount(productId)).toBe(0);
      expect(filesUnder(t.config.filesDir)).toEqual(filesBefore);
      expect(await storedFiles()).toBe(rowsBefore);
    });

    it('leaves nothing behind when the flow after the PDF is unreadable or refused (issue 12, finding 9)', async () => {
      const productId = await createProduct(db());
      const filesBefore = filesUnder(t.config.filesDir);
      /** the PDF first, then the flow: the order a client may send them in */
      const pdfThenParams = async (params: string) => {
        const form = new FormData();
        form.append('pdf', new Blob([tinyPdf(uniqueCode('pdf first'))], { type: 'application/pdf' }), '指导书.pdf');
        form.append('productFlowParams', params);
        const body = new Response(form);
        const payload = Buffer.from(await body.arrayBuffer());
        const headers = { 'content-type': body.headers.get('content-type')!, ...bearer(admin) };
        return t.app.inject({ method: 'POST', url: PATHS.flowAdd, payload, headers });
      };
      expectRefusal(await pdfThenParams('{"productId": '), 400, MSG.invalidInput);
      expectRefusal(await pdfThenParams(JSON.stringify({ productId, name: 'x' })), 400, MSG.flowNameRule);
      expect(await flowCount(productId)).toBe(0);
      expect(filesUnder(t.config.filesDir)).toEqual(filesBefore);
      const accepted = await pdfThenParams(JSON.stringify({ productId, name: '先传文件' }));
      expect(accepted.json<Envelope<number>>().code).toBe(1);
    });

    it('refuses a program renamed .pdf as not a PDF', async () => {
      const productId = await createProduct(db());
      const exe = Buffer.concat([Buffer.from('MZ'), uniqueBytes(400, 'a windows program')]);
      expectRefusal(await postParts(PATHS.flowAdd, { productId, name: '伪装文件' }, [pdfPart('伪装.pdf', exe)]), 400, MSG.flowPdfType);
      expect(await flowCount(productId)).toBe(0);
    });

    it('keeps a PDF another flow shares (a copied product’s flow) when one of them lets it go', async () => {
      const productId = await createProduct(db());
      await postParts(PATHS.flowAdd, { productId, name: '原件' }, [pdfPart()]);
      const original = (await listFlows(productId))[0]!;
      const fileId = (await db().selectFrom('product_flow').select('pdfFileId').where('id', '=', original.id).executeTakeFirstOrThrow()).pdfFileId;
      const copy = await createProduct(db());
      await createFlow(db(), copy, { name: '复制件', pdfFileId: fileId });
      await post(PATHS.flowDelete, admin, { id: original.id });
      const shared = (await listFlows(copy))[0]!;
      expect(shared.pdfDownloadUrl).toBe(original.pdfDownloadUrl);
      expect((await t.app.inject({ method: 'GET', url: shared.pdfDownloadUrl! })).statusCode).toBe(200);
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
      const response = await t.app.inject({ method: 'POST', url: PATHS.flowAdd, payload: cut, headers: { ...headers, ...bearer(admin) } });
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
          await post(PATHS.flowAdd, admin, { productId, name: '新流程' }),
          await postParts(PATHS.flowAdd, { productId, name: '新流程' }),
          await post(PATHS.flowEdit, admin, { id: a, productId, name: '改名' }),
          await post(PATHS.flowDelete, admin, { id: a }),
          await post(PATHS.flowChangePosition, admin, { fromId: a, toId: b }),
          await post(PATHS.flowInsertPosition, admin, { left: b, middle: a, right: '' }),
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
