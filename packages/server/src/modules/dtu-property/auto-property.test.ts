import { ACCESSORY_MSG, type AutoProperty, MSG, type Page, PATHS, textTooLong } from '@factory/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataOf, expectRefusal, lastSuccessLog } from '../../../test/answers.js';
import { dtuApi } from '../../../test/dtu-api.js';
import { createAutoProperty, createDtu } from '../../../test/factories/dtus.js';
import { unique } from '../../../test/factories/index.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';

type Form = Record<string, string | number>;

describe.each(testDialects())('automatic test properties on %s', (dialect) => {
  const t = withTestApp(dialect);
  const { db, get, postForm, tenant, count } = dtuApi(t);

  const row = (id: number) => db().selectFrom('dtu_auto_property').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const detail = async (id: number) => dataOf<AutoProperty>(await get(PATHS.autoPropertyDetail, t.admin, { id }));
  const add = (form: Form, token = t.admin) => postForm(PATHS.autoPropertyAdd, token, form);
  const edit = (form: Form, token = t.admin) => postForm(PATHS.autoPropertyEdit, token, form);
  /** An int checked against one value, as the form sends it (every field present, unused ones empty). */
  const intForm = (dtuId: number, extra: Form = {}): Form => ({
    dtuId,
    name: '信号质量',
    code: unique('CSQ_'),
    dataType: 'int',
    verifyRule: 'EQUAL',
    aimValue: '20',
    minValue: '',
    maxValue: '',
    unique: 'false',
    trueValue: '',
    falseValue: '',
    aimBooleanValue: '',
    enumMap: '',
    aimEnumMap: '',
    description: '',
    ...extra,
  });

  let dtuId: number;
  beforeAll(async () => {
    dtuId = await createDtu(db());
  });

  describe('add', () => {
    it('adds each data type with its standard, untested; the detail answers maps, type name and unique', async () => {
      const int = dataOf<number>(await add(intForm(dtuId, { description: '蜂窝信号' })));
      expect(await detail(int)).toMatchObject({
        dtuId, name: '信号质量', dataType: 'int', dataTypeName: '整数(int)', verifyRule: 'EQUAL', aimValue: '20',
        minValue: null, maxValue: null, unique: false, enumMap: null, description: '蜂窝信号', status: 0,
      });
      const float = dataOf<number>(await add(intForm(dtuId, { dataType: 'float', verifyRule: 'RANGE', aimValue: '1', minValue: '3.0', maxValue: '3.6' })));
      expect(await detail(float)).toMatchObject({ dataTypeName: '浮点数(float)', verifyRule: 'RANGE', aimValue: null, minValue: '3.0', maxValue: '3.6' });
      const flag = dataOf<number>(await add(intForm(dtuId, { dataType: 'boolean', aimValue: '1', trueValue: '在线', falseValue: '离线', aimBooleanValue: '1' })));
      expect(await detail(flag)).toMatchObject({ dataType: 'boolean', verifyRule: 'EQUAL', aimValue: null, trueValue: '在线', falseValue: '离线', aimBooleanValue: 1 });
      const enums = dataOf<number>(
        await add(intForm(dtuId, { dataType: 'enum', enumMap: JSON.stringify({ 0: '正常', 1: '告警' }), aimEnumMap: JSON.stringify({ 0: '正常' }) })),
      );
      expect(await detail(enums)).toMatchObject({ dataType: 'enum', aimValue: null, enumMap: { 0: '正常', 1: '告警' }, aimEnumMap: { 0: '正常' } });
      expect((await row(enums)).enumMap).toBe(JSON.stringify({ 0: '正常', 1: '告警' }));
      const text = dataOf<number>(await add(intForm(dtuId, { dataType: 'string', aimValue: 'V1.0.2', minValue: '1' })));
      expect(await detail(text)).toMatchObject({ dataType: 'string', verifyRule: 'EQUAL', aimValue: 'V1.0.2', minValue: null });
      await expect.poll(async () => (await lastSuccessLog(t.app, PATHS.autoPropertyAdd))?.summary).toMatch(/^新增自动检测属性 信号质量\(CSQ_\w+\) DTU /);
    });

    it('keeps no standard for a unique value (any value of the type passes unless another unit holds it)', async () => {
      const id = dataOf<number>(await add(intForm(dtuId, { dataType: 'string', name: 'IMEI', code: unique('IMEI_'), unique: 'true', aimValue: '8612' })));
      expect(await detail(id)).toMatchObject({ unique: true, verifyRule: null, aimValue: null, minValue: null, maxValue: null });
      expect((await row(id)).uniqueValue).toBe(1);
      const number = dataOf<number>(await add(intForm(dtuId, { unique: '1', verifyRule: 'RANGE', minValue: '', maxValue: '' })));
      expect(await detail(number)).toMatchObject({ unique: true, verifyRule: null, minValue: null, maxValue: null });
    });

    describe('refuses each invalid field with the form\'s message, writing nothing', () => {
      const cases: [string, Form, string][] = [
        ['no name', { name: '' }, MSG.propertyNameRequired],
        ['a name of one character', { name: '信' }, MSG.propertyNameRule],
        ['no code', { code: '' }, MSG.propertyCodeRequired],
        ['a code with a dash', { code: 'C-1' }, MSG.propertyCodeRule],
        ['no data type', { dataType: '' }, MSG.dataTypeRequired],
        ['unique on a boolean', { dataType: 'boolean', unique: 'true', trueValue: '是', falseValue: '否', aimBooleanValue: '1' }, ACCESSORY_MSG.uniqueNotOffered],
        ['a range without a bound', { verifyRule: 'RANGE', minValue: '1' }, MSG.rangeRequired],
        ['a range bound that is no number', { verifyRule: 'RANGE', minValue: 'a', maxValue: '2' }, MSG.rangeNotNumber],
        ['an int range with a fraction', { verifyRule: 'RANGE', minValue: '1.5', maxValue: '2' }, MSG.rangeNotNumber],
        ['a range upside down', { verifyRule: 'RANGE', minValue: '3', maxValue: '2' }, MSG.rangeOrder],
        ['a single value missing', { aimValue: '' }, ACCESSORY_MSG.aimRequired],
        ['an int standard of 1.5', { aimValue: '1.5' }, ACCESSORY_MSG.aimNotNumber],
        ['a boolean without labels', { dataType: 'boolean', trueValue: '是' }, MSG.booleanValueRequired],
        ['a boolean with equal labels', { dataType: 'boolean', trueValue: '是', falseValue: '是' }, MSG.booleanValuesEqual],
        ['a boolean label with a space', { dataType: 'boolean', trueValue: 'o n', falseValue: 'off' }, MSG.booleanValueRule],
        ['a boolean without its standard', { dataType: 'boolean', trueValue: 'on', falseValue: 'off' }, ACCESSORY_MSG.booleanAimRequired],
        ['a string without its standard', { dataType: 'string', aimValue: '' }, ACCESSORY_MSG.stringAimRequired],
        ['an enum without items', { dataType: 'enum' }, MSG.enumRequired],
        ['an enum with an empty item', { dataType: 'enum', enumMap: JSON.stringify({ 0: '正常', 1: ' ' }) }, ACCESSORY_MSG.enumItemEmpty],
        ['an enum map that is no JSON', { dataType: 'enum', enumMap: '{0:' }, ACCESSORY_MSG.enumItemEmpty],
        ['an enum item with a dash', { dataType: 'enum', enumMap: JSON.stringify({ 0: '正-常' }) }, MSG.enumRule],
        ['an enum with equal items', { dataType: 'enum', enumMap: JSON.stringify({ 0: '正常', 1: '正常' }) }, MSG.enumDuplicate],
        ['an enum without a standard', { dataType: 'enum', enumMap: JSON.stringify({ 0: '正常' }) }, ACCESSORY_MSG.enumAimRequired],
        ['an enum standard not among its items', { dataType: 'enum', enumMap: JSON.stringify({ 0: '正常' }), aimEnumMap: JSON.stringify({ 1: '告警' }) }, ACCESSORY_MSG.enumAimUnknown],
        ['a description past 100 characters', { description: '描'.repeat(101) }, ACCESSORY_MSG.autoDescriptionTooLong],
        ['a standard past 64 characters', { dataType: 'string', aimValue: 'v'.repeat(65) }, textTooLong(64)],
      ];
      it.each(cases)('%s', async (_name, extra, message) => {
        const before = await count('dtu_auto_property');
        expectRefusal(await add(intForm(dtuId, extra)), 400, message);
        expect(await count('dtu_auto_property')).toBe(before);
      });
    });

    it('refuses a boolean standard that is neither 0 nor 1 (the generic message of a value outside the choices)', async () => {
      const response = await add(intForm(dtuId, { dataType: 'boolean', trueValue: 'on', falseValue: 'off', aimBooleanValue: '2' }));
      expect([response.statusCode, response.json().code]).toEqual([400, 0]);
    });

    it('takes a code once per DTU (409), and the same code on another DTU', async () => {
      const code = unique('RSSI_');
      dataOf(await add(intForm(dtuId, { code })));
      expectRefusal(await add(intForm(dtuId, { code, dataType: 'string', aimValue: 'x' })), 409, ACCESSORY_MSG.propertyCodeTaken);
      dataOf(await add(intForm(await createDtu(db()), { code })));
    });

    it('refuses an archived DTU (409) and answers 404 for an unknown one or another tenant\'s', async () => {
      const before = await count('dtu_auto_property');
      expectRefusal(await add(intForm(await createDtu(db(), { status: -1 }))), 409, ACCESSORY_MSG.dtuArchivedNoProperty);
      expectRefusal(await add(intForm(9_999_999)), 404, MSG.recordNotFound);
      const other = await tenant();
      expectRefusal(await add(intForm(dtuId), other.token), 404, MSG.recordNotFound);
      expect(await count('dtu_auto_property')).toBe(before);
    });
  });

  describe('edit', () => {
    it('changes the type and keeps nothing of the old one', async () => {
      const id = await createAutoProperty(db(), dtuId, { dataType: 'enum', verifyRule: 'EQUAL', aimValue: null, enumMap: { 0: '正常' }, aimEnumMap: { 0: '正常' } });
      const code = unique('T_');
      dataOf(await edit({ id, ...intForm(dtuId, { code, dataType: 'double', verifyRule: 'RANGE', minValue: '-1.5', maxValue: '1.5' }) }));
      expect(await row(id)).toMatchObject({ code, dataType: 'double', verifyRule: 'RANGE', minValue: '-1.5', maxValue: '1.5', enumMap: null, aimEnumMap: null });
      expect((await detail(id)).dataTypeName).toBe('浮点数(double)');
    });

    it('keeps its own code, and refuses one another of the DTU\'s properties has (409)', async () => {
      const taken = unique('TAKEN_');
      await createAutoProperty(db(), dtuId, { code: taken });
      const own = unique('OWN_');
      const id = await createAutoProperty(db(), dtuId, { code: own });
      dataOf(await edit({ id, ...intForm(dtuId, { code: own, aimValue: '5' }) }));
      expectRefusal(await edit({ id, ...intForm(dtuId, { code: taken }) }), 409, ACCESSORY_MSG.propertyCodeTaken);
      expect(await row(id)).toMatchObject({ code: own, aimValue: '5' });
    });

    it('edits no property under test, nor one of an archived DTU (409), and answers 404 across tenants', async () => {
      const testing = await createAutoProperty(db(), dtuId, { status: 1 });
      expectRefusal(await edit({ id: testing, ...intForm(dtuId) }), 409, ACCESSORY_MSG.propertyTesting);
      const archived = await createDtu(db(), { status: -1 });
      const old = await createAutoProperty(db(), archived);
      expectRefusal(await edit({ id: old, ...intForm(archived) }), 409, ACCESSORY_MSG.dtuArchivedNoProperty);
      const other = await tenant();
      const id = await createAutoProperty(db(), dtuId);
      expectRefusal(await edit({ id, ...intForm(dtuId) }, other.token), 404, MSG.recordNotFound);
      expectRefusal(await edit({ id, ...intForm(await createDtu(db())) }), 404, MSG.recordNotFound);
      for (const unchanged of [testing, old, id]) expect((await row(unchanged)).aimValue).toBe('1');
    });
  });

  describe('list', () => {
    it('lists the DTU\'s automatic properties newest first, 5 a page by default', async () => {
      const dtu = await createDtu(db());
      const base = Date.now() - 10_000;
      const ids: number[] = [];
      for (let index = 0; index < 7; index += 1) ids.push(await createAutoProperty(db(), dtu, { createTime: base + index }));
      const page = dataOf<Page<AutoProperty>>(await get(PATHS.autoPropertyList, t.admin, { dtuId: dtu }));
      expect(page).toMatchObject({ total: 7, pageSize: 5, pageNum: 1 });
      expect(page.list.map((property) => property.id)).toEqual(ids.slice(2).reverse());
      const last = dataOf<Page<AutoProperty>>(await get(PATHS.autoPropertyList, t.admin, { dtuId: dtu, page: 2, pageSize: 5 }));
      expect(last.list.map((property) => property.id)).toEqual([ids[1], ids[0]]);
      const other = await tenant();
      expectRefusal(await get(PATHS.autoPropertyList, other.token, { dtuId: dtu }), 404, MSG.recordNotFound);
      expectRefusal(await get(PATHS.autoPropertyDetail, other.token, { id: ids[0]! }), 404, MSG.recordNotFound);
    });
  });
});
